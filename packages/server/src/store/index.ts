import { resolve } from 'node:path';
import { SqliteStore, type SqliteOptions } from './sqlite.js';
import { PostgresStore } from './postgres.js';
import type { Store } from './types.js';

export type { ClockState, SqlRunner, Store, GameRow, SeatRow, UserRow, GameStatus, GamePatch, NewGame, WriteResult, SeatResult, ListQuery } from './types.js';
export { SqliteStore } from './sqlite.js';
export { reopenGame, type Reopen } from './reopen.js';
export { BeatStore } from './beats.js';
export type { PushStore, PushSubscriptionRow } from './push.js';
export type { NotifyStore, OutboxInsert, OutboxRow, NotificationRow, NotifySettingsRow, SettingsPatch } from './notify.js';
export type { SnapshotRow, SnapshotStore } from './snapshots.js';
export type { AnalysisRow, AnalysisStatus, AnalysisStore } from './analyses.js';
export type { NewSeek, SeekRow, SeekStatus, SeekStore } from './seeks.js';
export type { NewPairingRow, NewTournament, PairingGameRef, PairingRow, RoundRow, TournamentGameLink, TournamentPlayerRow, TournamentRow, TournamentStatus, TournamentStore } from './tournaments.js';
export type { ChatLineRow, FinishedSeatRow, Glicko, NewChatLine, RatedPlayer, RatingHistoryRow, RatingRow, RematchRow, RematchStatus, SocialStore } from './social.js';
export { PostgresStore } from './postgres.js';
export type { ActionKind, ActionRow, ContextLine, ModerationStore, ReportRow, Standing } from './moderation.js';
export type { AccountStore, LinkLimit, LinkPurpose, NewLinkToken, SessionInfo } from './accounts.js';

/**
 * Opens a store from `sqlite:PATH`, `sqlite::memory:`, a bare path, or `postgres://...`. A server
 * passes `backgroundCheckpoints` (SQLite: WAL checkpoints in a worker thread, off the event loop).
 */
export async function openStore(db: string, opts: SqliteOptions = {}): Promise<Store> {
  if (db.startsWith('postgres://') || db.startsWith('postgresql://')) return PostgresStore.open(db);
  const path = db.startsWith('sqlite:') ? db.slice('sqlite:'.length) : db;
  return new SqliteStore(path === ':memory:' ? path : resolve(path), opts);
}
