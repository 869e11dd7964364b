/**
 * The account life cycle's tables (accounts/ uses them): the link tokens of verification and reset
 * mails (migration 10 of schema.ts), passwords, and an account's sessions.
 */
import type { AccountExportT } from '@tabula/protocol';
import type { SqlRunner } from './sql.js';

/** The name a deleted account's seats show (not a valid account name, so nobody can take it). */
export const DELETED_NAME = '(deleted player)';

export type LinkPurpose = 'verify' | 'reset';

export interface NewLinkToken {
  tokenHash: string;
  userId: number;
  purpose: LinkPurpose;
  email: string;
  now: number;
  ttlMs: number;
}

/** How many links of one purpose may be made per account and per address (lower case) within `windowMs`. */
export interface LinkLimit { perAccount: number; perAddress: number; windowMs: number }

export interface SessionInfo { tokenHash: string; createdAt: number; seenAt: number }

const num = (v: unknown): number => Number(v);

export class AccountStore {
  constructor(private readonly x: SqlRunner) {}

  /**
   * Records a link unless the account's or the address's links of that purpose in the window already
   * reach the limit; returns whether it was recorded (then its mail may be sent).
   */
  async addLink(t: NewLinkToken, limit: LinkLimit): Promise<boolean> {
    const key = t.email.toLowerCase();
    const since = t.now - limit.windowMs;
    const [c] = await this.x.all<{ a: number | string; e: number | string }>(
      `SELECT (SELECT COUNT(*) FROM account_tokens WHERE user_id = ? AND purpose = ? AND created_at > ?) AS a,
              (SELECT COUNT(*) FROM account_tokens WHERE email_key = ? AND purpose = ? AND created_at > ?) AS e`,
      [t.userId, t.purpose, since, key, t.purpose, since],
    );
    if (num(c!.a) >= limit.perAccount || num(c!.e) >= limit.perAddress) return false;
    await this.x.run(
      'INSERT INTO account_tokens (token_hash, user_id, purpose, email, email_key, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [t.tokenHash, t.userId, t.purpose, t.email, key, t.now, t.now + t.ttlMs],
    );
    return true;
  }

  /** Uses a link once: its account and address while unused and unexpired, else null. */
  async useLink(tokenHash: string, purpose: LinkPurpose, now: number): Promise<{ userId: number; email: string } | null> {
    const [r] = await this.x.all<{ user_id: number | string; email: string }>(
      'UPDATE account_tokens SET used_at = ? WHERE token_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ? RETURNING user_id, email',
      [now, tokenHash, purpose, now],
    );
    return r ? { userId: num(r.user_id), email: r.email } : null;
  }

  /** The account and address of a link while unused and unexpired, without using it. */
  async peekLink(tokenHash: string, purpose: LinkPurpose, now: number): Promise<{ userId: number; email: string } | null> {
    const [r] = await this.x.all<{ user_id: number | string; email: string }>(
      'SELECT user_id, email FROM account_tokens WHERE token_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?', [tokenHash, purpose, now]);
    return r ? { userId: num(r.user_id), email: r.email } : null;
  }

  /**
   * The accounts a reset may be mailed for: by name key, or by address (lower case; at most 5 accounts),
   * each only with a verified address.
   */
  async resetTargets(by: { nameKey: string } | { emailKey: string }): Promise<{ id: number; name: string; email: string; language: string }[]> {
    const base = 'SELECT u.id, u.name, s.email, s.language FROM users u JOIN notify_settings s ON s.user_id = u.id WHERE s.email_verified = 1 AND s.email IS NOT NULL AND ';
    const rows = await this.x.all<{ id: number | string; name: string; email: string; language: string }>(
      'nameKey' in by ? `${base}u.name_key = ?` : `${base}lower(s.email) = ? ORDER BY u.id LIMIT 5`, ['nameKey' in by ? by.nameKey : by.emailKey]);
    return rows.map((r) => ({ id: num(r.id), name: r.name, email: r.email, language: r.language }));
  }

  async userById(id: number): Promise<{ id: number; name: string } | null> {
    const [r] = await this.x.all<{ id: number | string; name: string }>('SELECT id, name FROM users WHERE id = ?', [id]);
    return r ? { id: num(r.id), name: r.name } : null;
  }

  /** Marks the account's address verified if it is still `email`; returns whether it was. */
  async markVerified(userId: number, email: string): Promise<boolean> {
    return (await this.x.run('UPDATE notify_settings SET email_verified = 1 WHERE user_id = ? AND email = ?', [userId, email])) === 1;
  }

