import type { FastifyInstance } from 'fastify';
import * as S from '@tabula/protocol';
import { ApiError } from '../http/errors.js';
import { errs, secured } from '../http/replies.js';
import type { SignOut } from '../live/fanout.js';
import type { Store } from '../store/index.js';
import { surfaceLimit } from '../http/limits.js';
import type { Counters } from '../throttle.js';
import { checkPassword } from './account-policy.js';
import type { AccountMail } from './account-mail.js';
import type { Accounts } from './accounts.js';
import { bearer, needUser } from './request-auth.js';
import { hashToken } from './passwords.js';

export interface LifeRouteDeps {
  accounts: Accounts;
  mail: AccountMail;
  store: Store;
  /** The surface limits' counters (null: rate limits off). */
  counters: Counters | null;
  /** Sessions ended: close their sockets here and in every other process. */
  signedOut: (what: SignOut) => void;
}

/** A session's public name: a prefix of its token's hash (the hash itself does not sign in). */
const sessionId = (tokenHash: string): string => tokenHash.slice(0, 16);

const badLink = () => new ApiError(404, 'bad-token', 'This link is unknown, used or expired (or no longer for your address).');

/** The account life cycle: address verification, password change and reset, the list of sessions. */
export function lifeRoutes(deps: LifeRouteDeps): (api: FastifyInstance) => Promise<void> {
  const { accounts, mail } = deps;
  const verify = async (token: string): Promise<S.VerifyReplyT> => {
    const email = await mail.verify(token);
    if (email === null) throw badLink();
    return { email };
  };
  return async (api) => {
    api.get<{ Querystring: S.LinkTokenT }>('/accounts/verify', {
      schema: { summary: 'Verify the address of a verification mail (the token of its link)', querystring: S.LinkToken, response: { 200: S.VerifyReply, ...errs(400, 404) } },
    }, async (req) => verify(req.query.token));

    api.post<{ Querystring: Partial<S.LinkTokenT>; Body: Partial<S.LinkTokenT> | undefined }>('/accounts/verify', {
      schema: { summary: 'Verify the address of a verification mail (token in the body or the query)', response: { 200: S.VerifyReply, ...errs(400, 404) } },
    }, async (req) => {
      const token = req.body?.token ?? req.query.token;
      if (typeof token !== 'string' || token.length === 0 || token.length > 200) throw new ApiError(400, 'bad-request', 'Send the token of the link.');
      return verify(token);
    });

    api.post('/accounts/verify/resend', {
      schema: { summary: 'Mail the verification link again (within the verification-mail limits)', security: secured, response: { 202: S.ResendReply, ...errs(401, 409, 503) } },
    }, async (req, reply) => {
      const user = await needUser(accounts, req);
      if (!mail.available) throw new ApiError(503, 'mail-unavailable', 'This server sends no mail.');
      const s = await deps.store.notify.settings(user.id);
      if (!s.email) throw new ApiError(409, 'no-email', 'Set an address first.');
      if (s.emailVerified) throw new ApiError(409, 'already-verified', 'The address is already verified.');
      return reply.code(202).send({ sent: await mail.sendVerification(user, s.email, s.language) });
    });

    api.post<{ Body: S.ResetRequestT }>('/accounts/reset', {
      schema: { summary: 'Ask for a password reset by name or address: a link is mailed to the account\'s verified address, if any (the answer never says)', body: S.ResetRequest, response: { 202: { type: 'null' }, ...errs(400, 429) } },
      ...surfaceLimit(accounts, deps.counters, 'resets'),
    }, async (req, reply) => {
      const { name, email } = req.body;
      if ((name === undefined) === (email === undefined)) throw new ApiError(400, 'bad-request', 'Send either the name or the address.');
      mail.requestReset(name !== undefined ? { name } : { email: email! });
      return reply.code(202).send();
    });

    api.post<{ Body: S.ResetConfirmT }>('/accounts/reset/confirm', {
      schema: { summary: 'Set a new password with the token of a reset mail; every session of the account ends', body: S.ResetConfirm, response: { 204: { type: 'null' }, ...errs(400, 404, 422) } },
    }, async (req, reply) => {
      const user = await mail.resetAccount(req.body.token);
      if (!user) throw badLink();
      // The policy first: a refused password leaves the link usable.
      checkPassword(req.body.password, user.name);
      if (!(await mail.useReset(req.body.token))) throw badLink();
      await accounts.setPassword(user, req.body.password);
      deps.signedOut({ userId: user.id });
      return reply.code(204).send();
    });

    api.get('/accounts/me/export', {
      schema: { summary: 'The account\'s data as JSON: games (ids, seats, outcomes), ratings, chat lines, notification settings', security: secured, response: { 200: S.AccountExport, ...errs(401) } },
    }, async (req, reply) => {
      const user = await needUser(accounts, req);
      const [data, s] = await Promise.all([deps.store.accounts.exportOf(user.id), deps.store.notify.settings(user.id)]);
      if (!data) throw new ApiError(401, 'unauthorized', 'No such account.');
      const settings = { language: s.language, email: s.email, emailVerified: s.emailVerified, emailOn: s.emailOn, browser: s.browser, webhookUrl: s.webhookUrl };
      return reply.header('content-disposition', `attachment; filename="tabula-${user.id}.json"`).send({ ...data, settings });
    });

    api.delete<{ Body: S.DeleteAccountT }>('/accounts/me', {
      schema: { summary: 'Delete the account (with its password): sessions end; seats in games stay as a neutral "deleted player"; chat lines, ratings and settings go; the name becomes free', security: secured, body: S.DeleteAccount, response: { 204: { type: 'null' }, ...errs(400, 401) } },
    }, async (req, reply) => {
      const user = await needUser(accounts, req);
      await accounts.deleteAccount(user, req.body.password);
      deps.signedOut({ userId: user.id });
      return reply.code(204).send();
    });

    api.get('/accounts/me/sessions', {
      schema: { summary: 'The account\'s sessions (never their tokens), oldest first', security: secured, response: { 200: S.SessionList, ...errs(401) } },
    }, async (req) => {
      const user = await needUser(accounts, req);
      const mine = hashToken(bearer(req)!);
      const rows = await deps.store.accounts.sessions(user.id);
      return { sessions: rows.map((x) => ({ id: sessionId(x.tokenHash), createdAt: x.createdAt, seenAt: x.seenAt, current: x.tokenHash === mine })) };
    });

    api.delete<{ Params: S.SessionParamsT }>('/accounts/me/sessions/:id', {
      schema: { summary: 'End one session of the account (its sockets close)', security: secured, params: S.SessionParams, response: { 204: { type: 'null' }, ...errs(401, 404) } },
    }, async (req, reply) => {
      const user = await needUser(accounts, req);
      const s = (await deps.store.accounts.sessions(user.id)).find((x) => sessionId(x.tokenHash) === req.params.id);
      if (!s) throw new ApiError(404, 'session-not-found', 'No such session of yours.');
      await deps.store.deleteSession(s.tokenHash);
      deps.signedOut({ tokenHash: s.tokenHash });
      return reply.code(204).send();
    });

    api.post<{ Body: S.PasswordChangeT }>('/accounts/password', {
      schema: { summary: 'Change the password; every other session of the account ends', security: secured, body: S.PasswordChange, response: { 204: { type: 'null' }, ...errs(400, 401, 422) } },
    }, async (req, reply) => {
      const user = await needUser(accounts, req);
      const ended = await accounts.changePassword(user, bearer(req)!, req.body.current, req.body.next);
      for (const tokenHash of ended) deps.signedOut({ tokenHash });
      return reply.code(204).send();
    });
  };
}
