import { Worker } from 'node:worker_threads';
import { inThisThread, type OpenWorker } from '@tabula/bots';

/**
 * How the server opens a bot worker for a `WorkerClient`: a worker thread running workers/bot-worker.ts
 * (after importing `modules`, which register extra games or bots), or with `threads === 0` the server's
 * own thread (tests, tiny installs).
 */
export function openBotWorker(modules: string[], threads: number, warn: (obj: object, msg: string) => void): OpenWorker {
  if (threads === 0) return inThisThread;
  return (answer, failed) => {
    const w = new Worker(new URL('./bot-worker.js', import.meta.url), { workerData: { modules } });
    w.on('message', answer);
    w.on('error', (e) => {
      warn({ err: e }, 'bot worker failed');
      failed(e);
    });
    w.unref();
    return { post: (m) => w.postMessage(m), terminate: () => w.terminate() };
  };
}
