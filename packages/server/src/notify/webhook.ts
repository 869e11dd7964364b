/** One signed webhook call: POST JSON, HMAC-SHA256 signature, no redirects, a bounded wait. */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_TIMEOUT_MS } from '@tabula/protocol';
import { checkHost, guardedLookup } from './guard.js';

/** `sha256=<hex>` over `<timestamp>.<body>`: receivers recompute it with their secret and check the timestamp is recent. */
export function signature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface WebhookCall { url: string; body: string; secret: string; deliveryId: string; now: number; allowPrivate: boolean }

/** Resolves when the receiver answered 2xx; rejects otherwise (3xx included: redirects are not followed). */
export async function postWebhook(c: WebhookCall): Promise<void> {
  const u = new URL(c.url);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('webhook URLs are http or https');
  await checkHost(u.hostname, c.allowPrivate);
  const timestamp = String(Math.floor(c.now / 1000));
  const mod = u.protocol === 'https:' ? https : http;
  await new Promise<void>((resolve, reject) => {
    // One deadline for the whole call (connection, request, status line and headers): a receiver that
    // trickles bytes is cut off as surely as a silent one.
    const deadline = setTimeout(() => req.destroy(new Error(`webhook did not answer within ${WEBHOOK_TIMEOUT_MS} ms`)), WEBHOOK_TIMEOUT_MS);
    const settle = (err?: Error): void => {
      clearTimeout(deadline);
      if (err) reject(err);
      else resolve();
    };
    const req = mod.request(u, {
      method: 'POST',
      agent: false,
      lookup: guardedLookup(c.allowPrivate) as unknown as http.RequestOptions['lookup'],
      headers: {
        'content-type': 'application/json', 'user-agent': 'Tabula-Webhook/1',
        'x-tabula-delivery': c.deliveryId, 'x-tabula-timestamp': timestamp, 'x-tabula-signature': signature(c.secret, timestamp, c.body),
      },
    }, (res) => {
      const code = res.statusCode ?? 0;
      // The answer is its status: the body is not read.
      res.destroy();
      settle(code >= 200 && code < 300 ? undefined : new Error(`webhook answered ${code}`));
    });
    req.on('error', (e) => settle(e));
    req.end(c.body);
  });
}
