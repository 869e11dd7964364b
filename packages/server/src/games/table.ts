import type { AnyGame, LogEntry, SetupOptions } from '@tabula/engine';
import { getGame } from '@tabula/games';
import { conflict, notFound } from '../http/errors.js';
import type { GameRow, Store } from '../store/index.js';
import { ReplayCache, replayGame, type ReplayedGame } from './replay-cache.js';
import { SNAPSHOT_EVERY, Snapshots } from './snapshots.js';

export interface TableOptions {
  store: Store;
  /** Replayed games kept in memory (LRU). */
  cacheSize?: number;
  now?: () => number;
  /** Where unexpected engine failures are reported. */
  warn?: (obj: object, msg: string) => void;
  /** Actions between two stored snapshots of a game (default SNAPSHOT_EVERY; false: none written or read). */
  snapshotEvery?: number | false;
}

export function setupOptionsOfRow(row: GameRow): SetupOptions {
  const o: SetupOptions = { seed: row.seed, scenario: row.scenario };
  if (row.players !== null) o.players = row.players;
  if (row.variants !== null) o.variants = row.variants;
  return o;
}

/**
 * The games' rows and their replayed states: loads a row, replays its log (from a stored snapshot when
 * one fits) into a small cache, catches a cached game up with new log entries, and serialises the
 * writes to one game within this process.
 */
export class GameTable {
  readonly store: Store;
  /** Stored snapshots of long games (snapshots.ts). */
  readonly snapshots: Snapshots;
  readonly cache: ReplayCache;
  private readonly warn: (obj: object, msg: string) => void;
  private readonly locks = new Map<string, Promise<unknown>>();
  /** Replays from the store in progress, by game, epoch and log length (see `load`). */
  private readonly loads = new Map<string, Promise<ReplayedGame | null>>();

  constructor(opts: TableOptions) {
    this.store = opts.store;
    this.warn = opts.warn ?? (() => undefined);
    this.cache = new ReplayCache(opts.cacheSize ?? 2000);
    this.snapshots = new Snapshots(this.store.snapshots, opts.snapshotEvery ?? SNAPSHOT_EVERY, this.warn, opts.now ?? Date.now);
  }

  /** Serialises writes to one game within this process (other processes are held off by the store's version check). */
  async withLock<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.locks.get(id) ?? Promise.resolve();
    const run = prev.then(fn, fn);
    const tail = run.catch(() => undefined);
    this.locks.set(id, tail);
    try {
      return await run;
    } finally {
      if (this.locks.get(id) === tail) this.locks.delete(id);
    }
  }

  async loadRow(id: string): Promise<GameRow> {
    const row = await this.store.getGame(id);
    if (!row) throw notFound('game-not-found', `No game "${id}".`);
    return row;
  }

  gameOf(row: GameRow): AnyGame {
    const game = getGame(row.game);
    if (!game) throw conflict('game-unavailable', `The game "${row.game}" is not installed on this server.`);
    return game;
  }

  /** The replayed game matching `row` (from the cache, extended by new log entries, or replayed from scratch). */
  async sync(row: GameRow): Promise<ReplayedGame> {
    return (await this.syncRow(row)).rg;
  }

  /** The row and replayed game, current. */
  async current(id: string): Promise<{ row: GameRow; rg: ReplayedGame }> {
    return this.syncRow(await this.loadRow(id));
  }

  /**
   * The replayed game of `row`'s game and the row it matches: `row` itself, or a newer row read again
   * when the game moved on while its log was read. Never changes the caller's row.
   */
  async syncRow(start: GameRow): Promise<{ row: GameRow; rg: ReplayedGame }> {
    const game = this.gameOf(start);
    let row = start;
    for (let attempt = 0; ; attempt++) {
      const rg = this.cache.get(row.id);
      if (rg && rg.epoch === row.epoch && rg.length <= row.logLength) {
        if (rg.length === row.logLength) return { row, rg };
        const from = rg.length;
        const more = await this.store.readLog(row.id, from);
        if (this.cache.get(row.id) === rg && rg.length === from && from + more.length === row.logLength) {
          this.replayInto(rg, more);
          return { row, rg };
        }
      } else {
        const fresh = await this.load(game, row, attempt >= 3);
        // (A shared load may have been played on by the time this caller resumes.)
        if (fresh && (attempt >= 3 || (fresh.length === row.logLength && fresh.epoch === row.epoch))) return { row, rg: fresh };
      }
      // The game moved on while we read: read its row again.
      row = await this.loadRow(row.id);
    }
  }

  /**
   * Reads and replays `row`'s game into the cache (null: its log no longer has `row`'s length, unless
   * `anyway`). Concurrent loads of the same row (a socket's first push and its first action) share one.
   */
  private load(game: AnyGame, row: GameRow, anyway: boolean): Promise<ReplayedGame | null> {
    const key = `${row.id}\u0000${row.epoch}\u0000${row.logLength}\u0000${anyway}`;
    let p = this.loads.get(key);
    if (!p) {
      p = (async () => {
        const [all, snaps] = await Promise.all([this.store.readLog(row.id, 0), this.snapshots.read(row.id, row.logLength)]);
        if (all.length !== row.logLength && !anyway) return null;
        const fresh = this.replayStored(game, row, all, snaps);
        fresh.epoch = row.epoch;
        this.cache.set(row.id, fresh);
        return fresh;
      })();
      this.loads.set(key, p);
      const done = (): void => { this.loads.delete(key); };
      p.then(done, done);
    }
    return p;
  }

  /** `row`'s game replayed from `actions` (its whole log), from the newest usable stored snapshot when there is one. */
  replayStored(game: AnyGame, row: GameRow, actions: readonly LogEntry[], snaps: Awaited<ReturnType<Snapshots['read']>>): ReplayedGame {
    const setup = setupOptionsOfRow(row), viewers = row.seats.map((s) => s.role);
    const resumed = this.snapshots.resume(row.id, game, setup, viewers, actions, snaps);
    if (resumed) return resumed;
    let rg: ReplayedGame;
    try {
      rg = replayGame(game, setup, viewers, actions);
    } catch (e) {
      this.warn({ err: e, gameId: row.id }, 'stored log no longer replays');
      throw conflict('replay-failed', `The stored log of this game no longer replays: ${e instanceof Error ? e.message : String(e)}`);
    }
    // A long game replayed in full (no snapshot yet, or none of this engine version): store one now.
    this.snapshots.forget(row.id);
    setImmediate(() => this.snapshots.after(row.id, rg));
    return rg;
  }

  private replayInto(rg: ReplayedGame, entries: LogEntry[]): void {
    try {
      for (const e of entries) rg.push(e);
    } catch (e) {
      throw conflict('replay-failed', `The stored log of this game no longer replays: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}
