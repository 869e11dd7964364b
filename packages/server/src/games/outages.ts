import type { Store } from '../store/index.js';
import { isStoreOutage } from '../http/error-handler.js';
import type { Credit } from './clock.js';

/** Spans kept: the clocks settle at least at every write, so older spans no longer matter. */
export const KEEP_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * The periods during which the server could not accept actions, so nobody could act: clocks are not charged
 * for them (`credit`, the one definition). Two kinds: this process could not reach its store (an outage starts
 * at the first store call that fails as unreachable and ends at the next one that succeeds), and no process
 * ran at all (`known`: spans recorded in the store, games/downtime.ts). Overlapping spans count once.
 */
export class Outages {
  private spans: [number, number][] = [];
  private openSince: number | null = null;
  /** Spans when no process ran, by start. */
  private readonly down = new Map<number, number>();

  constructor(private readonly now: () => number = Date.now) {}

  failed(): void {
    this.openSince ??= this.now();
  }

  succeeded(): void {
    if (this.openSince === null) return;
    const end = this.now();
    this.spans.push([this.openSince, end]);
    this.openSince = null;
    this.spans = this.spans.filter(([, e]) => e > end - KEEP_MS);
  }

  /** A span when no server process ran (recorded in the store). */
  known(start: number, end: number): void {
    this.down.set(start, Math.max(end, this.down.get(start) ?? end));
    const old = this.now() - KEEP_MS;
    for (const [s, e] of this.down) if (e < old) this.down.delete(s);
  }

  /** How much of [from, to] falls in any span (their union). */
  readonly credit: Credit = (from, to) => {
    const spans: [number, number][] = [...this.spans, ...this.down];
    if (this.openSince !== null) spans.push([this.openSince, to]);
    const cut = spans.map(([s, e]): [number, number] => [Math.max(s, from), Math.min(e, to)]).filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0]);
    let ms = 0, end = -Infinity;
    for (const [s, e] of cut) {
      if (e <= end) continue;
      ms += e - Math.max(s, end);
      end = e;
    }
    return ms;
  };

  /** `store` with every call watched: an unreachable store starts an outage, an answer ends it. */
  watch(store: Store): Store {
    const failed = (): void => this.failed();
    const succeeded = (): void => this.succeeded();
    return new Proxy(store, {
      get(target, key, receiver) {
        const v = Reflect.get(target, key, receiver) as unknown;
        if (typeof v !== 'function' || key === 'close') return v;
        return function watched(this: unknown, ...args: unknown[]): unknown {
          const out = (v as (...a: unknown[]) => unknown).apply(target, args);
          if (out instanceof Promise) {
            out.then(succeeded, (e: unknown) => { if (isStoreOutage(e)) failed(); });
          }
          return out;
        };
      },
    });
  }
}
