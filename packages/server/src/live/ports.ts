/**
 * What the live room needs from the rest of the server, and nothing more: the games (table, commands,
 * seat view), the sessions and the notification counts. app.ts passes today's objects; any object of
 * these shapes will do.
 */
import type { DrawOpT, GameStateT } from '@tabula/protocol';
import type { GameRow, NotificationRow, UserRow } from '../store/index.js';

/** A replayed game as the hub reads it: which log it is, how long, and how much of an older one it keeps. */
export interface LiveReplay {
  readonly epoch: number;
  readonly length: number;
  /** How many of the first `length` actions of the log at `epoch` this one still has. */
  unchangedPrefix(epoch: number, length: number): number;
}

export interface LiveGames<R extends LiveReplay = LiveReplay> {
  /** The current row and its replayed game. */
  snapshot(id: string): Promise<{ row: GameRow; rg: R }>;
  /** The replayed game matching a row this process just committed. */
  sync(row: GameRow): Promise<R>;
  /** The state `user` may see (null: a spectator), for the seat `role` they hold, with the log from `logFrom`. */
  stateFor(row: GameRow, rg: R, user: UserRow | null, role?: string, logFrom?: number): GameStateT;
  /** Records that these players' sockets are open (presence; one write for all). */
  touchAll(seen: { gameId: string; userId: number }[]): Promise<void>;
  actVersion(user: UserRow | null, id: string, version: number, action: unknown, role?: string): Promise<number>;
  undo(user: UserRow | null, id: string, version: number, role?: string): Promise<{ version: number }>;
  resign(user: UserRow | null, id: string, role?: string): Promise<{ version: number }>;
  abort(user: UserRow | null, id: string, role?: string): Promise<{ version: number }>;
  claim(user: UserRow | null, id: string, role?: string): Promise<{ version: number }>;
  draw(user: UserRow | null, id: string, op: DrawOpT, role?: string): Promise<{ version: number }>;
}

export interface Session { user: UserRow; expiresAt: number }

export interface LiveAuth {
  /** The session of `token` and when it ends unless used again; null: unknown or ended. */
  session(token: string): Promise<Session | null>;
}

/** The notification counts and presence of the per-user socket. */
export interface LiveNotices {
  unread(userId: number): Promise<number>;
  /** Notifications for `userIds` with an id above `afterId`. */
  after(userIds: number[], afterId: number): Promise<NotificationRow[]>;
  maxNotificationId(): Promise<number>;
  /** Records that these users have a socket open (`at`), or had until now (null). */
  setLive(userIds: number[], at: number | null): Promise<void>;
  /** Marks the user's unread "your turn" of `gameId` read (the game is on their screen); returns how many changed. */
  readTurn(userId: number, gameId: string, now: number): Promise<number>;
}
