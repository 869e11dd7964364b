import { OPEN_GAME_EXPIRY_MS, type OutcomeT } from '@tabula/protocol';
import type { GameRow } from '../store/index.js';
import { deadlineOf, flagged, noCredit, runningSeats, type Credit, type Flag } from './clock.js';
import type { GameTable } from './table.js';
import type { GameWrites } from './writes.js';

/** Outcome of a seat running out of time: every other seat wins; past its first-move window, the game is aborted. */
export function timeoutOutcome(row: GameRow, flag: Flag): OutcomeT {
  if (flag.firstMove) return { winners: [], reason: 'aborted', by: flag.role };
  return { winners: row.seats.map((s) => s.role).filter((r) => r !== flag.role), reason: 'timeout', by: flag.role };
}

/**
 * Time on the server's side of a game: flags the seat whose clock ran out (exactly once across
 * processes), expires open games nobody joined, and records when players were last seen.
 */
export class Timeouts {
  constructor(private readonly table: GameTable, private readonly writes: GameWrites, private readonly now: () => number, private readonly credit: Credit = noCredit) {}

  /** The running seat whose time ran out, if the game's clock says so now. */
  outOfTime(row: GameRow): Flag | null {
    if (row.status !== 'active' || !row.clock) return null;
    return flagged(row.timeControl, row.clock, runningSeats(row.seats, row.activeRoles), this.now(), this.credit);
  }

  /** Ends the game for `flag`: a timeout, or a missed first move (an abort: `GameWrites.abort`). Null when stale. */
  flag(row: GameRow, flag: Flag): Promise<GameRow | null> {
    return flag.firstMove ? this.writes.abort(row, flag.role, null) : this.writes.finish(row, timeoutOutcome(row, flag));
  }

  /**
   * Flags a timeout if the game's clock ran out: one conditional UPDATE on the version, so across
   * processes exactly one flags it. When nobody ran out (the deadline was a hint), moves the hint.
   * Returns the current row.
   */
  check(id: string): Promise<GameRow | null> {
    const store = this.table.store;
    return this.table.withLock(id, async () => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const row = await store.getGame(id);
        if (!row || row.status !== 'active' || !row.clock) return row;
        const out = this.outOfTime(row);
        if (out === null) {
          const d = deadlineOf(row.timeControl, row.clock, runningSeats(row.seats, row.activeRoles));
          if (d !== row.deadline) await store.setDeadline(id, row.version, d);
          return row;
        }
        const after = await this.flag(row, out);
        if (after) return after;
      }
      return store.getGame(id);
    });
  }

  /** The loaded row, with a timeout flagged first when its deadline has passed. */
  async loadChecked(id: string): Promise<GameRow> {
    const row = await this.table.loadRow(id);
    if (row.status === 'active' && row.deadline !== null && row.deadline <= this.now()) return (await this.check(id)) ?? row;
    return row;
  }

  /** One sweep: flags the timeouts that are due and expires open games nobody joined. Returns how many games it ended. */
  async sweep(limit = 100): Promise<number> {
    const store = this.table.store;
    let ended = 0;
    for (const id of await store.listDue(this.now(), limit)) {
      const row = await this.check(id);
      if (row?.status === 'finished' && row.outcome?.reason === 'timeout') ended++;
    }
    for (const id of await store.listOpenBefore(this.now() - OPEN_GAME_EXPIRY_MS, limit)) {
      const done = await this.table.withLock(id, async () => {
        const row = await store.getGame(id);
        if (!row || row.status !== 'open') return false;
        return (await this.writes.finish(row, { winners: [], reason: 'expired' })) !== null;
      });
      if (done) ended++;
    }
    return ended;
  }

  /** Records that each `userId` is on `gameId` now (presence for claims after a disconnect), in one transaction. */
  async touchAll(seen: { gameId: string; userId: number }[]): Promise<void> {
    await this.table.store.touchSeats(seen, this.now());
  }

  touch(gameId: string, userId: number): Promise<void> {
    return this.touchAll([{ gameId, userId }]);
  }
}
