import { applyListed, isDeepStrictEqual, replayGame, isRuleError, judgeAction, type ActionRisk, type LogEntry, type Outcome, type Role, type SetupOptions, type WhyTarget } from '@tabula/engine';
import { ABORT_BEFORE_ACTIONS, CLAIM_AFTER_DISCONNECT_MS } from '@tabula/protocol';
import { conflict, forbidden, unauthorized, unprocessable } from '../http/errors.js';
import type { GamePatch, GameRow, UserRow } from '../store/index.js';
import type { DrawOpT, ExplainReplyT, HintReplyT, WhyReplyT } from '@tabula/protocol';
import { explainMove } from '@tabula/bots';
import { afterAction, afterUndo, deadlineOf, noCredit, runningSeats, type Credit } from './clock.js';
import { AGREED_DRAW, answerDraw, offerAfterAction } from './draws.js';
import type { ReplayedGame } from './replay-cache.js';
import { setupOptionsOfRow, type GameTable } from './table.js';
import type { Timeouts } from './timeouts.js';
import { abortable, rolesOf, type GameState, type SeatViews } from './views.js';
import type { GameWrites } from './writes.js';
import type { HintWorker } from './hints.js';

/** Most actions of other roles that may come between the version a client acted on and now (simultaneous steps). */
const MAX_OVERTAKEN = 8;

export interface CommandOptions {
  now?: () => number;
  /** Where unexpected engine failures are reported. */
  warn?: (obj: object, msg: string) => void;
  /** Time the clocks do not charge (store outages). */
  credit?: Credit;
  /** Test seam: runs after a submit read its row and before it is checked (to force races). */
  beforeApply?(row: GameRow): Promise<void>;
}

/** The seat `user` acts for: the one asked for, else the one to act, else the first. */
function seatFor(row: GameRow, user: UserRow, asked?: string): Role {
  const mine = rolesOf(row, user);
  if (mine.length === 0) throw forbidden('not-your-seat', 'You hold no seat in this game.');
  if (asked !== undefined && !mine.includes(asked)) throw forbidden('not-your-seat', `You do not hold the seat "${asked}".`);
  if (asked !== undefined) return asked;
  if (mine.length === 1) return mine[0]!;
  return mine.find((m) => row.activeRoles.includes(m)) ?? mine[0]!;
}

/** The state before action `at`: kept by the replay (the trailing run), else replayed from the log. */
function stateBefore(rg: ReplayedGame, at: number): unknown {
  try {
    return rg.stateAt(at);
  } catch {
    return replayGame(rg.game, rg.options, [], rg.actions.slice(0, at), { lines: false }).state;
  }
}

function mustBeActive(row: GameRow): void {
  if (row.status !== 'active') throw conflict('game-not-active', row.status === 'open' ? 'The game has not started: seats are still empty.' : 'The game is over.');
}

function checkPlayable(row: GameRow, version: number): void {
  mustBeActive(row);
  if (version !== row.version) throw conflict('stale-version', `The game is at version ${row.version}, not ${version}: reload and try again.`);
}

const stale = (): never => { throw conflict('stale-version', 'Another move was made first: reload and try again.'); };

/**
 * What a seated player (or a bot seat) does to a game: play, undo, resign, abort, claim, draw. Each runs as one
 * guarded command (signed in, the game's lock, its row loaded, the caller's seat) and ends in one
 * committed write (writes.ts) that announces the change.
 */
export class GameCommands {
  private readonly now: () => number;
  private readonly warn: (obj: object, msg: string) => void;
  private readonly beforeApply: (row: GameRow) => Promise<void>;
  private readonly credit: Credit;
  /** Counts a new draw offer against its account's per-minute limit (set by app.ts; throws 429 past it). */
  drawOfferLimit: (user: UserRow) => Promise<void> = () => Promise.resolve();
  /** Searches the hints of learning games (set by app.ts). */
  hints: HintWorker | null = null;

  constructor(private readonly table: GameTable, private readonly writes: GameWrites, private readonly timeouts: Timeouts, private readonly views: SeatViews, opts: CommandOptions = {}) {
    this.now = opts.now ?? Date.now;
    this.warn = opts.warn ?? (() => undefined);
    this.beforeApply = opts.beforeApply ?? (() => Promise.resolve());
    this.credit = opts.credit ?? noCredit;
  }

