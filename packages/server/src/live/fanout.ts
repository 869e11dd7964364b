import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** Sessions that ended: one token (by its hash) or every token of an account. */
export type SignOut = { tokenHash: string } | { userId: number };

/** Tells every server process that a game changed; each pushes fresh views to its own sockets. */
export interface Fanout {
  publish(gameId: string, version: number): void;
  /** Tells the other processes to close the sockets of ended sessions. */
  publishSignOut(what: SignOut): void;
  subscribeSignOut(handler: (what: SignOut) => void): void;
  /** The shared Redis connection, when there is one (rate limits count across processes with it). */
  readonly redis?: Redis;
  /** `handler` runs for changes made by other processes (local changes are delivered directly). */
  subscribe(handler: (gameId: string, version: number) => void): void;
  /** `handler` runs when the channel comes back after an outage (messages of the outage are lost: resync). */
  onReconnect(handler: () => void): void;
  close(): Promise<void>;
}

/** Commands on the shared connection (rate limits, publishing) fail after this long instead of waiting for Redis. */
export const REDIS_COMMAND_TIMEOUT_MS = 250;

/** One process: nothing to forward. */
export class LocalFanout implements Fanout {
  publish(): void { /* local listeners are called directly */ }
  subscribe(): void { /* no other processes */ }
  onReconnect(): void { /* never disconnects */ }
  publishSignOut(): void { /* local sockets are closed directly */ }
  subscribeSignOut(): void { /* no other processes */ }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

const CHANNEL = 'tabula:games';

/** Several processes: Redis pub/sub on one channel; messages carry the sender's id so it ignores its own. */
export class RedisFanout implements Fanout {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly origin = randomBytes(8).toString('hex');
  private handler: ((gameId: string, version: number) => void) | null = null;
  private reconnected: (() => void) | null = null;
  private signOutHandler: ((what: SignOut) => void) | null = null;

  private constructor(pub: Redis, sub: Redis) {
    this.pub = pub;
    this.sub = sub;
    // 'ready' comes again after every reconnect (ioredis re-subscribes by itself).
    let lost = false;
    this.sub.on('close', () => { lost = true; });
    this.sub.on('ready', () => {
      if (!lost) return;
      lost = false;
      this.reconnected?.();
    });
    this.sub.on('message', (_channel: string, message: string) => {
      try {
        const m = JSON.parse(message) as { o: string; g?: string; v?: number; s?: SignOut };
        if (m.o === this.origin) return;
        if (typeof m.g === 'string') this.handler?.(m.g, Number(m.v));
        else if (m.s && typeof m.s === 'object') this.signOutHandler?.(m.s);
      } catch {
        // ignore foreign messages
      }
    });
  }

  static async open(url: string, onError: (e: Error) => void = () => undefined): Promise<RedisFanout> {
    // No offline queue and a command timeout: while Redis is down, rate limits and fan-out fail at once
    // (limits then count in this process, fan-out is resynced on reconnect) and never hold up a move.
    const pub = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: REDIS_COMMAND_TIMEOUT_MS });
    const sub = new Redis(url, { lazyConnect: true });
    pub.on('error', onError);
    sub.on('error', onError);
    await pub.connect();
    await sub.connect();
    await sub.subscribe(CHANNEL);
    return new RedisFanout(pub, sub);
  }

  /** The publishing connection, also used for commands (the subscriber one cannot run them). */
  get redis(): Redis {
    return this.pub;
  }

  publish(gameId: string, version: number): void {
    this.pub.publish(CHANNEL, JSON.stringify({ o: this.origin, g: gameId, v: version })).catch(() => undefined);
  }

  subscribe(handler: (gameId: string, version: number) => void): void {
    this.handler = handler;
  }

  onReconnect(handler: () => void): void {
    this.reconnected = handler;
  }

  publishSignOut(what: SignOut): void {
    this.pub.publish(CHANNEL, JSON.stringify({ o: this.origin, s: what })).catch(() => undefined);
  }

  subscribeSignOut(handler: (what: SignOut) => void): void {
    this.signOutHandler = handler;
  }

  async close(): Promise<void> {
    this.pub.disconnect();
    this.sub.disconnect();
    return Promise.resolve();
  }
}
