/**
 * Counters with expiry for limits that the route-level rate limiter cannot express (two keys per
 * request, counts of failures only, waits that grow): in Redis when there is one (every process
 * counts together), else in this process.
 */
import type { Redis } from 'ioredis';

export interface Counters {
  /** Adds one to `key` (created with a lifetime of `ttlMs`); the new count. */
  incr(key: string, ttlMs: number): Promise<number>;
  get(key: string): Promise<number | null>;
  set(key: string, value: number, ttlMs: number): Promise<void>;
  del(...keys: string[]): Promise<void>;
}

export class MemoryCounters implements Counters {
  private readonly m = new Map<string, { v: number; until: number }>();
  constructor(private readonly now: () => number = Date.now) {}

  private live(key: string): { v: number; until: number } | undefined {
    const e = this.m.get(key);
    if (e && e.until <= this.now()) { this.m.delete(key); return undefined; }
    return e;
  }

  private sweep(): void {
    if (this.m.size < 50_000) return;
    const now = this.now();
    for (const [k, e] of this.m) if (e.until <= now) this.m.delete(k);
  }

  incr(key: string, ttlMs: number): Promise<number> {
    this.sweep();
    const e = this.live(key);
    if (e) return Promise.resolve(++e.v);
    this.m.set(key, { v: 1, until: this.now() + ttlMs });
    return Promise.resolve(1);
  }

  get(key: string): Promise<number | null> {
    return Promise.resolve(this.live(key)?.v ?? null);
  }

  set(key: string, value: number, ttlMs: number): Promise<void> {
    this.sweep();
    this.m.set(key, { v: value, until: this.now() + ttlMs });
    return Promise.resolve();
  }

  del(...keys: string[]): Promise<void> {
    for (const k of keys) this.m.delete(k);
    return Promise.resolve();
  }
}

/** Redis counters; if Redis fails, the in-process ones answer instead (a limit per process beats none). */
export class RedisCounters implements Counters {
  private readonly local = new MemoryCounters();
  constructor(private readonly redis: Redis, private readonly prefix = 'tabula:th:') {}

  async incr(key: string, ttlMs: number): Promise<number> {
    try {
      const k = this.prefix + key;
      const res = (await this.redis.multi().incr(k).pexpire(k, ttlMs, 'NX').exec()) as [Error | null, number][] | null;
      if (res && !res[0]![0]) return Number(res[0]![1]);
    } catch { /* fall through */ }
    return this.local.incr(key, ttlMs);
  }

  async get(key: string): Promise<number | null> {
    try {
      const v = await this.redis.get(this.prefix + key);
      return v === null ? null : Number(v);
    } catch {
      return this.local.get(key);
    }
  }

  async set(key: string, value: number, ttlMs: number): Promise<void> {
    try {
      await this.redis.set(this.prefix + key, String(value), 'PX', ttlMs);
    } catch {
      await this.local.set(key, value, ttlMs);
    }
  }

  async del(...keys: string[]): Promise<void> {
    try {
      await this.redis.del(...keys.map((k) => this.prefix + k));
    } catch { /* expire on their own */ }
    await this.local.del(...keys);
  }
}
