import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { DRAIN_REFUSED_BODY_MAX_BYTES, DRAIN_REFUSED_BODY_MS } from '@tabula/protocol';
import { ApiError, errorBody } from './errors.js';

/** Broken HTTP framing: answered in our error shape and closed, so clients do not reuse the socket. */
export const clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']> = (err: Error & { code?: string }, socket) => {
  if (err.code === 'ECONNRESET' || !socket.writable) return socket.destroy();
  const body = JSON.stringify(errorBody('bad-request', 'Malformed HTTP request.'));
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
};

/** Malformed URLs and the like, caught before routing: same error shape. */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (err, _req, reply) => {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  void (reply as unknown as FastifyReply).code(status).send(errorBody('bad-request', err.message));
};

/** Network and server-state codes of node, pg and SQLite that mean "the database is not there right now". */
const OUTAGE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN',
  '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300', 'SQLITE_BUSY', 'SQLITE_LOCKED',
]);
const OUTAGE_MESSAGES = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down|in recovery mode)|terminating connection/i;

/** Whether `err` is the store being unreachable (answered 503 + Retry-After), not a bug (500). */
export function isStoreOutage(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && OUTAGE_CODES.has(code)) return true;
  const nested = (err as { errors?: unknown }).errors; // AggregateError of a failed connect
  if (Array.isArray(nested) && nested.some(isStoreOutage)) return true;
  return OUTAGE_MESSAGES.test(err.message);
}

/** Seconds a client is asked to wait before retrying during a store outage. */
export const RETRY_AFTER_SECONDS = 5;
export const storeOutage = (): ApiError => new ApiError(503, 'store-unavailable', 'The database is not reachable right now: retry in a few seconds.');

/**
 * Calls `then` once the request's body has been read and discarded. A 413 is sent with `Connection: close`;
 * closing a socket with unread bytes in it resets the connection, and a client still sending its body then
 * loses the answer ("fetch failed") instead of reading the 413. Bodies without a declared length or above
 * the cap are not waited for.
 */
function afterBodyDiscarded(raw: IncomingMessage, then: () => void): void {
  const declared = Number(raw.headers['content-length']);
  if (raw.complete || !(declared <= DRAIN_REFUSED_BODY_MAX_BYTES)) return then();
  let done = false;
  const finish = (): void => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    then();
  };
  const timer = setTimeout(finish, DRAIN_REFUSED_BODY_MS);
  raw.on('end', finish).on('error', finish).on('close', finish);
  raw.resume();
}

/** Every error a route throws becomes `{ error: { code, message } }` with its status; anything unexpected is a logged 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: Error & { statusCode?: number; code?: string; validation?: unknown }, req, reply) => {
    if (err instanceof ApiError) {
      if (err.status === 503) void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.code(err.status).send(errorBody(err.code, err.message, err.rule));
    }
    if (isStoreOutage(err)) {
      req.log.warn({ err }, 'store unavailable');
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(errorBody('store-unavailable', 'The database is not reachable right now: retry in a few seconds.'));
    }
    if (err.validation) return reply.code(400).send(errorBody('bad-request', err.message));
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      afterBodyDiscarded(req.raw, () => void reply.code(413).send(errorBody('body-too-large', 'The request body is too large.')));
      return reply;
    }
    if (status === 415 || err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.code(415).send(errorBody('unsupported-media-type', 'Send JSON (Content-Type: application/json).'));
    if (status === 429) return reply.code(429).send(errorBody('rate-limited', err.message));
    if (status >= 400 && status < 500) {
      const code = err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError || /JSON/i.test(err.message) ? 'bad-json' : 'bad-request';
      return reply.code(status).send(errorBody(code, err.message));
    }
    req.log.error({ err }, 'unexpected error');
    return reply.code(500).send(errorBody('internal', 'Something went wrong on the server.'));
  });
}

export function badField(name: string): never {
  throw new ApiError(400, 'bad-request', `Bad or missing "${name}".`);
}

/** Rejects absurdly nested JSON before it reaches recursive code. */
export function checkDepth(value: unknown, max = 64, what = 'action'): void {
  const stack: [unknown, number][] = [[value, 0]];
  let seen = 0;
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (++seen > 100_000) throw new ApiError(400, 'bad-request', `The ${what} is too large.`);
    if (typeof v !== 'object' || v === null) continue;
    if (d >= max) throw new ApiError(400, 'bad-request', `The ${what} is nested too deeply.`);
    for (const x of Array.isArray(v) ? v : Object.values(v as object)) stack.push([x, d + 1]);
  }
}
