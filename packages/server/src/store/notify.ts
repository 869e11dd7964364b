/**
 * The notifications' tables (migration 3 of schema.ts): the transactional outbox, the in-app list,
 * per-user settings, the one-mail-per-game-per-hour window and server secrets. The SQL is written once
 * with `?` placeholders; run by the store's `SqlRunner` (store/sql.ts).
 */
import type { Group, SqlRunner, Statement } from './sql.js';

export type OutboxChannel = 'event' | 'email' | 'webhook' | 'push';

/** A row to queue: an `event` (expanded by the worker into the in-app notification and deliveries) or one delivery. */
export interface OutboxInsert {
  channel?: OutboxChannel;
  userId: number;
  gameId: string | null;
  kind: string;
  payload: Record<string, unknown>;
  /** At most one row per key is ever queued (e.g. one "time running low" per seat and turn). */
  dedupe?: string;
  /** Not before this time (default: now). */
  nextAt?: number;
}

export interface OutboxRow {
  id: number;
  channel: OutboxChannel;
  userId: number;
  gameId: string | null;
  kind: string;
  payload: Record<string, unknown>;
  /** Attempts including this one. */
  attempts: number;
  claim: string;
  createdAt: number;
}

export interface NotificationRow {
  id: number;
  userId: number;
  kind: string;
  gameId: string | null;
  payload: Record<string, unknown>;
  createdAt: number;
  readAt: number | null;
}

export interface NotifySettingsRow {
  userId: number;
  language: string;
  browser: boolean;
  email: string | null;
  emailOn: boolean;
  /** Whether `email` was verified through the link mailed to it (nothing else is mailed before). */
  emailVerified: boolean;
  webhookUrl: string | null;
  webhookFormat: 'discord' | 'json';
  webhookSecret: string | null;
  webhookFailures: number;
  webhookDisabled: boolean;
}

export type SettingsPatch = Partial<Omit<NotifySettingsRow, 'userId'>>;

export const INSERT_OUTBOX = `INSERT INTO outbox (channel, user_id, game_id, kind, payload, dedupe, created_at, next_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`;
export function outboxParams(r: OutboxInsert, now: number): unknown[] {
  return [r.channel ?? 'event', r.userId, r.gameId, r.kind, JSON.stringify(r.payload), r.dedupe ?? null, now, r.nextAt ?? now];
}

const SETTINGS_COLUMNS: Record<keyof SettingsPatch, string> = {
  language: 'language', browser: 'browser', email: 'email', emailOn: 'email_on', emailVerified: 'email_verified', webhookUrl: 'webhook_url',
  webhookFormat: 'webhook_format', webhookSecret: 'webhook_secret', webhookFailures: 'webhook_failures', webhookDisabled: 'webhook_disabled',
};

const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function outboxFromDb(r: Record<string, unknown>): OutboxRow {
  return {
    id: num(r.id), channel: r.channel as OutboxChannel, userId: num(r.user_id), gameId: (r.game_id as string | null) ?? null, kind: r.kind as string,
    payload: JSON.parse(r.payload as string) as Record<string, unknown>, attempts: num(r.attempts), claim: r.claim as string, createdAt: num(r.created_at),
  };
}

function notificationFromDb(r: Record<string, unknown>): NotificationRow {
  return {
    id: num(r.id), userId: num(r.user_id), kind: r.kind as string, gameId: (r.game_id as string | null) ?? null,
    payload: JSON.parse(r.payload as string) as Record<string, unknown>, createdAt: num(r.created_at), readAt: numOrNull(r.read_at),
  };
}

function settingsFromDb(userId: number, r: Record<string, unknown> | undefined): NotifySettingsRow {
  if (!r) return { userId, language: 'en', browser: false, email: null, emailOn: true, emailVerified: false, webhookUrl: null, webhookFormat: 'json', webhookSecret: null, webhookFailures: 0, webhookDisabled: false };
  return {
    userId, language: r.language as string, browser: num(r.browser) === 1, email: (r.email as string | null) ?? null, emailOn: num(r.email_on) === 1, emailVerified: num(r.email_verified) === 1,
    webhookUrl: (r.webhook_url as string | null) ?? null, webhookFormat: r.webhook_format === 'discord' ? 'discord' : 'json',
    webhookSecret: (r.webhook_secret as string | null) ?? null, webhookFailures: num(r.webhook_failures), webhookDisabled: num(r.webhook_disabled) === 1,
  };
}

