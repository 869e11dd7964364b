/**
 * Seeks (migration 3 of schema.ts; social/seeks.ts pairs them): open -> pairing (claimed under a token
 * naming the game to be made) -> paired, or cancelled / expired; a pairing whose process died is
 * finished or released by a sweep. Every state change is a conditional update that says what it changed.
 */
import type { SqlRunner } from './sql.js';
import { notBlockedWithSql } from './moderation.js';

export type SeekStatus = 'open' | 'pairing' | 'paired' | 'cancelled' | 'expired';

export interface SeekRow {
  id: string;
  userId: number;
  /** The owner's account name. */
  name: string;
  game: string;
  scenario: string;
  /** The time control as its one spelling (social/seeks.ts `timeControlKey`). */
  timeControl: string;
  rated: boolean;
  status: SeekStatus;
  /** The pairing's claim (while pairing; kept once paired). */
  token: string | null;
  /** The game the pairing makes or made. */
  gameId: string | null;
  createdAt: number;
  expiresAt: number;
}

export interface NewSeek {
  id: string;
  userId: number;
  game: string;
  scenario: string;
  timeControl: string;
  rated: boolean;
  now: number;
  expiresAt: number;
}

interface SeekDb {
  id: string; user_id: number | string; name: string; game: string; scenario: string; time_control: string; rated: number | string;
  status: string; token: string | null; game_id: string | null; created_at: number | string; expires_at: number | string;
}

const SELECT = 'SELECT k.id, k.token, k.user_id, u.name, k.game, k.scenario, k.time_control, k.rated, k.status, k.game_id, k.created_at, k.expires_at FROM seeks k JOIN users u ON u.id = k.user_id';

const seekFromDb = (r: SeekDb): SeekRow => ({
  id: r.id, userId: Number(r.user_id), name: r.name, game: r.game, scenario: r.scenario, timeControl: r.time_control, rated: Number(r.rated) === 1,
  status: r.status as SeekStatus, token: r.token, gameId: r.game_id, createdAt: Number(r.created_at), expiresAt: Number(r.expires_at),
});

export class SeekStore {
  constructor(private readonly x: SqlRunner) {}

  private async select(where: string, params: unknown[]): Promise<SeekRow[]> {
    return (await this.x.all<SeekDb>(`${SELECT} WHERE ${where}`, params)).map(seekFromDb);
  }

  async get(id: string): Promise<SeekRow | null> {
    return (await this.select('k.id = ?', [id]))[0] ?? null;
  }

  /** Open seeks not expired at `now`, oldest first (at most `limit`). */
  open(now: number, limit: number): Promise<SeekRow[]> {
    return this.select("k.status = 'open' AND k.expires_at > ? ORDER BY k.created_at LIMIT ?", [now, limit]);
  }

  /** The user's open seeks not expired at `now`. */
  openOf(userId: number, now: number): Promise<SeekRow[]> {
    return this.select("k.user_id = ? AND k.status = 'open' AND k.expires_at > ?", [userId, now]);
  }

  /** The user's seeks paired at or after `since`. */
  pairedSince(userId: number, since: number): Promise<SeekRow[]> {
    return this.select("k.user_id = ? AND k.status = 'paired' AND k.updated_at >= ?", [userId, since]);
  }

  /** Open seeks of other users that `me` pairs with (same game, scenario, time control, rated; neither blocked the other), oldest first. */
  compatible(me: SeekRow, now: number, limit: number): Promise<SeekRow[]> {
    return this.select(`k.status = 'open' AND k.game = ? AND k.scenario = ? AND k.time_control = ? AND k.rated = ? AND k.user_id <> ? AND k.expires_at > ?
      AND ${notBlockedWithSql('k.user_id')} ORDER BY k.created_at, k.id LIMIT ?`,
      [me.game, me.scenario, me.timeControl, me.rated ? 1 : 0, me.userId, now, me.userId, me.userId, limit]);
  }

  /** Seeks left pairing since `before` or earlier (their process may have died), oldest first. */
  stalePairing(before: number): Promise<SeekRow[]> {
    return this.select("k.status = 'pairing' AND k.updated_at <= ? ORDER BY k.created_at", [before]);
  }

  async insert(s: NewSeek): Promise<boolean> {
    return (await this.x.run(`INSERT INTO seeks (id, user_id, game, scenario, time_control, rated, status, created_at, expires_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'open', ?, ?, ?)`,
      [s.id, s.userId, s.game, s.scenario, s.timeControl, s.rated ? 1 : 0, s.now, s.expiresAt, s.now])) === 1;
  }

  /** Withdraws the user's seek if it is still open. */
  async cancel(id: string, userId: number, now: number): Promise<boolean> {
    return (await this.x.run(`UPDATE seeks SET status = 'cancelled', updated_at = ? WHERE id = ? AND user_id = ? AND status = 'open'`, [now, id, userId])) === 1;
  }

  /** Open seeks past their expiry become expired; returns how many. */
  expire(now: number): Promise<number> {
    return this.x.run(`UPDATE seeks SET status = 'expired', updated_at = ? WHERE status = 'open' AND expires_at <= ?`, [now, now]);
  }

  /** Claims an open seek for a pairing (`token`) that makes game `gameId`: true for exactly one claimer. */
  async claim(id: string, token: string, gameId: string, now: number): Promise<boolean> {
    return (await this.x.run(`UPDATE seeks SET status = 'pairing', token = ?, game_id = ?, updated_at = ? WHERE id = ? AND status = 'open'`, [token, gameId, now, id])) === 1;
  }

  /** Renews the age of the pairing's claims; returns how many seeks it still holds. */
  renew(token: string, now: number): Promise<number> {
    return this.x.run(`UPDATE seeks SET updated_at = ? WHERE token = ? AND status = 'pairing'`, [now, token]);
  }

  /** The pairing's seeks become paired; returns how many. */
  paired(token: string, now: number): Promise<number> {
    return this.x.run(`UPDATE seeks SET status = 'paired', updated_at = ? WHERE token = ? AND status = 'pairing'`, [now, token]);
  }

  /** The pairing's seeks are open again; returns how many. */
  release(token: string, now: number): Promise<number> {
    return this.x.run(`UPDATE seeks SET status = 'open', token = NULL, game_id = NULL, updated_at = ? WHERE token = ? AND status = 'pairing'`, [now, token]);
  }
}
