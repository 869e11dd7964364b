/**
 * A worker thread that chooses bot moves with the bots package's protocol (BotRequest -> BotResponse):
 * the server sends the current state, so nothing is replayed here. It never writes anything.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { BotRequest } from '@tabula/bots';

const modules = ((workerData as { modules?: string[] } | null)?.modules ?? []);
for (const m of modules) await import(m);
const { answerBotRequest } = await import('@tabula/bots');

parentPort!.on('message', (req: BotRequest) => parentPort!.postMessage(answerBotRequest(req)));
