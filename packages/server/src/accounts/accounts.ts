import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_TOUCH_MS } from '@tabula/protocol';
import { ApiError, conflict } from '../http/errors.js';
import type { Store, UserRow } from '../store/index.js';
import { defaultScryptCost, dummyPasswordHash, hashPassword, hashToken, newToken, verifyPassword, type ScryptCost } from './passwords.js';
import { checkPassword, legacyNameKeyOf, nameKeyOf, normaliseName } from './account-policy.js';
import { refuseBanned } from '../moderation/moderation.js';

export interface AccountsOptions {
  store: Store;
  scrypt?: ScryptCost;
  now?: () => number;
  /** How long a session token works after sign-in (default SESSION_ABSOLUTE_MS, 30 days). */
  sessionTtlMs?: number;
  /** How long a session token works unused (default SESSION_IDLE_MS, 7 days). */
  sessionIdleMs?: number;
}

export const defaultSessionTtlMs = SESSION_ABSOLUTE_MS;

/** Sign-up, sign-in and sessions: who a bearer token belongs to. */
export class Accounts {
  private readonly store: Store;
  private readonly scrypt: ScryptCost;
  private readonly now: () => number;
  private readonly sessionTtl: number;
  private readonly sessionIdle: number;
  private lastSessionSweep = -Infinity;

  constructor(opts: AccountsOptions) {
    this.store = opts.store;
    this.scrypt = opts.scrypt ?? defaultScryptCost;
    this.now = opts.now ?? Date.now;
    this.sessionTtl = opts.sessionTtlMs ?? defaultSessionTtlMs;
    this.sessionIdle = opts.sessionIdleMs ?? SESSION_IDLE_MS;
  }

  async signUp(name: string, password: string): Promise<{ token: string; name: string }> {
    const shown = normaliseName(name);
    checkPassword(password, shown);
    const key = nameKeyOf(shown);
    // Accounts from before skeleton keys are still taken under their old key.
    if (key !== legacyNameKeyOf(shown) && (await this.store.findUserByNameKey(legacyNameKeyOf(shown)))) throw conflict('name-taken', `The name "${shown}" is taken.`);
    const hash = await hashPassword(password, this.scrypt);
    const user = await this.store.createUser(shown, key, hash, this.now());
    if (!user) throw conflict('name-taken', `The name "${shown}" (or one that looks the same) is taken.`);
    return { token: await this.newSession(user.id), name: user.name };
  }

  async signIn(name: string, password: string): Promise<{ token: string; name: string }> {
    const user = (await this.store.findUserByNameKey(nameKeyOf(name))) ?? (await this.store.findUserByNameKey(legacyNameKeyOf(name)));
    // Same work whether or not the name exists.
    const ok = await verifyPassword(password, user?.passHash ?? (await dummyPasswordHash(this.scrypt)));
    if (!user || !ok) throw new ApiError(401, 'bad-credentials', 'Wrong name or password.');
    const token = await this.newSession(user.id);
    // Checked after the session exists: a ban stored meanwhile either is seen here or ends this session too.
    try {
      await refuseBanned(this.store, user.id);
    } catch (e) {
      await this.signOut(token);
      throw e;
    }
    return { token, name: user.name };
  }

  private async newSession(userId: number): Promise<string> {
    const token = newToken();
    const now = this.now();
    await this.store.createSession(hashToken(token), userId, now);
    // Expired sessions are refused anyway; sweep them out at most hourly so the table stays small.
    if (now - this.lastSessionSweep > 60 * 60 * 1000) {
      this.lastSessionSweep = now;
      await this.store.deleteSessionsBefore(now - this.sessionTtl, now - this.sessionIdle);
    }
    return token;
  }

  async authenticate(token: string): Promise<UserRow | null> {
    return (await this.session(token))?.user ?? null;
  }

  /** The session of `token` and when it ends unless used again; each use renews its idle expiry. */
  async session(token: string): Promise<{ user: UserRow; expiresAt: number } | null> {
    if (token.length === 0 || token.length > 200) return null;
    const now = this.now();
    const hash = hashToken(token);
    const s = await this.store.findSession(hash, now - this.sessionTtl, now - this.sessionIdle);
    if (!s) return null;
    let seenAt = s.seenAt;
    if (now - seenAt >= Math.min(SESSION_TOUCH_MS, this.sessionIdle / 10)) {
      await this.store.touchSession(hash, now);
      seenAt = now;
    }
    return { user: { id: s.id, name: s.name }, expiresAt: Math.min(s.createdAt + this.sessionTtl, seenAt + this.sessionIdle) };
  }

  async signOut(token: string): Promise<void> {
    await this.store.deleteSession(hashToken(token));
  }

  /**
   * Changes the password of the session `token`'s account after checking the current one; every other
   * session of the account ends. Returns the token hashes of the ended sessions (their sockets close).
   */
  async changePassword(user: UserRow, token: string, current: string, next: string): Promise<string[]> {
    const hash = await this.store.accounts.passHash(user.id);
    if (hash === null || !(await verifyPassword(current, hash))) throw new ApiError(401, 'bad-credentials', 'The current password is wrong.');
    checkPassword(next, user.name);
    await this.store.accounts.setPassHash(user.id, await hashPassword(next, this.scrypt));
    return this.store.accounts.endSessions(user.id, hashToken(token));
  }

  /** Deletes the account after checking its password (store/accounts.ts says what stays: a tombstone). */
  async deleteAccount(user: UserRow, password: string): Promise<void> {
    const hash = await this.store.accounts.passHash(user.id);
    if (hash === null || !(await verifyPassword(password, hash))) throw new ApiError(401, 'bad-credentials', 'The password is wrong.');
    await this.store.accounts.deleteAccount(user.id, this.now());
  }

  /** Sets a new password (a reset): every session of the account ends. */
  async setPassword(user: UserRow, password: string): Promise<void> {
    checkPassword(password, user.name);
    await this.store.accounts.setPassHash(user.id, await hashPassword(password, this.scrypt));
    await this.store.deleteSessionsOfUser(user.id);
  }

  /** Ends every session of the account (sign out everywhere). */
  async signOutEverywhere(user: UserRow): Promise<void> {
    await this.store.deleteSessionsOfUser(user.id);
  }
}
