/** The Game object: the engine contract over the state machine. */
import { RuleError, RuleCodes, type Game, type LogLine, type Outcome, type Role } from '@tabula/engine';
import { ROLES } from './blocks.js';
import { phaseOf } from './flow.js';
import { clone, setLogging, type LogEv, type State } from './state.js';
import { SCENARIOS, VARIANTS, setupState } from './setup.js';
import { activeRoles, buildView } from './view.js';
import { determinize } from './determinize.js';
import { remember } from './memory.js';
import type { Action, HammerView } from './types.js';
// Each module registers its phases and steps.
import './movement.js';
import './battle.js';
import './events.js';
import './turn.js';
import './winter.js';
import './main-attack.js';
import { advance } from './flow.js';

const sideOf = (role: Role): number => (role === 'England' ? 0 : role === 'Scotland' ? 1 : -1);

/** The last listed actions (callers list, then apply to the same state object). */
let cacheState: State | null = null;
let cacheSide = -1;
let cacheActs: Action[] = [];

function legal(s: State, side: number): Action[] {
  if (s.result || side < 0) return [];
  if (s.phase === 'cards' ? s.card[side] !== 0 : s.who !== side) return [];
  if (s === cacheState && side === cacheSide) return cacheActs;
  const phase = phaseOf(s.phase);
  const acts = phase ? phase.actions(s, side) : [];
  cacheState = s;
  cacheSide = side;
  cacheActs = acts;
  return acts;
}

/** Actions are flat objects of primitives: equal when every field is. */
function sameAction(a: Action, b: unknown): boolean {
  if (typeof b !== 'object' || b === null) return false;
  const x = a as unknown as Record<string, unknown>, y = b as Record<string, unknown>;
  let n = 0;
  for (const k in x) {
    if (x[k] !== y[k]) return false;
    n++;
  }
  for (const k in y) if (y[k] !== undefined) n--;
  return n === 0;
}

/** Listed actions are interned (acts.ts): the very object listed. */
function isListed(acts: Action[], action: unknown): boolean {
  for (let i = 0; i < acts.length; i++) if (acts[i] === action) return true;
  return false;
}

/** A structurally equal copy of a listed action (e.g. after JSON), field by field. */
function listed(acts: Action[], action: unknown): boolean {
  for (let i = 0; i < acts.length; i++) if (sameAction(acts[i]!, action)) return true;
  return false;
}

/** Events replayed for `describe`, by the state the action produced. */
const replayed = new WeakMap<State, LogEv[]>();

/**
 * The log events of the action prev -> next. Play records none (see `logging` in state.ts), so the
 * action is applied again to `prev` with logging on; apply is deterministic (the RNG is in the state),
 * so this replays exactly what happened. A state that carries its events (recorded while logging)
 * gives them directly.
 */
function eventsOf(prev: State, next: State, role: Role, action: Action): LogEv[] {
  if (next.last.length > 0) return next.last;
  let ev = replayed.get(next);
  if (ev === undefined) {
    setLogging(true);
    try {
      ev = hammerGame.apply(prev, role, action).last;
    } catch {
      ev = [];
    } finally {
      setLogging(false);
    }
    replayed.set(next, ev);
  }
  return ev;
}

export function start(options: Parameters<typeof setupState>[0]): State {
  const s = setupState(options);
  s.todo = ['cards'];
  advance(s);
  s.last = [];
  return s;
}

export const hammerGame: Game<State, Action, HammerView> = {
  id: 'hammer-of-the-scots',
  scenarios: [...SCENARIOS],
  variants: VARIANTS,
  roles: () => [...ROLES],
  setup: start,
  active: activeRoles,
  actions(s, role) {
    return legal(s, sideOf(role)).slice(); // callers may keep or sort their copy
  },
  apply(s, role, action) {
    const side = sideOf(role);
    if (side < 0) throw new RuleError(RuleCodes.notYourTurn, `unknown role ${String(role)}`);
    if (s.result) throw new RuleError(RuleCodes.gameOver, 'the game is over');
    const acts = legal(s, side);
    if (acts.length === 0) throw new RuleError(RuleCodes.notYourTurn, `${role} may not act now`);
    if (!isListed(acts, action)) {
      if (typeof action !== 'object' || action === null || typeof (action as { type?: unknown }).type !== 'string') {
        throw new RuleError(RuleCodes.malformedAction, 'an action is an object with a type');
      }
      if (!listed(acts, action)) throw new RuleError(RuleCodes.illegalAction, `illegal action ${JSON.stringify(action)}`);
    }
    const n = clone(s);
    phaseOf(s.phase)!.apply(n, side, action);
    remember(s, n, action);
    return n;
  },
  view: buildView,
  outcome(s): Outcome | null {
    return s.result ? { winners: s.result.winners.slice(), reason: s.result.reason } : null;
  },
  determinize(s, viewer, rng) {
    return determinize(s, sideOf(viewer), rng);
  },
  undoBarrier(prev, next) {
    return prev.rev !== next.rev || next.result !== null;
  },
  describe(prev, next, role, action, viewer): LogLine[] {
    const v = viewer === null ? -2 : sideOf(viewer);
    const out: LogLine[] = [];
    for (const e of eventsOf(prev, next, role, action)) if (e.to === -1 || e.to === v) out.push(e.args ? { role, key: e.key, args: { ...e.args } } : { role, key: e.key });
    return out;
  },
};
