import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import * as S from '@tabula/protocol';
import { analysisIterations, answerAnalysisRequest, type AnalysisMessage, type AnalysisRequest, type GameAnalysis } from '@tabula/bots';
import { conflict, notFound } from './http/errors.js';
import { needUser, type Authenticator } from './accounts/request-auth.js';
import { errs } from './http/replies.js';
import type { Games } from './games/index.js';

export interface AnalysisRunnerOptions {
  /** Analyse in a worker thread of its own (default), or on the main thread (0: tests). */
  threads?: 0 | 1;
  /** Modules the worker imports first (to register extra games), as for the bot workers. */
  modules?: string[];
  /** Overrides the fixed per-game budget (tests only). */
  iterations?: number;
  /** How long a claim on a running analysis lasts without progress before another run picks it up (default 60 s). */
  leaseMs?: number;
  /** How often queued and abandoned analyses are looked for (default 5 s; false: only when one is requested). */
  pollMs?: number | false;
  warn?: (obj: object, msg: string) => void;
}

interface AnalysisDbRow {
  status: string; iterations: number; done: number; total: number; result: string | null; error: string | null;
}

/** Progress is written at most this often (and it renews the lease). */
const PROGRESS_WRITE_MS = 1000;

/**
 * Post-game analyses (issue 21), off the request path: POST queues a row in `analyses`, one run at a
 * time per process claims the oldest queued (or abandoned: lease expired) row, replays the game in a
 * worker thread running the bots' analysis (bot-worker.ts) and stores the result. A restart leaves
 * queued rows queued and running rows with a lease that runs out, so the next poll picks them up again.
 * The search is seeded by the game id: the same game and budget give the same analysis.
 */
export class AnalysisRunner {
  private worker: Worker | null = null;
  private busy = false;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly leaseMs: number;
  private readonly warn: (obj: object, msg: string) => void;
  private current: { id: string; resolve: (a: GameAnalysis) => void; reject: (e: Error) => void; progress: (done: number) => void } | null = null;

  constructor(private readonly games: Games, private readonly opts: AnalysisRunnerOptions = {}) {
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.warn = opts.warn ?? (() => undefined);
  }

  private get sql() {
    return this.games.table.store.sql;
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
    return { total: row.logLength, iterations: this.opts.iterations ?? analysisIterations(row.game), game: row.game };
  }

  async status(gameId: string): Promise<S.AnalysisReplyT> {
    const g = await this.finishedGame(gameId);
    const [r] = await this.sql.all<AnalysisDbRow>('SELECT status, iterations, done, total, result, error FROM analyses WHERE game_id = ?', [gameId]);
    if (!r) return { status: 'none', done: 0, total: g.total, iterations: g.iterations };
    return {
      status: r.status as S.AnalysisReplyT['status'], done: Number(r.done), total: Number(r.total), iterations: Number(r.iterations),
      ...(r.result !== null ? { result: JSON.parse(r.result) as S.GameAnalysisResultT } : {}),
      ...(r.error !== null ? { error: r.error } : {}),
    };
  }

