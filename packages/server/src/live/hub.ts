import type { WebSocket } from 'ws';
import type { ServerMessageT, ServerStateT } from '@tabula/protocol';
import type { GameService } from '../service.js';
import type { GameRow, UserRow } from '../store/index.js';
import type { SignOut } from './fanout.js';
import { inChunks } from './chunked.js';

/** Seats (hub.ts) and users (user-socket.ts) per presence transaction of the heartbeats. */
export const HEARTBEAT_CHUNK = 250;

export interface LiveConn {
  ws: WebSocket;
  gameId: string;
  user: UserRow | null;
  /** The seat asked for with ?role= (one the caller holds), else the service picks. */
  role?: string;
  /** The bearer token the socket was opened with (closed when it is signed out), its hash, and when its session ends unless renewed. */
  token?: string;
  tokenHash?: string;
  expiresAt?: number;
  /** Whose sockets this one counts against: `user:<id>` when signed in, else `ip:<address>`. */
  owner: string;
  /** What this socket was last sent: the log's epoch and length (pushes carry the log lines from there). */
  sent?: { epoch: number; length: number; version: number };
  /** The game has a live clock: presence changes are pushed (the state's `away`). */
  liveClock?: boolean;
}

/**
 * The WebSocket side of one process: which sockets watch which game, and the push of each its own
 * redacted state after every change (coalesced: a burst of changes gives one push of the newest).
 */
export class LiveHub {
  private readonly byGame = new Map<string, Set<LiveConn>>();
  private readonly busy = new Map<string, boolean>();
  private readonly perOwner = new Map<string, number>();

  constructor(private readonly service: GameService, private readonly warn: (obj: object, msg: string) => void = () => undefined) {}

  /** Open sockets counted against `owner` in this process. */
  ownerCount(owner: string): number {
    return this.perOwner.get(owner) ?? 0;
  }

  add(c: LiveConn): void {
    this.perOwner.set(c.owner, this.ownerCount(c.owner) + 1);
    let set = this.byGame.get(c.gameId);
    if (!set) this.byGame.set(c.gameId, (set = new Set()));
    const first = c.user !== null && !this.isConnected(c.gameId, c.user.id);
    set.add(c);
    if (first) this.presenceChanged(c);
  }

  remove(c: LiveConn): void {
    const set = this.byGame.get(c.gameId);
    if (!set || !set.delete(c)) return;
    this.release(c);
    if (set.size === 0) this.byGame.delete(c.gameId);
    if (c.user !== null && !this.isConnected(c.gameId, c.user.id)) this.presenceChanged(c);
  }

  /** The sockets of this process on `gameId` (social/ pushes chat and rematch offers to them). */
  watchers(gameId: string): readonly LiveConn[] {
    return [...(this.byGame.get(gameId) ?? [])];
  }

  /** Whether `userId` has a socket on any game in this process (notifications: connected users get no mail). */
  hasUser(userId: number): boolean {
    for (const set of this.byGame.values()) for (const c of set) if (c.user?.id === userId) return true;
    return false;
  }

  /** The users with a game socket open in this process. */
  userIds(): number[] {
    const out = new Set<number>();
    for (const set of this.byGame.values()) for (const c of set) if (c.user) out.add(c.user.id);
    return [...out];
  }

  /** Also called with every sign-out (the per-user sockets close too). */
  readonly onSignOut: ((what: SignOut) => void)[] = [];

  /** Whether `userId` has a socket on `gameId` in this process. */
  isConnected(gameId: string, userId: number): boolean {
    const set = this.byGame.get(gameId);
    if (set) for (const c of set) if (c.user?.id === userId) return true;
    return false;
  }

  /** A player's first socket opened or last one closed: record when, and push everyone the new `away`. */
  private presenceChanged(c: LiveConn): void {
    void this.service.touch(c.gameId, c.user!.id).catch((e: unknown) => this.warn({ err: e, gameId: c.gameId }, 'presence update failed'))
      .then(() => { if (c.liveClock) this.refresh(c.gameId); });
  }

  /**
   * Keeps `seen_at` fresh for every connected player (other processes read it before allowing a claim): a few
   * hundred seats per transaction, with the event loop free in between (thousands of single updates in a row
   * held it for about 100 ms).
   */
  async heartbeat(): Promise<void> {
    const seen: { gameId: string; userId: number }[] = [];
    for (const [gameId, set] of this.byGame) {
      const users = new Set<number>();
      for (const c of set) if (c.user) users.add(c.user.id);
      for (const userId of users) seen.push({ gameId, userId });
    }
    await inChunks(seen, HEARTBEAT_CHUNK, (slice) => this.service.touchAll(slice).catch((e: unknown) => this.warn({ err: e }, 'presence heartbeat failed')));
  }

  /** Pushes every watcher of `gameId` its state again even though the version did not move. */
  refresh(gameId: string): void {
    const set = this.byGame.get(gameId);
    if (!set) return;
    for (const c of set) if (c.sent) c.sent = { ...c.sent, version: -1 };
    this.changed(gameId);
  }