  /** What a data export holds of the account besides its settings (routes put it together). */
  async exportOf(userId: number): Promise<Omit<AccountExportT, 'settings'> | null> {
    const [u] = await this.x.all<{ name: string; created_at: number | string }>('SELECT name, created_at FROM users WHERE id = ?', [userId]);
    if (!u) return null;
    const games = await this.x.all<{ id: string; game: string; scenario: string; role: string; status: string; outcome: string | null; created_at: number | string; updated_at: number | string }>(
      'SELECT g.id, g.game, g.scenario, s.role, g.status, g.outcome, g.created_at, g.updated_at FROM seats s JOIN games g ON g.id = s.game_id WHERE s.user_id = ? ORDER BY g.created_at, g.id', [userId]);
    const ratings = await this.x.all<{ game: string; rating: number | string; rd: number | string; games: number | string; updated_at: number | string }>(
      'SELECT game, rating, rd, games, updated_at FROM ratings WHERE user_id = ? ORDER BY game', [userId]);
    const history = await this.x.all<{ game_id: string; game: string; rating_before: number | string; rating: number | string; weight: number | string; created_at: number | string }>(
      'SELECT game_id, game, rating_before, rating, weight, created_at FROM rating_history WHERE user_id = ? ORDER BY created_at, game_id', [userId]);
    const chat = await this.x.all<{ game_id: string; channel: string; text: string; created_at: number | string }>(
      'SELECT game_id, channel, text, created_at FROM chat WHERE user_id = ? ORDER BY id', [userId]);
    return {
      account: { name: u.name, createdAt: num(u.created_at) },
      games: games.map((g) => ({ id: g.id, game: g.game, scenario: g.scenario, role: g.role, status: g.status, outcome: g.outcome === null ? null : JSON.parse(g.outcome) as unknown, createdAt: num(g.created_at), updatedAt: num(g.updated_at) })),
      ratings: ratings.map((r) => ({ game: r.game, rating: num(r.rating), rd: num(r.rd), games: num(r.games), updatedAt: num(r.updated_at) })),
      ratingHistory: history.map((h) => ({ gameId: h.game_id, game: h.game, before: num(h.rating_before), after: num(h.rating), weight: num(h.weight), at: num(h.created_at) })),
      chat: chat.map((c) => ({ gameId: c.game_id, channel: c.channel, text: c.text, createdAt: num(c.created_at) })),
    };
  }

  /**
   * Deletes an account in one transaction, leaving a tombstone row so that games keep their seats: the
   * name becomes DELETED_NAME and the name key a free one (the name may be taken again), no password
   * works; sessions, ratings (so the leaderboard), chat lines, mutes, settings, push devices, notifications, links and
   * open seeks go.
   */
  async deleteAccount(userId: number, now: number): Promise<void> {
    await this.x.batch([{
      rest: [
        ['DELETE FROM sessions WHERE user_id = ?', [userId]],
        ['DELETE FROM ratings WHERE user_id = ?', [userId]],
        ['DELETE FROM rating_history WHERE user_id = ?', [userId]],
        ['DELETE FROM chat WHERE user_id = ?', [userId]],
        ['DELETE FROM mutes WHERE user_id = ? OR muted_id = ?', [userId, userId]],
        ['DELETE FROM blocks WHERE user_id = ? OR blocked_id = ?', [userId, userId]],
        ['DELETE FROM notify_settings WHERE user_id = ?', [userId]],
        ['DELETE FROM push_subscriptions WHERE user_id = ?', [userId]],
        ['DELETE FROM notifications WHERE user_id = ?', [userId]],
        ['DELETE FROM outbox WHERE user_id = ?', [userId]],
        ['DELETE FROM account_tokens WHERE user_id = ?', [userId]],
        ["UPDATE seeks SET status = 'cancelled', updated_at = ? WHERE user_id = ? AND status = 'open'", [now, userId]],
        ['UPDATE users SET name = ?, name_key = ?, pass_hash = ? WHERE id = ?', [DELETED_NAME, `(deleted):${userId}`, '!', userId]],
      ],
    }]);
  }

  async passHash(userId: number): Promise<string | null> {
    const [r] = await this.x.all<{ pass_hash: string }>('SELECT pass_hash FROM users WHERE id = ?', [userId]);
    return r?.pass_hash ?? null;
  }

  async setPassHash(userId: number, passHash: string): Promise<void> {
    await this.x.run('UPDATE users SET pass_hash = ? WHERE id = ?', [passHash, userId]);
  }

  async sessions(userId: number): Promise<SessionInfo[]> {
    const rows = await this.x.all<{ token_hash: string; created_at: number | string; seen_at: number | string }>(
      'SELECT token_hash, created_at, COALESCE(seen_at, created_at) AS seen_at FROM sessions WHERE user_id = ? ORDER BY created_at', [userId]);
    return rows.map((r) => ({ tokenHash: r.token_hash, createdAt: num(r.created_at), seenAt: num(r.seen_at) }));
  }

  /** Ends the sessions of the account except `keep` (null: all); returns the token hashes ended. */
  async endSessions(userId: number, keep: string | null): Promise<string[]> {
    const rows = await this.x.all<{ token_hash: string }>(
      keep === null ? 'DELETE FROM sessions WHERE user_id = ? RETURNING token_hash' : 'DELETE FROM sessions WHERE user_id = ? AND token_hash <> ? RETURNING token_hash',
      keep === null ? [userId] : [userId, keep]);
    return rows.map((r) => r.token_hash);
  }
}
