/** Putting an aborted game back in the lobby (games/writes.ts `abort`): SQL written once for both dialects. */
import type { Role } from '@tabula/engine';
import type { ClockState } from './types.js';
import type { SqlRunner } from './sql.js';

export interface Reopen {
  /** The seats given up (their players leave). */
  freed: Role[];
  /** A new seed: whoever left has seen the first deal. */
  seed: string;
  clock: ClockState | null;
  now: number;
}

/**
 * If the game is still at `expectVersion`: open again from the start (no actions, a new epoch and seed, its
 * clock as new, counted as opened now), with the `freed` seats empty. One transaction; false when stale.
 */
export async function reopenGame(sql: SqlRunner, gameId: string, expectVersion: number, r: Reopen): Promise<boolean> {
  const [g] = await sql.batch([{
    guard: [`UPDATE games SET version = version + 1, status = 'open', active_roles = '[]', outcome = NULL, log_length = 0, epoch = epoch + 1,
      seed = ?, clock = ?, deadline = NULL, created_at = ?, updated_at = ? WHERE id = ? AND version = ?`,
    [r.seed, r.clock === null ? null : JSON.stringify(r.clock), r.now, r.now, gameId, expectVersion]],
    rest: [
      ['DELETE FROM log WHERE game_id = ?', [gameId]],
      ['DELETE FROM snapshots WHERE game_id = ?', [gameId]],
      ...r.freed.map((role): [string, unknown[]] => ['UPDATE seats SET user_id = NULL, bot = NULL, seen_at = NULL WHERE game_id = ? AND role = ?', [gameId, role]]),
    ],
  }], { allOrNothing: true });
  return g!.ran;
}
