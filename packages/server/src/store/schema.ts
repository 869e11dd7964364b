/** The tables both SQL stores create (one migration list, written once for both dialects) and their rows. */
import type { Role } from '@tabula/engine';
import type { GameRow, SeatRow } from './types.js';

export type Dialect = 'sqlite' | 'postgres';

/** Where the dialects differ: an auto-numbered key, 64-bit integers (ids, ms timestamps), and a table clause. */
interface Types { serialKey: string; int64: string; withoutRowid: string }

const TYPES: Record<Dialect, Types> = {
  sqlite: { serialKey: 'INTEGER PRIMARY KEY AUTOINCREMENT', int64: 'INTEGER', withoutRowid: ' WITHOUT ROWID' },
  postgres: { serialKey: 'BIGSERIAL PRIMARY KEY', int64: 'BIGINT', withoutRowid: '' },
};

/** Schema migrations, applied in order; migration i + 1 is recorded as version i + 1 in schema_migrations. */
const MIGRATIONS: ((t: Types) => string)[] = [
  (t) => `CREATE TABLE users (
     id ${t.serialKey},
     name TEXT NOT NULL,
     name_key TEXT NOT NULL UNIQUE,
     pass_hash TEXT NOT NULL,
     created_at ${t.int64} NOT NULL
   );
   CREATE TABLE sessions (
     token_hash TEXT PRIMARY KEY,
     user_id ${t.int64} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     created_at ${t.int64} NOT NULL
   );
   CREATE TABLE games (
     id TEXT PRIMARY KEY,
     game TEXT NOT NULL,
     scenario TEXT NOT NULL,
     players INTEGER,
     variants TEXT,
     seed TEXT NOT NULL,
     status TEXT NOT NULL,
     version INTEGER NOT NULL,
     log_length INTEGER NOT NULL,
     epoch INTEGER NOT NULL,
     active_roles TEXT NOT NULL,
     outcome TEXT,
     created_by ${t.int64} NOT NULL REFERENCES users(id),
     created_at ${t.int64} NOT NULL,
     updated_at ${t.int64} NOT NULL
   );
   CREATE INDEX games_status_updated ON games(status, updated_at DESC);
   CREATE TABLE seats (
     game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
     seat INTEGER NOT NULL,
     role TEXT NOT NULL,
     user_id ${t.int64} REFERENCES users(id),
     bot TEXT,
     PRIMARY KEY (game_id, seat),
     UNIQUE (game_id, role)
   );
   CREATE INDEX seats_user ON seats(user_id);
   CREATE TABLE log (
     game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
     seq INTEGER NOT NULL,
     role TEXT NOT NULL,
     action TEXT NOT NULL,
     created_at ${t.int64} NOT NULL,
     PRIMARY KEY (game_id, seq)
   )${t.withoutRowid};`,
  // Sessions end when unused for a while (sliding expiry; issue 19): the time of the last use.
  (t) => `ALTER TABLE sessions ADD COLUMN seen_at ${t.int64};
   CREATE INDEX sessions_user ON sessions(user_id);
   CREATE INDEX games_created_by ON games(created_by, status);`,
];

/** The table that records the applied migrations. */
export function migrationsTable(d: Dialect): string {
  return `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at ${TYPES[d].int64} NOT NULL)`;
}

/** The migrations not yet applied (`done`: the versions in schema_migrations), in order. */
export function pendingMigrations(d: Dialect, done: ReadonlySet<number>): { version: number; sql: string }[] {
  return MIGRATIONS.map((m, i) => ({ version: i + 1, sql: m(TYPES[d]) })).filter((m) => !done.has(m.version));
}

/** The columns of a game read back: the row and its creator's account name. */
export const GAME_COLUMNS = 'games.*, (SELECT name FROM users WHERE users.id = games.created_by) AS creator_name';

export interface GameDbRow {
  creator_name?: string | null;
  id: string; game: string; scenario: string; players: number | null; variants: string | null; seed: string;
  status: string; version: number; log_length: number; epoch: number; active_roles: string; outcome: string | null;
  created_by: number; created_at: number; updated_at: number;
}
export interface SeatDbRow { game_id: string; seat: number; role: string; user_id: number | null; user_name: string | null; bot: string | null }

/** A games row (PostgreSQL returns BIGINT as strings, hence the Number()s). */
export function gameFromDb(r: GameDbRow, seats: SeatRow[]): GameRow {
  return {
    id: r.id, game: r.game, scenario: r.scenario, players: r.players === null ? null : Number(r.players),
    variants: r.variants === null ? null : (JSON.parse(r.variants) as Record<string, unknown>), seed: r.seed,
    status: r.status as GameRow['status'], version: Number(r.version), logLength: Number(r.log_length), epoch: Number(r.epoch),
    activeRoles: JSON.parse(r.active_roles) as Role[], outcome: r.outcome === null ? null : (JSON.parse(r.outcome) as GameRow['outcome']),
    createdBy: Number(r.created_by), creatorName: r.creator_name ?? null, createdAt: Number(r.created_at), updatedAt: Number(r.updated_at), seats,
  };
}

export function seatFromDb(r: SeatDbRow): SeatRow {
  return { seat: Number(r.seat), role: r.role, userId: r.user_id === null ? null : Number(r.user_id), userName: r.user_name, bot: r.bot };
}

/** Thrown inside a transaction to roll it back when the log position is already taken. */
export class StaleWrite extends Error {
  constructor() {
    super('stale write');
  }
}
