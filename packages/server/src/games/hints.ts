import type { Role } from '@tabula/engine';
import { WorkerClient, type MoveReason } from '@tabula/bots';
import { ApiError } from '../http/errors.js';
import { openBotWorker } from '../workers/thread.js';

/** The bot that answers hints: the medium level (at most 400 iterations or 250 ms, less once its choice is settled). */
export const HINT_BOT = 'mcts-medium';

export interface HintOptions {
  /** The bot asked (default HINT_BOT; tests: "mcts-medium@100", a fixed budget, the same hint for the same position). */
  bot?: string;
  /** Search in a worker thread of its own (default), or on the main thread (0: tests). */
  threads?: 0 | 1;
  /** Modules the worker imports first (to register extra games), as for the bot seats' workers. */
  modules?: string[];
  warn?: (obj: object, msg: string) => void;
}

/**
 * Hints of learning games: the bot's choice for the player's own seat, searched on a worker thread (never on
 * the request's thread) from that seat's information only (the bots sample the hidden part with `determinize`),
 * with the bot's reason told to that seat. One hint per game is searched at a time (per process).
 */
export class HintWorker {
  private readonly worker: WorkerClient;
  private readonly pending = new Set<string>();
  private readonly bot: string;

  constructor(opts: HintOptions = {}) {
    this.bot = opts.bot ?? HINT_BOT;
    this.worker = new WorkerClient(openBotWorker(opts.modules ?? [], opts.threads ?? 1, opts.warn ?? (() => undefined)));
  }

  /**
   * The bot's action for `role` in `state` and its reason told to `role`. `seed` seeds the search (public:
   * the game's id and position), and each hint gets a fresh bot, so no search tree of another seat informs it.
   */
  async suggest(gameId: string, game: string, state: unknown, role: Role, seed: string): Promise<{ action: unknown; reason?: MoveReason }> {
    if (this.pending.has(gameId)) throw new ApiError(429, 'hint-pending', 'A hint for this game is still being worked out: wait for it.');
    this.pending.add(gameId);
    try {
      return await this.worker.explained({ game, bot: this.bot, state, role, seed, fresh: true, explainTo: role });
    } finally {
      this.pending.delete(gameId);
    }
  }

  close(): Promise<void> {
    return this.worker.close();
  }
}
