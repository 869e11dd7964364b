import { ApiError } from './errors.js';
import type { Counters } from '../throttle.js';

/**
 * The per-minute action budget: moves, undos and the other game messages, over HTTP and over every
 * socket, count together under one key per account (signed out: per address), in the shared counters
 * (Redis when there is one, so every process counts together).
 */
export class ActionLimit {
  constructor(private readonly counters: Counters, private readonly perMinute: number | false, private readonly now: () => number = Date.now) {}

  /** Counts one action of `who` (actionKey); throws 429 past the budget. */
  async take(who: string): Promise<void> {
    if (this.perMinute === false) return;
    const minute = Math.floor(this.now() / 60_000);
    const n = await this.counters.incr(`act:${who}:${minute}`, 120_000);
    if (n > this.perMinute) throw new ApiError(429, 'rate-limited', `Too many actions: at most ${this.perMinute} a minute, retry in a minute.`);
  }
}

/** Whose budget an action counts against. */
export function actionKey(userId: number | null, address: string): string {
  return userId !== null ? `u:${userId}` : `ip:${address}`;
}
