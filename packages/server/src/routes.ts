import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import * as S from '@tabula/protocol';
import { ApiError, errorBody } from './errors.js';
import { checkDepth } from './http-errors.js';
import { bearer, limitKey, needUser, userOf } from './auth.js';
import { nameKeyOf } from './account-policy.js';
import { hashToken } from './passwords.js';
import type { GameService } from './service.js';
import type { LiveHub } from './live/hub.js';
import type { SignOut } from './live/fanout.js';
import type { SignInGuard } from './signin-guard.js';
import type { Counters } from './throttle.js';
import type { ActionLimit } from './http/action-limit.js';

export interface RateLimits {
  /** Sign-ups per IP per minute. */
  accounts: number;
  /** Sign-ins per IP per minute (failed ones are also limited per name and per address: SignInGuard). */
  sessions: number;
  /** Actions (and undos) per account (or IP) per minute. */
  actions: number;
  /** Games created per account per minute, and per address per minute. */
  games?: number;
  gamesPerAddress?: number;
}
export const defaultRateLimits: RateLimits = {
  accounts: 60, sessions: S.SIGN_INS_PER_MINUTE_PER_ADDRESS, actions: 1200,
  games: S.GAMES_PER_MINUTE_PER_ACCOUNT, gamesPerAddress: S.GAMES_PER_MINUTE_PER_ADDRESS,
};

export interface RouteDeps {
  service: GameService;
  hub: LiveHub;
  limits: RateLimits | false;
  bodyLimit: number;
  serverVersion: string;
  liveSocket: (socket: WebSocket, req: FastifyRequest) => void;
  openapi: () => unknown;
  /** Counters of the limits the route limiter cannot express (creation per account and address). */
  counters: Counters;
  /** Per-name and per-address limits on failed sign-ins; null: none (rate limits off). */
  signInGuard: SignInGuard | null;
  /** Sessions ended: close their sockets here and in every other process. */
  signedOut: (what: SignOut) => void;
  /** The per-minute action budget, shared with the sockets. */
  actionLimit: ActionLimit;
}

const STORE_PING_TIMEOUT_MS = 1000;

/** Whether the store answers a trivial query within a second. */
async function storeAnswers(service: GameService): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      service.store.ping().then(() => true),
      new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), STORE_PING_TIMEOUT_MS); }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** The REST routes under /api and the live socket's upgrade route; every body and reply is a @tabula/protocol schema. */
