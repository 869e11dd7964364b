import { BeatStore, type SqlRunner } from '../store/index.js';
import { KEEP_MS, type Outages } from './outages.js';

/** How often each process records that it runs. */
export const BEAT_MS = 1000;
/** A start this long after the last beat of any process means no process ran in between. */
export const DOWN_AFTER_MS = 3 * BEAT_MS;

/**
 * The spans when no server process ran (a crash, a restart, a stop), so nobody could act: clocks are not
 * charged for them. Every process beats once a second into the store; a process that starts more than
 * DOWN_AFTER_MS after the last beat records the span from that beat to its start. Every process credits the
 * recorded spans through `Outages` (one credit for store outages and downtime).
 */
export class Downtime {
  private readonly beats: BeatStore;

  constructor(sql: SqlRunner, private readonly outages: Outages, private readonly now: () => number) {
    this.beats = new BeatStore(sql);
  }

  /** At start, before any clock is read: records the span since the last beat if nobody beat since, and loads the spans. */
  async start(): Promise<void> {
    const now = this.now();
    const last = await this.beats.lastBeat();
    if (last !== null && now - last > DOWN_AFTER_MS) await this.beats.addDowntime(last, now);
    await this.beat();
  }

  /** Records that this process runs, and learns spans another process recorded. */
  async beat(): Promise<void> {
    const now = this.now();
    await this.beats.beat(now);
    for (const [s, e] of await this.beats.downtimes(now - KEEP_MS)) this.outages.known(s, e);
  }
}
