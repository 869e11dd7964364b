import type { Store } from '../store/index.js';
import { isStoreOutage } from '../http/error-handler.js';
import type { Credit } from './clock.js';

/** Spans kept: the clocks settle at least at every write, so older spans no longer matter. */
const KEEP_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * The periods during which this process could not reach its store, so nobody could act through it: clocks
 * are not charged for them (`credit`). An outage starts at the first store call that fails as unreachable
 * and ends at the next one that succeeds.
 */
export class Outages {
  private spans: [number, number][] = [];
  private openSince: number | null = null;

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

  readonly credit: Credit = (from, to) => {
    let ms = 0;
    const spans = this.openSince === null ? this.spans : [...this.spans, [this.openSince, to] as [number, number]];
    for (const [s, e] of spans) ms += Math.max(0, Math.min(e, to) - Math.max(s, from));
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
