import type { FastifyRequest } from 'fastify';
import * as S from '@tabula/protocol';
import { limitKey, userOf, type Authenticator } from '../accounts/request-auth.js';
import type { Counters } from '../throttle.js';
import { ApiError } from './errors.js';

export interface RateLimits {
  /** Sign-ups per IP per minute. */
  accounts: number;
  /** Sign-ins per IP per minute (failed ones are also limited per name and per address: SignInGuard). */
  sessions: number;
  /** Actions (and undos) per account (or IP) per minute. */
  actions: number;
  /** Games created per account per minute, and per address per minute. */
  games?: number;
  gamesPerAddress?: number;
}

export const defaultRateLimits: RateLimits = {
  accounts: 60, sessions: S.SIGN_INS_PER_MINUTE_PER_ADDRESS, actions: 1200,
  games: S.GAMES_PER_MINUTE_PER_ACCOUNT, gamesPerAddress: S.GAMES_PER_MINUTE_PER_ADDRESS,
};

/** The route options of a per-minute limit (@fastify/rate-limit); `byAccount`: counted per signed-in account, else per address. */
export function routeLimit(accounts: Authenticator, limits: RateLimits | false, max: number | undefined, byAccount = false): object {
  return limits && max !== undefined ? {
    config: { rateLimit: { max, timeWindow: 60_000, ...(byAccount ? { keyGenerator: (req: FastifyRequest) => limitKey(accounts, req) } : {}) } },
  } : {};
}

/** Throws 429 when `key` was counted more than `max` times this minute (limits the route limiter cannot express). */
export async function countMinute(counters: Counters, key: string, max: number | undefined, what: string): Promise<void> {
  if (max === undefined) return;
  const n = await counters.incr(`${key}:${Math.floor(Date.now() / 60_000)}`, 120_000);
  if (n > max) throw new ApiError(429, 'rate-limited', `Too many ${what}: at most ${max} a minute.`);
}

/**
 * A route's per-minute limit of one surface (SURFACE_LIMITS), counted per account when signed in and
 * always per address; null counters: no limit (rate limits turned off).
 */
export function surfaceLimit(accounts: Authenticator, counters: Counters | null, surface: S.Surface): { preHandler?: (req: FastifyRequest) => Promise<void> } {
  if (!counters) return {};
  const max = S.SURFACE_LIMITS[surface];
  return {
    preHandler: async (req) => {
      await countMinute(counters, `${surface}:ip:${req.ip}`, max.perAddress, `${surface} requests from this address`);
      const user = await userOf(accounts, req).catch(() => null);
      if (user) await countMinute(counters, `${surface}:u:${user.id}`, max.perAccount, `${surface} requests`);
    },
  };
}