  /** Queues the analysis of a finished game unless it is queued, running or done (idempotent); a failed one is queued again. */
  async request(gameId: string): Promise<S.AnalysisReplyT> {
    const g = await this.finishedGame(gameId);
    const now = Date.now();
    await this.sql.run(
      'INSERT INTO analyses (game_id, status, iterations, done, total, created_at, updated_at) VALUES (?, ?, ?, 0, ?, ?, ?) ON CONFLICT (game_id) DO NOTHING',
      [gameId, 'queued', g.iterations, g.total, now, now]);
    await this.sql.run("UPDATE analyses SET status = 'queued', error = NULL, done = 0, updated_at = ? WHERE game_id = ? AND status = 'failed'", [now, gameId]);
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
      const rows = await this.sql.all<{ game_id: string }>(
        "SELECT game_id FROM analyses WHERE status = 'queued' OR (status = 'running' AND claimed_until < ?) ORDER BY created_at LIMIT 1", [now]);
      const id = rows[0]?.game_id;
      if (!id) return;
      // The claim: exactly one process moves the row to running.
      const claimed = await this.sql.run(
        "UPDATE analyses SET status = 'running', claimed_until = ?, updated_at = ? WHERE game_id = ? AND (status = 'queued' OR (status = 'running' AND claimed_until < ?))",
        [now + this.leaseMs, now, id, now]);
      if (claimed === 1) await this.runOne(id);
    }
  }

  private async runOne(gameId: string): Promise<void> {
    try {
      const rep = await this.games.commands.replayOf(gameId);
      const [row] = await this.sql.all<{ iterations: number }>('SELECT iterations FROM analyses WHERE game_id = ?', [gameId]);
      const req: AnalysisRequest = {
        kind: 'analyse', id: gameId, game: rep.game, setup: { seed: rep.seed, ...rep.options }, actions: rep.actions,
        seed: gameId, iterations: Number(row!.iterations),
      };
      let lastWrite = 0;
      const result = await this.analyse(req, (done) => {
        const now = Date.now();
        if (now - lastWrite < PROGRESS_WRITE_MS) return;
        lastWrite = now;
        void this.sql.run('UPDATE analyses SET done = ?, claimed_until = ?, updated_at = ? WHERE game_id = ? AND status = ?', [done, now + this.leaseMs, now, gameId, 'running'])
          .catch((e: unknown) => this.warn({ err: e, gameId }, 'analysis progress not saved'));
      });
      await this.sql.run("UPDATE analyses SET status = 'done', done = total, result = ?, claimed_until = NULL, updated_at = ? WHERE game_id = ?",
        [JSON.stringify(result), Date.now(), gameId]);
    } catch (e) {
      if (this.closed) return; // left running: the lease runs out and the next start picks it up
      const message = e instanceof Error ? e.message : String(e);
      this.warn({ err: e, gameId }, 'analysis failed');
      await this.sql.run("UPDATE analyses SET status = 'failed', error = ?, claimed_until = NULL, updated_at = ? WHERE game_id = ?", [message.slice(0, 500), Date.now(), gameId]);
    }
  }

  private analyse(req: AnalysisRequest, progress: (done: number) => void): Promise<GameAnalysis> {
    return new Promise((resolve, reject) => {
      this.current = { id: String(req.id), resolve, reject, progress };
      if (this.opts.threads === 0) {
        answerAnalysisRequest(req, (m) => this.message(m));
        return;
      }
      this.workerOf().postMessage(req);
    });
  }

  private workerOf(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(new URL('./bot-worker.js', import.meta.url), { workerData: { modules: this.opts.modules ?? [] } });
    w.on('message', (m: AnalysisMessage) => this.message(m));
    w.on('error', (e) => {
      this.warn({ err: e }, 'analysis worker failed');
      this.worker = null;
      const c = this.current;
      this.current = null;
      c?.reject(e);
    });
    w.unref();
    this.worker = w;
    return w;
  }

  private message(m: AnalysisMessage): void {
    const c = this.current;
    if (!c || String(m.id) !== c.id) return;
    if ('progress' in m) { c.progress(m.progress.done); return; }
    this.current = null;
    if ('error' in m) c.reject(new Error(m.error.message));
    else c.resolve(m.analysis);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    const c = this.current;
    this.current = null;
    c?.reject(new Error('closed'));
    await this.worker?.terminate();
    this.worker = null;
  }
}


/** GET and POST /api/games/:id/analysis (docs/api.md). */
export function analysisRoutes(service: Authenticator, runner: AnalysisRunner): (api: FastifyInstance) => Promise<void> {
  return async (api) => {
    api.get<{ Params: S.GameParamsT }>('/games/:id/analysis', {
      schema: { summary: 'The analysis of a finished game: status, progress and (when done) the result', params: S.GameParams, response: { 200: S.AnalysisReply, ...errs(400, 404, 409) } },
    }, async (req) => runner.status(req.params.id));
    api.post<{ Params: S.GameParamsT }>('/games/:id/analysis', {
      schema: { summary: 'Start the analysis of a finished game (idempotent: once done it is stored and never recomputed)', security: [{ bearer: [] }], params: S.GameParams, response: { 200: S.AnalysisReply, 202: S.AnalysisReply, ...errs(400, 401, 404, 409) } },
    }, async (req, reply) => {
      await needUser(service, req);
      const r = await runner.request(req.params.id);
      return reply.code(r.status === 'done' ? 200 : 202).send(r);
    });
  };
}
