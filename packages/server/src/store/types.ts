import type { LogEntry, Outcome, Role } from '@tabula/engine';

export type GameStatus = 'open' | 'active' | 'finished';

export interface UserRow {
  id: number;
  name: string;
}

export interface SeatRow {
  seat: number;
  role: Role;
  userId: number | null;
  userName: string | null;
  bot: string | null;
}

export interface GameRow {
  id: string;
  game: string;
  scenario: string;
  players: number | null;
  variants: Record<string, unknown> | null;
  seed: string;
  status: GameStatus;
  /** Bumped by every change (seat, action, undo, resign): the `version` clients send back. */
  version: number;
  /** Number of actions in the log. */
  logLength: number;
  /** Bumped by every undo, so a cache knows its log prefix is no longer valid. */
  epoch: number;
  activeRoles: Role[];
  outcome: Outcome | null;
  createdBy: number;
  /** The creator's account name (who uploaded the game's decks), when read from the store. */
  creatorName?: string | null;
  createdAt: number;
  updatedAt: number;
  seats: SeatRow[];
}

export interface NewGame {
  id: string;
  game: string;
  scenario: string;
  players: number | null;
  variants: Record<string, unknown> | null;
  seed: string;
  roles: Role[];
  activeRoles: Role[];
  createdBy: number;
  now: number;
}

/** What a write changes on the game row besides version (always +1). */
export interface GamePatch {
  status: GameStatus;
  activeRoles: Role[];
  outcome: Outcome | null;
  now: number;
}

export type WriteResult = 'ok' | 'stale';
export type SeatResult = { ok: true; game: GameRow } | { ok: false; reason: 'missing' | 'no-role' | 'taken' | 'not-open' };

export interface ListQuery {
  status: GameStatus;
  /** Only games where this user holds a seat. */
  userId?: number;
  limit: number;
}

/**
 * Persistence. Two implementations (SQLite, PostgreSQL) with the same behaviour; every write that
 * changes a game checks and bumps its version in one transaction, and the log's key (game_id, seq)
 * admits one action per position.
 */
export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  close(): Promise<void>;

  /** null when the name (case-insensitively) is taken. */
  createUser(name: string, nameKey: string, passHash: string, now: number): Promise<UserRow | null>;
  findUserByNameKey(nameKey: string): Promise<(UserRow & { passHash: string }) | null>;
  createSession(tokenHash: string, userId: number, now: number): Promise<void>;
  /** The session's user, if it was created at or after `createdSince` and last used at or after `seenSince`. */
  findSession(tokenHash: string, createdSince: number, seenSince: number): Promise<(UserRow & { seenAt: number; createdAt: number }) | null>;
  /** Records a use of the session (sliding expiry). */
  touchSession(tokenHash: string, now: number): Promise<void>;
  deleteSession(tokenHash: string): Promise<void>;
  /** Signs a user out everywhere. */
  deleteSessionsOfUser(userId: number): Promise<void>;
  /** Forgets every session created before `createdBefore` or unused since `seenBefore` (expired). */
  deleteSessionsBefore(createdBefore: number, seenBefore: number): Promise<void>;

  createGame(game: NewGame): Promise<void>;
  /** Open (not yet started) games created by `userId` at or after `createdSince`. */
  countOpenGamesBy(userId: number, createdSince: number): Promise<number>;
  getGame(id: string): Promise<GameRow | null>;
  listGames(q: ListQuery): Promise<GameRow[]>;
  /** Active games with at least one bot seat (to resume bots after a restart). */
  listActiveBotGames(): Promise<GameRow[]>;
  /** Seats a user or bot at an empty seat of an open game; the game becomes active (with `activeRoles`) when the last seat fills. */
  takeSeat(gameId: string, role: Role, who: { userId: number } | { bot: string }, activeRoles: Role[], now: number): Promise<SeatResult>;
  /** Appends the action at position `seq` if the game is still at `expectVersion`. */
  appendAction(gameId: string, expectVersion: number, seq: number, entry: LogEntry, patch: GamePatch): Promise<WriteResult>;
  /** Drops the log from position `newLength` on (undo) if the game is still at `expectVersion`. */
  truncateLog(gameId: string, expectVersion: number, newLength: number, patch: GamePatch): Promise<WriteResult>;
  /** Changes status/outcome only (resign). */
  updateGame(gameId: string, expectVersion: number, patch: GamePatch): Promise<WriteResult>;
  readLog(gameId: string, fromSeq: number): Promise<LogEntry[]>;
}
