import type { FastifyInstance } from 'fastify';
import * as S from '@tabula/protocol';
import { needUser, type Authenticator } from '../accounts/request-auth.js';
import { errs, secured } from '../http/replies.js';
import { surfaceLimit } from '../http/limits.js';
import type { Counters } from '../throttle.js';
import type { Moderation } from './moderation.js';

/** Blocks, reports, the moderators' queue and actions, and the caller's own standing (docs/api.md). */
export function moderationRoutes(accounts: Authenticator, moderation: Moderation, counters: Counters | null): (api: FastifyInstance) => Promise<void> {
  const limit = (surface: S.Surface) => surfaceLimit(accounts, counters, surface);
  return async (api) => {
    api.get('/blocks', { schema: { summary: 'The users the caller blocked', security: secured, response: { 200: S.BlockList, ...errs(401) } } },
      async (req) => ({ blocked: await moderation.blocked(await needUser(accounts, req)) }));
    api.post<{ Body: S.MuteBodyT }>('/blocks', {
      schema: {
        summary: 'Block a user: no chat lines either way, no invitations, no joining each other\'s open games, no seek pairing',
        security: secured, body: S.MuteBody, response: { 200: S.BlockList, ...errs(400, 401, 404, 409, 422, 429) },
      },
      ...limit('blocks'),
    }, async (req) => {
      const me = await needUser(accounts, req);
      await moderation.block(me, req.body.name);
      return { blocked: await moderation.blocked(me) };
    });
    api.delete<{ Params: S.NameParamsT }>('/blocks/:name', {
      schema: { summary: 'Unblock a user', security: secured, params: S.NameParams, response: { 200: S.BlockList, ...errs(401, 404, 429) } },
      ...limit('blocks'),
    }, async (req) => {
      const me = await needUser(accounts, req);
      await moderation.unblock(me, req.params.name);
      return { blocked: await moderation.blocked(me) };
    });

    api.post<{ Body: S.ReportBodyT }>('/reports', {
      schema: {
        summary: 'Report a user or a chat line (the line, its game and its neighbours are attached from the stored chat); one open report per reporter, user and line',
        security: secured, body: S.ReportBody, response: { 201: S.ReportReply, ...errs(400, 401, 404, 409, 422, 429) },
      },
      ...limit('reports'),
    }, async (req, reply) => reply.code(201).send(await moderation.report(await needUser(accounts, req), req.body)));

    api.get('/moderation/reports', {
      schema: { summary: 'Moderators: the open reports with their lines in context and each user\'s history, and the latest actions', security: secured, response: { 200: S.ModerationQueue, ...errs(401, 403) } },
    }, async (req) => moderation.queue(await needUser(accounts, req)));
    api.post<{ Body: S.ModerationBodyT }>('/moderation/actions', {
      schema: {
        summary: 'Moderators: dismiss a report, warn, mute for a time, ban or unban a user; logged',
        security: secured, body: S.ModerationBody, response: { 201: S.ModerationAction, ...errs(400, 401, 403, 404, 409, 422) },
      },
    }, async (req, reply) => reply.code(201).send(await moderation.act(await needUser(accounts, req), req.body)));

    api.get('/me/standing', {
      schema: { summary: 'The caller\'s standing: moderator or not, a chat mute\'s end, warnings and mutes not yet acknowledged', security: secured, response: { 200: S.Standing, ...errs(401) } },
    }, async (req) => moderation.standing(await needUser(accounts, req)));
    api.post<{ Body: S.NoticeIdsT }>('/me/notices/read', {
      schema: { summary: 'Acknowledge warnings and mutes (they are no longer listed)', security: secured, body: S.NoticeIds, response: { 204: { type: 'null' }, ...errs(400, 401) } },
    }, async (req, reply) => {
      await moderation.noticesSeen(await needUser(accounts, req), req.body.ids);
      return reply.code(204).send();
    });
  };
}
