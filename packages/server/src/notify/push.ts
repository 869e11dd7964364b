/**
 * The Web Push channel: one message to one device. web-push encrypts the payload for the device (RFC 8291,
 * aes128gcm) and signs the VAPID JWT (RFC 8292, ES256); the request goes out like a webhook call (the SSRF
 * guard on the push service's address, no redirects, a bounded wait).
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import { PUSH_TTL_S, WEBHOOK_TIMEOUT_MS } from '@tabula/protocol';
import type { PushSubscriptionRow } from '../store/index.js';
import { checkHost, guardedLookup } from './guard.js';

export interface VapidKeys { publicKey: string; privateKey: string }

/** The server's VAPID key pair, made on first start and kept in the database (server_secrets, name "vapid"). */
export function makeVapidKeys(): string {
  return JSON.stringify(webpush.generateVAPIDKeys());
}
export function parseVapidKeys(stored: string): VapidKeys {
  const k = JSON.parse(stored) as VapidKeys;
  return { publicKey: k.publicKey, privateKey: k.privateKey };
}

/** What the service worker shows (public/push-sw.js): kept small (push services take about 4 KB). */
export interface PushPayload { title: string; body: string; url: string; tag: string; lang: string }

/** The push service said the subscription is gone (404, 410): the device is removed, nothing is retried. */
export class SubscriptionGone extends Error {}

/** The JWT's `sub`: the operator's contact (an https: URL of the site, else a mailto: address). */
export function vapidSubject(publicUrl: string): string {
  try {
    const u = new URL(publicUrl);
    if (u.protocol === 'https:' && u.hostname !== 'localhost') return u.origin;
  } catch { /* not a URL */ }
  return 'mailto:operator@tabula.invalid';
}

export interface PushCall { sub: PushSubscriptionRow; payload: PushPayload; vapid: VapidKeys; subject: string; allowPrivate: boolean }

/** Resolves when the push service accepted the message (2xx); rejects otherwise, with SubscriptionGone for 404/410. */
export async function sendPush(c: PushCall): Promise<void> {
  const u = new URL(c.sub.endpoint);
  if (u.protocol !== 'https:' && !(c.allowPrivate && u.protocol === 'http:')) throw new SubscriptionGone('push endpoints are https');
  await checkHost(u.hostname, c.allowPrivate);
  const details = webpush.generateRequestDetails(
    { endpoint: c.sub.endpoint, keys: { p256dh: c.sub.p256dh, auth: c.sub.auth } },
    JSON.stringify(c.payload),
    {
      vapidDetails: { subject: c.subject, publicKey: c.vapid.publicKey, privateKey: c.vapid.privateKey },
      TTL: PUSH_TTL_S,
      // A newer message on the same topic replaces an undelivered one at the push service.
      topic: createHash('sha256').update(c.payload.tag).digest('base64url').slice(0, 32),
      urgency: 'normal',
    },
  );
  const mod = u.protocol === 'https:' ? https : http;
  const code = await new Promise<number>((resolve, reject) => {
    const deadline = setTimeout(() => req.destroy(new Error(`push service did not answer within ${WEBHOOK_TIMEOUT_MS} ms`)), WEBHOOK_TIMEOUT_MS);
    const req = mod.request(u, {
      method: 'POST',
      agent: false,
      lookup: guardedLookup(c.allowPrivate) as unknown as http.RequestOptions['lookup'],
      headers: { ...details.headers, 'content-length': details.body.length },
    }, (res) => {
      clearTimeout(deadline);
      res.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (e) => { clearTimeout(deadline); reject(e); });
    req.end(details.body);
  });
  if (code === 404 || code === 410) throw new SubscriptionGone(`push service answered ${code}: subscription gone`);
  if (code < 200 || code >= 300) throw new Error(`push service answered ${code}`);
}