const dbValue = (v: unknown): unknown => (typeof v === 'boolean' ? (v ? 1 : 0) : v);

const UNREAD_TURN_DELETE = "DELETE FROM notifications WHERE user_id = ? AND game_id = ? AND kind = 'your-turn' AND read_at IS NULL";

const UPSERT_LIVE = 'INSERT INTO notify_settings (user_id, live_at) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET live_at = excluded.live_at';

/** Notifications' persistence, the same for both dialects. */
export class NotifyStore {
  constructor(private readonly x: SqlRunner, private readonly dialect: 'sqlite' | 'postgres') {}

  /** Queues rows outside a game write (invitations, "time running low"); returns how many were new. */
  async enqueue(rows: OutboxInsert[], now: number): Promise<number> {
    let n = 0;
    for (const r of rows) n += await this.x.run(INSERT_OUTBOX, outboxParams(r, now));
    return n;
  }

  /**
   * Claims up to `limit` due rows for `leaseMs` under `claim` (a token of this worker): one conditional
   * UPDATE, with SKIP LOCKED on PostgreSQL, so two processes never hold one row. A claim whose lease
   * ran out (its process died) is due again.
   */
  async claim(now: number, leaseMs: number, limit: number, claim: string): Promise<OutboxRow[]> {
    const lock = this.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
    const rows = await this.x.all(`UPDATE outbox SET claim = ?, claimed_until = ?, attempts = attempts + 1
      WHERE id IN (SELECT id FROM outbox WHERE done_at IS NULL AND next_at <= ? AND (claimed_until IS NULL OR claimed_until < ?) ORDER BY next_at, id LIMIT ?${lock})
      RETURNING id, channel, user_id, game_id, kind, payload, attempts, claim, created_at`, [claim, now + leaseMs, now, now, limit]);
    return rows.map(outboxFromDb).sort((a, b) => a.id - b.id);
  }

  async complete(id: number, claim: string, now: number): Promise<void> {
    await this.x.run('UPDATE outbox SET done_at = ?, claimed_until = NULL WHERE id = ? AND claim = ? AND done_at IS NULL', [now, id, claim]);
  }

  async retry(id: number, claim: string, nextAt: number, error: string): Promise<void> {
    await this.x.run('UPDATE outbox SET next_at = ?, claimed_until = NULL, last_error = ? WHERE id = ? AND claim = ? AND done_at IS NULL', [nextAt, error.slice(0, 500), id, claim]);
  }

  /** Gives up on a row (kept, marked failed, for the operator). */
  async giveUp(id: number, claim: string, now: number, error: string): Promise<void> {
    await this.x.run('UPDATE outbox SET done_at = ?, failed = 1, claimed_until = NULL, last_error = ? WHERE id = ? AND claim = ? AND done_at IS NULL', [now, error.slice(0, 500), id, claim]);
  }