  /** The guard every command shares: `run` gets the game's current row and the caller's seat, under the game's lock. */
  private guarded<T>(user: UserRow | null, id: string, asked: string | undefined, run: (row: GameRow, role: Role) => Promise<T>): Promise<T> {
    if (!user) return Promise.reject(unauthorized());
    return this.table.withLock(id, async () => {
      const row = await this.table.loadRow(id);
      return run(row, seatFor(row, user, asked));
    });
  }

  /** The game as `user` sees it after a write, for `role` while they still hold it (an abort may have freed it). */
  private async stateAfter(row: GameRow, user: UserRow, role: Role | undefined): Promise<GameState> {
    const held = role !== undefined && row.seats.some((s) => s.role === role && s.userId === user.id);
    return this.views.stateFor(row, await this.table.sync(row), user, held ? role : undefined);
  }

  async getState(user: UserRow | null, id: string, asked?: string): Promise<GameState> {
    const { row, rg } = await this.table.syncRow(await this.timeouts.loadChecked(id));
    if (asked !== undefined && !rolesOf(row, user).includes(asked)) throw forbidden('not-your-seat', `You do not hold the seat "${asked}".`);
    return this.views.stateFor(row, rg, user, asked);
  }

  /**
   * What `action` would lead to for the caller's seat, without playing it: applied to a state determinized for
   * that seat (everything it cannot see, the dice included, redrawn with a fresh seed), so the answer tells the
   * caller nothing the view does not. Used by the web client to ask before a move that ends or loses the game.
   */
  /** "Why can't I?": the engine's reason why the caller's seat can do nothing with `target` now (null: it can, or no reason). */
  async whyNot(user: UserRow | null, id: string, target: WhyTarget, asked?: string): Promise<WhyReplyT> {
    if (!user) throw unauthorized();
    const { row, rg } = await this.table.syncRow(await this.timeouts.loadChecked(id));
    const role = seatFor(row, user, asked);
    mustBeActive(row);
    const e = rg.game.whyNot?.(rg.state, role, target) ?? null;
    if (!e) return { reason: null };
    const args: Record<string, string | number | boolean | null> = {};
    for (const [k, v] of Object.entries(e.details ?? {})) if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) args[k] = v as string | number | boolean | null;
    return { reason: e.rule === undefined ? { code: e.code, message: e.message, args } : { code: e.code, message: e.message, rule: e.rule, args } };
  }

  /**
   * Learning mode: why the bot seat that played action `at` chose it, told to the caller's seat (the bots'
   * structured reason, naming only what that seat may see), or a null reason when a person played it.
   */
  async explainBotMove(user: UserRow | null, id: string, at: number, asked?: string): Promise<ExplainReplyT> {
    if (!user) throw unauthorized();
    const { row, rg } = await this.table.syncRow(await this.timeouts.loadChecked(id));
    const role = seatFor(row, user, asked);
    const entry = rg.actions[at];
    if (!entry) throw unprocessable('no-such-action', `The game's log has ${rg.length} actions: there is no action ${at}.`);
    if (!row.seats.some((s) => s.role === entry.role && s.bot !== null)) return { role: null, reason: null };
    const before = stateBefore(rg, at);
    const r = explainMove(rg.game, before, entry.role, entry.action, role);
    return { role: entry.role, reason: { key: r.key, args: r.args ?? {} } };
  }

  /**
   * Learning games: what the bot would play for the caller's seat now, and why (told to that seat). Searched on
   * the hint worker from the seat's information only; the action is one of the seat's legal actions at `version`.
   */
  async hint(user: UserRow | null, id: string, asked?: string): Promise<HintReplyT> {
    if (!user) throw unauthorized();
    const { row, rg } = await this.table.syncRow(await this.timeouts.loadChecked(id));
    const role = seatFor(row, user, asked);
    if (!row.learning) throw conflict('not-learning', 'Hints are given in learning games only.');
    mustBeActive(row);
    if (!(rg.game.active(rg.state) as Role[]).includes(role)) throw conflict('not-your-turn', `It is not ${role}'s turn: a hint is for a move you can make now.`);
    if (!this.hints) throw conflict('not-learning', 'This server gives no hints.');
    const r = await this.hints.suggest(row.id, row.game, rg.state, role, `${row.id}:hint:${rg.length}:${role}`);
    return { version: row.version, action: r.action, reason: r.reason ? { key: r.reason.key, args: r.reason.args ?? {} } : null };
  }

  async preview(user: UserRow | null, id: string, action: unknown, asked?: string): Promise<{ risk: ActionRisk }> {
    if (!user) throw unauthorized();
    const { row, rg } = await this.table.syncRow(await this.timeouts.loadChecked(id));
    const role = seatFor(row, user, asked);
    mustBeActive(row);
    if (!rg.game.actions(rg.state, role).some((a) => isDeepStrictEqual(a, action))) throw unprocessable('illegal-action', 'That is not one of your legal actions now.');
    return { risk: judgeAction(rg.game, rg.state, role, action, `preview:${Math.random().toString(36).slice(2)}:${this.now()}`) };
  }

  /** Plays `action` for the caller's seat; returns the caller's state after it. */
  async act(user: UserRow | null, id: string, version: number, action: unknown, asked?: string): Promise<GameState> {
    const { row, rg, role } = await this.play(user, id, version, action, asked);
    return this.views.stateFor(row, rg, user, role);
  }

  /** Same as `act`, returning only the new version (WebSocket acknowledgements). */
  async actVersion(user: UserRow | null, id: string, version: number, action: unknown, asked?: string): Promise<number> {
    return (await this.play(user, id, version, action, asked)).row.version;
  }

  private play(user: UserRow | null, id: string, version: number, action: unknown, asked?: string): Promise<{ row: GameRow; rg: ReplayedGame; role: Role }> {
    return this.guarded(user, id, asked, async (row, role) => {
      await this.beforeApply(row);
      return { ...(await this.applyChecked(row, role, version, action)), role };
    });
  }

  /** Plays a bot seat's move (no account; the seat must belong to a bot). */
  actAsBot(id: string, version: number, role: Role, action: unknown): Promise<number> {
    return this.table.withLock(id, async () => {
      const row = await this.table.loadRow(id);
      if (!row.seats.some((s) => s.role === role && s.bot !== null)) throw forbidden('not-your-seat', `"${role}" is not a bot seat.`);
      return (await this.applyChecked(row, role, version, action)).row.version;
    });
  }

  /**
   * Whether an action sent for an older version may still be played: only other roles acted since
   * (a simultaneous step such as Hammer's card phase), so what `role` saw is what it still sees of its
   * own choice. Versions after the start grow by one per action and per undo, so `length - (now - version)`
   * is at most the log position the client saw: the check looks at that many actions or more.
   */
  private overtakenOnlyByOthers(row: GameRow, rg: ReplayedGame, role: Role, version: number): boolean {
    const behind = row.version - version;
    if (behind <= 0 || behind > MAX_OVERTAKEN) return false;
    const from = rg.length - behind;
    if (from < 0) return false;
    for (let i = from; i < rg.length; i++) if (rg.actions[i]!.role === role) return false;
    return true;
  }

  private async applyChecked(row: GameRow, role: Role, version: number, action: unknown): Promise<{ row: GameRow; rg: ReplayedGame }> {
    if (row.status !== 'active') checkPlayable(row, version);
    const out = this.timeouts.outOfTime(row);
    if (out !== null) {
      await this.timeouts.flag(row, out);
      throw conflict('game-not-active', out.firstMove ? `The game was aborted: ${out.role} did not make a first move in time.` : `The game is over: ${out.role}'s time ran out.`);
    }
    const { row: seen, rg } = await this.table.syncRow(row);
    // Checked against the state of `row`'s version only: a game that moved on meanwhile is a 409. (A
    // concurrent read may have caught the cache up and made syncRow read the same version again.)
    if (seen.version !== row.version || seen.epoch !== row.epoch) stale();
    if (version !== row.version && !this.overtakenOnlyByOthers(row, rg, role, version)) checkPlayable(row, version);
    const game = rg.game;
    let next: unknown, chosen: unknown;
    try {
      ({ state: next, action: chosen } = applyListed(game, rg.state, role, action));
    } catch (e) {
      if (isRuleError(e)) {
        if (e.code === 'not-your-turn') throw forbidden('not-your-turn', `It is not ${role}'s turn.`, e.rule);
        throw unprocessable(e.code === 'malformed-action' ? 'illegal-action' : e.code, e.code === 'illegal-action' || e.code === 'malformed-action' ? 'That action is not one of your legal actions now.' : e.message, e.rule);
      }
      this.warn({ err: e, gameId: row.id, role }, 'engine failed on a legal action');
      throw unprocessable('illegal-action', `The engine rejected this action: ${e instanceof Error ? e.message : String(e)}`);
    }
    const outcome = game.outcome(next) as Outcome | null;
    const patch: GamePatch = { status: outcome ? 'finished' : 'active', activeRoles: outcome ? [] : (game.active(next) as Role[]), outcome, now: this.now() };
    const offer = offerAfterAction(row.drawOffer, role);
    if (offer !== undefined) patch.drawOffer = offer;
    if (row.clock) {
      const human = row.seats.some((s) => s.role === role && s.userId !== null);
      const state = afterAction(row.timeControl, row.clock, runningSeats(row.seats, row.activeRoles), role, human, patch.now, this.credit);
      patch.clock = { state, deadline: outcome ? null : deadlineOf(row.timeControl, state, runningSeats(row.seats, patch.activeRoles)) };
    }
    const seq = rg.length;
    const actor = row.seats.find((s) => s.role === role)?.userId ?? null;
    const cache = this.table.cache;
    const after = await this.writes.append(row, { role, action: chosen }, patch, actor, () => {
      if (cache.get(row.id) === rg && rg.length === seq) {
        rg.push({ role, action: chosen }, next);
        // After the acknowledgement (sent in this tick's continuations): never on the action's path.
        setImmediate(() => this.table.snapshots.after(row.id, rg));
      } else cache.delete(row.id);
    });
    if (!after) {
      cache.delete(row.id);
      return stale();
    }
    return { row: after, rg: cache.get(row.id) === rg ? rg : await this.table.sync(after) };
  }

  undo(user: UserRow | null, id: string, version: number, asked?: string): Promise<GameState> {
    return this.guarded(user, id, asked, async (row, role) => {
      checkPlayable(row, version);
      let rg = await this.table.sync(row);
      if (rg.undoDepth(role) === 0) throw unprocessable('nothing-to-undo', 'You have no action you may take back now.');
      const game = rg.game;
      const newLength = rg.length - 1;
      if (rg.canPop) rg.pop(row.epoch + 1);
      else {
        rg = this.table.replayStored(game, row, rg.actions.slice(0, newLength), await this.table.snapshots.read(row.id, newLength));
        rg.markCut(row.epoch + 1);
      }
      this.table.cache.delete(row.id);
      const patch: GamePatch = { status: 'active', activeRoles: game.active(rg.state) as Role[], outcome: null, now: this.now() };
      if (row.clock) {
        const state = afterUndo(row.timeControl, row.clock, runningSeats(row.seats, row.activeRoles), role, patch.now, this.credit);
        patch.clock = { state, deadline: deadlineOf(row.timeControl, state, runningSeats(row.seats, patch.activeRoles)) };
      }
      const after = await this.writes.truncate(row, newLength, patch, user!.id);
      if (!after) return stale();
      this.table.cache.set(row.id, rg);
      return this.views.stateFor(after, rg, user, role);
    });
  }

  /** Ends the game: every other seat wins. */
  resign(user: UserRow | null, id: string, asked?: string): Promise<GameState> {
    return this.guarded(user, id, asked, async (row, role) => {
      if (row.status !== 'active') throw conflict('game-not-active', row.status === 'open' ? 'The game has not started.' : 'The game is over.');
      const out = this.timeouts.outOfTime(row);
      const after = out !== null ? await this.timeouts.flag(row, out)
        : await this.writes.finish(row, { winners: row.seats.map((s) => s.role).filter((r) => r !== role), reason: 'resigned', by: role }, user!.id);
      if (!after) throw conflict('stale-version', 'The game changed: try again.');
      return this.stateAfter(after, user!, role);
    });
  }

  /**
   * Offers, accepts or declines a draw (draws.ts) for the caller: for the seat asked for, else for every seat
   * the caller holds. Once every seat agrees the game ends drawn ("agreed").
   */
  draw(user: UserRow | null, id: string, op: DrawOpT, asked?: string): Promise<GameState> {
    return this.guarded(user, id, asked, async (row, role) => {
      const after = await this.answerDraw(row, op, role, asked !== undefined ? [role] : rolesOf(row, user), user);
      return this.stateAfter(after, user!, role);
    });
  }

  /** A bot seat's answer to a draw offer, or its own offer (bots.ts), if the game is still at `version`. */
  drawAsBot(id: string, version: number, role: Role, op: DrawOpT): Promise<number> {
    return this.table.withLock(id, async () => {
      const row = await this.table.loadRow(id);
      if (!row.seats.some((s) => s.role === role && s.bot !== null)) throw forbidden('not-your-seat', `"${role}" is not a bot seat.`);
      if (row.version !== version) stale();
      return (await this.answerDraw(row, op, role, [role], null)).version;
    });
  }

  private async answerDraw(row: GameRow, op: DrawOpT, role: Role, mine: Role[], user: UserRow | null): Promise<GameRow> {
    if (row.status !== 'active') throw conflict('game-not-active', row.status === 'open' ? 'The game has not started.' : 'The game is over.');
    const out = this.timeouts.outOfTime(row);
    if (out !== null) {
      await this.timeouts.flag(row, out);
      throw conflict('game-not-active', 'The game is over: a clock ran out.');
    }
    const step = answerDraw(row.drawOffer ?? null, op, role, mine, row.seats.map((s) => s.role));
    if (step.fresh && user) await this.drawOfferLimit(user);
    const after = step.agreed ? await this.writes.finish(row, AGREED_DRAW, user?.id ?? null) : await this.writes.drawOffer(row, step.offer, user?.id ?? null);
    return after ?? stale();
  }

  /** Ends a game with no winner while fewer than 2 actions were played (any seated player; an open game: its creator too). */
  abort(user: UserRow | null, id: string, asked?: string): Promise<GameState> {
    if (!user) return Promise.reject(unauthorized());
    return this.table.withLock(id, async () => {
      const row = await this.table.loadRow(id);
      const mine = rolesOf(row, user);
      if (mine.length === 0 && !(row.status === 'open' && row.createdBy === user.id)) throw forbidden('not-your-seat', 'You hold no seat in this game.');
      if (asked !== undefined && !mine.includes(asked)) throw forbidden('not-your-seat', `You do not hold the seat "${asked}".`);
      if (row.status === 'finished') throw conflict('game-not-active', 'The game is over.');
      if (!abortable(row)) throw conflict('too-late-to-abort', `A game can be aborted only before its ${ABORT_BEFORE_ACTIONS}nd action: resign instead.`);
      const role = asked ?? mine[0];
      const after = await this.writes.abort(row, role, user.id);
      if (!after) throw conflict('stale-version', 'The game changed: try again.');
      return this.stateAfter(after, user, role);
    });
  }

  /** Claims the win over every other human seat of a live game disconnected for CLAIM_AFTER_DISCONNECT_MS. */
  claim(user: UserRow | null, id: string, asked?: string): Promise<GameState> {
    return this.guarded(user, id, asked, async (row, role) => {
      if (row.status !== 'active') throw conflict('game-not-active', row.status === 'open' ? 'The game has not started.' : 'The game is over.');
      if (row.timeControl.kind !== 'live') throw conflict('not-live', 'Only a live game (with a clock) can be claimed after a disconnect.');
      const away = this.views.away(row, user);
      const gone = Object.entries(away).filter(([, ms]) => ms >= CLAIM_AFTER_DISCONNECT_MS).map(([r]) => r);
      const others = row.seats.filter((s) => s.userId !== null && s.userId !== user!.id);
      if (others.length === 0 || gone.length < others.length) throw conflict('opponent-connected', `You can claim the win once every opponent has been disconnected for ${CLAIM_AFTER_DISCONNECT_MS / 60000} minutes.`);
      const winners = row.seats.filter((s) => !gone.includes(s.role)).map((s) => s.role);
      const after = await this.writes.finish(row, { winners, reason: 'abandoned', by: gone.join(',') }, user!.id);
      if (!after) throw conflict('stale-version', 'The game changed: try again.');
      return this.stateAfter(after, user!, role);
    });
  }

  async replayOf(id: string): Promise<{ game: string; seed: string; options: Omit<SetupOptions, 'seed'>; actions: LogEntry[] }> {
    const row = await this.table.loadRow(id);
    if (row.status !== 'finished') throw conflict('game-not-finished', 'The replay (with the seed) is available once the game is over.');
    const { seed, ...options } = setupOptionsOfRow(row);
    return { game: row.game, seed, options, actions: await this.table.store.readLog(id, 0) };
  }
}
