import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import * as S from '@tabula/protocol';
import { limitKey, needUser, userOf, type Authenticator } from '../accounts/request-auth.js';
import { ApiError, errorBody } from '../http/errors.js';
import { checkDepth } from '../http/error-handler.js';
import { countMinute, surfaceLimit, type RateLimits } from '../http/limits.js';
import { errs, secured } from '../http/replies.js';
import type { Counters } from '../throttle.js';
import type { ActionLimit } from '../http/action-limit.js';
import type { Games } from './index.js';

export interface GameRouteDeps {
  games: Games;
  accounts: Authenticator;
  limits: RateLimits | false;
  /** Counters of the limits the route limiter cannot express (creation per account and address). */
  counters: Counters;
  liveSocket: (socket: WebSocket, req: FastifyRequest) => void;
  /** The per-minute action budget, shared with the sockets. */
  actionLimit: ActionLimit;
}

/** The catalog, the lobby's REST side, a game's state, its commands, its replay, and the live socket's upgrade route. */
export function gameRoutes(deps: GameRouteDeps): (api: FastifyInstance) => Promise<void> {
  const { games, accounts, limits, counters } = deps;
  const { lobby, commands } = games;
  const who = (req: FastifyRequest) => userOf(accounts, req);
  const must = (req: FastifyRequest) => needUser(accounts, req);
  const actionLimit = { preHandler: async (req: FastifyRequest): Promise<void> => deps.actionLimit.take(await limitKey(accounts, req)) };
  const surface = (name: S.Surface) => surfaceLimit(accounts, limits ? counters : null, name);

  return async (api) => {
    api.get('/catalog', { schema: { summary: 'Games with scenarios, roles, player counts and variants', response: { 200: S.Catalog } } }, () => lobby.catalog());

    api.post<{ Body: S.CreateGameT }>('/games', {
      bodyLimit: S.MAX_CREATE_BODY_BYTES,
      schema: { summary: 'Create a game; returns its id (the invite link)', security: secured, body: S.CreateGame, response: { 201: S.IdReply, ...errs(400, 401, 413, 422, 429) } },
    }, async (req, reply) => {
      const user = await must(req);
      if (limits) {
        await countMinute(counters, `create:ip:${req.ip}`, limits.gamesPerAddress, 'new games from this address');
      }
      if (req.body.variants !== undefined) checkDepth(req.body.variants, 64, 'variants');
      return reply.code(201).send(await lobby.createGame(user, req.body));
    });

    api.get<{ Querystring: S.ListQueryT }>('/games', {
      schema: { summary: 'The lobby: open, active (your turn first) or finished games', querystring: S.ListQuery, response: { 200: S.GameList, ...errs(400, 401) } },
    }, async (req) => ({ games: await lobby.list(await who(req), req.query.status ?? 'open', req.query.mine === true, req.query.limit ?? 50) }));

    api.post<{ Params: S.GameParamsT; Body: S.SeatBodyT }>('/games/:id/seats', {
      schema: { summary: 'Take a seat, or give it to a bot', security: secured, params: S.GameParams, body: S.SeatBody, response: { 200: S.GameState, ...errs(400, 401, 403, 404, 409, 422, 429) } },
      ...surface('seats'),
    }, async (req) => lobby.takeSeat(await must(req), req.params.id, req.body.role, req.body.bot));

    api.get<{ Params: S.GameParamsT; Querystring: S.ViewQueryT }>('/games/:id', {
      schema: { summary: 'The game as the caller may see it (no seat: spectator)', params: S.GameParams, querystring: S.ViewQuery, response: { 200: S.GameState, ...errs(400, 401, 403, 404) } },
    }, async (req) => commands.getState(await who(req), req.params.id, req.query.role));

    api.post<{ Params: S.GameParamsT; Body: S.ActionBodyT }>('/games/:id/actions', {
      schema: { summary: 'Play one of your legal actions (the web client sends these over the live socket instead)', security: secured, params: S.GameParams, body: S.ActionBody, response: { 200: S.GameState, ...errs(400, 401, 403, 404, 409, 422, 429) } },
      ...actionLimit,
    }, async (req) => {
      checkDepth(req.body.action);
      return commands.act(await must(req), req.params.id, req.body.version, req.body.action, req.body.role);
    });

    api.post<{ Params: S.GameParamsT; Body: S.PreviewBodyT }>('/games/:id/preview', {
      schema: { summary: 'What one of your legal actions would lead to (ends / loses the game), judged on a world re-dealt for you; nothing is played', security: secured, params: S.GameParams, body: S.PreviewBody, response: { 200: S.PreviewReply, ...errs(400, 401, 403, 404, 409, 422, 429) } },
      ...surface('previews'),
    }, async (req) => {
      checkDepth(req.body.action);
      return commands.preview(await must(req), req.params.id, req.body.action, req.body.role);
    });

    api.post<{ Params: S.GameParamsT; Body: S.WhyBodyT }>('/games/:id/why', {
      schema: { summary: '"Why can\'t I?": why your seat can do nothing with a thing on the board now (the engine\'s reason and rule), or null', security: secured, params: S.GameParams, body: S.WhyBody, response: { 200: S.WhyReply, ...errs(400, 401, 403, 404, 409, 429) } },
      ...surface('whys'),
    }, async (req) => commands.whyNot(await must(req), req.params.id, req.body.target, req.body.role));

    api.post<{ Params: S.GameParamsT; Body: S.ExplainBodyT }>('/games/:id/explain', {
      schema: { summary: 'Learning mode: why a bot seat played one action of the log, told to your seat (only what it may see); null for a person\'s action', security: secured, params: S.GameParams, body: S.ExplainBody, response: { 200: S.ExplainReply, ...errs(400, 401, 403, 404, 422, 429) } },
      ...surface('whys'),
    }, async (req) => commands.explainBotMove(await must(req), req.params.id, req.body.at, req.body.role));

    api.post<{ Params: S.GameParamsT; Body: S.HintBodyT }>('/games/:id/hint', {
      schema: { summary: 'Learning games: what the bot would play for your seat now (one of your legal actions) and why; searched from what your seat may see', security: secured, params: S.GameParams, body: S.HintBody, response: { 200: S.HintReply, ...errs(400, 401, 403, 404, 409, 429) } },
      ...surface('hints'),
    }, async (req) => commands.hint(await must(req), req.params.id, req.body?.role));

    api.post<{ Params: S.GameParamsT; Body: S.UndoBodyT }>('/games/:id/undo', {
      schema: { summary: 'Take back your last undoable action', security: secured, params: S.GameParams, body: S.UndoBody, response: { 200: S.GameState, ...errs(400, 401, 403, 404, 409, 422, 429) } },
      ...actionLimit,
    }, async (req) => commands.undo(await must(req), req.params.id, req.body.version, req.body.role));

    api.post<{ Params: S.GameParamsT; Body: S.ResignBodyT }>('/games/:id/resign', {
      schema: { summary: 'Resign: every other seat wins', security: secured, params: S.GameParams, body: S.ResignBody, response: { 200: S.GameState, ...errs(400, 401, 403, 404, 409) } },
    }, async (req) => commands.resign(await must(req), req.params.id, req.body?.role));

    api.post<{ Params: S.GameParamsT; Body: S.ResignBodyT }>('/games/:id/abort', {
      schema: { summary: 'Abort (only before its 2nd action): the game ends with no winner; a player other than the creator, while the creator holds a seat, leaves it instead and the game is open again from the start', security: secured, params: S.GameParams, body: S.AbortBody, response: { 200: S.GameState, ...errs(400, 401, 403, 404, 409, 429) } },
      ...surface('aborts'),
    }, async (req) => commands.abort(await must(req), req.params.id, req.body?.role));

    api.post<{ Params: S.GameParamsT; Body: S.ResignBodyT }>('/games/:id/claim', {
      schema: { summary: 'Claim the win over opponents disconnected from a live game for 2 minutes', security: secured, params: S.GameParams, body: S.ClaimBody, response: { 200: S.GameState, ...errs(400, 401, 403, 404, 409) } },
    }, async (req) => commands.claim(await must(req), req.params.id, req.body?.role));

    api.post<{ Params: S.GameParamsT; Body: S.DrawBodyT }>('/games/:id/draw', {
      schema: { summary: 'Offer, accept or decline a draw: once every seat agrees the game ends drawn ("agreed")', security: secured, params: S.GameParams, body: S.DrawBody, response: { 200: S.GameState, ...errs(400, 401, 403, 404, 409, 429) } },
    }, async (req) => {
      const user = await must(req);
      // New offers also count per address here (per account: in the command, for sockets too).
      if (limits && req.body.op === 'offer') await countMinute(counters, `drawOffers:ip:${req.ip}`, S.SURFACE_LIMITS.drawOffers.perAddress, 'draw offers from this address');
      return commands.draw(user, req.params.id, req.body.op, req.body.role);
    });

    api.get<{ Params: S.GameParamsT }>('/games/:id/replay', {
      schema: { summary: 'Seed, options and actions of a finished game (the format `tabula replay` reads)', params: S.GameParams, response: { 200: S.ReplayReply, ...errs(400, 404, 409) } },
    }, async (req) => commands.replayOf(req.params.id));

    api.route<{ Params: S.GameParamsT; Querystring: S.ViewQueryT }>({
      method: 'GET',
      url: '/games/:id/live',
      schema: {
        summary: 'WebSocket: sends ServerMessage (state on connect, on sync and after every change; ack; error; pong); accepts ClientMessage (action, undo, resign, abort, claim, draw, ping, sync, chat, rematch)',
        params: S.GameParams, querystring: S.ViewQuery, response: { 426: S.ErrorReply },
      },
      handler: (_req, reply) => reply.code(426).send(errorBody('upgrade-required', 'This is a WebSocket endpoint.')),
      wsHandler: (socket, req) => deps.liveSocket(socket, req),
    });

    api.all('/*', { schema: { hide: true } }, (req) => {
      throw new ApiError(404, 'not-found', `No route ${req.method} ${req.url.split('?')[0]}.`);
    });
  };
}
