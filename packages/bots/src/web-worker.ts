/**
 * The browser's bot worker (the page opens it as a module Web Worker): each message is a `BotRequest` or an
 * `AnalysisRequest`, answered by the one dispatch every bot worker uses. No Node-only import in the bot code.
 */
import { answerWorkerRequest, type WorkerRequest } from './protocol.js';

const scope = globalThis as unknown as { onmessage: ((e: { data: WorkerRequest }) => void) | null; postMessage(m: unknown): void };
scope.onmessage = (e) => answerWorkerRequest(e.data, (m) => scope.postMessage(m));
