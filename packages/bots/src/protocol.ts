import { Rng, type GameAnalysis, type LogEntry, type Role, type SetupOptions } from '@tabula/engine';
import { getGame } from '@tabula/games';
import type { Bot } from './bot.js';
import { createBot } from './registry.js';
import { analyseGame } from './analysis.js';
import './levels.js';
import { explainMove, type MoveReason } from './explain/index.js';

/**
 * The message a host (a Web Worker's page, a worker_threads parent) sends to ask a bot for a move.
 * `state` is the full state: the worker runs on the host's own machine (the server, or the local
 * game in the browser), and the bot reads it only through actions/view/determinize.
 */
export interface BotRequest {
  id: number | string;
  game: string;
  bot: string;
  state: unknown;
  role: Role;
  /** Seed for the bot's rng: same request, same answer under an iteration budget. */
  seed: string;
  /**
   * A new bot for this request only (no tree kept from earlier requests): for hints to several seats of
   * one device, where a tree grown in one seat's search must not inform another seat's.
   */
  fresh?: boolean;
  /** Learning mode: also explain the move to this role (a reason naming only what it may see). */
  explainTo?: Role;
}

export type BotResponse =
  | { id: number | string; action: unknown; ms: number; reason?: MoveReason }
  | { id: number | string; error: { message: string } };

const bots = new Map<string, Bot>();

/** Answers one request; bots are kept per name so a level's search tree can be reused between moves. */
export function answerBotRequest(req: BotRequest): BotResponse {
  try {
    const game = getGame(req.game);
    if (!game) throw new Error(`unknown game ${req.game}`);
    let bot = req.fresh ? createBot(req.bot) : bots.get(req.bot);
    if (!bot) { bot = createBot(req.bot); bots.set(req.bot, bot); }
    const t0 = performance.now();
    const action = bot.choose(game, req.state, req.role, new Rng(req.seed));
    const ms = performance.now() - t0;
    if (req.explainTo === undefined) return { id: req.id, action, ms };
    return { id: req.id, action, ms, reason: explainMove(game, req.state, req.role, action, req.explainTo) };
  } catch (e) {
    return { id: req.id, error: { message: e instanceof Error ? e.message : String(e) } };
  }
}

/** Asks a worker to analyse a finished game (analysis.ts); it answers with progress messages, then the result. */
export interface AnalysisRequest {
  kind: 'analyse';
  id: number | string;
  game: string;
  setup: SetupOptions;
  actions: LogEntry[];
  seed: string;
  iterations?: number;
  /** A time budget per decision (ms); `iterations` is then its cap. */
  timeMs?: number;
}

export type AnalysisMessage =
  | { id: number | string; progress: { done: number; total: number } }
  | { id: number | string; analysis: GameAnalysis; ms: number }
  | { id: number | string; error: { message: string } };

/** Answers one analysis request, posting progress at most every `progressEvery` actions and once at the end. */
export function answerAnalysisRequest(req: AnalysisRequest, post: (m: AnalysisMessage) => void, progressEvery = 5): void {
  try {
    const game = getGame(req.game);
    if (!game) throw new Error(`unknown game ${req.game}`);
    const t0 = performance.now();
    const analysis = analyseGame(game, req.setup, req.actions, {
      seed: req.seed, ...(req.iterations !== undefined ? { iterations: req.iterations } : {}), ...(req.timeMs !== undefined ? { timeMs: req.timeMs } : {}),
      onProgress: (done, total) => { if (done % progressEvery === 0 && done < total) post({ id: req.id, progress: { done, total } }); },
    });
    post({ id: req.id, analysis, ms: performance.now() - t0 });
  } catch (e) {
    post({ id: req.id, error: { message: e instanceof Error ? e.message : String(e) } });
  }
}

/** What a bot worker is asked: a move or an analysis. */
export type WorkerRequest = BotRequest | AnalysisRequest;

/** The one dispatch of every bot worker (server thread, Web Worker, or the host's own thread). */
export function answerWorkerRequest(req: WorkerRequest, post: (m: BotResponse | AnalysisMessage) => void): void {
  if ('kind' in req && req.kind === 'analyse') answerAnalysisRequest(req, post);
  else post(answerBotRequest(req as BotRequest));
}

