/**
 * Post-game analyses (migration 5 of schema.ts; analysis.ts runs them): one row per game, queued ->
 * running (claimed with a lease) -> done or failed. A running row whose lease ran out is due again.
 */
import type { SqlRunner } from './sql.js';

export type AnalysisStatus = 'queued' | 'running' | 'done' | 'failed';

export interface AnalysisRow {
  status: AnalysisStatus;
  /** The search budget per decision. */
  iterations: number;
  /** Actions analysed so far, of `total`. */
  done: number;
  total: number;
  /** The stored result (parsed JSON) once done. */
  result: unknown;
  error: string | null;
}

interface AnalysisDb { status: string; iterations: number | string; done: number | string; total: number | string; result: string | null; error: string | null }

/** Due: queued, or running with a lease that ran out before `?` (now). */
const DUE = "(status = 'queued' OR (status = 'running' AND claimed_until < ?))";

export class AnalysisStore {
  constructor(private readonly x: SqlRunner) {}

  async get(gameId: string): Promise<AnalysisRow | null> {
    const [r] = await this.x.all<AnalysisDb>('SELECT status, iterations, done, total, result, error FROM analyses WHERE game_id = ?', [gameId]);
    if (!r) return null;
    return {
      status: r.status as AnalysisStatus, iterations: Number(r.iterations), done: Number(r.done), total: Number(r.total),
      result: r.result !== null ? JSON.parse(r.result) as unknown : null, error: r.error,
    };
  }

  /**
   * Queues the game's analysis for `userId` unless it is queued, running or done; a failed one is queued
   * again. 'over-cap': the account already has `maxPending` queued or running (nothing queued).
   */
  async request(gameId: string, iterations: number, total: number, now: number, userId: number, maxPending: number): Promise<'queued' | 'exists' | 'over-cap'> {
    const [cur] = await this.x.all<{ status: string }>('SELECT status FROM analyses WHERE game_id = ?', [gameId]);
    if (cur && cur.status !== 'failed') return 'exists';
    const [pending] = await this.x.all<{ n: number | string }>("SELECT COUNT(*) AS n FROM analyses WHERE requested_by = ? AND status IN ('queued', 'running')", [userId]);
    if (Number(pending?.n ?? 0) >= maxPending) return 'over-cap';
    const added = await this.x.run(
      'INSERT INTO analyses (game_id, status, iterations, done, total, created_at, updated_at, requested_by) VALUES (?, ?, ?, 0, ?, ?, ?, ?) ON CONFLICT (game_id) DO NOTHING',
      [gameId, 'queued', iterations, total, now, now, userId]);
    const again = await this.x.run("UPDATE analyses SET status = 'queued', error = NULL, done = 0, updated_at = ?, requested_by = ? WHERE game_id = ? AND status = 'failed'", [now, userId, gameId]);
    return added + again > 0 ? 'queued' : 'exists';
  }

  /** The oldest due analysis (queued, or running with an expired lease), or null. */
  async nextDue(now: number): Promise<string | null> {
    const [r] = await this.x.all<{ game_id: string }>(`SELECT game_id FROM analyses WHERE ${DUE} ORDER BY created_at LIMIT 1`, [now]);
    return r?.game_id ?? null;
  }

  /** Moves a due analysis to running with a lease until `leaseUntil`: true for exactly one claimer. */
  async claim(gameId: string, now: number, leaseUntil: number): Promise<boolean> {
    return (await this.x.run(`UPDATE analyses SET status = 'running', claimed_until = ?, updated_at = ? WHERE game_id = ? AND ${DUE}`, [leaseUntil, now, gameId, now])) === 1;
  }

  /** Records the progress of a running analysis and renews its lease; false when it is no longer running. */
  async progress(gameId: string, done: number, now: number, leaseUntil: number): Promise<boolean> {
    return (await this.x.run('UPDATE analyses SET done = ?, claimed_until = ?, updated_at = ? WHERE game_id = ? AND status = ?', [done, leaseUntil, now, gameId, 'running'])) === 1;
  }

  /** Stores the result (as JSON): the analysis is done. */
  async finish(gameId: string, result: unknown, now: number): Promise<boolean> {
    return (await this.x.run("UPDATE analyses SET status = 'done', done = total, result = ?, claimed_until = NULL, updated_at = ? WHERE game_id = ?",
      [JSON.stringify(result), now, gameId])) === 1;
  }

  /** Marks the analysis failed with `error` (its first 500 characters). */
  async fail(gameId: string, error: string, now: number): Promise<boolean> {
    return (await this.x.run("UPDATE analyses SET status = 'failed', error = ?, claimed_until = NULL, updated_at = ? WHERE game_id = ?", [error.slice(0, 500), now, gameId])) === 1;
  }
}
