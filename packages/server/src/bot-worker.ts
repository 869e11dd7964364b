/**
 * A worker thread that chooses bot moves with the bots package's protocol (BotRequest -> BotResponse):
 * the server sends the current state, so nothing is replayed here. It also analyses finished games
 * (AnalysisRequest -> AnalysisMessage progress..., result). It never writes anything.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { AnalysisRequest, BotRequest } from '@tabula/bots';

const modules = ((workerData as { modules?: string[] } | null)?.modules ?? []);
for (const m of modules) await import(m);
const { answerAnalysisRequest, answerBotRequest } = await import('@tabula/bots');

parentPort!.on('message', (req: BotRequest | AnalysisRequest) => {
  if ('kind' in req && req.kind === 'analyse') answerAnalysisRequest(req, (m) => parentPort!.postMessage(m));
  else parentPort!.postMessage(answerBotRequest(req as BotRequest));
});
