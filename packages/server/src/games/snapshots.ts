/**
 * Stored snapshots of replayed games (issue 20): every `every` actions a game's replayed state and log
 * lines are written next to its log, off the action's path, so loading a long game replays only the
 * actions after its newest usable snapshot. A snapshot is derived data, used only when it was made by
 * the same engine version and its log prefix hashes to what was hashed when it was made; else it is
 * ignored (and the next write replaces it). The log stays the truth.
 */
import { createHash } from 'node:crypto';
import { deflate, inflateSync } from 'node:zlib';
import { promisify } from 'node:util';
import { ReplayedGame, SPECTATOR, type AnyGame, type LogEntry, type ReplayCheckpoint, type Role, type SetupOptions } from '@tabula/engine';
import type { SnapshotRow, SnapshotStore } from '../store/index.js';

const deflateAsync = promisify(deflate);

/** Actions between two snapshots of a game. */
export const SNAPSHOT_EVERY = 100;
/** Snapshots kept per game (the newest). */
const KEEP = 2;
/** Of the stored payload (JSON of {state, lines}, deflated): part of every snapshot's version. */
const FORMAT = 3;

/**
 * The stored lines (each action's as the JSON string the replayed game keeps): the spectator's in full;
 * a role's action by action, 0 where it read what the spectator read (most actions: so the payload is
 * not one copy per viewer).
 */
type StoredLines = Record<string, (string | 0)[]>;

function packLines(lines: ReplayCheckpoint['lines']): StoredLines {
  const spect = lines[SPECTATOR] ?? [];
  const out: StoredLines = {};
  for (const [k, per] of Object.entries(lines)) out[k] = k === SPECTATOR ? per : per.map((l, i) => (l === spect[i] ? 0 : l));
  return out;
}

function unpackLines(stored: StoredLines): ReplayCheckpoint['lines'] {
  const spect = (stored[SPECTATOR] ?? []) as string[];
  const out: ReplayCheckpoint['lines'] = {};
  for (const [k, per] of Object.entries(stored)) out[k] = k === SPECTATOR ? spect : per.map((l, i) => (l === 0 ? spect[i]! : l));
  return out;
}

/** The version a snapshot of `game` is stored under; null: the game has no engine version, so no snapshots. */
export function snapshotVersion(game: AnyGame): string | null {
  return game.version === undefined ? null : `${FORMAT}:${game.id}@${game.version}`;
}

/** Hash of the game's setup and its first `n` logged actions: what a snapshot after them is checked against. */
export function prefixHash(setup: SetupOptions, actions: readonly LogEntry[], n: number): string {
  const h = createHash('sha256');
  h.update(JSON.stringify([setup.seed, setup.scenario, setup.players ?? null, setup.variants ?? null]));
  for (let i = 0; i < n; i++) h.update('\n').update(JSON.stringify(actions[i]));
  return h.digest('base64url');
}

/** A stored snapshot's payload as a checkpoint (tests, tools). */
export function decodeSnapshot(seq: number, data: Uint8Array): ReplayCheckpoint {
  const { state, lines } = JSON.parse(inflateSync(data).toString('utf8')) as { state: unknown; lines: StoredLines };
  return { length: seq, state, lines: unpackLines(lines) };
}

export interface SnapshotStats { written: number; resumed: number; ignored: number; failed: number }

export class Snapshots {
  /** Per game, the log length of the newest snapshot written or used here (absent: not known). */
  private readonly newest = new Map<string, number>();
  private readonly queue: (() => Promise<void>)[] = [];
  private running: Promise<void> | null = null;
  readonly stats: SnapshotStats = { written: 0, resumed: 0, ignored: 0, failed: 0 };

  constructor(private readonly stored: SnapshotStore, private readonly every: number | false = SNAPSHOT_EVERY, private readonly warn: (obj: object, msg: string) => void = () => undefined, private readonly now: () => number = Date.now) {}

  /** The stored snapshots of a game at or before `upTo` actions, newest first (read in parallel with its log). */
  async read(gameId: string, upTo: number): Promise<SnapshotRow[]> {
    if (this.every === false) return [];
    try {
      return await this.stored.read(gameId, upTo, KEEP);
    } catch (e) {
      this.warn({ err: e, gameId }, 'snapshots unreadable');
      return [];
    }
  }

  /**
   * The game replayed from the newest of `rows` that belongs to this engine and this log, else null
   * (replay from the start). `actions` is the whole log.
   */
  resume(gameId: string, game: AnyGame, setup: SetupOptions, viewers: Role[], actions: readonly LogEntry[], rows: readonly SnapshotRow[]): ReplayedGame | null {
    const version = snapshotVersion(game);
    for (const r of rows) {
      const seq = r.seq;
      if (version === null || r.engineVersion !== version || seq > actions.length || r.prefixHash !== prefixHash(setup, actions, seq)) {
        this.stats.ignored++;
        continue;
      }
      let rg: ReplayedGame;
      try {
        rg = ReplayedGame.resume(game, setup, viewers, actions, decodeSnapshot(seq, r.data));
      } catch (e) {
        // A damaged snapshot, or the log after it no longer replays: the full replay decides.
        this.warn({ err: e, gameId, seq }, 'snapshot ignored');
        this.stats.ignored++;
        continue;
      }
      this.stats.resumed++;
      this.newest.set(gameId, Math.max(seq, this.newest.get(gameId) ?? 0));
      return rg;
    }
    return null;
  }

  /**
   * Called after an action was acknowledged: when `rg` has moved `every` actions past the game's newest
   * snapshot, takes its checkpoint now (synchronously, so it matches `rg`'s log: a few array copies) and
   * queues the rest (hashing, serialising, deflating, writing).
   */
  after(gameId: string, rg: ReplayedGame): void {
    if (this.every === false) return;
    const version = snapshotVersion(rg.game);
    if (version === null) return;
    const last = this.newest.get(gameId) ?? 0;
    if (rg.length - last < this.every) return;
    const cp = rg.checkpoint();
    if (cp.length - last < this.every) return;
    this.newest.set(gameId, cp.length);
    const prefix = rg.actions.slice(0, cp.length), setup = rg.options;
    this.enqueue(async () => {
      try {
        const hash = prefixHash(setup, prefix, prefix.length);
        const data = await deflateAsync(JSON.stringify({ state: cp.state, lines: packLines(cp.lines) }), { level: 1 });
        await this.stored.write(gameId, { seq: cp.length, engineVersion: version, prefixHash: hash, data }, this.now(), KEEP);
        this.stats.written++;
      } catch (e) {
        this.stats.failed++;
        this.newest.delete(gameId);
        this.warn({ err: e, gameId }, 'snapshot not written');
      }
    });
  }

  /** Forgets what this process knows of a game's snapshots (its game was replayed another way). */
  forget(gameId: string): void {
    this.newest.delete(gameId);
  }

  /** Resolves when every write queued so far (and every check scheduled after an action) is done (tests, shutdown). */
  async idle(): Promise<void> {
    await new Promise((r) => setImmediate(r));
    while (this.running) await this.running;
  }

  /** One write at a time, each after the current I/O: snapshots never compete with actions for long. */
  private enqueue(job: () => Promise<void>): void {
    this.queue.push(job);
    if (this.running) return;
    this.running = (async () => {
      for (let j = this.queue.shift(); j; j = this.queue.shift()) {
        await new Promise((r) => setImmediate(r));
        await j();
      }
      this.running = null;
    })();
  }
}
