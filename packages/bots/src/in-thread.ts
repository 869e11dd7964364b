import { answerWorkerRequest } from './protocol.js';
import type { OpenWorker } from './worker-client.js';

/** A "worker" that is the host's own thread (tests, tiny installs): answers after the current turn. */
export const inThisThread: OpenWorker = (answer) => ({
  post: (m) => { queueMicrotask(() => answerWorkerRequest(m, answer)); },
  terminate: () => undefined,
});
