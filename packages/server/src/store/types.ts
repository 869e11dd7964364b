import type { LogEntry, Outcome, Role } from '@tabula/engine';
import type { DrawOfferT, TimeControlT as TimeControl } from '@tabula/protocol';
import type { NotifyStore, OutboxInsert } from './notify.js';
import type { PushStore } from './push.js';
import type { AnalysisStore } from './analyses.js';
import type { SeekStore } from './seeks.js';
import type { TournamentStore } from './tournaments.js';
import type { SnapshotStore } from './snapshots.js';
import type { SocialStore } from './social.js';
import type { AccountStore } from './accounts.js';
import type { ModerationStore } from './moderation.js';
import type { SqlRunner } from './sql.js';

export type { SqlRunner } from './sql.js';

/** A game's clock as stored: settled at every write (games/clock.ts). */
export interface ClockState {
  /** Milliseconds left per seat, as of `since`. */
  remaining: Record<Role, number>;
  /** When the running seats' time started running (the last settlement). */
  since: number;
  /** The roles that have made their first action (absent in clocks stored before first-move windows: all have). */
  moved?: Role[];
}

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
  /** Last time a live socket of this seat's player was seen on this game (ms), or when the seat was taken. */
  seenAt: number | null;
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
  timeControl: TimeControl;
  /** null: no time control. */
  clock: ClockState | null;
  /** When the first running clock may run out (a hint for the sweeper; checked against the clock). */
  deadline: number | null;
  /** The draw offer of a running game (games/draws.ts); absent or null: none. */
  drawOffer?: DrawOfferT | null;
  /** A learning game (games/hints.ts): one person against bots, hints on, never rated. */
  learning?: boolean;
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
  timeControl: TimeControl;
  clock: ClockState | null;
  learning?: boolean;
}

/** What a write changes on the game row besides version (always +1). */
export interface GamePatch {
  status: GameStatus;
  activeRoles: Role[];
  outcome: Outcome | null;
  now: number;
  /** The settled clock and its deadline (absent: unchanged). */
  clock?: { state: ClockState; deadline: number | null };
  /** The draw offer (absent: unchanged). */
  drawOffer?: DrawOfferT | null;
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
  /** The raw runner under the features' stores below (tests and tools; a feature calls a named store method). */
  readonly sql: SqlRunner;
  /** Notifications' tables (outbox, list, settings). */
  readonly notify: NotifyStore;
  readonly push: PushStore;
  /** Stored snapshots of replayed games. */
  readonly snapshots: SnapshotStore;
  /** Post-game analyses (queue, claims, results). */
  readonly analyses: AnalysisStore;
  /** Game meta, chat and mutes, ratings, rematch offers, profile reads. */
  readonly social: SocialStore;
  /** Verification and reset links, passwords, an account's sessions. */
  readonly accounts: AccountStore;
  /** Blocks, reports, standing (moderator, chat mute, ban) and the moderation log. */
  readonly moderation: ModerationStore;
  /** Seeks and their pairing claims. */
  readonly seeks: SeekStore;
  readonly tournaments: TournamentStore;
  close(): Promise<void>;
  /** Resolves when the database answers (readiness); rejects while it is unreachable. */
  ping(): Promise<void>;

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
  /**
   * Seats a user or bot at an empty seat of an open game; the game becomes active (with `activeRoles`) when the last seat fills.
   * `outbox(game)`: notification rows to queue in the same transaction, given the game after the change.
   * (Every write below takes such rows too: written with the change, or not at all.)
   */
  takeSeat(gameId: string, role: Role, who: { userId: number } | { bot: string }, activeRoles: Role[], now: number, outbox?: (game: GameRow) => OutboxInsert[]): Promise<SeatResult>;
  /** Appends the action at position `seq` if the game is still at `expectVersion`. */
  appendAction(gameId: string, expectVersion: number, seq: number, entry: LogEntry, patch: GamePatch, outbox?: OutboxInsert[]): Promise<WriteResult>;
  /** Drops the log from position `newLength` on (undo) if the game is still at `expectVersion`. */
  truncateLog(gameId: string, expectVersion: number, newLength: number, patch: GamePatch, outbox?: OutboxInsert[]): Promise<WriteResult>;
  /** Changes status/outcome only (resign). */
  updateGame(gameId: string, expectVersion: number, patch: GamePatch, outbox?: OutboxInsert[]): Promise<WriteResult>;
  readLog(gameId: string, fromSeq: number): Promise<LogEntry[]>;

  /** Active games whose deadline is at or before `now` (the sweeper's work). */
  listDue(now: number, limit: number): Promise<string[]>;
  /** Open games created before `before` (to expire). */
  listOpenBefore(before: number, limit: number): Promise<string[]>;
  /** Moves the deadline hint without a version bump, if the game is still at `expectVersion`. */
  setDeadline(gameId: string, expectVersion: number, deadline: number | null): Promise<void>;
  /** Records that each user's live socket on that game was seen at `now` (one transaction for all). */
  touchSeats(seen: { gameId: string; userId: number }[], now: number): Promise<void>;
}
