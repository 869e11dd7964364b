/**
 * Web Worker entry: `new Worker(new URL('@tabula/bots/worker', import.meta.url), { type: 'module' })`,
 * then post a `BotRequest` and receive a `BotResponse`, or an `AnalysisRequest` and receive `AnalysisMessage`s. No Node-only imports anywhere in the bot code.
 */
import { answerAnalysisRequest, answerBotRequest, type AnalysisMessage, type AnalysisRequest, type BotRequest, type BotResponse } from './protocol.js';

interface WorkerScope {
  onmessage: ((e: { data: BotRequest | AnalysisRequest }) => void) | null;
  postMessage(m: BotResponse | AnalysisMessage): void;
}

const scope = globalThis as unknown as WorkerScope;
scope.onmessage = (e) => {
  const m = e.data;
  if ('kind' in m && m.kind === 'analyse') answerAnalysisRequest(m, (out) => scope.postMessage(out));
  else scope.postMessage(answerBotRequest(m as BotRequest));
};
