import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../http/errors.js';
import type { UserRow } from '../store/index.js';

/** What a request's token is checked against (Accounts). */
export interface Authenticator {
  authenticate(token: string): Promise<UserRow | null>;
}

/** Tokens are base64url (newToken); nothing else, not even trailing whitespace, is one (issue 19). */
const HEADER_RE = /^Bearer +([A-Za-z0-9_-]{1,200})$/i;

/**
 * The bearer token of a request: the Authorization header; with `fromQuery` (the live socket, since
 * browsers cannot set headers on a WebSocket) also `?token=`. A malformed header is a 401.
 */
export function bearer(req: FastifyRequest, fromQuery = false): string | null {
  const h = req.headers.authorization;
  if (typeof h === 'string' && h.length > 0) {
    const m = HEADER_RE.exec(h);
    if (!m) throw unauthorized('Send "Authorization: Bearer <token>".');
    return m[1]!;
  }
  if (!fromQuery) return null;
  const q = (req.query as { token?: unknown } | undefined)?.token;
  return typeof q === 'string' && q.length > 0 ? q : null;
}

/** One authentication per request: the rate limiter's key and the route share it. */
const seen = new WeakMap<FastifyRequest, Promise<UserRow | null>>();

/** The account a request is signed in as (null: anonymous); a bad token is a 401. */
export function userOf(service: Authenticator, req: FastifyRequest, fromQuery = false): Promise<UserRow | null> {
  let p = seen.get(req);
  if (!p) {
    p = (async () => {
      const token = bearer(req, fromQuery);
      if (token === null) return null;
      const user = await service.authenticate(token);
      if (!user) throw unauthorized('Unknown or expired token: sign in again.');
      return user;
    })();
    seen.set(req, p);
  }
  return p;
}

export async function needUser(service: Authenticator, req: FastifyRequest): Promise<UserRow> {
  const u = await userOf(service, req);
  if (!u) throw unauthorized();
  return u;
}

/** The rate-limit key of a request: its account when signed in, else its address (a bad token counts as the address). */
export async function limitKey(service: Authenticator, req: FastifyRequest): Promise<string> {
  try {
    const u = await userOf(service, req);
    if (u) return `u:${u.id}`;
  } catch { /* answered 401 by the route */ }
  return `ip:${req.ip}`;
}
