/**
 * The mails of the account life cycle: an address is verified through a link mailed to it before anything
 * else is mailed there (notify/notifier.ts checks `emailVerified`), and a forgotten password is reset
 * through a link mailed to a verified address. Links are single-use, expiring, stored as hashes
 * (store/accounts.ts), and limited per address and per account (protocol limits).
 */
import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_MAIL_WINDOW_MS, RESET_MAILS_PER_ACCOUNT, RESET_TOKEN_TTL_MS, VERIFY_MAILS_PER_ACCOUNT, VERIFY_MAILS_PER_ADDRESS, VERIFY_TOKEN_TTL_MS,
} from '@tabula/protocol';
import type { Store, UserRow } from '../store/index.js';
import type { Mailer } from '../notify/mail.js';
import { mailLang } from '../notify/texts.js';
import { hashToken, newToken } from './passwords.js';
import { legacyNameKeyOf, nameKeyOf } from './account-policy.js';
import { renderAccountMail, type AccountMailKind } from './mail-texts.js';

export interface AccountMailOptions {
  store: Store;
  mailer: Mailer | null;
  /** Where the links point (the web app's /verify and /reset pages). */
  publicUrl: () => string;
  now?: () => number;
  warn?: (obj: object, msg: string) => void;
}

export class AccountMail {
  private readonly pending = new Set<Promise<void>>();
  private readonly now: () => number;

  constructor(private readonly o: AccountMailOptions) {
    this.now = o.now ?? Date.now;
  }

  get available(): boolean {
    return Boolean(this.o.mailer);
  }

  /**
   * Mails a verification link for `email` to it, unless mail is not configured or the address or the
   * account had VERIFY_MAILS_PER_* links in the window; returns whether one was sent.
   */
  async sendVerification(user: UserRow, email: string, lang: string): Promise<boolean> {
    if (!this.o.mailer) return false;
    const token = newToken();
    const ok = await this.o.store.accounts.addLink(
      { tokenHash: hashToken(token), userId: user.id, purpose: 'verify', email, now: this.now(), ttlMs: VERIFY_TOKEN_TTL_MS },
      { perAccount: VERIFY_MAILS_PER_ACCOUNT, perAddress: VERIFY_MAILS_PER_ADDRESS, windowMs: ACCOUNT_MAIL_WINDOW_MS },
    );
    if (ok) this.send('verify', email, lang, user.name, token);
    return ok;
  }

  /** Uses a verification link: the address verified, or null (unknown, used, expired, or no longer the account's address). */
  async verify(token: string): Promise<string | null> {
    const link = await this.o.store.accounts.useLink(hashToken(token), 'verify', this.now());
    if (!link) return null;
    return (await this.o.store.accounts.markVerified(link.userId, link.email)) ? link.email : null;
  }

  /** Mails a reset link to the account's verified address (within RESET_MAILS_PER_ACCOUNT); says nothing about the outcome. */
  async sendReset(user: UserRow, email: string, lang: string): Promise<void> {
    if (!this.o.mailer) return;
    const token = newToken();
    const ok = await this.o.store.accounts.addLink(
      { tokenHash: hashToken(token), userId: user.id, purpose: 'reset', email, now: this.now(), ttlMs: RESET_TOKEN_TTL_MS },
      { perAccount: RESET_MAILS_PER_ACCOUNT, perAddress: RESET_MAILS_PER_ACCOUNT, windowMs: ACCOUNT_MAIL_WINDOW_MS },
    );
    if (ok) this.send('reset', email, lang, user.name, token);
  }

  /**
   * A reset asked for by name or address: the look-up and the mail happen after the answer, so the answer
   * and its timing are the same whether or not the account exists or has a verified address.
   */
  requestReset(by: { name: string } | { email: string }): void {
    this.track((async () => {
      const accounts = this.o.store.accounts;
      let targets;
      if ('name' in by) {
        targets = await accounts.resetTargets({ nameKey: nameKeyOf(by.name) });
        if (targets.length === 0 && legacyNameKeyOf(by.name) !== nameKeyOf(by.name)) targets = await accounts.resetTargets({ nameKey: legacyNameKeyOf(by.name) });
      } else targets = await accounts.resetTargets({ emailKey: by.email.trim().toLowerCase() });
      for (const t of targets) await this.sendReset(t, t.email, t.language);
    })().catch((e: unknown) => this.o.warn?.({ err: e }, 'password reset failed')));
  }

  /** The account of an unused, unexpired reset link (not using it). */
  async resetAccount(token: string): Promise<UserRow | null> {
    const link = await this.o.store.accounts.peekLink(hashToken(token), 'reset', this.now());
    return link ? this.o.store.accounts.userById(link.userId) : null;
  }

  /** Uses a reset link; false when it was used (or expired) meanwhile. */
  async useReset(token: string): Promise<boolean> {
    return (await this.o.store.accounts.useLink(hashToken(token), 'reset', this.now())) !== null;
  }

  /** Sent in the background: the request's answer (and its timing) does not wait for SMTP. */
  private send(kind: AccountMailKind, to: string, lang: string, name: string, token: string): void {
    const page = kind === 'verify' ? 'verify' : 'reset';
    const link = `${this.o.publicUrl()}/${page}?token=${token}`;
    const m = renderAccountMail(kind, mailLang(lang), name, link);
    const host = new URL(this.o.publicUrl()).hostname || 'tabula';
    this.track(this.o.mailer!.send({ to, ...m, unsubscribe: null, messageId: `<${kind}-${randomBytes(9).toString('base64url')}@${host}>` })
      .catch((e: unknown) => this.o.warn?.({ err: e }, `${kind} mail failed`)));
  }

  private track(work: Promise<void>): void {
    const p: Promise<void> = work.finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Resolves when the mails started so far were handed to SMTP (or failed). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
