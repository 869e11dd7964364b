/**
 * The server's bot worker thread: imports the modules it is given (extra games or bots), then answers each
 * message with the one dispatch every bot worker uses (a move for a `BotRequest`, progress and the result for
 * an `AnalysisRequest`). The server sends the current state, so nothing is replayed here; it never writes anything.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerRequest } from '@tabula/bots';

const modules = ((workerData as { modules?: string[] } | null)?.modules ?? []);
for (const m of modules) await import(m);
const { answerWorkerRequest } = await import('@tabula/bots');

parentPort!.on('message', (req: WorkerRequest) => answerWorkerRequest(req, (m) => parentPort!.postMessage(m)));
