// The page's side of the bot worker.
import type { GameAnalysisResultT, ReplayReplyT } from '@tabula/protocol';

let worker: Worker | null = null;
let nextId = 1;
interface Pending { resolve: (a: unknown) => void; reject: (e: Error) => void; progress?: (done: number, total: number) => void }
const pending = new Map<number, Pending>();
type Reply = { id: number; action?: unknown; analysis?: unknown; progress?: { done: number; total: number }; error?: { message: string } };

function getWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./bot-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<Reply>) => {
      const p = pending.get(e.data.id);
      if (!p) return;
      if (e.data.progress) { p.progress?.(e.data.progress.done, e.data.progress.total); return; }
      pending.delete(e.data.id);
      if (e.data.error !== undefined) p.reject(new Error(e.data.error.message));
      else p.resolve(e.data.analysis ?? e.data.action);
    };
    worker.onerror = (e) => {
      for (const p of pending.values()) p.reject(new Error(e.message || 'bot worker failed'));
      pending.clear();
      worker?.terminate();
      worker = null;
    };
  }
  return worker;
}

function post(message: Record<string, unknown>, p: Omit<Pending, 'resolve' | 'reject'> = {}): Promise<unknown> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, ...p });
    getWorker().postMessage({ ...message, id });
  });
}

/** `fresh`: a new bot for this one answer (hints: no tree shared between the seats of one device). */
export function askBot(game: string, state: unknown, role: string, bot: string, seed: string, fresh = false): Promise<unknown> {
  return post({ game, bot, state, role, seed, ...(fresh ? { fresh } : {}) });
}

/** Analyses a finished local game in the worker (the bots' analysis at its fixed budget), seeded by `seed`. */
export function analyseInWorker(log: ReplayReplyT, seed: string, progress: (done: number, total: number) => void): Promise<GameAnalysisResultT> {
  return post({ kind: 'analyse', game: log.game, setup: { seed: log.seed, ...log.options }, actions: log.actions, seed }, { progress }) as Promise<GameAnalysisResultT>;
}
