/**
 * Web Worker entry: `new Worker(new URL('@tabula/bots/worker', import.meta.url), { type: 'module' })`,
 * then post a `BotRequest` and receive a `BotResponse`. No Node-only imports anywhere in the bot code.
 */
import { answerBotRequest, type BotRequest, type BotResponse } from './protocol.js';

interface WorkerScope {
  onmessage: ((e: { data: BotRequest }) => void) | null;
  postMessage(m: BotResponse): void;
}

const scope = globalThis as unknown as WorkerScope;
scope.onmessage = (e) => scope.postMessage(answerBotRequest(e.data));
