// The page's side of the bot worker: the bots package's one worker client.
import type { GameAnalysisResultT, ReplayReplyT } from '@tabula/protocol';
import { WorkerClient } from '@tabula/bots/worker-client';
import type { MoveReason } from '@tabula/bots/worker-client';

const client = new WorkerClient((answer, failed) => {
  const worker = new Worker(new URL('./bot-worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (e: MessageEvent<Parameters<typeof answer>[0]>) => answer(e.data);
  worker.onerror = (e) => failed(new Error(e.message || 'bot worker failed'));
  return { post: (m) => worker.postMessage(m), terminate: () => worker.terminate() };
});

/** `fresh`: a new bot for this one answer (hints: no tree shared between the seats of one device). */
export function askBot(game: string, state: unknown, role: string, bot: string, seed: string, fresh = false): Promise<unknown> {
  return client.move({ game, bot, state, role, seed, ...(fresh ? { fresh } : {}) });
}

/** Learning mode: the bot's move and its reason, told to `explainTo` (the person here). */
export function askBotExplained(game: string, state: unknown, role: string, bot: string, seed: string, explainTo: string): Promise<{ action: unknown; reason?: MoveReason }> {
  return client.explained({ game, bot, state, role, seed, explainTo });
}

/** Analyses a finished local game in the worker (the bots' analysis at its fixed budget), seeded by `seed`. */
export function analyseInWorker(log: ReplayReplyT, seed: string, progress: (done: number, total: number) => void): Promise<GameAnalysisResultT> {
  return client.analyse({ kind: 'analyse', game: log.game, setup: { seed: log.seed, ...log.options }, actions: log.actions, seed }, progress) as Promise<GameAnalysisResultT>;
}
