/**
 * The outbox worker of one server process. Every process runs one: it claims due rows (notify store:
 * a conditional UPDATE, SKIP LOCKED on PostgreSQL, with a lease so a dead process's rows come back),
 * turns each event into its in-app notification plus one delivery row per channel (one transaction),
 * and delivers mail, webhooks and Web Push (push.ts), retrying failures with exponential backoff. Nothing here runs on
 * the path of the action that queued the row.
 */
import { randomBytes } from 'node:crypto';
import type { Role } from '@tabula/engine';
import {
  MAIL_PER_GAME_WINDOW_MS, NOTIFICATIONS_LIST_MAX, OUTBOX_MAX_ATTEMPTS, TIME_LOW_CORRESPONDENCE_MS, TIME_LOW_CORRESPONDENCE_SHORT_MS,
  TIME_LOW_LIVE_FRACTION, WEBHOOK_MAX_FAILURES, type NotificationKindT,
} from '@tabula/protocol';
import { runningSeats, settle, clockRules } from '../games/clock.js';
import type { GameRow, NotificationRow, OutboxInsert, OutboxRow, Store } from '../store/index.js';
import { payloadFor } from './events.js';
import type { Mailer } from './mail.js';
import { mailLang, render, type EventPayload } from './texts.js';
import { unsubscribeToken } from './tokens.js';
import { postWebhook } from './webhook.js';
import { Deliveries } from './deliveries.js';
import { makeVapidKeys, parseVapidKeys, sendPush, SubscriptionGone, vapidSubject, type VapidKeys } from './push.js';

/** Kinds that are mailed (time running low is not: it would come too late to matter). */
const MAILED: readonly string[] = ['your-turn', 'game-over', 'invited', 'tournament-round', 'tournament-finished'];

export interface NotifierOptions {
  store: Store;
  now?: () => number;
  mailer?: Mailer | null;
  /** Where links in mail and webhooks point (e.g. https://tabula.example). */
  publicUrl: () => string;
  allowPrivateWebhooks?: boolean;
  /** Whether the user has a user or game socket open (in any process). */
  connected: (userId: number) => Promise<boolean>;
  /** Whether a client of the user has the game on screen (this process; user-socket.ts covers the others). */
  onScreen?: (userId: number, gameId: string) => boolean;
  /** A notification was made by this process (push it to the user's sockets). */
  onNotification?: (n: NotificationRow) => void;
  warn?: (obj: object, msg: string) => void;
  /** First retry delay; doubles per attempt, at most an hour (default 2000 ms). */
  backoffMs?: number;
  /** How long a claim holds a row (default 60 s). */
  leaseMs?: number;
  /** How often the outbox is polled (default 500 ms). */
  pollMs?: number;
  /** How long a kick waits so that the events of several actions are handled together (default 25 ms). */
  gatherMs?: number;
}

export const MAX_BACKOFF_MS = 60 * 60 * 1000;
/** Mail and webhook deliveries one process runs at once. */
export const DELIVERIES_IN_FLIGHT = 32;

export class Notifier {
  private readonly store: Store;
  private readonly now: () => number;
  private readonly o: NotifierOptions;
  private readonly claimToken = randomBytes(9).toString('base64url');
  private timer: NodeJS.Timeout | null = null;
  private lowTimer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private gathering: NodeJS.Timeout | null = null;
  private again = false;
  private stopped = true;
  private unsubSecret: string | null = null;
  private vapid: VapidKeys | null = null;
  private readonly lowSeen = new Set<string>();
  private readonly deliveries = new Deliveries(DELIVERIES_IN_FLIGHT);

  constructor(opts: NotifierOptions) {
    this.o = opts;
    this.store = opts.store;
    this.now = opts.now ?? Date.now;
  }

  get mailConfigured(): boolean {
    return Boolean(this.o.mailer);
  }

