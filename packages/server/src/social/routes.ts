import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import * as S from '@tabula/protocol';
import { ApiError, errorBody } from '../http/errors.js';
import { needUser, userOf } from '../accounts/request-auth.js';
import type { Authenticator } from '../accounts/request-auth.js';
import { errs, secured } from '../http/replies.js';
import { surfaceLimit } from '../http/limits.js';
import type { Counters } from '../throttle.js';
import type { Social } from './social.js';

/**
 * The social routes under /api: chat read-back and mutes, profiles, leaderboards, seeks, the lobby socket
 * (docs/api.md); `lobbySocket` is the handler of GET /lobby/live (live/lobby-socket.ts).
 */
export function socialRoutes(accounts: Authenticator, social: Social, counters: Counters | null, lobbySocket: (socket: WebSocket, req: FastifyRequest) => void): (api: FastifyInstance) => Promise<void> {
  const limit = (surface: Parameters<typeof surfaceLimit>[2]) => surfaceLimit(accounts, counters, surface);
  return async (api) => {
    api.get<{ Params: S.GameParamsT }>('/games/:id/chat', {
      schema: { summary: 'The game\'s chat as the caller may read it (without muted users), oldest first; each line\'s `seq` places it in the replay', params: S.GameParams, response: { 200: S.ChatReply, ...errs(401, 404) } },
    }, async (req) => social.chatOf(req.params.id, await userOf(accounts, req)));

    api.get('/mutes', { schema: { summary: 'The users the caller muted', security: secured, response: { 200: S.MuteList, ...errs(401) } } },
      async (req) => ({ muted: await social.chat.muted(await needUser(accounts, req)) }));
    api.post<{ Body: S.MuteBodyT }>('/mutes', {
      schema: { summary: 'Mute a user everywhere: their chat lines are never shown to the caller', security: secured, body: S.MuteBody, response: { 200: S.MuteList, ...errs(400, 401, 404, 409, 422, 429) } },
      ...limit('mutes'),
    }, async (req) => {
      const me = await needUser(accounts, req);
      await social.chat.mute(me, req.body.name);
      return { muted: await social.chat.muted(me) };
    });
    api.delete<{ Params: S.NameParamsT }>('/mutes/:name', {
      schema: { summary: 'Unmute a user', security: secured, params: S.NameParams, response: { 200: S.MuteList, ...errs(401, 404, 429) } },
      ...limit('mutes'),
    }, async (req) => {
      const me = await needUser(accounts, req);
      await social.chat.unmute(me, req.params.name);
      return { muted: await social.chat.muted(me) };
    });

    api.get<{ Params: S.NameParamsT }>('/users/:name', {
      schema: { summary: 'A profile: games played and won per game, ratings, current and finished games', params: S.NameParams, response: { 200: S.Profile, ...errs(404, 429) } },
      ...limit('lookups'),
    }, async (req) => social.profile(req.params.name));

    api.get<{ Params: S.NameParamsT; Querystring: S.RatingHistoryQueryT }>('/users/:name/ratings', {
      schema: { summary: 'A rating history: the user\'s rating after each of their newest rated games of one game, newest first, with the opponents', params: S.NameParams, querystring: S.RatingHistoryQuery, response: { 200: S.RatingHistory, ...errs(400, 404, 429) } },
      ...limit('lookups'),
    }, async (req) => social.ratingHistory(req.params.name, req.query.game, req.query.limit ?? S.RATING_HISTORY_LIMIT.default));

    api.get<{ Params: S.GameParamsT }>('/games/:id/ratings', {
      schema: { summary: 'What a finished game did to its players\' ratings (the result screen\'s "1500 → 1512")', params: S.GameParams, response: { 200: S.GameRatings, ...errs(404, 409) } },
    }, async (req) => social.gameRatings(req.params.id));

    api.get<{ Params: S.GameIdParamsT }>('/ratings/:game', {
      schema: { summary: 'Leaderboard of one game: established ratings first, highest first (top 100)', params: S.GameIdParams, response: { 200: S.Leaderboard, ...errs(404, 429) } },
      ...limit('lookups'),
    }, async (req) => social.leaderboard(req.params.game));

    api.get('/seeks', { schema: { summary: 'Open seeks', response: { 200: S.SeekList } } }, async () => ({ seeks: await social.seeks.open() }));
    api.post<{ Body: S.SeekBodyT }>('/seeks', {
      schema: { summary: 'Seek any opponent: paired at once with a compatible open seek (then `status: "paired"`, `gameId`), else open until cancelled or expired', security: secured, body: S.SeekBody, response: { 201: S.Seek, ...errs(400, 401, 409, 422, 429) } },
      ...limit('seeks'),
    }, async (req, reply) => reply.code(201).send(await social.seeks.post(await needUser(accounts, req), req.body)));
    api.get<{ Params: S.SeekParamsT }>('/seeks/:id', {
      schema: { summary: 'One seek (its status and, once paired, its game)', params: S.SeekParams, response: { 200: S.Seek, ...errs(404) } },
    }, async (req) => {
      const s = await social.seeks.get(req.params.id);
      if (!s) throw new ApiError(404, 'seek-not-found', `No seek "${req.params.id}".`);
      return s;
    });
    api.delete<{ Params: S.SeekParamsT }>('/seeks/:id', {
      schema: { summary: 'Cancel your open seek', security: secured, params: S.SeekParams, response: { 204: { type: 'null' }, ...errs(401, 404, 409, 429) } },
      ...limit('seeks'),
    }, async (req, reply) => {
      await social.seeks.cancel(await needUser(accounts, req), req.params.id);
      return reply.code(204).send();
    });

    api.route<{ Querystring: { token?: string } }>({
      method: 'GET',
      url: '/lobby/live',
      schema: {
        summary: 'WebSocket (anonymous allowed): pushes { type: "lobby", games, seeks } on connect, then "game" (a game appeared, started or finished), "seeks" and "paired" (your seek was paired); accepts ping',
        querystring: S.ViewQuery, response: { 426: S.ErrorReply },
      },
      handler: (_req, reply) => reply.code(426).send(errorBody('upgrade-required', 'This is a WebSocket endpoint.')),
      wsHandler: lobbySocket,
    });
  };
}
