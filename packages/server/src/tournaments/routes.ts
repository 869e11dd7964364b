import type { FastifyInstance } from 'fastify';
import * as S from '@tabula/protocol';
import { needUser, userOf, type Authenticator } from '../accounts/request-auth.js';
import { badRequest } from '../http/errors.js';
import { errs, secured } from '../http/replies.js';
import { surfaceLimit } from '../http/limits.js';
import type { Counters } from '../throttle.js';
import type { Tournaments } from './tournaments.js';

/** An entry's optional body: `{ bot }` when the organiser enters or withdraws a bot. */
function botOf(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('bad-request', 'The body is an object: {} or { "bot": name }.');
  const keys = Object.keys(body);
  const bot = (body as { bot?: unknown }).bot;
  if (keys.some((k) => k !== 'bot') || (bot !== undefined && (typeof bot !== 'string' || bot.length < 1 || bot.length > 64))) {
    throw badRequest('bad-request', 'The body is {} or { "bot": name } (1-64 characters).');
  }
  return bot as string | undefined;
}

/** The tournament routes under /api (docs/api.md "Tournaments"). */
export function tournamentRoutes(accounts: Authenticator, tournaments: Tournaments, counters: Counters | null): (api: FastifyInstance) => Promise<void> {
  const limit = (surface: S.Surface) => surfaceLimit(accounts, counters, surface);
  return async (api) => {
    api.post<{ Body: S.CreateTournamentT }>('/tournaments', {
      schema: { summary: 'Organise a tournament (verified accounts; at most 2 not finished at once)', security: secured, body: S.CreateTournament, response: { 201: S.IdReply, ...errs(400, 401, 403, 409, 422, 429) } },
      ...limit('tournaments'),
    }, async (req, reply) => reply.code(201).send(await tournaments.create(await needUser(accounts, req), req.body)));

    api.get<{ Querystring: S.TournamentListQueryT }>('/tournaments', {
      schema: { summary: 'Tournaments: upcoming (soonest first), running or finished (newest first)', querystring: S.TournamentListQuery, response: { 200: S.TournamentList, ...errs(400) } },
    }, async (req) => ({ tournaments: await tournaments.list(req.query.status ?? 'upcoming', req.query.limit ?? S.TOURNAMENT_LIST_LIMIT.default) }));

    api.get<{ Params: S.TournamentParamsT }>('/tournaments/:id', {
      schema: { summary: 'A tournament: standings, rounds with pairings and games, the bracket (elimination), and what the caller may do', params: S.TournamentParams, response: { 200: S.Tournament, ...errs(404) } },
    }, async (req) => tournaments.view(req.params.id, await userOf(accounts, req)));

    api.get<{ Params: S.TournamentParamsT }>('/games/:id/tournament', {
      // Ids are letters, digits, "_" and "-" (anything else, a NUL byte above all, never reaches the store).
      schema: { summary: 'The tournament a game belongs to (the board page links back), or null', params: S.TournamentParams, response: { 200: S.GameTournamentReply, ...errs(400) } },
    }, async (req) => ({ tournament: await tournaments.ofGame(req.params.id) }));

    const entry = (path: string, summary: string, run: (user: S.MeT & { id: number }, id: string, bot: string | undefined) => Promise<S.TournamentT>): void => {
      api.post<{ Params: S.TournamentParamsT }>(`/tournaments/:id/${path}`, {
        schema: { summary, security: secured, params: S.TournamentParams, response: { 200: S.Tournament, ...errs(400, 401, 403, 404, 409, 422, 429) } },
        ...limit('tournamentEntries'),
      }, async (req) => run(await needUser(accounts, req), req.params.id, botOf(req.body)));
    };
    entry('join', 'Join (or, organiser, enter a bot: { bot }); swiss takes players until the end, other formats until the start', (u, id, bot) => tournaments.join(u, id, bot));
    entry('withdraw', 'Leave before the start; withdraw during it (not paired again; your running game of the round is resigned)', (u, id, bot) => tournaments.withdraw(u, id, bot));
    entry('start', 'Organiser: start now (at least capacity.min players)', (u, id) => tournaments.start(u, id));
    entry('cancel', 'Organiser: cancel before the start', (u, id) => tournaments.cancel(u, id));
  };
}
