import type { Role } from '@tabula/engine';
import { ABORT_BEFORE_ACTIONS, type ClockT, type GameStateT, type GameSummaryT, type SeatT } from '@tabula/protocol';
import type { ClockState, GameRow, SeatRow, UserRow } from '../store/index.js';
import { firstMoveDeadlines, noCredit, runningSeats, settle, type Credit } from './clock.js';
import type { ReplayedGame } from './replay-cache.js';

/** A game as one caller sees it (GET /api/games/:id and every WebSocket push). */
export type GameState = GameStateT;
export type GameSummary = GameSummaryT;
export type SeatInfo = SeatT;

export function seatsOut(seats: SeatRow[]): SeatInfo[] {
  return seats.map((s) => ({ role: s.role, user: s.userName, bot: s.bot }));
}

/** The seats `user` holds in the game. */
export function rolesOf(row: GameRow, user: UserRow | null): Role[] {
  return user ? row.seats.filter((s) => s.userId === user.id).map((s) => s.role) : [];
}

/** A game may be aborted (ended with no winner) before its ABORT_BEFORE_ACTIONS-th action. */
export function abortable(row: GameRow): boolean {
  return (row.status === 'active' || row.status === 'open') && row.logLength < ABORT_BEFORE_ACTIONS;
}

/** Which of the caller's seats a request is for: the one asked for, else the one to act, else the first. */
function pickRole(row: GameRow, rg: ReplayedGame | null, mine: Role[], asked?: string): Role | null {
  if (asked !== undefined) return mine.includes(asked) ? asked : null;
  if (mine.length === 0) return null;
  if (rg && row.status === 'active') {
    const active = rg.game.active(rg.state) as Role[];
    const r = mine.find((m) => active.includes(m));
    if (r) return r;
  }
  return mine[0]!;
}

export interface SeatViewOptions {
  now?: () => number;
  /** Whether `userId` has a live socket on `gameId` in this process (set by the live hub). */
  connected?: (gameId: string, userId: number) => boolean;
  /** Time the clocks do not charge (store outages). */
  credit?: Credit;
}

/** The one place where what a viewer may see of a game (its seat's view, actions, prompt, log, clock) is built. */
export class SeatViews {
  private readonly now: () => number;
  private readonly credit: Credit;
  connected: (gameId: string, userId: number) => boolean;

  constructor(opts: SeatViewOptions = {}) {
    this.now = opts.now ?? Date.now;
    this.credit = opts.credit ?? noCredit;
    this.connected = opts.connected ?? (() => false);
  }

  /** The caller's view of the game; `logFrom`: send only the log lines of actions from there on. */
  stateFor(row: GameRow, rg: ReplayedGame, user: UserRow | null, asked?: string, logFrom = 0): GameState {
    const mine = rolesOf(row, user);
    // Asking for a seat you do not hold gives the spectator's view, never that seat's.
    const role = pickRole(row, rg, mine, asked);
    const game = rg.game;
    const active = row.status === 'active' ? (game.active(rg.state) as Role[]) : [];
    const canAct = role !== null && active.includes(role);
    return {
      id: row.id, game: row.game, scenario: row.scenario, players: row.players, variants: row.variants, createdBy: row.creatorName ?? null,
      status: row.status, seats: seatsOut(row.seats), version: row.version, role, roles: mine,
      view: game.view(rg.state, role),
      actions: canAct ? game.actions(rg.state, role) : [],
      active, yourTurn: canAct,
      undo: role !== null && row.status === 'active' ? rg.undoDepth(role) : 0,
      prompt: canAct && game.prompt ? game.prompt(rg.state, role) : null,
      length: rg.length, logFrom, log: rg.log(role, logFrom) as GameState['log'], outcome: row.outcome,
      ...(row.clock ? { clock: this.clockOut(row, row.clock) } : {}),
      abortable: mine.length > 0 && abortable(row),
      // When the other players were last seen is for the game's players only.
      away: mine.length > 0 ? this.away(row, user) : {},
      drawOffer: row.status === 'active' ? row.drawOffer ?? null : null,
      learning: row.learning === true,
    };
  }

  /** A lobby line of the game for `user`. */
  summary(row: GameRow, user: UserRow | null): GameSummary {
    const yourRoles = rolesOf(row, user);
    const active = row.status === 'active' ? row.activeRoles : [];
    return {
      id: row.id, game: row.game, scenario: row.scenario, players: row.players, status: row.status, seats: seatsOut(row.seats),
      version: row.version, active, yourRoles, yourTurn: yourRoles.some((r) => active.includes(r)), outcome: row.outcome,
      timeControl: row.timeControl, learning: row.learning === true, createdAt: new Date(row.createdAt).toISOString(), updatedAt: new Date(row.updatedAt).toISOString(),
    };
  }

  private clockOut(row: GameRow, c: ClockState): ClockT {
    const now = this.now();
    const running = row.status === 'active' ? runningSeats(row.seats, row.activeRoles) : [];
    const s = settle(c, running, now, this.credit);
    const remaining: Record<string, number> = {};
    for (const [r, ms] of Object.entries(s.remaining)) remaining[r] = Math.max(0, ms);
    // Each window's end as it stands: from the last settlement, moved on by the time that did not count.
    const firstMove = firstMoveDeadlines(row.timeControl, c, running);
    for (const r of Object.keys(firstMove)) firstMove[r]! += this.credit(c.since, now);
    return { control: row.timeControl, remaining, running, at: now, ...(Object.keys(firstMove).length > 0 ? { firstMove } : {}) };
  }

  /** Other human seats of an active live game whose player is not connected: ms since last seen. */
  away(row: GameRow, user: UserRow | null): Record<string, number> {
    const out: Record<string, number> = {};
    if (row.status !== 'active' || row.timeControl.kind !== 'live') return out;
    const now = this.now();
    for (const s of row.seats) {
      if (s.userId === null || s.userId === user?.id || this.connected(row.id, s.userId)) continue;
      out[s.role] = Math.max(0, now - (s.seenAt ?? row.updatedAt));
    }
    return out;
  }
}
