import type { LogEntry, Outcome, Role } from '@tabula/engine';
import type { OutcomeT } from '@tabula/protocol';
import { changeEvents } from '../notify/events.js';
import { reopenGame, type GamePatch, type GameRow, type Store } from '../store/index.js';
import { newSeed } from '../accounts/passwords.js';
import { newClock, noCredit, runningSeats, settle, type Credit } from './clock.js';
import { AGREED_DRAW, type DrawOffer } from './draws.js';
import type { GameEvents } from './events.js';
import type { GameTable } from './table.js';

/** The row as it is after `patch` was written at its version. */
function rowAfter(row: GameRow, patch: GamePatch, more: Partial<GameRow> = {}): GameRow {
  return {
    ...row, version: row.version + 1, status: patch.status, activeRoles: patch.activeRoles, outcome: patch.outcome, updatedAt: patch.now,
    ...(patch.clock ? { clock: patch.clock.state, deadline: patch.clock.deadline } : {}),
    ...(patch.drawOffer !== undefined ? { drawOffer: patch.drawOffer } : {}), ...more,
  };
}

/**
 * The committed writes of a game: each is one versioned write (with the notifications it causes, in the
 * same transaction) that answers null when the game moved on, and announces the new row on `events`.
 */
export class GameWrites {
  /** Whether an abort may send the game back to the lobby (set by app.ts: not a tournament's game). */
  reopenable: (row: GameRow) => Promise<boolean> = () => Promise.resolve(true);

  constructor(private readonly table: GameTable, private readonly events: GameEvents, private readonly now: () => number, private readonly credit: Credit = noCredit) {}

  private get store(): Store {
    return this.table.store;
  }

  /** Appends `entry` at the end of `row`'s log. `onCommit` runs before the change is announced. */
  async append(row: GameRow, entry: LogEntry, patch: GamePatch, actor: number | null, onCommit?: (after: GameRow) => void): Promise<GameRow | null> {
    const seq = row.logLength;
    const res = await this.store.appendAction(row.id, row.version, seq, entry, patch, changeEvents(row, row, patch, actor));
    if (res === 'stale') return null;
    const after = rowAfter(row, patch, { logLength: seq + 1 });
    onCommit?.(after);
    this.events.changed(after);
    return after;
  }

  /** Cuts `row`'s log to `length` actions (an undo): a new epoch. */
  async truncate(row: GameRow, length: number, patch: GamePatch, actor: number | null): Promise<GameRow | null> {
    if ((await this.store.truncateLog(row.id, row.version, length, patch, changeEvents(row, row, patch, actor))) === 'stale') return null;
    const after = rowAfter(row, patch, { logLength: length, epoch: row.epoch + 1 });
    this.events.changed(after);
    return after;
  }

  /** Sets the game's draw offer (draws.ts); the game runs on, its clocks untouched. */
  async drawOffer(row: GameRow, offer: DrawOffer, actor: number | null): Promise<GameRow | null> {
    const patch: GamePatch = { status: row.status, activeRoles: row.activeRoles, outcome: row.outcome, now: this.now(), drawOffer: offer };
    if ((await this.store.updateGame(row.id, row.version, patch, changeEvents(row, row, patch, actor))) === 'stale') return null;
    const after = rowAfter(row, patch);
    this.events.changed(after);
    return after;
  }

  /**
   * Ends the game with `outcome`, its clock settled. A result in a game where some seat has not acted yet is
   * never rated: its outcome says `unrated` (a resignation or timeout before the opponent's first move wins
   * nothing, nor does a draw agreed then). Other outcomes without winners (aborted, expired) are never rated anyway.
   */
  async finish(row: GameRow, outcome: OutcomeT, actor: number | null = null): Promise<GameRow | null> {
    const now = this.now();
    const final = (outcome.winners.length === 0 && outcome.reason !== AGREED_DRAW.reason) || (await this.everySeatActed(row)) ? outcome : { ...outcome, unrated: true };
    const patch: GamePatch = { status: 'finished', activeRoles: [], outcome: final as Outcome, now };
    if (row.clock) patch.clock = { state: settle(row.clock, row.status === 'active' ? runningSeats(row.seats, row.activeRoles) : [], now, this.credit), deadline: null };
    if ((await this.store.updateGame(row.id, row.version, patch, changeEvents(row, row, patch, actor))) === 'stale') return null;
    const after = rowAfter(row, patch, { deadline: null });
    this.events.changed(after);
    return after;
  }

  /**
   * An abort by `role`'s player (`actor`), or by `role` letting its first-move window pass (`actor` null).
   * While the game's creator holds a seat and `role` is someone else's, the game goes back to the lobby open,
   * from the start, with the seats of `role`'s player empty (an abort takes a stranger's game from nobody);
   * else it ends, aborted, as before. A game `reopenable` says no to (a tournament's: its seats are the pairing's) always ends.
   */
  async abort(row: GameRow, role: Role | undefined, actor: number | null): Promise<GameRow | null> {
    const leaver = row.seats.find((s) => s.role === role)?.userId ?? null;
    const creatorSeated = row.seats.some((s) => s.userId === row.createdBy);
    if (leaver === null || leaver === row.createdBy || !creatorSeated || !(await this.reopenable(row))) {
      return this.finish(row, { winners: [], reason: 'aborted', ...(role !== undefined ? { by: role } : {}) }, actor);
    }
    const now = this.now();
    const freed = row.seats.filter((s) => s.userId === leaver).map((s) => s.role);
    const ok = await reopenGame(this.store.sql, row.id, row.version, { freed, seed: newSeed(), clock: newClock(row.timeControl, row.seats.map((s) => s.role), now), now });
    if (!ok) return null;
    const after = await this.store.getGame(row.id);
    if (after) this.events.changed(after);
    return after;
  }

  private async everySeatActed(row: GameRow): Promise<boolean> {
    if (row.logLength < row.seats.length) return false;
    const acted = new Set((await this.table.sync(row)).actions.map((a) => a.role));
    return row.seats.every((s) => acted.has(s.role));
  }
}
