/** Server heartbeats and the spans when no server process ran (games/downtime.ts): SQL written once for both dialects. */
import type { SqlRunner } from './sql.js';

const num = (v: unknown): number => Number(v);

export class BeatStore {
  constructor(private readonly x: SqlRunner) {}

  /** Records that a process ran at `now` (the newest beat of any process is kept). */
  async beat(now: number): Promise<void> {
    await this.x.run(`INSERT INTO server_beats (id, beat_at) VALUES (1, ?)
      ON CONFLICT (id) DO UPDATE SET beat_at = CASE WHEN excluded.beat_at > server_beats.beat_at THEN excluded.beat_at ELSE server_beats.beat_at END`, [now]);
  }

  /** When some process last beat (null: never). */
  async lastBeat(): Promise<number | null> {
    const [r] = await this.x.all<{ beat_at: number | string }>('SELECT beat_at FROM server_beats WHERE id = 1');
    return r ? num(r.beat_at) : null;
  }

  /** Records a span during which no process ran (once per start time). */
  async addDowntime(start: number, end: number): Promise<void> {
    await this.x.run('INSERT INTO server_downtimes (start_at, end_at) VALUES (?, ?) ON CONFLICT (start_at) DO NOTHING', [start, end]);
  }

  /** The spans that ended after `since`. */
  async downtimes(since: number): Promise<[number, number][]> {
    const rows = await this.x.all<{ start_at: number | string; end_at: number | string }>('SELECT start_at, end_at FROM server_downtimes WHERE end_at > ? ORDER BY start_at', [since]);
    return rows.map((r) => [num(r.start_at), num(r.end_at)]);
  }
}
