import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import websocket from '@fastify/websocket';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import fastifyStatic from '@fastify/static';
import type { WebSocket, RawData } from 'ws';
import { ApiError, errorBody, unauthorized } from './errors.js';
import { GameService } from './service.js';
import { BotRunner, type BotRunnerOptions } from './bots.js';
import { LiveHub, send, type LiveConn } from './live.js';
import { LocalFanout, RedisFanout, type Fanout } from './fanout.js';
import { openStore, type Store, type UserRow } from './store/index.js';
import type { ScryptCost } from './passwords.js';
import * as S from './schemas.js';

export const serverVersion: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export interface RateLimits {
  /** Sign-ups per IP per minute. */
  accounts: number;
  /** Sign-ins per IP per minute. */
  sessions: number;
  /** Actions (and undos) per account (or IP) per minute. */
  actions: number;
}
export const defaultRateLimits: RateLimits = { accounts: 60, sessions: 120, actions: 1200 };

export interface ServerOptions {
  /** `sqlite:PATH` (default `sqlite:./data/tabula.db`), `sqlite::memory:` or `postgres://...`. */
  db?: string;
  /** An already open store (tests); `db` is then ignored. */
  store?: Store;
  /** `redis://...`: fan out changes to other server processes. */
  redis?: string;
  /** The built web client to serve (default: packages/web/dist next to this package); null: none. */
  webDist?: string | null;
  /** Fastify/pino logger options; false for none. Default: info level. */
  logger?: FastifyServerOptions['logger'];
  scrypt?: ScryptCost;
  bots?: BotRunnerOptions;
  rateLimits?: RateLimits | false;
  /** Largest request body in bytes (default 64 KiB; creating a game allows 1 MiB for uploaded decks). */
  bodyLimit?: number;
  cacheSize?: number;
  /**
   * Open WebSockets per signed-in account, or per IP address for anonymous spectators, in one
   * process (default 64; false: no cap). One more is refused with 429 "too-many-sockets".
   */
  socketsPerOwner?: number | false;
  /** A session token stops working this long after sign-in (default 30 days). */
  sessionTtlMs?: number;
}

