/**
 * The conformance kit: every game's test suite runs it. Over seeded random playouts it checks that
 * games end with an Outcome, replay is deterministic, apply never mutates its input, every listed
 * action is accepted, malformed and out-of-turn actions throw RuleError and change nothing, views
 * leak nothing hidden (view(determinize(s, r), r) == view(s, r), also for the spectator and for the
 * legal-action list), undoable steps reveal nothing to their actor, and state, view and actions survive
 * a JSON round trip.
 *
 * A failure is a ConformanceFailure naming the setup, the playout seed and the action index, so it
 * can be replayed with `replayFailure`.
 */
import { isDeepStrictEqual } from './equal.js';
import { isRuleError } from './errors.js';
import { deepFreeze } from './freeze.js';
import { Rng } from './rng.js';
import { isUndoableStep } from './undo.js';
import type { AnyGame, LogEntry, Role, SetupOptions } from './types.js';

export interface ConformanceOptions {
  /** Setups to play from (their `seed` is replaced per playout). */
  setups: Omit<SetupOptions, 'seed'>[];
  /** Random playouts per setup. Default 20. */
  playouts?: number;
  /** A playout longer than this is reported as never ending. Default 20,000. */
  maxActions?: number;
  /** Check views and determinize every Nth state (1 = every state). Default 1. */
  leakCheckEvery?: number;
  /** Try malformed and out-of-turn actions every Nth state. Default 5. */
  illegalCheckEvery?: number;
  /** Check that each listed action is accepted, on every Nth state. Default 10 (all listed actions are tried there). */
  allActionsEvery?: number;
  /**
   * Undo must never reveal: after every undoable step (`isUndoableStep`), the same action is applied in
   * this many states the actor cannot tell apart from the real one (`determinize` for the actor), and the
   * actor's next view, log lines and undo availability must come out the same. 0 turns the check off. Default 3.
   */
  undoRevealSamples?: number;
  /** Prefix of playout seeds. Default "conformance". */
  seedPrefix?: string;
}

export class ConformanceFailure extends Error {
  constructor(
    readonly check: string,
    readonly setup: SetupOptions,
    readonly actionIndex: number,
    readonly log: LogEntry[],
    detail: string,
  ) {
    super(`[${check}] seed=${JSON.stringify(setup.seed)} options=${JSON.stringify({ ...setup, seed: undefined })} at action ${actionIndex}: ${detail}`);
    this.name = 'ConformanceFailure';
  }
}

export interface ConformanceReport {
  playouts: number;
  actions: number;
  outcomes: Record<string, number>;
}

function jsonRoundTrip(v: unknown): unknown {
  return JSON.parse(JSON.stringify(v)) as unknown;
}

function snapshot(v: unknown): unknown {
  return structuredClone(v);
}

function describe(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 300 ? `${s.slice(0, 300)}...` : s;
}

/** Malformed variants of a legal action: garbage values and every field replaced with odd values. */
export function malformedActions(sample: unknown): unknown[] {
  const out: unknown[] = [null, undefined, 0, -1, 1e9, 'garbage', '', true, [], {}, { type: '__no_such_action__' }, [null]];
  const odd: unknown[] = [null, -1, 9999, 0.5, 'zz', '', true, [], {}, { x: 1 }];
  if (typeof sample === 'object' && sample !== null && !Array.isArray(sample)) {
    for (const k of Object.keys(sample)) {
      for (const v of odd) out.push({ ...(sample as Record<string, unknown>), [k]: v });
      const rest = { ...(sample as Record<string, unknown>) };
      delete rest[k];
      out.push(rest);
    }
  } else if (Array.isArray(sample)) {
    out.push([...sample, 1], sample.slice(1));
    for (let i = 0; i < sample.length; i++) for (const v of odd) { const c = [...sample]; c[i] = v; out.push(c); }
  } else if (typeof sample === 'number') {
    out.push(sample + 1e6, -sample - 1, sample + 0.5, String(sample));
  } else if (typeof sample === 'string') {
    out.push(`${sample}_x`, sample.toUpperCase() === sample ? sample.toLowerCase() : sample.toUpperCase());
  }
  return out;
}

