/**
 * Stored snapshots of replayed games (migration 6 of schema.ts; games/snapshots.ts makes and checks them):
 * derived data next to a game's log, the newest few per game.
 */
import type { SqlRunner } from './sql.js';

export interface SnapshotRow {
  /** Actions replayed before the snapshot. */
  seq: number;
  engineVersion: string;
  prefixHash: string;
  /** The deflated payload. */
  data: Uint8Array;
}

interface SnapshotDb { seq: number | string; engine_version: string; prefix_hash: string; data: Uint8Array }

export class SnapshotStore {
  constructor(private readonly x: SqlRunner) {}

  /** The game's snapshots at or before `upTo` actions, newest first, at most `limit`. */
  async read(gameId: string, upTo: number, limit: number): Promise<SnapshotRow[]> {
    const rows = await this.x.all<SnapshotDb>('SELECT seq, engine_version, prefix_hash, data FROM snapshots WHERE game_id = ? AND seq <= ? ORDER BY seq DESC LIMIT ?', [gameId, upTo, limit]);
    return rows.map((r) => ({ seq: Number(r.seq), engineVersion: r.engine_version, prefixHash: r.prefix_hash, data: r.data }));
  }

  /**
   * Writes the snapshot after `s.seq` actions (replacing one at the same position), then forgets the game's
   * snapshots older than its newest `keep`.
   */
  async write(gameId: string, s: SnapshotRow, now: number, keep: number): Promise<void> {
    if (!Number.isInteger(keep) || keep < 1) throw new RangeError(`keep: ${keep}`);
    await this.x.run(`INSERT INTO snapshots (game_id, seq, engine_version, prefix_hash, data, created_at) VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (game_id, seq) DO UPDATE SET engine_version = excluded.engine_version, prefix_hash = excluded.prefix_hash, data = excluded.data, created_at = excluded.created_at`,
    [gameId, s.seq, s.engineVersion, s.prefixHash, s.data, now]);
    await this.x.run(`DELETE FROM snapshots WHERE game_id = ? AND seq < (SELECT MIN(seq) FROM (SELECT seq FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT ${keep}) newest)`, [gameId, gameId]);
  }
}