export interface TabulaServer {
  app: FastifyInstance;
  service: GameService;
  hub: LiveHub;
  bots: BotRunner;
  store: Store;
  listen(port: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

export function defaultWebDist(): string {
  return fileURLToPath(new URL('../../web/dist', import.meta.url));
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (typeof h === 'string' && h.length > 0) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
    if (!m) throw unauthorized('Send "Authorization: Bearer <token>".');
    return m[1]!;
  }
  const q = (req.query as { token?: unknown } | undefined)?.token;
  return typeof q === 'string' && q.length > 0 ? q : null;
}

/** Builds (does not start) a Tabula server. */
export async function createServer(opts: ServerOptions = {}): Promise<TabulaServer> {
  const bodyLimit = opts.bodyLimit ?? 64 * 1024;
  const app = Fastify({
    logger: opts.logger === undefined ? {
      level: 'info',
      // WebSocket clients send their token in the query string: never log it.
      serializers: { req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: req.url.replace(/([?&]token=)[^&]*/g, '$1[redacted]'), remoteAddress: req.ip }) },
    } : opts.logger,
    bodyLimit,
    trustProxy: false,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, useDefaults: true, allErrors: false } },
    return503OnClosing: false,
    // Broken HTTP framing: answer in our error shape and close, so clients do not reuse the socket.
    clientErrorHandler: (err: Error & { code?: string }, socket) => {
      if (err.code === 'ECONNRESET' || !socket.writable) return socket.destroy();
      const body = JSON.stringify(errorBody('bad-request', 'Malformed HTTP request.'));
      const status = err.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    },
    // Malformed URLs and the like, caught before routing: same error shape.
    frameworkErrors: (err, _req, reply) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
      void (reply as unknown as FastifyReply).code(status).send(errorBody('bad-request', err.message));
    },
  });
  // Response schemas document the API; serialisation is plain JSON (a view is any JSON).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  const warn = (obj: object, msg: string): void => app.log.warn(obj, msg);
  const store = opts.store ?? (await openStore(opts.db ?? 'sqlite:./data/tabula.db'));
  const service = new GameService({ store, scrypt: opts.scrypt, cacheSize: opts.cacheSize, warn, ...(opts.sessionTtlMs !== undefined ? { sessionTtlMs: opts.sessionTtlMs } : {}) });
  const socketCap = opts.socketsPerOwner === undefined ? 64 : opts.socketsPerOwner;
  const hub = new LiveHub(service, warn);
  const bots = new BotRunner(service, { ...opts.bots, warn });
  let fanout: Fanout = new LocalFanout();
  if (opts.redis) fanout = await RedisFanout.open(opts.redis, (e) => app.log.warn({ err: e }, 'redis error'));
  service.onChange((id, version, row) => {
    hub.changed(id, row);
    fanout.publish(id, version);
    bots.notify(row);
  });
  fanout.subscribe((id) => hub.changed(id));

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

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Tabula API', version: serverVersion, description: 'Accounts, lobby and play. Errors are `{ error: { code, message } }` with a 4xx status.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  const limits = opts.rateLimits === undefined ? defaultRateLimits : opts.rateLimits;
  // With Redis, limits count across every server process; without, per process.
  const sharedRedis = fanout.redis;
  await app.register(rateLimit, {
    global: false,
    ...(sharedRedis ? { redis: sharedRedis, nameSpace: 'tabula:rl:', skipOnError: true } : {}),
    errorResponseBuilder: (_req, ctx) => new ApiError(429, 'rate-limited', `Too many requests: retry in ${ctx.after}.`),
  });
  await app.register(websocket, { options: { maxPayload: bodyLimit } });

  const userOf = async (req: FastifyRequest): Promise<UserRow | null> => {
    const token = bearer(req);
    if (token === null) return null;
    const user = await service.authenticate(token);
    if (!user) throw unauthorized('Unknown or expired token: sign in again.');
    return user;
  };
  const needUser = async (req: FastifyRequest): Promise<UserRow> => {
    const u = await userOf(req);
    if (!u) throw unauthorized();
    return u;
  };
  const limit = (max: number | undefined, byToken = false): object => (limits && max !== undefined ? {
    config: { rateLimit: { max, timeWindow: 60_000, ...(byToken ? { keyGenerator: (req: FastifyRequest) => (typeof req.headers.authorization === 'string' ? `t:${req.headers.authorization.slice(-24)}` : `ip:${req.ip}`) } : {}) } },
  } : {});
  // Moves over WebSockets count against the same per-account limit (per minute) as HTTP ones: in
  // Redis (all processes) when there is one, else in this process.
  const wsActions = new Map<number, { start: number; n: number }>();
  const wsActionAllowed = async (userId: number): Promise<boolean> => {
    if (!limits) return true;
    const now = Date.now();
    if (sharedRedis) {
      const key = `tabula:rl:ws:${userId}:${Math.floor(now / 60_000)}`;
      try {
        const [[, n]] = (await sharedRedis.multi().incr(key).expire(key, 120).exec()) as [[Error | null, number], unknown];
        return n <= limits.actions;
      } catch {
        // Redis down: fall back to this process's count rather than refuse every move.
      }
    }
    if (wsActions.size > 10_000) for (const [k, v] of wsActions) if (now - v.start >= 60_000) wsActions.delete(k);
    let e = wsActions.get(userId);
    if (!e || now - e.start >= 60_000) wsActions.set(userId, (e = { start: now, n: 0 }));
    return ++e.n <= limits.actions;
  };
  const errs = (...codes: number[]): Record<number, typeof S.ErrorReply> => Object.fromEntries(codes.map((c) => [c, S.ErrorReply]));
  const secured = [{ bearer: [] }];

  app.addSchema(S.ErrorReply);

  await app.register(async (api) => {
    api.get('/health', { schema: { summary: 'Liveness', response: { 200: S.Health } } }, () => ({ ok: true, version: serverVersion }));

    api.get('/catalog', { schema: { summary: 'Games with scenarios, roles, player counts and variants', response: { 200: S.Catalog } } }, () => service.catalog());

    api.post<{ Body: S.CredentialsT }>('/accounts', {
      schema: { summary: 'Create an account; returns a bearer token', body: S.Credentials, response: { 201: S.TokenReply, ...errs(400, 409, 422, 429) } },
      ...limit(limits ? limits.accounts : undefined),
    }, async (req, reply) => reply.code(201).send(await service.signUp(req.body.name, req.body.password)));

    api.post<{ Body: S.CredentialsT }>('/sessions', {
      schema: { summary: 'Sign in; returns a new bearer token', body: S.Credentials, response: { 201: S.TokenReply, ...errs(400, 401, 429) } },
      ...limit(limits ? limits.sessions : undefined),
    }, async (req, reply) => reply.code(201).send(await service.signIn(req.body.name, req.body.password)));

    api.delete('/sessions', { schema: { summary: 'Sign out (revokes this token)', security: secured, response: { 204: { type: 'null' }, ...errs(401) } } }, async (req, reply) => {
      await needUser(req);
      const token = bearer(req)!;
      await service.signOut(token);
      hub.closeToken(token);
      return reply.code(204).send();
    });

    api.get('/me', { schema: { summary: 'Who the token belongs to', security: secured, response: { 200: S.Me, ...errs(401) } } }, async (req) => ({ name: (await needUser(req)).name }));

    api.post<{ Body: S.CreateGameT }>('/games', {
      bodyLimit: Math.max(bodyLimit, 1024 * 1024),
      schema: { summary: 'Create a game; returns its id (the invite link)', security: secured, body: S.CreateGame, response: { 201: S.IdReply, ...errs(400, 401, 413, 422) } },
    }, async (req, reply) => {
      if (req.body.variants !== undefined) checkDepth(req.body.variants, 64, 'variants');
      return reply.code(201).send(await service.createGame(await needUser(req), req.body));
    });

    api.get<{ Querystring: S.ListQueryT }>('/games', {
      schema: { summary: 'The lobby: open, active (your turn first) or finished games', querystring: S.ListQuery, response: { 200: S.GameList, ...errs(400, 401) } },
    }, async (req) => ({ games: await service.list(await userOf(req), req.query.status ?? 'open', req.query.mine === true, req.query.limit ?? 50) }));

    api.post<{ Params: S.GameParamsT; Body: S.SeatBodyT }>('/games/:id/seats', {
      schema: { summary: 'Take a seat, or give it to a bot', security: secured, params: S.GameParams, body: S.SeatBody, response: { 200: S.GameState, ...errs(400, 401, 403, 404, 409, 422) } },
    }, async (req) => service.takeSeat(await needUser(req), req.params.id, req.body.role, req.body.bot));

    api.get<{ Params: S.GameParamsT; Querystring: S.ViewQueryT }>('/games/:id', {
      schema: { summary: 'The game as the caller may see it (no seat: spectator)', params: S.GameParams, querystring: S.ViewQuery, response: { 200: S.GameState, ...errs(400, 401, 403, 404) } },
    }, async (req) => service.getState(await userOf(req), req.params.id, req.query.role));

    api.post<{ Params: S.GameParamsT; Body: S.ActionBodyT }>('/games/:id/actions', {
      schema: { summary: 'Play one of your legal actions', security: secured, params: S.GameParams, body: S.ActionBody, response: { 200: S.GameState, ...errs(400, 401, 403, 404, 409, 422, 429) } },
      ...limit(limits ? limits.actions : undefined, true),
    }, async (req) => {
      checkDepth(req.body.action);
      return service.act(await needUser(req), req.params.id, req.body.version, req.body.action, req.body.role);
    });

    api.post<{ Params: S.GameParamsT; Body: S.UndoBodyT }>('/games/:id/undo', {
      schema: { summary: 'Take back your last undoable action', security: secured, params: S.GameParams, body: S.UndoBody, response: { 200: S.GameState, ...errs(400, 401, 403, 404, 409, 422, 429) } },
      ...limit(limits ? limits.actions : undefined, true),
    }, async (req) => service.undo(await needUser(req), req.params.id, req.body.version, req.body.role));

    api.post<{ Params: S.GameParamsT; Body: S.ResignBodyT }>('/games/:id/resign', {
      schema: { summary: 'Resign: every other seat wins', security: secured, params: S.GameParams, body: S.ResignBody, response: { 200: S.GameState, ...errs(400, 401, 403, 404, 409) } },
    }, async (req) => service.resign(await needUser(req), req.params.id, req.body?.role));

    api.get<{ Params: S.GameParamsT }>('/games/:id/replay', {
      schema: { summary: 'Seed, options and actions of a finished game (the format `tabula replay` reads)', params: S.GameParams, response: { 200: S.ReplayReply, ...errs(400, 404, 409) } },
    }, async (req) => service.replayOf(req.params.id));

    api.route<{ Params: S.GameParamsT; Querystring: S.ViewQueryT }>({
      method: 'GET',
      url: '/games/:id/live',
      schema: { summary: 'WebSocket: pushes { type: "state", version, view, actions, log, ... } on every change; accepts { type: "action" | "undo" | "resign" | "ping" }', params: S.GameParams, querystring: S.ViewQuery, response: { 426: S.ErrorReply } },
      handler: (_req, reply) => reply.code(426).send(errorBody('upgrade-required', 'This is a WebSocket endpoint.')),
      wsHandler: (socket, req) => liveSocket(socket, req),
    });

    api.get('/docs', { schema: { hide: true } }, () => app.swagger());

    api.all('/*', { schema: { hide: true } }, (req) => {
      throw new ApiError(404, 'not-found', `No route ${req.method} ${req.url.split('?')[0]}.`);
    });
  }, { prefix: '/api' });

  function liveSocket(socket: WebSocket, req: FastifyRequest<{ Params: S.GameParamsT; Querystring: S.ViewQueryT }>): void {
    const queue: RawData[] = [];
    let conn: LiveConn | null = null;
    let token: string | null = null;
    try {
      token = bearer(req);
    } catch {
      token = null;
    }
    let closed = false;
    let window = Date.now(), count = 0;
    const handle = async (raw: RawData): Promise<void> => {
      if (!conn) return;
      const now = Date.now();
      if (now - window > 1000) { window = now; count = 0; }
      if (++count > 50) return send(socket, { type: 'error', status: 429, error: { code: 'rate-limited', message: 'Too many messages.' } });
      let msg: Record<string, unknown>;
      try {
        const parsed = JSON.parse(raw.toString()) as unknown;
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
        msg = parsed as Record<string, unknown>;
      } catch {
        return send(socket, { type: 'error', status: 400, error: { code: 'bad-json', message: 'Send one JSON object per message.' } });
      }
      const ref = typeof msg.ref === 'string' || typeof msg.ref === 'number' ? msg.ref : null;
      if (msg.type !== 'ping' && token !== null && conn.user !== null) {
        // The token may have been revoked since the socket opened: check it again before acting.
        const current = await service.authenticate(token);
        if (!current) {
          send(socket, { type: 'error', ref, status: 401, error: { code: 'unauthorized', message: 'Unknown or expired token: sign in again.' } });
          socket.close(4401, 'unauthorized');
          return;
        }
      }
      if ((msg.type === 'action' || msg.type === 'undo' || msg.type === 'resign') && conn.user !== null && !(await wsActionAllowed(conn.user.id))) {
        return send(socket, { type: 'error', ref, status: 429, error: { code: 'rate-limited', message: 'Too many actions: retry in a minute.' } });
      }
      try {
        const role = msg.role === undefined ? undefined : typeof msg.role === 'string' ? msg.role : badField('role');
        const version = (): number => (Number.isInteger(msg.version) && (msg.version as number) >= 0 ? (msg.version as number) : badField('version'));
        let newVersion: number;
        switch (msg.type) {
          case 'ping': return send(socket, { type: 'pong', ref });
          case 'action':
            if (!('action' in msg)) badField('action');
            checkDepth(msg.action);
            newVersion = await service.actVersion(conn.user, conn.gameId, version(), msg.action, role);
            break;
          case 'undo': newVersion = (await service.undo(conn.user, conn.gameId, version(), role)).version; break;
          case 'resign': newVersion = (await service.resign(conn.user, conn.gameId, role)).version; break;
          default: throw new ApiError(400, 'bad-request', 'type must be "action", "undo", "resign" or "ping".');
        }
        send(socket, { type: 'ack', ref, version: newVersion });
      } catch (e) {
        if (e instanceof ApiError) send(socket, { type: 'error', ref, status: e.status, error: { code: e.code, message: e.message } });
        else {
          req.log.error({ err: e }, 'live message failed');
          send(socket, { type: 'error', ref, status: 400, error: { code: 'bad-request', message: 'The message could not be handled.' } });
        }
      }
    };
    socket.on('message', (raw: RawData) => {
      if (conn) void handle(raw);
      else queue.push(raw);
    });
    socket.on('close', () => {
      closed = true;
      if (conn) hub.remove(conn);
    });
    socket.on('error', () => undefined);
    void (async () => {
      try {
        const user = await userOf(req);
        const { row } = await service.snapshot(req.params.id);
        const role = req.query.role;
        if (role !== undefined && !row.seats.some((s) => s.role === role && user !== null && s.userId === user.id)) {
          throw new ApiError(403, 'not-your-seat', `You do not hold the seat "${role}".`);
        }
        if (closed) return;
        const owner = user ? `user:${user.id}` : `ip:${req.ip}`;
        if (socketCap !== false && hub.ownerCount(owner) >= socketCap) {
          throw new ApiError(429, 'too-many-sockets', `At most ${socketCap} live connections at once: close some tabs.`);
        }
        conn = { ws: socket, gameId: req.params.id, user, owner, ...(role !== undefined ? { role } : {}), ...(token !== null && user ? { token } : {}) };
        hub.add(conn);
        await hub.sendCurrent(conn);
        for (const raw of queue.splice(0)) void handle(raw);
      } catch (e) {
        const err = e instanceof ApiError ? e : new ApiError(400, 'bad-request', 'Could not open the live view.');
        send(socket, { type: 'error', status: err.status, error: { code: err.code, message: err.message } });
        socket.close(4000 + err.status, err.code);
      }
    })();
  }

  // The web client: static files with SPA fallback, or a page saying how to build it.
  const webDist = opts.webDist === undefined ? defaultWebDist() : opts.webDist;
  const haveWeb = webDist !== null && existsSync(join(webDist, 'index.html')) && statSync(webDist).isDirectory();
  if (haveWeb) {
    await app.register(fastifyStatic, { root: resolve(webDist), prefix: '/', wildcard: true, index: ['index.html'] });
  }
  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0]!;
    if (path.startsWith('/api/') || path === '/api' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send(errorBody('not-found', `No route ${req.method} ${path}.`));
    }
    if (haveWeb) return reply.type('text/html').sendFile('index.html');
    return reply.code(path === '/' ? 200 : 404).type('text/html; charset=utf-8').send(noWebPage);
  });

  return {
    app, service, hub, bots, store,
    async listen(port: number, host = '127.0.0.1'): Promise<string> {
      const addr = await app.listen({ port, host });
      await bots.resumeAll();
      return addr;
    },
    async close(): Promise<void> {
      hub.closeAll();
      await bots.close();
      await app.close();
      await fanout.close();
      await store.close();
    },
  };
}

function badField(name: string): never {
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

const noWebPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tabula</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto">
<h1>Tabula server is running</h1>
<p>The web client has not been built yet. Build it with <code>npm run build</code> (it writes <code>packages/web/dist</code>) and restart <code>tabula serve</code>.</p>
<p>The API is under <a href="/api/health"><code>/api</code></a>; its OpenAPI description is at <a href="/api/docs"><code>/api/docs</code></a>.</p>
</body></html>
`;