interface Ctx {
  game: AnyGame;
  setup: SetupOptions;
  log: LogEntry[];
}

function fail(ctx: Ctx, check: string, detail: string): never {
  throw new ConformanceFailure(check, ctx.setup, ctx.log.length, [...ctx.log], detail);
}

function checkViews(ctx: Ctx, state: unknown, roles: Role[], rng: Rng): void {
  const { game } = ctx;
  const spectatorView = game.view(state, null);
  if (!isDeepStrictEqual(jsonRoundTrip(spectatorView), spectatorView)) fail(ctx, 'json-view', 'spectator view does not survive JSON');
  for (const r of roles) {
    const v = game.view(state, r);
    if (!isDeepStrictEqual(jsonRoundTrip(v), v)) fail(ctx, 'json-view', `view of ${r} does not survive JSON`);
    const acts = game.actions(state, r);
    const det = game.determinize(state, r, rng);
    deepFreeze(det);
    const dv = game.view(det, r);
    if (!isDeepStrictEqual(dv, v)) fail(ctx, 'view-leak', `view(determinize(s, ${r}), ${r}) differs from view(s, ${r}): the view depends on something ${r} may not know\n  view:        ${describe(v)}\n  determinized: ${describe(dv)}`);
    const dsv = game.view(det, null);
    if (!isDeepStrictEqual(dsv, spectatorView)) fail(ctx, 'view-leak', `spectator view changes when ${r} re-deals what it cannot see: the spectator view shows hidden information\n  view:        ${describe(spectatorView)}\n  determinized: ${describe(dsv)}`);
    const dacts = game.actions(det, r);
    if (!isDeepStrictEqual(dacts, acts)) fail(ctx, 'actions-leak', `actions(determinize(s, ${r}), ${r}) differ from actions(s, ${r}): the legal actions reveal hidden information`);
    if (!isDeepStrictEqual(game.active(det), game.active(state))) fail(ctx, 'actions-leak', `active roles differ after determinize for ${r}`);
  }
}

function checkIllegal(ctx: Ctx, state: unknown, roles: Role[], active: Role[], legalByRole: Map<Role, unknown[]>, rng: Rng): void {
  const { game } = ctx;
  const before = snapshot(state);
  const expectThrow = (role: Role, action: unknown, why: string): void => {
    let threw: unknown = null;
    try {
      game.apply(state, role, action);
    } catch (e) {
      threw = e;
    }
    if (threw === null) fail(ctx, 'illegal-accepted', `${why}: apply(${role}, ${describe(action)}) did not throw`);
    if (!isRuleError(threw)) fail(ctx, 'illegal-not-rule-error', `${why}: apply(${role}, ${describe(action)}) threw ${String(threw)} instead of a RuleError`);
    if (typeof (threw as { code?: unknown }).code !== 'string' || (threw as { code: string }).code === '') fail(ctx, 'illegal-not-rule-error', `${why}: RuleError without a code`);
  };
  // Out of turn: an active role's legal action offered by a role that may not act now.
  for (const r of roles) {
    if (active.includes(r)) continue;
    const donor = active.find((a) => (legalByRole.get(a) ?? []).length > 0);
    if (donor === undefined) continue;
    const acts = legalByRole.get(donor)!;
    expectThrow(r, acts[rng.int(acts.length)], `out of turn (${r} is not active)`);
  }
  expectThrow('__nobody__', null, 'unknown role');
  for (const r of active) {
    const legal = legalByRole.get(r) ?? [];
    const sample = legal.length > 0 ? legal[rng.int(legal.length)] : { type: 'x' };
    for (const bad of malformedActions(sample)) {
      if (legal.some((a) => isDeepStrictEqual(a, bad))) continue;
      expectThrow(r, bad, 'malformed action');
    }
  }
  if (!isDeepStrictEqual(snapshot(state), before)) fail(ctx, 'mutation', 'a rejected action changed the state');
}

