/**
 * A worker thread that chooses bot moves: it replays the game (keeping the last state per game, so
 * usually only the newest actions are applied) and asks the named bot. It never writes anything.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Rng, type LogEntry, type SetupOptions } from '@tabula/engine';

export interface BotJob {
  id: number;
  gameId: string;
  epoch: number;
  gameType: string;
  options: SetupOptions;
  actions: LogEntry[];
  role: string;
  bot: string;
}
export type BotReply = { id: number; action: unknown } | { id: number; error: string };

const modules = ((workerData as { modules?: string[] } | null)?.modules ?? []);
for (const m of modules) await import(m);
const { getGame } = await import('@tabula/games');
const { createBot } = await import('@tabula/bots');

const states = new Map<string, { epoch: number; length: number; state: unknown }>();

parentPort!.on('message', (job: BotJob) => {
  try {
    const game = getGame(job.gameType);
    if (!game) throw new Error(`unknown game ${job.gameType}`);
    let cached = states.get(job.gameId);
    if (!cached || cached.epoch !== job.epoch || cached.length > job.actions.length) {
      cached = { epoch: job.epoch, length: 0, state: game.setup(job.options) };
    }
    let state = cached.state;
    for (let i = cached.length; i < job.actions.length; i++) state = game.apply(state, job.actions[i]!.role, job.actions[i]!.action);
    states.delete(job.gameId);
    states.set(job.gameId, { epoch: job.epoch, length: job.actions.length, state });
    if (states.size > 500) states.delete(states.keys().next().value as string);
    const bot = createBot(job.bot);
    const rng = new Rng(`${job.options.seed}:${job.actions.length}:${job.role}`);
    const action = bot.choose(game, state, job.role, rng);
    parentPort!.postMessage({ id: job.id, action } satisfies BotReply);
  } catch (e) {
    parentPort!.postMessage({ id: job.id, error: e instanceof Error ? e.message : String(e) } satisfies BotReply);
  }
});