  start(): void {
    this.stopped = false;
    // The VAPID keys are made on the first start (and kept in the database for every later one).
    void this.vapidKeys().catch((e: unknown) => this.warn(e, 'VAPID keys unavailable'));
    this.timer = setInterval(() => this.kick(), this.o.pollMs ?? 500);
    this.timer.unref();
    this.lowTimer = setInterval(() => void this.sweepLowTime().catch((e: unknown) => this.warn(e, 'time-low sweep failed')), 5000);
    this.lowTimer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.lowTimer) clearInterval(this.lowTimer);
    if (this.gathering) clearTimeout(this.gathering);
    await this.running;
    await this.deliveries.idle();
    this.o.mailer?.close();
  }

  /** Drain soon (after this process queued rows). */
  kick(): void {
    if (this.stopped || this.gathering) return;
    if (this.running) { this.again = true; return; }
    const wait = this.o.gatherMs ?? 25;
    if (wait > 0) {
      this.gathering = setTimeout(() => { this.gathering = null; this.drain(); }, wait);
      this.gathering.unref();
    } else this.drain();
  }

  private drain(): void {
    if (this.stopped) return;
    if (this.running) { this.again = true; return; }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while (!this.stopped && (await this.drainOnce()) > 0) { /* more may be due */ }
        } while (this.again && !this.stopped);
      } catch (e) {
        this.warn(e, 'outbox drain failed');
      } finally {
        this.running = null;
      }
    })();
  }

  private warn(e: unknown, msg: string): void {
    this.o.warn?.({ err: e }, msg);
  }

  async secret(): Promise<string> {
    this.unsubSecret ??= await this.store.notify.secret('unsubscribe', () => randomBytes(32).toString('hex'));
    return this.unsubSecret;
  }

  /** The server's VAPID key pair for Web Push (made once per database). */
  async vapidKeys(): Promise<VapidKeys> {
    this.vapid ??= parseVapidKeys(await this.store.notify.secret('vapid', makeVapidKeys));
    return this.vapid;
  }

  /** Resolves when the mail and webhook deliveries started so far have ended (tests). */
  idle(): Promise<void> {
    return this.deliveries.idle();
  }

  /**
   * One round: claims due rows and handles them: the events together (one transaction), then starts
   * each mail and webhook delivery on its own (Deliveries), without waiting for them. Returns how many it claimed.
   */
  async drainOnce(limit = 100): Promise<number> {
    // New rows are claimed only while fewer than DELIVERIES_IN_FLIGHT deliveries run (one claim may add up to `limit`).
    if (this.deliveries.room === 0) return 0;
    const rows = await this.store.notify.claim(this.now(), this.o.leaseMs ?? 60_000, limit, this.claimToken);
    const events = rows.filter((r) => r.channel === 'event');
    if (events.length > 0) {
      try {
        await this.expand(events);
      } catch (e) {
        for (const r of events) await this.failed(r, e);
      }
    }
    for (const r of rows) {
      if (r.channel === 'event') continue;
      this.deliveries.start(`${r.channel}:${r.userId}`, async () => {
        try {
          await (r.channel === 'email' ? this.mail(r) : r.channel === 'push' ? this.push(r) : this.webhook(r));
        } catch (e) {
          await this.failed(r, e);
        }
      });
    }
    return rows.length;
  }

  private backoff(attempts: number): number {
    return Math.min(MAX_BACKOFF_MS, (this.o.backoffMs ?? 2000) * 2 ** Math.max(0, attempts - 1));
  }

  /** Schedules a retry of a row whose handling failed, or gives it up; a failure of that bookkeeping is only logged. */
  private async failed(r: OutboxRow, e: unknown): Promise<void> {
    const msg = e instanceof Error ? e.message : String(e);
    try {
      if (r.attempts >= OUTBOX_MAX_ATTEMPTS) await this.store.notify.giveUp(r.id, r.claim, this.now(), msg);
      else await this.store.notify.retry(r.id, r.claim, this.now() + this.backoff(r.attempts), msg);
    } catch (e2) {
      this.warn(e2, 'outbox bookkeeping failed');
    }
  }

  private async expand(events: OutboxRow[]): Promise<void> {
    const settings = await this.store.notify.settingsOf(events.map((ev) => ev.userId));
    const devices = await this.store.push.ofUsers([...new Set(events.map((ev) => ev.userId))]);
    const batch: { ev: OutboxRow; deliveries: OutboxInsert[]; silent: boolean }[] = [];
    for (const ev of events) {
      const s = settings.get(ev.userId)!;
      const deliveries: OutboxInsert[] = [];
      // The player is looking at this game: no "your turn" at all (the board says it).
      if (ev.kind === 'your-turn' && ev.gameId !== null && this.o.onScreen?.(ev.userId, ev.gameId)) {
        batch.push({ ev, deliveries, silent: true });
        continue;
      }
      const base = { userId: ev.userId, gameId: ev.gameId, kind: ev.kind, payload: { ...ev.payload, event: ev.id } };
      if (this.o.mailer && s.email && s.emailOn && s.emailVerified && MAILED.includes(ev.kind)) deliveries.push({ ...base, channel: 'email' });
      if (s.webhookUrl && !s.webhookDisabled) deliveries.push({ ...base, channel: 'webhook' });
      // Web Push: one delivery per device, so a device that fails is retried without repeating the others.
      for (const d of devices) if (d.userId === ev.userId) deliveries.push({ ...base, channel: 'push', payload: { ...base.payload, device: d.id } });
      batch.push({ ev, deliveries, silent: false });
    }
    const ran = await this.store.notify.expand(batch, this.now(), NOTIFICATIONS_LIST_MAX);
    let delivered = false;
    batch.forEach(({ ev, deliveries, silent }, i) => {
      if (!ran[i] || silent) return;
      this.o.onNotification?.({ id: ev.id, userId: ev.userId, kind: ev.kind, gameId: ev.gameId, payload: ev.payload, createdAt: ev.createdAt, readAt: null });
      if (deliveries.length > 0) delivered = true;
    });
    if (delivered) this.kick();
  }

  private gameLink(gameId: string | null): string | null {
    return gameId ? `${this.o.publicUrl()}/games/${encodeURIComponent(gameId)}` : null;
  }

  /** Where a notification leads: its game, else its tournament's page (tournament-finished), else nowhere. */
  private linkOf(r: { gameId: string | null; payload: unknown }): string | null {
    const t = (r.payload as Partial<EventPayload>).tournament;
    return this.gameLink(r.gameId) ?? (t ? `${this.o.publicUrl()}/tournaments/${encodeURIComponent(t.id)}` : null);
  }

  async unsubscribeLink(userId: number): Promise<string> {
    return `${this.o.publicUrl()}/api/notifications/unsubscribe?token=${encodeURIComponent(unsubscribeToken(await this.secret(), userId))}`;
  }

  private async mail(r: OutboxRow): Promise<void> {
    const n = this.store.notify;
    const s = await n.settings(r.userId);
    const done = () => n.complete(r.id, r.claim, this.now());
    // Unsubscribed, the address removed or changed (unverified) since; connected now: the app says it.
    if (!this.o.mailer || !s.email || !s.emailOn || !s.emailVerified || (await this.o.connected(r.userId))) return done();
    const now = this.now();
    const slot = r.gameId ?? `-${r.kind}`;
    // The slot is held for this row: a retry after a crash mid-send finds it its own and sends.
    if (!(await n.reserveMail(r.userId, slot, now, MAIL_PER_GAME_WINDOW_MS, r.id))) return done();
    const lang = mailLang(s.language);
    const unsubscribe = await this.unsubscribeLink(r.userId);
    const m = render(r.kind as NotificationKindT, r.payload as unknown as EventPayload, lang, { game: this.linkOf(r), unsubscribe });
    const host = new URL(this.o.publicUrl()).hostname || 'tabula';
    try {
      await this.o.mailer.send({ to: s.email, subject: m.subject, text: m.text, html: m.html, unsubscribe, messageId: `<notification-${String(r.payload.event ?? r.id)}@${host}>` });
    } catch (e) {
      await n.releaseMail(r.userId, slot, r.id);
      throw e;
    }
    await done();
  }

  private async webhook(r: OutboxRow): Promise<void> {
    const n = this.store.notify;
    const s = await n.settings(r.userId);
    if (!s.webhookUrl || !s.webhookSecret || s.webhookDisabled) return n.complete(r.id, r.claim, this.now());
    const lang = mailLang(s.language);
    const p = r.payload as unknown as EventPayload & { event?: number };
    const m = render(r.kind as NotificationKindT, p, lang, { game: this.linkOf(r), unsubscribe: null });
    const link = this.linkOf(r);
    const id = String(p.event ?? r.id);
    const body = s.webhookFormat === 'discord'
      ? JSON.stringify({ username: 'Tabula', content: link ? `${m.line} ${link}` : m.line, allowed_mentions: { parse: [] } })
      : JSON.stringify({ id, kind: r.kind, gameId: r.gameId, game: p.game, scenario: p.scenario, opponents: p.opponents, by: p.by, won: p.won, ...(p.tournament ? { tournament: p.tournament } : {}), text: m.line, url: link, createdAt: new Date(r.createdAt).toISOString() });
    try {
      await postWebhook({ url: s.webhookUrl, body, secret: s.webhookSecret, deliveryId: id, now: this.now(), allowPrivate: this.o.allowPrivateWebhooks === true });
    } catch (e) {
      if (await n.webhookResult(r.userId, false, WEBHOOK_MAX_FAILURES)) {
        await n.giveUp(r.id, r.claim, this.now(), `webhook disabled after ${WEBHOOK_MAX_FAILURES} failures: ${e instanceof Error ? e.message : String(e)}`);
        return;
      }
      throw e;
    }
    await n.webhookResult(r.userId, true, WEBHOOK_MAX_FAILURES);
    await n.complete(r.id, r.claim, this.now());
  }

  /**
   * One Web Push message to one device, in the account's language, unless the player is connected (the open
   * app shows it, as for mail). A push service that says the subscription is gone (404/410) removes the device.
   * The notification's tag is the event's: a retry after a crash mid-send replaces, not repeats, it on the device.
   */
  private async push(r: OutboxRow): Promise<void> {
    const done = () => this.store.notify.complete(r.id, r.claim, this.now());
    const device = await this.store.push.get(String(r.payload.device ?? ''));
    if (!device || device.userId !== r.userId || (await this.o.connected(r.userId))) return done();
    const s = await this.store.notify.settings(r.userId);
    const lang = mailLang(s.language);
    const p = r.payload as unknown as EventPayload & { event?: number };
    const m = render(r.kind as NotificationKindT, p, lang, { game: this.linkOf(r), unsubscribe: null });
    const payload = { title: m.subject, body: m.line, url: r.gameId ? `/games/${encodeURIComponent(r.gameId)}` : '/', tag: `tabula-${String(p.event ?? r.id)}`, lang };
    try {
      await sendPush({ sub: device, payload, vapid: await this.vapidKeys(), subject: vapidSubject(this.o.publicUrl()), allowPrivate: this.o.allowPrivateWebhooks === true });
    } catch (e) {
      if (!(e instanceof SubscriptionGone)) throw e;
      await this.store.push.expire(device.id);
    }
    await done();
  }

  /** The time a running seat is warned at (null: never). */
  static lowAt(row: GameRow): number | null {
    const tc = row.timeControl;
    if (tc.kind === 'correspondence') return tc.days >= 2 ? TIME_LOW_CORRESPONDENCE_MS : TIME_LOW_CORRESPONDENCE_SHORT_MS;
    if (tc.kind === 'live') return clockRules(tc)!.base * TIME_LOW_LIVE_FRACTION;
    return null;
  }

  /**
   * Queues "time running low" for every running human seat below its threshold, once per seat and
   * turn (a dedupe key in the outbox, so several processes queue it once).
   */
  async sweepLowTime(limit = 500): Promise<number> {
    const now = this.now();
    let queued = 0;
    for (const id of await this.store.listDue(now + TIME_LOW_CORRESPONDENCE_MS, limit)) {
      const row = await this.store.getGame(id);
      if (!row || row.status !== 'active' || !row.clock) continue;
      const at = Notifier.lowAt(row);
      if (at === null) continue;
      const running: Role[] = runningSeats(row.seats, row.activeRoles);
      const s = settle(row.clock, running, now);
      for (const role of running) {
        const left = s.remaining[role] ?? 0;
        const userId = row.seats.find((x) => x.role === role)?.userId;
        if (left <= 0 || left > at || userId == null) continue;
        const dedupe = `low:${row.id}:${role}:${row.epoch}:${row.logLength}`;
        if (this.lowSeen.has(dedupe)) continue;
        if (this.lowSeen.size > 10_000) this.lowSeen.clear();
        this.lowSeen.add(dedupe);
        queued += await this.store.notify.enqueue([{ userId, gameId: row.id, kind: 'time-low', payload: { ...payloadFor(row, userId) }, dedupe }], now);
      }
    }
    if (queued > 0) this.kick();
    return queued;
  }
}
