/** Unsubscribe links work without signing in: the link carries the user id and an HMAC of it under a server secret. */
import { createHmac, timingSafeEqual } from 'node:crypto';

const mac = (secret: string, userId: number): string => createHmac('sha256', secret).update(`unsubscribe:${userId}`).digest('base64url');

export function unsubscribeToken(secret: string, userId: number): string {
  return `${userId}.${mac(secret, userId)}`;
}

/** The user id a token was made for, or null when it is not one of ours. */
export function verifyUnsubscribeToken(secret: string, token: string): number | null {
  const m = /^(\d{1,15})\.([\w-]{43})$/.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  const want = Buffer.from(mac(secret, userId));
  const got = Buffer.from(m[2]!);
  return want.length === got.length && timingSafeEqual(want, got) ? userId : null;
}
