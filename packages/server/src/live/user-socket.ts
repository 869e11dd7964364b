import type { SignOut } from './fanout.js';
import { hashToken } from '../passwords.js';
import { inChunks } from './chunked.js';
import { HEARTBEAT_CHUNK } from './hub.js';
/**
 * The per-user socket GET /api/live?token=: pushes `unread` (on connect and on every change of the
 * count) and each new `notification`. Notifications made by another process's worker reach this
 * process's sockets by polling the table (PostgreSQL only; with SQLite there is one process).
 * It also records presence: a user with a user or game socket open is "connected" and gets no mail.
 */
import type { FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { MAX_FRAMES_PER_SECOND, closeCodeOf, type UserServerMessageT } from '@tabula/protocol';
import { bearer } from '../auth.js';
import { isStoreOutage } from '../http-errors.js';
import type { GameService } from '../service.js';
import type { NotificationRow, Store, UserRow } from '../store/index.js';
import { notificationOut } from '../notify/wire.js';

export interface UserConn { ws: WebSocket; user: UserRow; token: string }

/** A user counts as connected in another process if that process saw a socket of theirs this recently. */
export const PRESENCE_TTL_MS = 75_000;

export class UserHub {
  private readonly byUser = new Map<number, Set<UserConn>>();
  private readonly pushed = new Set<number>();
  private lastPolled = -1;

  constructor(private readonly store: Store, private readonly warn: (obj: object, msg: string) => void = () => undefined) {}

  has(userId: number): boolean {
    return (this.byUser.get(userId)?.size ?? 0) > 0;
  }

  get userIds(): number[] {
    return [...this.byUser.keys()];
  }

  get connections(): number {
    let n = 0;
    for (const s of this.byUser.values()) n += s.size;
    return n;
  }

  add(c: UserConn): void {
    let set = this.byUser.get(c.user.id);
    if (!set) this.byUser.set(c.user.id, (set = new Set()));
    set.add(c);
    if (set.size === 1) void this.store.notify.setLive([c.user.id], Date.now()).catch((e: unknown) => this.warn({ err: e }, 'presence update failed'));
  }

  /** `stillLive`: whether the user has other sockets (game sockets) open here. */
  remove(c: UserConn, stillLive: boolean): void {
    const set = this.byUser.get(c.user.id);
    if (!set || !set.delete(c)) return;
    if (set.size > 0) return;
    this.byUser.delete(c.user.id);
    if (!stillLive) void this.store.notify.setLive([c.user.id], null).catch(() => undefined);
  }

  private send(userId: number, msg: UserServerMessageT): void {
    const text = JSON.stringify(msg);
    for (const c of this.byUser.get(userId) ?? []) if (c.ws.readyState === c.ws.OPEN) c.ws.send(text);
  }

  async sendUnread(userId: number): Promise<void> {
    if (!this.has(userId)) return;
    this.send(userId, { type: 'unread', count: await this.store.notify.unread(userId) });
  }

  /** A new notification: push it and the new count to the user's sockets here. */
  deliver(n: NotificationRow): void {
    if (this.pushed.has(n.id)) return;
    if (this.pushed.size > 5000) this.pushed.clear();
    this.pushed.add(n.id);
    if (!this.has(n.userId)) return;
    this.send(n.userId, { type: 'notification', notification: notificationOut(n) });
    void this.sendUnread(n.userId).catch((e: unknown) => this.warn({ err: e }, 'unread push failed'));
  }

  /** Picks up notifications other processes made for users connected here. */
  async poll(): Promise<void> {
    if (this.lastPolled < 0) this.lastPolled = await this.store.notify.maxNotificationId();
    const rows = await this.store.notify.after(this.userIds, this.lastPolled);
    for (const r of rows) {
      this.lastPolled = Math.max(this.lastPolled, r.id);
      this.deliver(r);
    }
  }

  /** Keeps presence fresh for users with a user or game socket here. */
  async heartbeat(gameSocketUsers: number[]): Promise<void> {
    const ids = [...new Set([...this.userIds, ...gameSocketUsers])];
    const at = Date.now();
    await inChunks(ids, HEARTBEAT_CHUNK, (slice) => this.store.notify.setLive(slice, at));
  }

  /** Closes the sockets of ended sessions (one token by its hash, or every token of an account). */
  closeSessions(what: SignOut): void {
    for (const [userId, set] of this.byUser) {
      for (const c of [...set]) {
        if ('userId' in what ? userId === what.userId : hashToken(c.token) === what.tokenHash) c.ws.close(4401, 'unauthorized');
      }
    }
  }

  closeAll(): void {
    for (const set of this.byUser.values()) for (const c of set) c.ws.close(1001, 'server shutting down');
    this.byUser.clear();
  }
}

export function userLiveHandler(deps: { service: GameService; hub: UserHub; gameSocketOpen: (userId: number) => boolean }): (socket: WebSocket, req: FastifyRequest) => void {
  const { service, hub } = deps;
  return (socket, req) => {
    let conn: UserConn | null = null;
    let closed = false;
    let window = Date.now(), count = 0;
    const send = (m: object): void => { if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(m)); };
    socket.on('close', () => {
      closed = true;
      if (conn) hub.remove(conn, deps.gameSocketOpen(conn.user.id));
    });
    socket.on('error', () => undefined);
    socket.on('message', (raw: RawData) => {
      const now = Date.now();
      if (now - window > 1000) { window = now; count = 0; }
      if (++count > MAX_FRAMES_PER_SECOND) return send({ type: 'error', status: 429, error: { code: 'rate-limited', message: 'Too many messages.' } });
      let m: unknown;
      try { m = JSON.parse(raw.toString()); } catch { m = null; }
      const ref = (m as { ref?: unknown } | null)?.ref;
      if ((m as { type?: unknown } | null)?.type === 'ping') return send({ type: 'pong', ref: typeof ref === 'string' || typeof ref === 'number' ? ref : null });
      send({ type: 'error', status: 400, error: { code: 'bad-request', message: 'This socket accepts only { type: "ping" }.' } });
    });
    void (async () => {
      try {
        let token: string | null = null;
        try { token = bearer(req, true); } catch { token = null; }
        const user = token ? await service.authenticate(token) : null;
        if (!user || !token) {
          send({ type: 'error', status: 401, error: { code: 'unauthorized', message: 'Sign in: /api/live?token=<token>.' } });
          socket.close(closeCodeOf(401), 'unauthorized');
          return;
        }
        if (closed) return;
        conn = { ws: socket, user, token };
        hub.add(conn);
        send({ type: 'unread', count: await service.store.notify.unread(user.id) });
      } catch (e) {
        const outage = isStoreOutage(e);
        if (!outage) req.log.error({ err: e }, 'user socket failed to open');
        socket.close(closeCodeOf(outage ? 503 : 500), outage ? 'store-unavailable' : 'internal');
      }
    })();
  };
}
