import { hashToken } from '../accounts/passwords.js';
import type { SignOut } from './fanout.js';
import type { LiveAuth, Session } from './ports.js';

/** How long a checked session is believed without asking the store again. */
export const SESSION_MEMO_MS = 5000;

/**
 * Sessions as the sockets check them: from a memo of a few seconds rather than a store read per frame.
 * Sign-outs (here or, through the fan-out, in another process) drop their entries at once; an ended
 * session is otherwise believed at most SESSION_MEMO_MS longer, and never past its own expiry.
 */
export class SessionMemo implements LiveAuth {
  private readonly byHash = new Map<string, { session: Session; until: number }>();
  /** Bumped by every sign-out: a read that began before one is not remembered. */
  private generation = 0;

  constructor(private readonly auth: LiveAuth, private readonly ttlMs = SESSION_MEMO_MS, private readonly now: () => number = Date.now) {}

  async session(token: string): Promise<Session | null> {
    const hash = hashToken(token);
    const now = this.now();
    const hit = this.byHash.get(hash);
    if (hit && hit.until > now) return hit.session;
    if (hit) this.byHash.delete(hash);
    const gen = this.generation;
    const s = await this.auth.session(token);
    if (s && gen === this.generation) {
      if (this.byHash.size >= 50_000) this.sweep(now);
      this.byHash.set(hash, { session: s, until: Math.min(now + this.ttlMs, s.expiresAt) });
    }
    return s;
  }

  forget(what: SignOut): void {
    this.generation++;
    if ('tokenHash' in what) {
      this.byHash.delete(what.tokenHash);
      return;
    }
    for (const [h, e] of this.byHash) if (e.session.user.id === what.userId) this.byHash.delete(h);
  }

  private sweep(now: number): void {
    for (const [h, e] of this.byHash) if (e.until <= now) this.byHash.delete(h);
    if (this.byHash.size >= 50_000) this.byHash.clear();
  }
}
