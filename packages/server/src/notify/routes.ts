/**
 * REST routes of notifications (registered under /api): the in-app list and
 * mark-read, settings per channel, the unsubscribe link (no sign-in), invitations, and the per-user
 * socket GET /api/live.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import * as S from '@tabula/protocol';
import { ApiError, errorBody } from '../http/errors.js';
import { errs, secured } from '../http/replies.js';
import { surfaceLimit } from '../http/limits.js';
import type { Counters } from '../throttle.js';
import { needUser, type Authenticator } from '../accounts/request-auth.js';
import { nameKeyOf } from '../accounts/account-policy.js';
import type { NotifySettingsRow, SettingsPatch, Store } from '../store/index.js';
import type { Notifier } from './notifier.js';
import type { UserHub } from '../live/user-socket.js';
import { notificationOut } from './wire.js';
import { payloadFor } from './events.js';
import { checkHost } from './guard.js';
import { verifyUnsubscribeToken } from './tokens.js';
import { acceptedLang, mailLang, UNSUBSCRIBE_PAGE } from './texts.js';
import type { AccountMail } from '../accounts/account-mail.js';

export interface NotifyRouteDeps {
  store: Store;
  accounts: Authenticator;
  notifier: Notifier;
  users: UserHub;
  allowPrivateWebhooks: boolean;
  /** The surface limits' counters (null: rate limits off). */
  counters: Counters | null;
  userLive: (socket: WebSocket, req: FastifyRequest) => void;
  /** Mails the verification link of a newly set address. */
  accountMail: AccountMail;
}

const EMAIL_RE = /^[^\s@<>()[\]\\,;:"]{1,64}@[^\s@<>()[\]\\,;:"]{1,253}$/;

function settingsOut(s: NotifySettingsRow, mailAvailable: boolean): S.NotifySettingsT {
  return {
    language: mailLang(s.language), browser: s.browser, email: s.email, emailOn: s.emailOn, emailVerified: s.emailVerified, webhookUrl: s.webhookUrl,
    webhookFormat: s.webhookFormat, webhookSecret: s.webhookSecret, webhookDisabled: s.webhookDisabled, mailAvailable,
  };
}

const page = (lang: string, title: string, text: string): string =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head>`
  + `<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto; padding: 0 1em"><h1>${title}</h1><p>${text}</p><p><a href="/">Tabula</a></p></body></html>`;

