import type { ServerMessageT, ServerStateT } from '@tabula/protocol';
import type { WebSocket } from 'ws';
import type { GameRow } from '../store/index.js';
import { inChunks } from './chunked.js';
import type { LiveAuth, LiveGames, LiveReplay } from './ports.js';
import type { LiveSocket } from './socket.js';

/** Seats (hub.ts) and users (user-socket.ts) per presence transaction of the heartbeats. */
export const HEARTBEAT_CHUNK = 250;

export interface LiveConn extends LiveSocket {
  gameId: string;
  /** The seat asked for with ?role= (one the caller holds), else the seat view picks. */
  role?: string;
  /** What this socket was last sent: the log's epoch and length (pushes carry the log lines from there). */
  sent?: { epoch: number; length: number; version: number };
  /** The game has a live clock: presence changes are pushed (the state's `away`). */
  liveClock?: boolean;
}

/** Closes a socket whose session ended (the socket base's `end`). */
export type EndSocket = (c: LiveConn, message: string) => void;

/**
 * The game sockets of one process: which sockets watch which game, and the push after every change
 * (coalesced: a burst of changes gives one push of the newest). A push builds each state once per
 * seat holder and log position, and once for all spectators, and sends every socket of it the same text.
 */
export class LiveHub<R extends LiveReplay = LiveReplay> {
  private readonly byGame = new Map<string, Set<LiveConn>>();
  private readonly busy = new Map<string, boolean>();
  /** Set by the socket base once it exists (sockets whose session ended are closed through it). */
  endSocket: EndSocket = (c) => c.ws.close();

  constructor(private readonly games: LiveGames<R>, private readonly auth: LiveAuth, private readonly warn: (obj: object, msg: string) => void = () => undefined) {}

  add(c: LiveConn): void {
    let set = this.byGame.get(c.gameId);
    if (!set) this.byGame.set(c.gameId, (set = new Set()));
    const first = c.user !== null && !this.isConnected(c.gameId, c.user.id);
    set.add(c);
    if (first) this.presenceChanged(c);
  }

  remove(c: LiveConn): void {
    const set = this.byGame.get(c.gameId);
    if (!set || !set.delete(c)) return;
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

  /** Whether `userId` has a socket on `gameId` in this process. */
  isConnected(gameId: string, userId: number): boolean {
    const set = this.byGame.get(gameId);
    if (set) for (const c of set) if (c.user?.id === userId) return true;
    return false;
  }

  /** A player's first socket opened or last one closed: record when, and push everyone the new `away`. */
  private presenceChanged(c: LiveConn): void {
    void this.games.touchAll([{ gameId: c.gameId, userId: c.user!.id }]).catch((e: unknown) => this.warn({ err: e, gameId: c.gameId }, 'presence update failed'))
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
    await inChunks(seen, HEARTBEAT_CHUNK, (slice) => this.games.touchAll(slice).catch((e: unknown) => this.warn({ err: e }, 'presence heartbeat failed')));
  }

  /** Pushes every watcher of `gameId` its state again even though the version did not move. */
  refresh(gameId: string): void {
    const set = this.byGame.get(gameId);
    if (!set) return;
    for (const c of set) if (c.sent) c.sent = { ...c.sent, version: -1 };
    this.changed(gameId);
  }

  get connections(): number {
    let n = 0;
    for (const s of this.byGame.values()) n += s.size;
    return n;
  }

  /** Sends one socket the whole current state (on connect, and when it asks with `sync`). */
  async sendCurrent(c: LiveConn): Promise<void> {
    const { row, rg } = await this.games.snapshot(c.gameId);
    c.sent = { epoch: rg.epoch, length: rg.length, version: row.version };
    send(c.ws, { type: 'state', ...this.games.stateFor(row, rg, c.user, c.role, 0) } satisfies ServerStateT);
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
          const { row, rg } = round === 0 && known ? { row: known, rg: await this.games.sync(known) } : await this.games.snapshot(gameId);
          const built = new Map<string, string>();
          for (const c of set) {
            if (c.sent && c.sent.version >= row.version) continue;
            const from = c.sent ? rg.unchangedPrefix(c.sent.epoch, c.sent.length) : 0;
            const msg = this.stateText(built, row, rg, c, from);
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
   * The state text for `c` from log position `from`, built once per push (`built`) for each seat holder
   * (by account and asked seat) and once for every spectator, signed in or not: a spectator's state
   * depends on nothing but the game, so they all share the anonymous one.
   */
  private stateText(built: Map<string, string>, row: GameRow, rg: R, c: LiveConn, from: number): string {
    const seated = c.user !== null && row.seats.some((s) => s.userId === c.user!.id);
    const key = seated ? `${c.user!.id}\u0000${c.role ?? ''}\u0000${from}` : `\u0000\u0000${from}`;
    let msg = built.get(key);
    if (msg === undefined) {
      const state = seated ? this.games.stateFor(row, rg, c.user, c.role, from) : this.games.stateFor(row, rg, null, undefined, from);
      msg = JSON.stringify({ type: 'state', ...state } satisfies ServerStateT);
      built.set(key, msg);
    }
    return msg;
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
        s = await this.auth.session(c.token);
      } catch {
        continue; // the store is down: keep the socket, check again at the next push
      }
      if (s) c.expiresAt = s.expiresAt;
      else this.endSocket(c, 'Your session has ended: sign in again.');
    }
  }

  /** Forgets every socket (the socket base closes them). */
  clear(): void {
    this.byGame.clear();
  }
}

export function send(ws: WebSocket, msg: ServerMessageT): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
}
