import type { FastifyInstance } from 'fastify';
import * as S from '@tabula/protocol';
import { ApiError } from '../http/errors.js';
import { errs, secured } from '../http/replies.js';
import { routeLimit, type RateLimits } from '../http/limits.js';
import type { SignOut } from '../live/fanout.js';
import { nameKeyOf } from './account-policy.js';
import type { Accounts } from './accounts.js';
import { hashToken } from './passwords.js';
import { bearer, needUser } from './request-auth.js';
import type { SignInGuard } from './signin-guard.js';

export interface AccountRouteDeps {
  accounts: Accounts;
  limits: RateLimits | false;
  /** Per-name and per-address limits on failed sign-ins; null: none (rate limits off). */
  signInGuard: SignInGuard | null;
  /** Sessions ended: close their sockets here and in every other process. */
  signedOut: (what: SignOut) => void;
}

/** Sign-up, sign-in, sign-out and who a token belongs to. */
export function accountRoutes(deps: AccountRouteDeps): (api: FastifyInstance) => Promise<void> {
  const { accounts, limits, signInGuard } = deps;
  return async (api) => {
    api.post<{ Body: S.CredentialsT }>('/accounts', {
      schema: { summary: 'Create an account; returns a bearer token', body: S.Credentials, response: { 201: S.TokenReply, ...errs(400, 409, 422, 429) } },
      ...routeLimit(accounts, limits, limits ? limits.accounts : undefined),
    }, async (req, reply) => reply.code(201).send(await accounts.signUp(req.body.name, req.body.password)));

    api.post<{ Body: S.CredentialsT }>('/sessions', {
      schema: { summary: 'Sign in; returns a new bearer token', body: S.Credentials, response: { 201: S.TokenReply, ...errs(400, 401, 429) } },
      ...routeLimit(accounts, limits, limits ? limits.sessions : undefined),
    }, async (req, reply) => {
      const key = nameKeyOf(req.body.name);
      await signInGuard?.check(key, req.ip);
      let out;
      try {
        out = await accounts.signIn(req.body.name, req.body.password);
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) await signInGuard?.failed(key, req.ip);
        throw e;
      }
      await signInGuard?.succeeded(key, req.ip);
      // Rotation: signing in with a token in hand ends that older session.
      const old = (() => { try { return bearer(req); } catch { return null; } })();
      if (old !== null && (await accounts.authenticate(old))?.name === out.name) {
        await accounts.signOut(old);
        deps.signedOut({ tokenHash: hashToken(old) });
      }
      return reply.code(201).send(out);
    });

    api.delete('/sessions', { schema: { summary: 'Sign out (revokes this token)', security: secured, response: { 204: { type: 'null' }, ...errs(401) } } }, async (req, reply) => {
      await needUser(accounts, req);
      const token = bearer(req)!;
      await accounts.signOut(token);
      deps.signedOut({ tokenHash: hashToken(token) });
      return reply.code(204).send();
    });

    api.delete('/sessions/all', { schema: { summary: 'Sign out everywhere (revokes every token of the account)', security: secured, response: { 204: { type: 'null' }, ...errs(401) } } }, async (req, reply) => {
      const user = await needUser(accounts, req);
      await accounts.signOutEverywhere(user);
      deps.signedOut({ userId: user.id });
      return reply.code(204).send();
    });

    api.get('/me', { schema: { summary: 'Who the token belongs to', security: secured, response: { 200: S.Me, ...errs(401) } } }, async (req) => ({ name: (await needUser(accounts, req)).name }));
  };
}