export function apiRoutes(deps: RouteDeps): (api: FastifyInstance) => Promise<void> {
  const { service, limits, counters, signInGuard, actionLimit } = deps;
  const countAction = { preHandler: async (req: FastifyRequest): Promise<void> => actionLimit.take(await limitKey(service, req)) };
  const limit = (max: number | undefined): object => (limits && max !== undefined ? { config: { rateLimit: { max, timeWindow: 60_000 } } } : {});
  /** Throws 429 when `key` was counted more than `max` times this minute. */
  const countMinute = async (key: string, max: number | undefined, what: string): Promise<void> => {
    if (!limits || max === undefined) return;
    const n = await counters.incr(`${key}:${Math.floor(Date.now() / 60_000)}`, 120_000);
    if (n > max) throw new ApiError(429, 'rate-limited', `Too many ${what}: at most ${max} a minute.`);
  };
  const errs = (...codes: number[]): Record<number, typeof S.ErrorReply> => Object.fromEntries(codes.map((c) => [c, S.ErrorReply]));
  const secured = [{ bearer: [] }];
  const who = (req: FastifyRequest) => userOf(service, req);
  const must = (req: FastifyRequest) => needUser(service, req);

  return async (api) => {
    api.get('/health', { schema: { summary: 'Liveness: the process answers (and says whether its store does)', response: { 200: S.Health } } }, async () => ({
      ok: true, version: deps.serverVersion, store: (await storeAnswers(service)) ? 'ok' : 'unavailable',
    }));

    api.get('/ready', { schema: { summary: 'Readiness: 200 when the store answers, else 503 (for load balancers)', response: { 200: S.Health, 503: S.Health } } }, async (_req, reply) => {
      const up = await storeAnswers(service);
      if (!up) void reply.code(503).header('retry-after', '5');
      return { ok: up, version: deps.serverVersion, store: up ? 'ok' : 'unavailable' };
    });

    api.get('/catalog', { schema: { summary: 'Games with scenarios, roles, player counts and variants', response: { 200: S.Catalog } } }, () => service.catalog());

    api.post<{ Body: S.CredentialsT }>('/accounts', {
      schema: { summary: 'Create an account; returns a bearer token', body: S.Credentials, response: { 201: S.TokenReply, ...errs(400, 409, 422, 429) } },
      ...limit(limits ? limits.accounts : undefined),
    }, async (req, reply) => reply.code(201).send(await service.signUp(req.body.name, req.body.password)));

    api.post<{ Body: S.CredentialsT }>('/sessions', {
      schema: { summary: 'Sign in; returns a new bearer token', body: S.Credentials, response: { 201: S.TokenReply, ...errs(400, 401, 429) } },
      ...limit(limits ? limits.sessions : undefined),
    }, async (req, reply) => {
      const key = nameKeyOf(req.body.name);
      await signInGuard?.check(key, req.ip);
      let out;
      try {
        out = await service.signIn(req.body.name, req.body.password);
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) await signInGuard?.failed(key, req.ip);
        throw e;
      }
      await signInGuard?.succeeded(key, req.ip);
      // Rotation: signing in with a token in hand ends that older session.
      const old = (() => { try { return bearer(req); } catch { return null; } })();
      if (old !== null && (await service.authenticate(old))?.name === out.name) {
        await service.signOut(old);
        deps.signedOut({ tokenHash: hashToken(old) });
      }
      return reply.code(201).send(out);
    });

    api.delete('/sessions', { schema: { summary: 'Sign out (revokes this token)', security: secured, response: { 204: { type: 'null' }, ...errs(401) } } }, async (req, reply) => {
      await must(req);
      const token = bearer(req)!;
      await service.signOut(token);
      deps.signedOut({ tokenHash: hashToken(token) });
      return reply.code(204).send();
    });

    api.delete('/sessions/all', { schema: { summary: 'Sign out everywhere (revokes every token of the account)', security: secured, response: { 204: { type: 'null' }, ...errs(401) } } }, async (req, reply) => {
      const user = await must(req);
      await service.signOutEverywhere(user);
      deps.signedOut({ userId: user.id });
      return reply.code(204).send();
    });

    api.get('/me', { schema: { summary: 'Who the token belongs to', security: secured, response: { 200: S.Me, ...errs(401) } } }, async (req) => ({ name: (await must(req)).name }));

    api.post<{ Body: S.CreateGameT }>('/games', {
      bodyLimit: S.MAX_CREATE_BODY_BYTES,
      schema: { summary: 'Create a game; returns its id (the invite link)', security: secured, body: S.CreateGame, response: { 201: S.IdReply, ...errs(400, 401, 413, 422, 429) } },
    }, async (req, reply) => {
      const user = await must(req);
      await countMinute(`create:ip:${req.ip}`, limits ? limits.gamesPerAddress : undefined, 'new games from this address');
      await countMinute(`create:u:${user.id}`, limits ? limits.games : undefined, 'new games');
      if (req.body.variants !== undefined) checkDepth(req.body.variants, 64, 'variants');
      return reply.code(201).send(await service.createGame(user, req.body));
    });

    api.get<{ Querystring: S.ListQueryT }>('/games', {
      schema: { summary: 'The lobby: open, active (your turn first) or finished games', querystring: S.ListQuery, response: { 200: S.GameList, ...errs(400, 401) } },
    }, async (req) => ({ games: await service.list(await who(req), req.query.status ?? 'open', req.query.mine === true, req.query.limit ?? 50) }));

    api.post<{ Params: S.GameParamsT; Body: S.SeatBodyT }>('/games/:id/seats', {
      schema: { summary: 'Take a seat, or give it to a bot', security: secured, params: S.GameParams, body: S.SeatBody, response: { 200: S.GameState, ...errs(400, 401, 403, 404, 409, 422) } },
    }, async (req) => service.takeSeat(await must(req), req.params.id, req.body.role, req.body.bot));

    api.get<{ Params: S.GameParamsT; Querystring: S.ViewQueryT }>('/games/:id', {
      schema: { summary: 'The game as the caller may see it (no seat: spectator)', params: S.GameParams, querystring: S.ViewQuery, response: { 200: S.GameState, ...errs(400, 401, 403, 404) } },
    }, async (req) => service.getState(await who(req), req.params.id, req.query.role));

    api.post<{ Params: S.GameParamsT; Body: S.ActionBodyT }>('/games/:id/actions', {
      schema: { summary: 'Play one of your legal actions (the web client sends these over the live socket instead)', security: secured, params: S.GameParams, body: S.ActionBody, response: { 200: S.GameState, ...errs(400, 401, 403, 404, 409, 422, 429) } },
      ...countAction,
    }, async (req) => {
      checkDepth(req.body.action);
      return service.act(await must(req), req.params.id, req.body.version, req.body.action, req.body.role);
    });

    api.post<{ Params: S.GameParamsT; Body: S.UndoBodyT }>('/games/:id/undo', {
      schema: { summary: 'Take back your last undoable action', security: secured, params: S.GameParams, body: S.UndoBody, response: { 200: S.GameState, ...errs(400, 401, 403, 404, 409, 422, 429) } },
      ...countAction,
    }, async (req) => service.undo(await must(req), req.params.id, req.body.version, req.body.role));

    api.post<{ Params: S.GameParamsT; Body: S.ResignBodyT }>('/games/:id/resign', {
      schema: { summary: 'Resign: every other seat wins', security: secured, params: S.GameParams, body: S.ResignBody, response: { 200: S.GameState, ...errs(400, 401, 403, 404, 409) } },
    }, async (req) => service.resign(await must(req), req.params.id, req.body?.role));

    api.post<{ Params: S.GameParamsT; Body: S.ResignBodyT }>('/games/:id/abort', {
      schema: { summary: 'Abort: the game ends with no winner (only before its 2nd action)', security: secured, params: S.GameParams, body: S.AbortBody, response: { 200: S.GameState, ...errs(400, 401, 403, 404, 409) } },
    }, async (req) => service.abort(await must(req), req.params.id, req.body?.role));

    api.post<{ Params: S.GameParamsT; Body: S.ResignBodyT }>('/games/:id/claim', {
      schema: { summary: 'Claim the win over opponents disconnected from a live game for 2 minutes', security: secured, params: S.GameParams, body: S.ClaimBody, response: { 200: S.GameState, ...errs(400, 401, 403, 404, 409) } },
    }, async (req) => service.claim(await must(req), req.params.id, req.body?.role));

    api.get<{ Params: S.GameParamsT }>('/games/:id/replay', {
      schema: { summary: 'Seed, options and actions of a finished game (the format `tabula replay` reads)', params: S.GameParams, response: { 200: S.ReplayReply, ...errs(400, 404, 409) } },
    }, async (req) => service.replayOf(req.params.id));

    api.route<{ Params: S.GameParamsT; Querystring: S.ViewQueryT }>({
      method: 'GET',
      url: '/games/:id/live',
      schema: {
        summary: 'WebSocket: sends ServerMessage (state on connect, on sync and after every change; ack; error; pong); accepts ClientMessage (action, undo, resign, ping, sync)',
        params: S.GameParams, querystring: S.ViewQuery, response: { 426: S.ErrorReply },
      },
      handler: (_req, reply) => reply.code(426).send(errorBody('upgrade-required', 'This is a WebSocket endpoint.')),
      wsHandler: (socket, req) => deps.liveSocket(socket, req),
    });

    api.get('/docs', { schema: { hide: true } }, () => deps.openapi());

    api.all('/*', { schema: { hide: true } }, (req) => {
      throw new ApiError(404, 'not-found', `No route ${req.method} ${req.url.split('?')[0]}.`);
    });
  };
}
