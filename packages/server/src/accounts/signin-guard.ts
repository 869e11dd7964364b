/**
 * Guessing passwords (issue 19): each address may fail FAILED_SIGN_INS_PER_ADDRESS times per window,
 * and each name FREE_FAILED_SIGN_INS times before every further attempt waits a doubling delay. The
 * name's wait does not apply to an address that signed in to that name before, so an attacker who
 * keeps a name waiting does not lock its owner out of their usual devices.
 */
import {
  FAILED_SIGN_INS_PER_ADDRESS, FREE_FAILED_SIGN_INS, SESSION_ABSOLUTE_MS, SIGN_IN_BACKOFF_MAX_MS, SIGN_IN_BACKOFF_MS, SIGN_IN_WINDOW_MS,
} from '@tabula/protocol';
import { ApiError } from '../http/errors.js';
import type { Counters } from '../throttle.js';

const retryIn = (ms: number): ApiError => {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return new ApiError(429, 'rate-limited', `Too many failed sign-ins: retry in ${s} second${s === 1 ? '' : 's'}.`);
};

export class SignInGuard {
  constructor(private readonly counters: Counters, private readonly now: () => number = Date.now) {}

  /** Throws 429 when this address or (from an unknown address) this name must wait. */
  async check(nameKey: string, address: string): Promise<void> {
    const byAddress = (await this.counters.get(`si:addr:${address}`)) ?? 0;
    if (byAddress >= FAILED_SIGN_INS_PER_ADDRESS) throw retryIn(SIGN_IN_WINDOW_MS);
    if (await this.counters.get(`si:known:${nameKey}:${address}`)) return;
    const until = (await this.counters.get(`si:wait:${nameKey}`)) ?? 0;
    if (until > this.now()) throw retryIn(until - this.now());
  }

  async failed(nameKey: string, address: string): Promise<void> {
    await this.counters.incr(`si:addr:${address}`, SIGN_IN_WINDOW_MS);
    const n = await this.counters.incr(`si:name:${nameKey}`, SIGN_IN_WINDOW_MS);
    if (n >= FREE_FAILED_SIGN_INS) {
      const wait = Math.min(SIGN_IN_BACKOFF_MAX_MS, SIGN_IN_BACKOFF_MS * 2 ** Math.min(30, n - FREE_FAILED_SIGN_INS));
      await this.counters.set(`si:wait:${nameKey}`, this.now() + wait, wait);
    }
  }

  async succeeded(nameKey: string, address: string): Promise<void> {
    await this.counters.set(`si:known:${nameKey}:${address}`, 1, SESSION_ABSOLUTE_MS);
  }
}