/**
 * An undoable step must not show the actor anything it did not know: the actor could take it back and
 * play again knowing more. So the same action, applied in states the actor cannot tell apart from `prev`,
 * must give the actor the same view, the same log lines and the same undo availability as `next`; if not,
 * what differs was hidden before the step, and the step must be an undo barrier.
 */
function checkUndoReveals(ctx: Ctx, prev: unknown, next: unknown, role: Role, action: unknown, samples: number, rng: Rng): void {
  const { game } = ctx;
  const entry = { role, action };
  if (!isUndoableStep(game, prev, next, entry)) return;
  const view = game.view(next, role);
  const lines = game.describe?.(prev, next, role, action, role);
  for (let i = 0; i < samples; i++) {
    const det = deepFreeze(game.determinize(prev, role, rng));
    if (!game.actions(det, role).some((a) => isDeepStrictEqual(a, action))) continue;
    const dn = deepFreeze(game.apply(det, role, action));
    const why = `the undoable step ${describe(action)} of ${role} shows ${role} something hidden before it, so ${role} could take it back and play again knowing more: it must be an undo barrier`;
    const dv = game.view(dn, role);
    if (!isDeepStrictEqual(dv, view)) fail(ctx, 'undo-reveals', `${why}; ${role}'s next view depends on what ${role} could not see\n  view:         ${describe(view)}\n  determinized: ${describe(dv)}`);
    if (lines !== undefined) {
      const dl = game.describe!(det, dn, role, action, role);
      if (!isDeepStrictEqual(dl, lines)) fail(ctx, 'undo-reveals', `${why}; ${role}'s log lines depend on what ${role} could not see\n  lines:        ${describe(lines)}\n  determinized: ${describe(dl)}`);
    }
    if (!isUndoableStep(game, det, dn, entry)) fail(ctx, 'undo-reveals', `${why}; whether ${role} may undo it depends on what ${role} could not see`);
  }
}

