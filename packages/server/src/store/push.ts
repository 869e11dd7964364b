/** Web Push subscriptions (one per device) of the push_subscriptions table; run by the store's `SqlRunner`. */
import type { SqlRunner } from './sql.js';

export interface PushSubscriptionRow {
  id: string;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
  createdAt: number;
}

function fromDb(r: Record<string, unknown>): PushSubscriptionRow {
  return {
    id: r.id as string, userId: Number(r.user_id), endpoint: r.endpoint as string, p256dh: r.p256dh as string, auth: r.auth as string,
    label: r.label as string, createdAt: Number(r.created_at),
  };
}

export class PushStore {
  constructor(private readonly x: SqlRunner) {}

  /**
   * Adds a device, or renews it when its endpoint is known (then it belongs to `userId` from now on, under its
   * old id). Refused (null) when the account has `max` other devices already.
   */
  async add(s: Omit<PushSubscriptionRow, 'createdAt'>, now: number, max: number): Promise<PushSubscriptionRow | null> {
    const existing = (await this.x.all('SELECT * FROM push_subscriptions WHERE endpoint = ?', [s.endpoint])).map(fromDb)[0];
    const others = Number((await this.x.all('SELECT COUNT(*) AS n FROM push_subscriptions WHERE user_id = ? AND endpoint <> ?', [s.userId, s.endpoint]))[0]!.n);
    if (others >= max) return null;
    if (existing) {
      await this.x.run('UPDATE push_subscriptions SET user_id = ?, p256dh = ?, auth = ?, label = ? WHERE id = ?', [s.userId, s.p256dh, s.auth, s.label, existing.id]);
      return { ...s, id: existing.id, createdAt: existing.createdAt };
    }
    await this.x.run('INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, label, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [s.id, s.userId, s.endpoint, s.p256dh, s.auth, s.label, now]);
    return { ...s, createdAt: now };
  }

  async list(userId: number): Promise<PushSubscriptionRow[]> {
    return (await this.x.all('SELECT * FROM push_subscriptions WHERE user_id = ? ORDER BY created_at, id', [userId])).map(fromDb);
  }

  /** The devices of each of `userIds` (the notifier: one delivery per device). */
  async ofUsers(userIds: number[]): Promise<PushSubscriptionRow[]> {
    if (userIds.length === 0) return [];
    return (await this.x.all(`SELECT * FROM push_subscriptions WHERE user_id IN (${userIds.map(() => '?').join(', ')}) ORDER BY id`, userIds)).map(fromDb);
  }

  async get(id: string): Promise<PushSubscriptionRow | null> {
    return (await this.x.all('SELECT * FROM push_subscriptions WHERE id = ?', [id])).map(fromDb)[0] ?? null;
  }

  /** Removes one of the user's devices; false when it is not theirs (or gone). */
  async remove(userId: number, id: string): Promise<boolean> {
    return (await this.x.run('DELETE FROM push_subscriptions WHERE id = ? AND user_id = ?', [id, userId])) > 0;
  }

  /** Removes a device whatever its account (the push service said it is gone: 404 or 410). */
  async expire(id: string): Promise<void> {
    await this.x.run('DELETE FROM push_subscriptions WHERE id = ?', [id]);
  }
}