  private release(c: LiveConn): void {
    const n = this.ownerCount(c.owner) - 1;
    if (n > 0) this.perOwner.set(c.owner, n);
    else this.perOwner.delete(c.owner);
  }

  get connections(): number {
    let n = 0;
    for (const s of this.byGame.values()) n += s.size;
    return n;
  }

  /** Sends one socket the whole current state (on connect, and when it asks with `sync`). */
  async sendCurrent(c: LiveConn): Promise<void> {
    const { row, rg } = await this.service.snapshot(c.gameId);
    c.sent = { epoch: rg.epoch, length: rg.length, version: row.version };
    send(c.ws, { type: 'state', ...this.service.stateFor(row, rg, c.user, c.role, 0) } satisfies ServerStateT);
  }

  /** A game changed (here or in another process): push every watcher its view. */
  changed(gameId: string, row?: GameRow): void {
    if (!this.byGame.has(gameId)) return;
    if (this.busy.has(gameId)) {
      this.busy.set(gameId, true);
      return;
    }
    this.busy.set(gameId, false);
    void this.pushLoop(gameId, row);
  }

  /** `known`: the row as committed by this process (saves reading it back); later rounds re-read. */
  private async pushLoop(gameId: string, known?: GameRow): Promise<void> {
    try {
      for (let round = 0; ; round++) {
        const set = this.byGame.get(gameId);
        if (set && [...set].some((c) => c.expiresAt !== undefined && c.expiresAt <= Date.now())) await this.dropExpired(set);
        if (set && set.size > 0) {
          const { row, rg } = round === 0 && known ? { row: known, rg: await this.service.sync(known) } : await this.service.snapshot(gameId);
          // One message per reader and log position: the lines since what that socket was last sent.
          const byViewer = new Map<string, string>();
          for (const c of set) {
            if (c.sent && c.sent.version >= row.version) continue;
            const from = c.sent ? rg.unchangedPrefix(c.sent.epoch, c.sent.length) : 0;
            const key = `${c.user?.id ?? ''}\u0000${c.role ?? ''}\u0000${from}`;
            let msg = byViewer.get(key);
            if (msg === undefined) {
              msg = JSON.stringify({ type: 'state', ...this.service.stateFor(row, rg, c.user, c.role, from) } satisfies ServerStateT);
              byViewer.set(key, msg);
            }
            c.sent = { epoch: rg.epoch, length: rg.length, version: row.version };
            if (c.ws.readyState === c.ws.OPEN) c.ws.send(msg);
          }
        }
        if (this.busy.get(gameId) !== true) break;
        this.busy.set(gameId, false);
      }
    } catch (e) {
      this.warn({ err: e, gameId }, 'live push failed');
    } finally {
      this.busy.delete(gameId);
    }
  }

  /**
   * Brings every open socket of this process up to date with the store (after the fan-out channel was
   * down: changes made by other processes meanwhile were never announced). Sockets already current get nothing.
   */
  resyncAll(): void {
    for (const gameId of this.byGame.keys()) this.changed(gameId);
  }

  /**
   * Before a push: a socket whose session may have ended (past its expiry; renewals elsewhere move
   * it) is checked again, and closed with 4401 when the session is over.
   */
  private async dropExpired(set: Set<LiveConn>): Promise<void> {
    const now = Date.now();
    const due = [...set].filter((c) => c.token && c.expiresAt !== undefined && c.expiresAt <= now);
    for (const c of due) {
      if (!c.token) continue;
      let s;
      try {
        s = await this.service.session(c.token);
      } catch {
        continue; // the store is down: keep the socket, check again at the next push
      }
      if (s) c.expiresAt = s.expiresAt;
      else this.closeConn(set, c, 'Your session has ended: sign in again.');
    }
  }

  private closeConn(set: Set<LiveConn>, c: LiveConn, message: string): void {
    if (!set.delete(c)) return;
    this.release(c);
    send(c.ws, { type: 'error', status: 401, error: { code: 'unauthorized', message } });
    c.ws.close(4401, 'unauthorized');
  }

  /** Closes this process's sockets of ended sessions (one token by its hash, or every token of an account). */
  closeSessions(what: SignOut): void {
    for (const f of this.onSignOut) f(what);
    for (const set of this.byGame.values()) {
      for (const c of [...set]) {
        if (!c.token || !('userId' in what ? c.user?.id === what.userId : c.tokenHash === what.tokenHash)) continue;
        this.closeConn(set, c, 'Signed out.');
      }
    }
  }

  closeAll(): void {
    for (const set of this.byGame.values()) for (const c of set) c.ws.close(1001, 'server shutting down');
    this.byGame.clear();
    this.perOwner.clear();
  }
}

export function send(ws: WebSocket, msg: ServerMessageT): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
}