/** One random playout with all checks; returns the final state and log. */
export function checkPlayout(game: AnyGame, setup: SetupOptions, opts: ConformanceOptions = { setups: [] }): { log: LogEntry[]; outcome: string } {
  const maxActions = opts.maxActions ?? 20_000;
  const leakEvery = opts.leakCheckEvery ?? 1;
  const illegalEvery = opts.illegalCheckEvery ?? 5;
  const allEvery = opts.allActionsEvery ?? 10;
  const undoSamples = opts.undoRevealSamples ?? 3;
  const ctx: Ctx = { game, setup, log: [] };
  const chooser = new Rng(`chooser:${setup.seed}`);
  const detRng = new Rng(`determinize:${setup.seed}`);
  const undoRng = new Rng(`undo:${setup.seed}`);
  const roles = game.roles(setup);

  const s0 = game.setup(setup);
  const s0b = game.setup(setup);
  if (!isDeepStrictEqual(s0, s0b)) fail(ctx, 'nondeterministic', 'setup() with the same options gave different states');
  let state: unknown = deepFreeze(s0);
  const states: unknown[] = [snapshot(state)];

  for (let step = 0; ; step++) {
    if (!isDeepStrictEqual(jsonRoundTrip(state), state)) fail(ctx, 'json-state', 'state does not survive a JSON round trip');
    const active = game.active(state);
    const outcome = game.outcome(state);
    if (step % leakEvery === 0 || active.length === 0) checkViews(ctx, state, roles, detRng);
    if (active.length === 0) {
      if (outcome === null || outcome === undefined) fail(ctx, 'no-outcome', 'no role is active but outcome() is null');
      if (!Array.isArray(outcome.winners) || typeof outcome.reason !== 'string') fail(ctx, 'no-outcome', `bad outcome ${describe(outcome)}`);
      for (const w of outcome.winners) if (!roles.includes(w)) fail(ctx, 'no-outcome', `winner ${w} is not a role`);
      for (const r of roles) if (game.actions(state, r).length !== 0) fail(ctx, 'actions-after-end', `${r} has actions after the game ended`);
      // Replay determinism: the same seed and actions give every intermediate state again.
      let again: unknown = game.setup(setup);
      if (!isDeepStrictEqual(again, states[0])) fail(ctx, 'nondeterministic', 'setup differs on replay');
      ctx.log.forEach((e, i) => {
        again = game.apply(again, e.role, e.action);
        if (!isDeepStrictEqual(again, states[i + 1])) {
          throw new ConformanceFailure('nondeterministic', setup, i, ctx.log.slice(0, i + 1), 'replaying the log gave a different state');
        }
      });
      return { log: ctx.log, outcome: outcome.winners.join('+') || 'none' };
    }
    if (outcome !== null) fail(ctx, 'outcome-while-active', `outcome ${describe(outcome)} but roles ${active.join(',')} are active`);
    if (step >= maxActions) fail(ctx, 'never-ends', `no outcome after ${maxActions} actions`);

    const legalByRole = new Map<Role, unknown[]>();
    for (const r of roles) {
      const acts = game.actions(state, r);
      if (!active.includes(r) && acts.length > 0) fail(ctx, 'inactive-has-actions', `${r} is not active but has ${acts.length} actions`);
      if (!isDeepStrictEqual(jsonRoundTrip(acts), acts)) fail(ctx, 'json-actions', `actions of ${r} do not survive JSON`);
      legalByRole.set(r, acts);
    }
    const movers = active.filter((r) => legalByRole.get(r)!.length > 0);
    if (movers.length === 0) fail(ctx, 'dead-end', `active roles ${active.join(',')} have no legal action`);

    if (step % illegalEvery === 0) checkIllegal(ctx, state, roles, active, legalByRole, chooser);
    if (step % allEvery === 0) {
      for (const r of movers) for (const a of legalByRole.get(r)!) {
        try {
          game.apply(state, r, a);
        } catch (e) {
          fail(ctx, 'legal-rejected', `listed action ${describe(a)} of ${r} threw ${String(e)}`);
        }
      }
    }

    const role = movers[chooser.int(movers.length)]!;
    const acts = legalByRole.get(role)!;
    const action = acts[chooser.int(acts.length)];
    const before = snapshot(state);
    let next: unknown;
    try {
      next = game.apply(state, role, action);
    } catch (e) {
      fail(ctx, 'legal-rejected', `listed action ${describe(action)} of ${role} threw ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
    }
    if (!isDeepStrictEqual(snapshot(state), before)) fail(ctx, 'mutation', `apply mutated its input state (action ${describe(action)})`);
    if (undoSamples > 0) checkUndoReveals(ctx, state, next, role, action, undoSamples, undoRng);
    ctx.log.push({ role, action: jsonRoundTrip(action) });
    state = deepFreeze(next);
    states.push(snapshot(state));
  }
}

/** Runs the whole kit; throws the first ConformanceFailure. */
export function checkConformance(game: AnyGame, opts: ConformanceOptions): ConformanceReport {
  const playouts = opts.playouts ?? 20;
  const report: ConformanceReport = { playouts: 0, actions: 0, outcomes: {} };
  for (const base of opts.setups) {
    for (let i = 0; i < playouts; i++) {
      const setup: SetupOptions = { ...base, seed: `${opts.seedPrefix ?? 'conformance'}-${i}` };
      const { log, outcome } = checkPlayout(game, setup, opts);
      report.playouts++;
      report.actions += log.length;
      report.outcomes[outcome] = (report.outcomes[outcome] ?? 0) + 1;
    }
  }
  return report;
}