  /**
   * Turns claimed events into their in-app notifications (same ids) and their deliveries, marks them
   * done and trims each user's list to `keep`: one transaction for the whole batch, so a busy server
   * commits once per drain instead of once per event. An event whose claim was lost (another worker
   * took the row after our lease) is skipped: false at its index. A `silent` event makes no in-app
   * notification (its game is on the user's screen); a "your turn" replaces the unread one of its game.
   */
  async expand(events: { ev: OutboxRow; deliveries: OutboxInsert[]; silent?: boolean }[], now: number, keep: number): Promise<boolean[]> {
    if (events.length === 0) return [];
    const groups: Group[] = events.map(({ ev, deliveries, silent }) => ({
      guard: ['UPDATE outbox SET done_at = ?, claimed_until = NULL WHERE id = ? AND claim = ? AND done_at IS NULL', [now, ev.id, ev.claim]],
      rest: [
        ...(silent ? [] : [
          // "Your turn" is coalesced per game: a new one replaces the unread one before it.
          ...(ev.kind === 'your-turn' && ev.gameId !== null ? [[UNREAD_TURN_DELETE, [ev.userId, ev.gameId]] satisfies Statement] : []),
          ['INSERT INTO notifications (id, user_id, kind, game_id, payload, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
            [ev.id, ev.userId, ev.kind, ev.gameId, JSON.stringify(ev.payload), ev.createdAt]] satisfies Statement,
        ]),
        ...deliveries.map((d): Statement => [INSERT_OUTBOX, outboxParams(d, now)]),
      ],
    }));
    const users = [...new Set(events.map((e) => e.ev.userId))];
    const trims: Group[] = users.map((u) => ({
      rest: [['DELETE FROM notifications WHERE user_id = ? AND id < (SELECT id FROM notifications WHERE user_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)', [u, u, keep - 1]]],
    }));
    return (await this.x.batch([...groups, ...trims])).slice(0, groups.length).map((g) => g.ran);
  }

  /** Marks the user's unread "your turn" of one game read (the game is on their screen); returns how many changed. */
  async readTurn(userId: number, gameId: string, now: number): Promise<number> {
    return this.x.run("UPDATE notifications SET read_at = ? WHERE user_id = ? AND game_id = ? AND kind = 'your-turn' AND read_at IS NULL", [now, userId, gameId]);
  }

  /** Rows not yet done (tests, the operator). */
  async pending(): Promise<number> {
    return num((await this.x.all('SELECT COUNT(*) AS n FROM outbox WHERE done_at IS NULL', []))[0]!.n);
  }

  /** Forgets finished outbox rows older than `before`. */
  async prune(before: number): Promise<void> {
    await this.x.run('DELETE FROM outbox WHERE done_at IS NOT NULL AND done_at < ?', [before]);
  }

  async list(userId: number, limit: number): Promise<NotificationRow[]> {
    return (await this.x.all('SELECT * FROM notifications WHERE user_id = ? ORDER BY id DESC LIMIT ?', [userId, limit])).map(notificationFromDb);
  }

  async unread(userId: number): Promise<number> {
    return num((await this.x.all('SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND read_at IS NULL', [userId]))[0]!.n);
  }

  /** Marks `ids` (null: all) of the user's notifications read; returns how many changed. */
  async markRead(userId: number, ids: number[] | null, now: number): Promise<number> {
    if (ids === null) return this.x.run('UPDATE notifications SET read_at = ? WHERE user_id = ? AND read_at IS NULL', [now, userId]);
    let n = 0;
    for (const id of ids) n += await this.x.run('UPDATE notifications SET read_at = ? WHERE user_id = ? AND id = ? AND read_at IS NULL', [now, userId, id]);
    return n;
  }

  /** Notifications of `userIds` with an id above `afterId` (sockets of this process, when another made them). */
  async after(userIds: number[], afterId: number): Promise<NotificationRow[]> {
    if (userIds.length === 0) return [];
    const marks = userIds.map(() => '?').join(', ');
    return (await this.x.all(`SELECT * FROM notifications WHERE id > ? AND user_id IN (${marks}) ORDER BY id LIMIT 500`, [afterId, ...userIds])).map(notificationFromDb);
  }

  async maxNotificationId(): Promise<number> {
    return num((await this.x.all('SELECT COALESCE(MAX(id), 0) AS n FROM notifications', []))[0]!.n);
  }

  async settings(userId: number): Promise<NotifySettingsRow> {
    return settingsFromDb(userId, (await this.x.all('SELECT * FROM notify_settings WHERE user_id = ?', [userId]))[0]);
  }

  /** The settings of several users in one query (defaults for those who never saved any). */
  async settingsOf(userIds: number[]): Promise<Map<number, NotifySettingsRow>> {
    const ids = [...new Set(userIds)];
    const out = new Map<number, NotifySettingsRow>();
    if (ids.length === 0) return out;
    const rows = await this.x.all(`SELECT * FROM notify_settings WHERE user_id IN (${ids.map(() => '?').join(', ')})`, ids);
    const byId = new Map(rows.map((r) => [num(r.user_id), r]));
    for (const id of ids) out.set(id, settingsFromDb(id, byId.get(id)));
    return out;
  }

