/**
 * REST routes of Web Push (registered under /api): the server's VAPID public key, and the devices (push
 * subscriptions) of the signed-in account: add, list, remove.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import * as S from '@tabula/protocol';
import { ApiError } from '../http/errors.js';
import { errs, secured } from '../http/replies.js';
import { surfaceLimit } from '../http/limits.js';
import type { Counters } from '../throttle.js';
import { needUser, type Authenticator } from '../accounts/request-auth.js';
import type { PushSubscriptionRow, Store } from '../store/index.js';
import type { Notifier } from './notifier.js';
import { checkHost } from './guard.js';

export interface PushRouteDeps {
  store: Store;
  accounts: Authenticator;
  notifier: Notifier;
  /** http: and private addresses allowed as push services (tests, like webhooks). */
  allowPrivateWebhooks: boolean;
  counters: Counters | null;
}

const out = (s: PushSubscriptionRow): S.PushSubscriptionOutT => ({
  id: s.id, label: s.label, service: new URL(s.endpoint).hostname, createdAt: new Date(s.createdAt).toISOString(),
});

const BASE64URL_BYTES = (v: string): number => Buffer.from(v.replace(/=+$/, ''), 'base64url').length;

export function pushRoutes(deps: PushRouteDeps): (api: FastifyInstance) => Promise<void> {
  const must = (req: Parameters<typeof needUser>[1]) => needUser(deps.accounts, req);
  return async (api) => {
    api.get('/push/key', {
      schema: { summary: 'The server\'s VAPID public key, for pushManager.subscribe({ applicationServerKey })', response: { 200: S.PushKey } },
    }, async () => ({ publicKey: (await deps.notifier.vapidKeys()).publicKey }));

    api.get('/push/subscriptions', {
      schema: { summary: 'The devices that get your push notifications', security: secured, response: { 200: S.PushSubscriptionList, ...errs(401) } },
    }, async (req) => ({ subscriptions: (await deps.store.push.list((await must(req)).id)).map(out) }));

    api.post<{ Body: S.PushSubscribeBodyT }>('/push/subscriptions', {
      schema: {
        summary: `Add this device (its PushSubscription JSON; the same endpoint again renews it); at most ${S.PUSH_MAX_SUBSCRIPTIONS} per account`,
        security: secured, body: S.PushSubscribeBody, response: { 201: S.PushSubscriptionOut, ...errs(400, 401, 409, 422, 429) },
      },
      ...surfaceLimit(deps.accounts, deps.counters, 'settings'),
    }, async (req, reply) => {
      const user = await must(req);
      const b = req.body;
      let u: URL;
      try { u = new URL(b.endpoint); } catch { throw new ApiError(422, 'bad-push-endpoint', 'The endpoint is not a URL.'); }
      if (u.protocol !== 'https:' && !(deps.allowPrivateWebhooks && u.protocol === 'http:')) throw new ApiError(422, 'bad-push-endpoint', 'Push endpoints are https URLs.');
      if (u.username || u.password) throw new ApiError(422, 'bad-push-endpoint', 'Push endpoints carry no user name or password.');
      try {
        await checkHost(u.hostname, deps.allowPrivateWebhooks);
      } catch (e) {
        throw new ApiError(422, 'push-address-not-allowed', e instanceof Error ? e.message : String(e));
      }
      if (BASE64URL_BYTES(b.keys.p256dh) !== 65 || Buffer.from(b.keys.p256dh, 'base64url')[0] !== 4) throw new ApiError(422, 'bad-push-keys', 'keys.p256dh is not an uncompressed P-256 public key.');
      if (BASE64URL_BYTES(b.keys.auth) !== 16) throw new ApiError(422, 'bad-push-keys', 'keys.auth is not a 16-byte secret.');
      const label = (b.label ?? '').replace(/\s+/g, ' ').trim() || u.hostname;
      const saved = await deps.store.push.add({ id: randomBytes(12).toString('base64url'), userId: user.id, endpoint: b.endpoint, p256dh: b.keys.p256dh, auth: b.keys.auth, label }, Date.now(), S.PUSH_MAX_SUBSCRIPTIONS);
      if (!saved) throw new ApiError(409, 'too-many-devices', `At most ${S.PUSH_MAX_SUBSCRIPTIONS} devices get push notifications; remove one first.`);
      return reply.code(201).send(out(saved));
    });

    api.delete<{ Params: S.PushSubscriptionParamsT }>('/push/subscriptions/:id', {
      schema: { summary: 'Stop push notifications to one of your devices', security: secured, params: S.PushSubscriptionParams, response: { 204: { type: 'null' }, ...errs(400, 401, 404) } },
    }, async (req, reply) => {
      const user = await must(req);
      if (!(await deps.store.push.remove(user.id, req.params.id))) throw new ApiError(404, 'push-subscription-not-found', 'No such device.');
      return reply.code(204).send();
    });
  };
}
