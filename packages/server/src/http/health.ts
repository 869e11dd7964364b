import type { FastifyInstance } from 'fastify';
import * as S from '@tabula/protocol';
import type { Store } from '../store/index.js';

const STORE_PING_TIMEOUT_MS = 1000;

/** Whether the store answers a trivial query within a second. */
async function storeAnswers(store: Store): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      store.ping().then(() => true),
      new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), STORE_PING_TIMEOUT_MS); }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Liveness and readiness (for load balancers), and the OpenAPI description. */
export function healthRoutes(store: Store, serverVersion: string, openapi: () => unknown): (api: FastifyInstance) => Promise<void> {
  return async (api) => {
    api.get('/health', { schema: { summary: 'Liveness: the process answers (and says whether its store does)', response: { 200: S.Health } } }, async () => ({
      ok: true, version: serverVersion, store: (await storeAnswers(store)) ? 'ok' : 'unavailable',
    }));

    api.get('/ready', { schema: { summary: 'Readiness: 200 when the store answers, else 503 (for load balancers)', response: { 200: S.Health, 503: S.Health } } }, async (_req, reply) => {
      const up = await storeAnswers(store);
      if (!up) void reply.code(503).header('retry-after', '5');
      return { ok: up, version: serverVersion, store: up ? 'ok' : 'unavailable' };
    });

    api.get('/docs', { schema: { hide: true } }, () => openapi());
  };
}
