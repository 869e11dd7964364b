import type { FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
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

/** Every error a route throws becomes `{ error: { code, message } }` with its status; anything unexpected is a logged 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: Error & { statusCode?: number; code?: string; validation?: unknown }, req, reply) => {
    if (err instanceof ApiError) return reply.code(err.status).send(errorBody(err.code, err.message));
    if (err.validation) return reply.code(400).send(errorBody('bad-request', err.message));
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send(errorBody('body-too-large', 'The request body is too large.'));
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
