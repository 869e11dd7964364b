import type { FastifyInstance } from 'fastify';
import * as S from '@tabula/protocol';
import { needUser, type Authenticator } from '../accounts/request-auth.js';
import { surfaceLimit } from '../http/limits.js';
import { errs, secured } from '../http/replies.js';
import type { Counters } from '../throttle.js';
import type { AnalysisRunner } from './runner.js';

/** GET and POST /api/games/:id/analysis (docs/api.md). */
export function analysisRoutes(accounts: Authenticator, runner: AnalysisRunner, counters: Counters | null): (api: FastifyInstance) => Promise<void> {
  return async (api) => {
    api.get<{ Params: S.GameParamsT }>('/games/:id/analysis', {
      schema: { summary: 'The analysis of a finished game: status, progress and (when done) the result', params: S.GameParams, response: { 200: S.AnalysisReply, ...errs(400, 404, 409) } },
    }, async (req) => runner.status(req.params.id));
    api.post<{ Params: S.GameParamsT }>('/games/:id/analysis', {
      schema: { summary: 'Start the analysis of a finished game (idempotent: once done it is stored and never recomputed)', security: secured, params: S.GameParams, response: { 200: S.AnalysisReply, 202: S.AnalysisReply, ...errs(400, 401, 404, 409, 429) } },
      ...surfaceLimit(accounts, counters, 'analyses'),
    }, async (req, reply) => {
      const user = await needUser(accounts, req);
      const r = await runner.request(req.params.id, user.id);
      return reply.code(r.status === 'done' ? 200 : 202).send(r);
    });
  };
}