  async putSettings(userId: number, patch: SettingsPatch): Promise<NotifySettingsRow> {
    await this.x.run('INSERT INTO notify_settings (user_id) VALUES (?) ON CONFLICT DO NOTHING', [userId]);
    const keys = (Object.keys(patch) as (keyof SettingsPatch)[]).filter((k) => patch[k] !== undefined);
    if (keys.length > 0) {
      await this.x.run(`UPDATE notify_settings SET ${keys.map((k) => `${SETTINGS_COLUMNS[k]} = ?`).join(', ')} WHERE user_id = ?`, [...keys.map((k) => dbValue(patch[k])), userId]);
    }
    return this.settings(userId);
  }

  /** Counts a webhook call; after `maxFailures` failures in a row the webhook is disabled. Returns whether it is now disabled. */
  async webhookResult(userId: number, ok: boolean, maxFailures: number): Promise<boolean> {
    if (ok) {
      await this.x.run('UPDATE notify_settings SET webhook_failures = 0 WHERE user_id = ?', [userId]);
      return false;
    }
    const r = await this.x.all(`UPDATE notify_settings SET webhook_failures = webhook_failures + 1,
      webhook_disabled = CASE WHEN webhook_failures + 1 >= ? THEN 1 ELSE webhook_disabled END WHERE user_id = ? RETURNING webhook_disabled`, [maxFailures, userId]);
    return r.length > 0 && num(r[0]!.webhook_disabled) === 1;
  }

  /** Takes the user's mail slot for a game unless a mail for it went out within `windowMs`. */
  /**
   * Takes the once-per-window mail slot of (user, game) for outbox row `rowId`: when it is free, its window
   * has passed, or it is already this row's (a retry of a send that a crash interrupted).
   */
  async reserveMail(userId: number, gameId: string, now: number, windowMs: number, rowId: number): Promise<boolean> {
    const n = await this.x.run(`INSERT INTO mail_sent (user_id, game_id, sent_at, outbox_id) VALUES (?, ?, ?, ?)
      ON CONFLICT (user_id, game_id) DO UPDATE SET sent_at = excluded.sent_at, outbox_id = excluded.outbox_id
      WHERE mail_sent.sent_at <= ? OR mail_sent.outbox_id = ?`, [userId, gameId, now, rowId, now - windowMs, rowId]);
    return n > 0;
  }

  /** Gives the slot back after a failed send (only if it is still this row's). */
  async releaseMail(userId: number, gameId: string, rowId: number): Promise<void> {
    await this.x.run('DELETE FROM mail_sent WHERE user_id = ? AND game_id = ? AND outbox_id = ?', [userId, gameId, rowId]);
  }

  /** A secret shared by every process on this database, made once. */
  async secret(name: string, make: () => string): Promise<string> {
    await this.x.run('INSERT INTO server_secrets (name, value) VALUES (?, ?) ON CONFLICT DO NOTHING', [name, make()]);
    return (await this.x.all('SELECT value FROM server_secrets WHERE name = ?', [name]))[0]!.value as string;
  }

  /**
   * Records that users have a socket open (`at`), or had until now (null): one transaction (the heartbeat
   * sends a few hundred users at a time; as single statements 2,000 users held the event loop for ~100 ms).
   */
  async setLive(userIds: number[], at: number | null): Promise<void> {
    if (userIds.length > 0) await this.x.batch([{ rest: userIds.map((id): Statement => [UPSERT_LIVE, [id, at]]) }]);
  }

  /** When a process last saw a socket of the user open (null: closed). */
  async liveAt(userId: number): Promise<number | null> {
    const r = (await this.x.all('SELECT live_at FROM notify_settings WHERE user_id = ?', [userId]))[0];
    return r ? numOrNull(r.live_at) : null;
  }

  async userName(userId: number): Promise<string | null> {
    const r = (await this.x.all('SELECT name FROM users WHERE id = ?', [userId]))[0];
    return r ? (r.name as string) : null;
  }
}
