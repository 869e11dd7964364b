import * as S from '@tabula/protocol';
import { ANALYSIS_MAX_ITERATIONS, ANALYSIS_TIME_MS, WorkerClient, analysisIterations, type GameAnalysis } from '@tabula/bots';
import { openBotWorker } from '../workers/thread.js';
import { ApiError, conflict, notFound } from '../http/errors.js';
import type { Games } from '../games/index.js';

export interface AnalysisRunnerOptions {
  /** Analyse in a worker thread of its own (default), or on the main thread (0: tests). */
  threads?: 0 | 1;
  /** Modules the worker imports first (to register extra games), as for the bot workers. */
  modules?: string[];
  /** A fixed iteration budget per decision instead of the time budget (tests: reproducible and quick). */
  iterations?: number;
  /** The time budget per decision in ms (default ANALYSIS_TIME_MS; ignored with `iterations`). */
  timeMs?: number;
  /** How long a claim on a running analysis lasts without progress before another run picks it up (default 60 s). */
  leaseMs?: number;
  /** How often queued and abandoned analyses are looked for (default 5 s; false: only when one is requested). */
  pollMs?: number | false;
  warn?: (obj: object, msg: string) => void;
}

/** Progress is written at most this often (and it renews the lease). */
const PROGRESS_WRITE_MS = 1000;

/**
 * Post-game analyses (issue 21), off the request path: POST queues a row in `analyses`, one run at a
 * time per process claims the oldest queued (or abandoned: lease expired) row, replays the game in a
 * worker thread running the bots' analysis (workers/bot-worker.ts) and stores the result. A restart leaves
 * queued rows queued and running rows with a lease that runs out, so the next poll picks them up again.
 * Each decision is searched for a time budget (ANALYSIS_TIME_MS) on that thread, so the request path never
 * waits for it; the search is seeded by the game id (with a fixed iteration budget, as in tests, the same
 * game gives the same analysis).
 */
export class AnalysisRunner {
  private readonly worker: WorkerClient;
  private busy = false;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly leaseMs: number;
  private readonly warn: (obj: object, msg: string) => void;

  constructor(private readonly games: Games, private readonly opts: AnalysisRunnerOptions = {}) {
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.warn = opts.warn ?? (() => undefined);
    // A worker thread of its own, so bot seats keep moving while a game is analysed.
    this.worker = new WorkerClient(openBotWorker(opts.modules ?? [], opts.threads ?? 1, this.warn));
  }

  private get stored() {
    return this.games.table.store.analyses;
  }

  /** Starts looking for queued and abandoned analyses (after a restart). */
  start(): void {
    const ms = this.opts.pollMs ?? 5000;
    if (ms !== false) {
      this.timer = setInterval(() => this.kick(), ms);
      this.timer.unref();
    }
    this.kick();
  }

  private async finishedGame(gameId: string): Promise<{ total: number; iterations: number; game: string }> {
    const row = await this.games.table.store.getGame(gameId);
    if (!row) throw notFound('game-not-found', `No game ${gameId}.`);
    if (row.status !== 'finished') throw conflict('game-not-finished', 'A game can be analysed once it is over.');
    return { total: row.logLength, iterations: this.budget.timeMs !== undefined ? ANALYSIS_MAX_ITERATIONS : this.budget.iterations ?? analysisIterations(row.game), game: row.game };
  }

  /** A fixed iteration budget when one is set (tests), else the time budget per decision. */
  private get budget(): { iterations?: number; timeMs?: number } {
    return this.opts.iterations !== undefined ? { iterations: this.opts.iterations } : { timeMs: this.opts.timeMs ?? ANALYSIS_TIME_MS };
  }

  async status(gameId: string): Promise<S.AnalysisReplyT> {
    const g = await this.finishedGame(gameId);
    const r = await this.stored.get(gameId);
    if (!r) return { status: 'none', done: 0, total: g.total, iterations: g.iterations };
    return {
      status: r.status, done: r.done, total: r.total, iterations: r.iterations,
      ...(r.result !== null ? { result: r.result as S.GameAnalysisResultT } : {}),
      ...(r.error !== null ? { error: r.error } : {}),
    };
  }

  /**
   * Queues the analysis of a finished game for `userId` unless it is queued, running or done (idempotent); a
   * failed one is queued again. An account may have ANALYSES_PENDING_PER_ACCOUNT queued or running at once.
   */
  async request(gameId: string, userId: number): Promise<S.AnalysisReplyT> {
    const g = await this.finishedGame(gameId);
    const now = Date.now();
    const r = await this.stored.request(gameId, g.iterations, g.total, now, userId, S.ANALYSES_PENDING_PER_ACCOUNT);
    if (r === 'over-cap') throw new ApiError(429, 'too-many-analyses', `You have ${S.ANALYSES_PENDING_PER_ACCOUNT} analyses waiting or running: wait for one to finish.`);
    this.kick();
    return this.status(gameId);
  }

  /** Runs the next pending analysis if this process is idle. */
  kick(): void {
    if (this.busy || this.closed) return;
    this.busy = true;
    void this.runPending().catch((e: unknown) => this.warn({ err: e }, 'analysis failed')).finally(() => { this.busy = false; });
  }

  private async runPending(): Promise<void> {
    for (;;) {
      if (this.closed) return;
      const now = Date.now();
      const id = await this.stored.nextDue(now);
      if (!id) return;
      // The claim: exactly one process moves the row to running.
      if (await this.stored.claim(id, now, now + this.leaseMs)) await this.runOne(id);
    }
  }

  private async runOne(gameId: string): Promise<void> {
    try {
      const rep = await this.games.commands.replayOf(gameId);
      const row = await this.stored.get(gameId);
      let lastWrite = 0;
      const result = await this.worker.analyse({
        kind: 'analyse', game: rep.game, setup: { seed: rep.seed, ...rep.options }, actions: rep.actions, seed: gameId, iterations: row!.iterations, ...this.budget.timeMs !== undefined ? { timeMs: this.budget.timeMs } : {},
      }, (done) => {
        const now = Date.now();
        if (now - lastWrite < PROGRESS_WRITE_MS) return;
        lastWrite = now;
        void this.stored.progress(gameId, done, now, now + this.leaseMs)
          .catch((e: unknown) => this.warn({ err: e, gameId }, 'analysis progress not saved'));
      });
      await this.stored.finish(gameId, result as GameAnalysis, Date.now());
    } catch (e) {
      if (this.closed) return; // left running: the lease runs out and the next start picks it up
      const message = e instanceof Error ? e.message : String(e);
      this.warn({ err: e, gameId }, 'analysis failed');
      await this.stored.fail(gameId, message, Date.now());
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.worker.close();
  }
}
