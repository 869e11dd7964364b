/**
 * The per-user socket GET /api/live?token=: pushes `unread` (on connect and on every change of the
 * count) and each new `notification`. Notifications made by another process's worker reach this
 * process's sockets by polling the table (PostgreSQL only; with SQLite there is one process).
 * It also records presence: a user with a user or game socket open is "connected" and gets no mail; and
 * which game a client has on screen (`watch`): no "your turn" is made for that game (notify/notifier.ts).
 */
import { isClientPing, isUserClientMessage, type UserClientMessageT, type UserServerMessageT } from '@tabula/protocol';
import type { NotificationRow, UserRow } from '../store/index.js';
import { notificationOut } from '../notify/wire.js';
import { inChunks } from './chunked.js';
import { HEARTBEAT_CHUNK } from './hub.js';
import type { LiveNotices } from './ports.js';
import type { LiveSocket, SocketKind } from './socket.js';

export interface UserConn extends LiveSocket {
  user: UserRow;
  /** The game this client has on screen (its `watch` message), if any. */
  watching?: string | null;
}

/** A user counts as connected in another process if that process saw a socket of theirs this recently. */
export const PRESENCE_TTL_MS = 75_000;

export class UserHub {
  private readonly byUser = new Map<number, Set<UserConn>>();
  private readonly pushed = new Set<number>();
  private lastPolled = -1;

  constructor(private readonly notices: LiveNotices, private readonly warn: (obj: object, msg: string) => void = () => undefined) {}

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
    if (set.size === 1) void this.notices.setLive([c.user.id], Date.now()).catch((e: unknown) => this.warn({ err: e }, 'presence update failed'));
  }

  /** `stillLive`: whether the user has other sockets (game sockets) open here. */
  remove(c: UserConn, stillLive: boolean): void {
    const set = this.byUser.get(c.user.id);
    if (!set || !set.delete(c)) return;
    if (set.size > 0) return;
    this.byUser.delete(c.user.id);
    if (!stillLive) void this.notices.setLive([c.user.id], null).catch(() => undefined);
  }

  private send(userId: number, msg: UserServerMessageT): void {
    const text = JSON.stringify(msg);
    for (const c of this.byUser.get(userId) ?? []) if (c.ws.readyState === c.ws.OPEN) c.ws.send(text);
  }

  /** A new socket: the count, to it alone. */
  async greet(c: UserConn): Promise<void> {
    const msg: UserServerMessageT = { type: 'unread', count: await this.notices.unread(c.user.id) };
    if (c.ws.readyState === c.ws.OPEN) c.ws.send(JSON.stringify(msg));
  }

  async sendUnread(userId: number): Promise<void> {
    if (!this.has(userId)) return;
    this.send(userId, { type: 'unread', count: await this.notices.unread(userId) });
  }

  /** The user's standing changed (a moderator's warning or mute): their pages read it again. */
  standingChanged(userId: number): void {
    this.send(userId, { type: 'standing' });
  }

  /** Whether a client of `userId` in this process has `gameId` on screen. */
  watching(userId: number, gameId: string): boolean {
    for (const c of this.byUser.get(userId) ?? []) if (c.watching === gameId) return true;
    return false;
  }

  /** A client says which game is on its screen: its unread "your turn" for that game is read now. */
  async watch(c: UserConn, gameId: string | null): Promise<void> {
    c.watching = gameId;
    if (gameId !== null && (await this.notices.readTurn(c.user.id, gameId, Date.now())) > 0) await this.sendUnread(c.user.id);
  }

  /** A new notification: push it and the new count to the user's sockets here. */
  deliver(n: NotificationRow): void {
    if (this.pushed.has(n.id)) return;
    if (this.pushed.size > 5000) this.pushed.clear();
    this.pushed.add(n.id);
    if (!this.has(n.userId)) return;
    // Made by another process that did not know the game is on screen here: read at once, not pushed.
    if (n.kind === 'your-turn' && n.gameId !== null && this.watching(n.userId, n.gameId)) {
      void this.notices.readTurn(n.userId, n.gameId, Date.now()).then(() => this.sendUnread(n.userId)).catch((e: unknown) => this.warn({ err: e }, 'unread push failed'));
      return;
    }
    this.send(n.userId, { type: 'notification', notification: notificationOut(n) });
    void this.sendUnread(n.userId).catch((e: unknown) => this.warn({ err: e }, 'unread push failed'));
  }

  /** Picks up notifications other processes made for users connected here. */
  async poll(): Promise<void> {
    if (this.lastPolled < 0) this.lastPolled = await this.notices.maxNotificationId();
    const rows = await this.notices.after(this.userIds, this.lastPolled);
    for (const r of rows) {
      this.lastPolled = Math.max(this.lastPolled, r.id);
      this.deliver(r);
    }
  }

  /** Keeps presence fresh for users with a user or game socket here. */
  async heartbeat(gameSocketUsers: number[]): Promise<void> {
    const ids = [...new Set([...this.userIds, ...gameSocketUsers])];
    const at = Date.now();
    await inChunks(ids, HEARTBEAT_CHUNK, (slice) => this.notices.setLive(slice, at));
  }

  /** Forgets every socket (the socket base closes them). */
  clear(): void {
    this.byUser.clear();
  }
}

/** The one message a client sends on the user and lobby sockets. */
export interface PingMessage { type: 'ping'; ref?: string | number }
export const parsePing = (v: unknown): PingMessage | null => (isClientPing(v) ? v : null);

export function userSocket(hub: UserHub, gameSocketOpen: (userId: number) => boolean): SocketKind<UserConn, UserClientMessageT> {
  return {
    name: 'user',
    signedInOnly: true,
    parse: (v) => (isUserClientMessage(v) ? v : null),
    expected: 'This socket accepts { type: "ping", ref? } and { type: "watch", gameId: string | null }.',
    open: ({ base }) => Promise.resolve({ ...base, user: base.user! }),
    async opened(c) {
      hub.add(c);
      await hub.greet(c);
    },
    async message(c, msg) {
      if (msg.type === 'watch') await hub.watch(c, msg.gameId);
      return null;
    },
    closed: (c) => hub.remove(c, gameSocketOpen(c.user.id)),
  };
}
