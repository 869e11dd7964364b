import type { Role } from '@tabula/engine';
import { WorkerClient, botAcceptsDraw, botOffersDraw } from '@tabula/bots';
import { ApiError } from './http/errors.js';
import { openBotWorker } from './workers/thread.js';
import type { Games } from './games/index.js';
import type { GameRow, SeatRow } from './store/index.js';

/** Actions after a bot's draw offer (declined, or lapsed) before it offers again in the same game. */
export const BOT_REOFFER_ACTIONS = 60;

/** Bot seats that have not answered the game's open draw offer. */
function botsToAnswer(row: GameRow): SeatRow[] {
  const offer = row.drawOffer;
  if (offer?.status !== 'open') return [];
  return row.seats.filter((s) => s.bot !== null && !offer.agreed.includes(s.role));
}

export interface BotRunnerOptions {
  /** Pause before a bot moves, in ms (so humans can follow). */
  thinkMs?: number;
  /** Worker threads choosing moves; 0 chooses on the main thread (tests, tiny installs). */
  threads?: number;
  /** Modules the workers import before choosing (to register extra games or bots). */
  modules?: string[];
  warn?: (obj: object, msg: string) => void;
}

/**
 * Plays bot seats off the request path: after a change that leaves a bot seat to act, waits the
 * think delay, has a worker thread choose, and submits the move through the same checks as a
 * player's (version check included, so several processes never double-move).
 */
export class BotRunner {
  private readonly pending = new Set<string>();
  /** Per game and bot seat: the log length at its last draw offer (kept in memory: after a restart a bot may offer once more). */
  private readonly offeredAt = new Map<string, number>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly workers: WorkerClient[] = [];
  private nextWorker = 0;
  private closed = false;
  private readonly thinkMs: number;
  private readonly warn: (obj: object, msg: string) => void;

  constructor(private readonly games: Games, opts: BotRunnerOptions = {}) {
    this.thinkMs = opts.thinkMs ?? 400;
    this.warn = opts.warn ?? (() => undefined);
    const threads = opts.threads ?? 1;
    const open = openBotWorker(opts.modules ?? [], threads, this.warn);
    for (let i = 0; i < Math.max(1, threads); i++) this.workers.push(new WorkerClient(open));
  }

  /** Called after every change: schedules a move if a bot seat is to act, or an answer if a bot seat is offered a draw. */
  notify(row: GameRow): void {
    if (this.closed) return;
    if (row.status !== 'active') {
      for (const s of row.seats) this.offeredAt.delete(`${row.id}:${s.role}`);
      return;
    }
    const botRoles = row.seats.filter((s) => s.bot !== null && row.activeRoles.includes(s.role));
    if ((botRoles.length === 0 && botsToAnswer(row).length === 0) || this.pending.has(row.id)) return;
    this.pending.add(row.id);
    const t = setTimeout(() => {
      this.timers.delete(t);
      void this.move(row.id);
    }, this.thinkMs);
    this.timers.add(t);
  }

  private async move(gameId: string): Promise<void> {
    let retry = false;
    try {
      const { row, rg } = await this.games.table.current(gameId);
      if (row.status !== 'active') return;
      // A draw offer first: a bot seat agrees when the game has stopped moving, else it declines at once.
      const answering = botsToAnswer(row)[0];
      if (answering) {
        this.pending.delete(gameId);
        await this.games.commands.drawAsBot(gameId, row.version, answering.role, botAcceptsDraw(rg.game, rg.state) ? 'accept' : 'decline');
        return;
      }
      const active = rg.game.active(rg.state) as Role[];
      const seat = row.seats.find((s) => s.bot !== null && active.includes(s.role));
      if (!seat) return;
      // A bot to act in a game that stopped moving offers a draw (then moves on the change that follows).
      const key = `${gameId}:${seat.role}`;
      if (row.drawOffer?.status !== 'open' && botOffersDraw(rg.game, rg.state) && rg.length >= (this.offeredAt.get(key) ?? -Infinity) + BOT_REOFFER_ACTIONS) {
        this.offeredAt.set(key, rg.length);
        this.pending.delete(gameId);
        await this.games.commands.drawAsBot(gameId, row.version, seat.role, 'offer');
        return;
      }
      const action = await this.workers[this.nextWorker++ % this.workers.length]!.move({ game: row.game, bot: seat.bot!, state: rg.state, role: seat.role, seed: `${row.seed}:${rg.length}:${seat.role}` });
      if (this.closed) return;
      // From here on a change may schedule the next move.
      this.pending.delete(gameId);
      await this.games.commands.actAsBot(gameId, row.version, seat.role, action);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'stale-version') retry = true;
      else this.warn({ err: e, gameId }, 'bot move failed');
    } finally {
      this.pending.delete(gameId);
    }
    if (retry && !this.closed) {
      const again = await this.games.table.store.getGame(gameId).catch(() => null);
      if (again) this.notify(again);
    }
  }

  /** Resumes bots of every active game (after a restart). */
  async resumeAll(): Promise<void> {
    for (const row of await this.games.table.store.listActiveBotGames()) this.notify(row);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await Promise.all(this.workers.map((w) => w.close()));
  }
}
