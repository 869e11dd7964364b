import type { FastifyRequest } from 'fastify';
import { unauthorized } from './errors.js';
import type { GameService } from './service.js';
import type { UserRow } from './store/index.js';

/** The bearer token of a request: the Authorization header, else `?token=` (WebSocket clients cannot set headers). */
export function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (typeof h === 'string' && h.length > 0) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
    if (!m) throw unauthorized('Send "Authorization: Bearer <token>".');
    return m[1]!;
  }
  const q = (req.query as { token?: unknown } | undefined)?.token;
  return typeof q === 'string' && q.length > 0 ? q : null;
}

/** The account a request is signed in as (null: anonymous); a bad token is a 401. */
export async function userOf(service: GameService, req: FastifyRequest): Promise<UserRow | null> {
  const token = bearer(req);
  if (token === null) return null;
  const user = await service.authenticate(token);
  if (!user) throw unauthorized('Unknown or expired token: sign in again.');
  return user;
}

export async function needUser(service: GameService, req: FastifyRequest): Promise<UserRow> {
  const u = await userOf(service, req);
  if (!u) throw unauthorized();
  return u;
}