export function notifyRoutes(deps: NotifyRouteDeps): (api: FastifyInstance) => Promise<void> {
  const { notifier, users } = deps;
  const store = deps.store.notify;
  const must = (req: FastifyRequest) => needUser(deps.accounts, req);

  const unsubscribe = async (token: string): Promise<string | null> => {
    const userId = verifyUnsubscribeToken(await notifier.secret(), token);
    if (userId === null) return null;
    const s = await store.putSettings(userId, { emailOn: false });
    return s.language;
  };

  return async (api) => {
    api.get<{ Querystring: S.NotificationListQueryT }>('/notifications', {
      schema: { summary: 'Your notifications, newest first, with the unread count', security: secured, querystring: S.NotificationListQuery, response: { 200: S.NotificationList, ...errs(400, 401) } },
    }, async (req) => {
      const user = await must(req);
      const [rows, unread] = await Promise.all([store.list(user.id, req.query.limit ?? 50), store.unread(user.id)]);
      return { notifications: rows.map(notificationOut), unread };
    });

    api.post<{ Body: S.MarkReadT }>('/notifications/read', {
      schema: { summary: 'Mark notifications read (no ids: all of them); returns the unread count', security: secured, body: S.MarkRead, response: { 200: S.UnreadReply, ...errs(400, 401) } },
    }, async (req) => {
      const user = await must(req);
      await store.markRead(user.id, req.body?.ids ?? null, Date.now());
      void users.sendUnread(user.id).catch(() => undefined);
      return { unread: await store.unread(user.id) };
    });

    api.get('/notifications/settings', {
      schema: { summary: 'Your notification settings per channel (the in-app list is always on)', security: secured, response: { 200: S.NotifySettings, ...errs(401) } },
    }, async (req) => settingsOut(await store.settings((await must(req)).id), notifier.mailConfigured));

    api.patch<{ Body: S.NotifySettingsPatchT }>('/notifications/settings', {
      schema: { summary: 'Change notification settings (and the language mail is written in)', security: secured, body: S.NotifySettingsPatch, response: { 200: S.NotifySettings, ...errs(400, 401, 422, 429) } },
      ...surfaceLimit(deps.accounts, deps.counters, 'settings'),
    }, async (req) => {
      const user = await must(req);
      const b = req.body;
      const patch: SettingsPatch = {};
      const before = await store.settings(user.id);
      if (b.language !== undefined) patch.language = b.language;
      if (b.browser !== undefined) patch.browser = b.browser;
      if (b.emailOn !== undefined) patch.emailOn = b.emailOn;
      if (b.webhookFormat !== undefined) patch.webhookFormat = b.webhookFormat;
      if (b.email !== undefined) {
        const email = b.email === null ? null : b.email.trim();
        if (email !== null && email !== '' && !EMAIL_RE.test(email)) throw new ApiError(422, 'bad-email', 'That is not an email address.');
        patch.email = email === '' ? null : email;
        if (patch.email !== null) patch.emailOn = b.emailOn ?? true;
        if (patch.email !== before.email) patch.emailVerified = false;
      }
      if (b.webhookUrl !== undefined) {
        const current = before;
        const url = b.webhookUrl === null || b.webhookUrl.trim() === '' ? null : b.webhookUrl.trim();
        if (url !== null) {
          let u: URL;
          try { u = new URL(url); } catch { throw new ApiError(422, 'bad-webhook-url', 'That is not a URL.'); }
          if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ApiError(422, 'bad-webhook-url', 'Webhook URLs start with https:// (or http://).');
          if (u.username || u.password) throw new ApiError(422, 'bad-webhook-url', 'Webhook URLs may not carry a user name or password.');
          try {
            await checkHost(u.hostname, deps.allowPrivateWebhooks);
          } catch (e) {
            throw new ApiError(422, 'webhook-address-not-allowed', e instanceof Error ? e.message : String(e));
          }
        }
        patch.webhookUrl = url;
        // A new URL gets a new secret and a fresh start; the same URL set again re-enables it.
        if (url !== current.webhookUrl) patch.webhookSecret = url === null ? null : randomBytes(24).toString('base64url');
        patch.webhookFailures = 0;
        patch.webhookDisabled = false;
      }
      const after = await store.putSettings(user.id, patch);
      // Setting an unverified address (again) mails its link, within the verification-mail limits.
      if (patch.email && !after.emailVerified) await deps.accountMail.sendVerification(user, patch.email, after.language);
      return settingsOut(after, notifier.mailConfigured);
    });

    api.get<{ Querystring: S.UnsubscribeQueryT }>('/notifications/unsubscribe', {
      schema: { summary: 'The link in every mail: turns mail off without signing in (an HTML page)', querystring: S.UnsubscribeQuery },
    }, async (req, reply) => {
      const lang = await unsubscribe(req.query.token);
      if (lang === null) {
        const l = acceptedLang(req.headers['accept-language']);
        const [title, text] = UNSUBSCRIBE_PAGE[l].unknown;
        return reply.code(404).type('text/html; charset=utf-8').send(page(l, title, text));
      }
      const l = mailLang(lang);
      const [title, text] = UNSUBSCRIBE_PAGE[l].done;
      return reply.type('text/html; charset=utf-8').send(page(l, title, text));
    });

    api.post<{ Querystring: S.UnsubscribeQueryT }>('/notifications/unsubscribe', {
      schema: { summary: 'One-click unsubscribe (RFC 8058: the List-Unsubscribe-Post header of every mail)', querystring: S.UnsubscribeQuery, response: { 204: { type: 'null' }, ...errs(400, 404) } },
    }, async (req, reply) => {
      if ((await unsubscribe(req.query.token)) === null) return reply.code(404).send(errorBody('bad-token', 'This unsubscribe link is not valid.'));
      return reply.code(204).send();
    });

    api.post<{ Params: S.GameParamsT; Body: S.InviteBodyT }>('/games/:id/invite', {
      schema: { summary: 'Invite a player (by name) to an open game: they are notified ("invited")', security: secured, params: S.GameParams, body: S.InviteBody, response: { 204: { type: 'null' }, ...errs(400, 401, 403, 404, 409, 422, 429) } },
      ...surfaceLimit(deps.accounts, deps.counters, 'invitations'),
    }, async (req, reply) => {
      const user = await must(req);
      const row = await deps.store.getGame(req.params.id);
      if (!row) throw new ApiError(404, 'game-not-found', `No game "${req.params.id}".`);
      if (row.createdBy !== user.id && !row.seats.some((s) => s.userId === user.id)) throw new ApiError(403, 'not-allowed', 'Only the game\'s creator or a seated player may invite.');
      if (row.status !== 'open') throw new ApiError(409, 'game-not-open', 'The game has already started.');
      const invitee = await deps.store.findUserByNameKey(nameKeyOf(req.body.name));
      if (!invitee) throw new ApiError(404, 'user-not-found', `No player "${req.body.name}".`);
      if (invitee.id === user.id) throw new ApiError(422, 'self-invite', 'You cannot invite yourself.');
      if (await deps.store.moderation.eitherBlocked(user.id, invitee.id)) throw new ApiError(403, 'blocked', 'You cannot invite this player: one of you blocked the other.');
      await store.enqueue([{ userId: invitee.id, gameId: row.id, kind: 'invited', payload: { ...payloadFor(row, invitee.id, { by: user.name }) }, dedupe: `inv:${row.id}:${invitee.id}` }], Date.now());
      notifier.kick();
      return reply.code(204).send();
    });

    api.route({
      method: 'GET',
      url: '/live',
      schema: {
        summary: 'WebSocket (per user, ?token=): sends UserServerMessage (unread on connect and on change; notification when one is made; pong); accepts ping',
        response: { 426: S.ErrorReply },
      },
      handler: (_req, reply) => reply.code(426).send(errorBody('upgrade-required', 'This is a WebSocket endpoint.')),
      wsHandler: (socket, req) => deps.userLive(socket, req),
    });
  };
}
