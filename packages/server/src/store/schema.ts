/** The tables both SQL stores create (one migration list, written once for both dialects) and their rows. */
import type { Role } from '@tabula/engine';
import type { GameRow, SeatRow } from './types.js';
import type { SqlRunner, Statement } from './sql.js';
import { FIRST_MOVE_WINDOW_MS, type TimeControlT as TimeControl } from '@tabula/protocol';
import type { ClockState } from './types.js';

/** A clock as stored when its game starts: running from `now`, and the deadline hint of its first seat to run out. */
export function startedClock(json: string | null, now: number): { clock: string; deadline: number } | null {
  if (json === null) return null;
  const c = JSON.parse(json) as ClockState;
  const started: ClockState = { ...c, since: now };
  // A hint for the sweeper, never late: the shortest first-move window while a seat has not moved (it
  // checks then and moves the hint to the real deadline).
  const firstMove = c.moved !== undefined && c.moved.length < Object.keys(c.remaining).length ? FIRST_MOVE_WINDOW_MS.live : Infinity;
  return { clock: JSON.stringify(started), deadline: now + Math.min(firstMove, ...Object.values(c.remaining)) };
}

export type Dialect = 'sqlite' | 'postgres';

/** Where the dialects differ: an auto-numbered key, 64-bit integers (ids, ms timestamps), and a table clause. */
interface Types { serialKey: string; int64: string; withoutRowid: string; double: string; bytes: string }

const TYPES: Record<Dialect, Types> = {
  sqlite: { serialKey: 'INTEGER PRIMARY KEY AUTOINCREMENT', int64: 'INTEGER', withoutRowid: ' WITHOUT ROWID', double: 'REAL', bytes: 'BLOB' },
  postgres: { serialKey: 'BIGSERIAL PRIMARY KEY', int64: 'BIGINT', withoutRowid: '', double: 'DOUBLE PRECISION', bytes: 'BYTEA' },
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
  // Time control and clocks (clock.ts), and when each seat's player was last connected.
  (t) => `ALTER TABLE games ADD COLUMN time_control TEXT;
   ALTER TABLE games ADD COLUMN clock TEXT;
   ALTER TABLE games ADD COLUMN deadline ${t.int64};
   CREATE INDEX games_deadline ON games(status, deadline);
   ALTER TABLE seats ADD COLUMN seen_at ${t.int64};`,
  // The social side (server/src/social/): rated games and rematch links, chat, mutes, Glicko-2 ratings, rematch offers, seeks.
  (t) => `CREATE TABLE game_meta (
     game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
     rated INTEGER NOT NULL,
     rematch_of TEXT,
     rated_done INTEGER NOT NULL DEFAULT 0
   );
   CREATE TABLE chat (
     id ${t.serialKey},
     game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
     seq INTEGER NOT NULL,
     channel TEXT NOT NULL,
     user_id ${t.int64} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     role TEXT,
     text TEXT NOT NULL,
     created_at ${t.int64} NOT NULL
   );
   CREATE INDEX chat_game ON chat(game_id, id);
   CREATE TABLE mutes (
     user_id ${t.int64} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     muted_id ${t.int64} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     created_at ${t.int64} NOT NULL,
     PRIMARY KEY (user_id, muted_id)
   );
   CREATE TABLE ratings (
     user_id ${t.int64} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     game TEXT NOT NULL,
     rating ${t.double} NOT NULL,
     rd ${t.double} NOT NULL,
     vol ${t.double} NOT NULL,
     games INTEGER NOT NULL,
     updated_at ${t.int64} NOT NULL,
     PRIMARY KEY (user_id, game)
   );
   CREATE INDEX ratings_game ON ratings(game, rating DESC);
   CREATE TABLE rematches (
     game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
     offered_by ${t.int64} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     status TEXT NOT NULL,
     token TEXT,
     new_game TEXT,
     updated_at ${t.int64} NOT NULL
   );
   CREATE TABLE seeks (
     id TEXT PRIMARY KEY,
     user_id ${t.int64} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     game TEXT NOT NULL,
     scenario TEXT NOT NULL,
     time_control TEXT NOT NULL,
     rated INTEGER NOT NULL,
     status TEXT NOT NULL,
     token TEXT,
     game_id TEXT,
     created_at ${t.int64} NOT NULL,
     expires_at ${t.int64} NOT NULL,
     updated_at ${t.int64} NOT NULL
   );
   CREATE INDEX seeks_open ON seeks(status, game, created_at);
   CREATE INDEX seeks_user ON seeks(user_id, status);`,
  // Notifications (notify/): the transactional outbox, the in-app list, settings per user, the mail window.
  (t) => `CREATE TABLE outbox (
     id ${t.serialKey},
     channel TEXT NOT NULL,
     user_id ${t.int64} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     game_id TEXT,
     kind TEXT NOT NULL,
     payload TEXT NOT NULL,
     dedupe TEXT UNIQUE,
     created_at ${t.int64} NOT NULL,
     next_at ${t.int64} NOT NULL,
     attempts INTEGER NOT NULL DEFAULT 0,
     claim TEXT,
     claimed_until ${t.int64},
     done_at ${t.int64},
     failed INTEGER NOT NULL DEFAULT 0,
     last_error TEXT
   );
   CREATE INDEX outbox_pending ON outbox(next_at) WHERE done_at IS NULL;
   CREATE TABLE notifications (
     id ${t.int64} PRIMARY KEY,
     user_id ${t.int64} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     kind TEXT NOT NULL,
     game_id TEXT,
     payload TEXT NOT NULL,
     created_at ${t.int64} NOT NULL,
     read_at ${t.int64}
   );
   CREATE INDEX notifications_user ON notifications(user_id, id);
   CREATE TABLE notify_settings (
     user_id ${t.int64} PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
     language TEXT NOT NULL DEFAULT 'en',
     browser INTEGER NOT NULL DEFAULT 0,
     email TEXT,
     email_on INTEGER NOT NULL DEFAULT 1,
     webhook_url TEXT,
     webhook_format TEXT NOT NULL DEFAULT 'json',
     webhook_secret TEXT,
     webhook_failures INTEGER NOT NULL DEFAULT 0,
     webhook_disabled INTEGER NOT NULL DEFAULT 0,
     live_at ${t.int64}
   );
   CREATE TABLE mail_sent (
     user_id ${t.int64} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     game_id TEXT NOT NULL,
     sent_at ${t.int64} NOT NULL,
     PRIMARY KEY (user_id, game_id)
   );
   CREATE TABLE server_secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL);`,
  // Sessions end when unused for a while (sliding expiry; issue 19): the time of the last use.
  (t) => `ALTER TABLE sessions ADD COLUMN seen_at ${t.int64};
   CREATE INDEX sessions_user ON sessions(user_id);
   CREATE INDEX games_created_by ON games(created_by, status);`,
  // The chat rate limit counts each account's recent lines from the table (social/chat.ts), across processes.
  () => `CREATE INDEX chat_user ON chat(user_id, created_at);`,
  // Post-game analyses (analysis.ts, issue 21): one row a game, queued -> running -> done | failed;
  // `claimed_until` is the running process's lease (an expired one is picked up again after a restart).
  (t) => `CREATE TABLE analyses (
     game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
     status TEXT NOT NULL,
     iterations INTEGER NOT NULL,
     done INTEGER NOT NULL DEFAULT 0,
     total INTEGER NOT NULL,
     result TEXT,
     error TEXT,
     claimed_until ${t.int64},
     created_at ${t.int64} NOT NULL,
     updated_at ${t.int64} NOT NULL
   );
   CREATE INDEX analyses_pending ON analyses(status, claimed_until);`,
  // Snapshots (issue 20): a game's replayed state and log lines after its
  // first `seq` actions, made by engine `engine_version`, for the log prefix whose hash is `prefix_hash`
  // (snapshots.ts). Derived data: the log stays the truth.
  (t) => `CREATE TABLE snapshots (
     game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
     seq INTEGER NOT NULL,
     engine_version TEXT NOT NULL,
     prefix_hash TEXT NOT NULL,
     data ${t.bytes} NOT NULL,
     created_at ${t.int64} NOT NULL,
     PRIMARY KEY (game_id, seq)
   );`,
  // The mail slot remembers which outbox row holds it, so a retry after a crash mid-send sends (notify/notifier.ts).
  (t) => `ALTER TABLE mail_sent ADD COLUMN outbox_id ${t.int64};`,
  // Who asked for an analysis: an account may have a few queued or running at once (analysis/runner.ts).
  (t) => `ALTER TABLE analyses ADD COLUMN requested_by ${t.int64};`,
  // Account mail (issue 42): the links of verification and reset mails, single-use and expiring, kept as
  // hashes; the rows also count the mails per address (`email_key`, lower case) and per account. Addresses
  // set before this migration start unverified: nothing is mailed to them until verified.
  (t) => `CREATE TABLE account_tokens (
     token_hash TEXT PRIMARY KEY,
     user_id ${t.int64} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     purpose TEXT NOT NULL,
     email TEXT NOT NULL,
     email_key TEXT NOT NULL,
     created_at ${t.int64} NOT NULL,
     expires_at ${t.int64} NOT NULL,
     used_at ${t.int64}
   );
   CREATE INDEX account_tokens_user ON account_tokens(user_id, purpose, created_at);
   CREATE INDEX account_tokens_email ON account_tokens(email_key, purpose, created_at);
   ALTER TABLE notify_settings ADD COLUMN email_verified INTEGER NOT NULL DEFAULT 0;`,
  // Draw offers (issue 49, games/draws.ts): a running game's offer as JSON (who offered, who agreed, declined by
  // whom); written with the game's version like every other change of the game.
  () => `ALTER TABLE games ADD COLUMN draw_offer TEXT;`,
  // Moderation (issue 42, store/moderation.ts): blocks; reports (a chat line's context copied in, one open report
  // per reporter, user and line: line_id 0 for a report of the user); standing (moderator role, chat mute, ban);
  // the log of moderators' actions (seen_at: when its user acknowledged a warning or mute).
  (t) => `CREATE TABLE blocks (
     user_id ${t.int64} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     blocked_id ${t.int64} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     created_at ${t.int64} NOT NULL,
     PRIMARY KEY (user_id, blocked_id)
   );
   CREATE INDEX blocks_blocked ON blocks(blocked_id, user_id);
   CREATE TABLE reports (
     id ${t.serialKey},
     reporter_id ${t.int64} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     target_id ${t.int64} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     line_id ${t.int64} NOT NULL,
     game_id TEXT,
     reason TEXT NOT NULL,
     note TEXT,
     context TEXT NOT NULL,
     status TEXT NOT NULL,
     created_at ${t.int64} NOT NULL,
     closed_at ${t.int64}
   );
   CREATE UNIQUE INDEX reports_open_once ON reports(reporter_id, target_id, line_id) WHERE status = 'open';
   CREATE INDEX reports_status ON reports(status, id);
   CREATE INDEX reports_target ON reports(target_id, id);
   CREATE TABLE standing (
     user_id ${t.int64} PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
     moderator INTEGER NOT NULL DEFAULT 0,
     chat_muted_until ${t.int64},
     banned_at ${t.int64}
   );
   CREATE TABLE moderation_log (
     id ${t.serialKey},
     moderator_id ${t.int64} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     target_id ${t.int64} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     action TEXT NOT NULL,
     reason TEXT NOT NULL,
     report_id ${t.int64},
     until_at ${t.int64},
     created_at ${t.int64} NOT NULL,
     seen_at ${t.int64}
   );
   CREATE INDEX moderation_log_target ON moderation_log(target_id, id);`,
  // Rating history (issue 42, social/ratings.ts): each player's rating before and after each rated game, and
  // the weight the game counted with (repeated games between one pair count less); it also counts those games.
  (t) => `CREATE TABLE rating_history (
     game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
     user_id ${t.int64} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     game TEXT NOT NULL,
     rating_before ${t.double} NOT NULL,
     rating ${t.double} NOT NULL,
     rd ${t.double} NOT NULL,
     weight ${t.double} NOT NULL,
     created_at ${t.int64} NOT NULL,
     PRIMARY KEY (game_id, user_id)
   );
   CREATE INDEX rating_history_user ON rating_history(user_id, game, created_at);`,
  // Server process heartbeats (issue 42, games/downtime.ts): when some process last beat, and the spans when none
  // ran (clocks are credited for them).
  (t) => `CREATE TABLE server_beats (id INTEGER PRIMARY KEY, beat_at ${t.int64} NOT NULL);
   CREATE TABLE server_downtimes (start_at ${t.int64} NOT NULL, end_at ${t.int64} NOT NULL, PRIMARY KEY (start_at));`,
  // Web Push (issue 48): one row per device that asked for push notifications (its PushSubscription). The
  // endpoint is unique: a browser that subscribes again under another account moves to that account.
  (t) => `CREATE TABLE push_subscriptions (
     id TEXT PRIMARY KEY,
     user_id ${t.int64} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     endpoint TEXT NOT NULL UNIQUE,
     p256dh TEXT NOT NULL,
     auth TEXT NOT NULL,
     label TEXT NOT NULL,
     created_at ${t.int64} NOT NULL
   );
   CREATE INDEX push_subscriptions_user ON push_subscriptions(user_id);`,
  // Tournaments (issue 51, tournaments/): the tournament, its players, each round (its row is written once: the
  // primary key makes every round paired exactly once across processes) with its pairings, the games made from
  // the pairings (one game belongs to at most one pairing), and the cooling-off after a forfeit.
  (t) => `CREATE TABLE tournaments (
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     game TEXT NOT NULL,
     scenario TEXT,
     variants TEXT,
     format TEXT NOT NULL,
     rounds INTEGER NOT NULL,
     table_size INTEGER,
     time_control TEXT NOT NULL,
     rated INTEGER NOT NULL,
     cap_min INTEGER NOT NULL,
     cap_max INTEGER NOT NULL,
     starts_at ${t.int64} NOT NULL,
     allow_bots INTEGER NOT NULL,
     sides TEXT NOT NULL,
     organiser_id ${t.int64} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
     status TEXT NOT NULL,
     round INTEGER NOT NULL DEFAULT 0,
     entrants INTEGER NOT NULL DEFAULT 0,
     version INTEGER NOT NULL DEFAULT 1,
     champion TEXT,
     created_at ${t.int64} NOT NULL,
     updated_at ${t.int64} NOT NULL
   );
   CREATE INDEX tournaments_status ON tournaments(status, starts_at);
   CREATE INDEX tournaments_organiser ON tournaments(organiser_id, status);
   CREATE TABLE tournament_players (
     tournament_id TEXT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
     name TEXT NOT NULL,
     user_id ${t.int64} REFERENCES users(id) ON DELETE SET NULL,
     bot TEXT,
     rating ${t.double} NOT NULL,
     joined_at ${t.int64} NOT NULL,
     withdrawn_at ${t.int64},
     PRIMARY KEY (tournament_id, name)
   );
   CREATE INDEX tournament_players_user ON tournament_players(user_id);
   CREATE TABLE tournament_rounds (
     tournament_id TEXT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
     round INTEGER NOT NULL,
     paired_at ${t.int64} NOT NULL,
     deadline ${t.int64},
     finished_at ${t.int64},
     PRIMARY KEY (tournament_id, round)
   );
   CREATE TABLE tournament_pairings (
     tournament_id TEXT NOT NULL,
     round INTEGER NOT NULL,
     tbl INTEGER NOT NULL,
     players TEXT NOT NULL,
     bye INTEGER NOT NULL,
     bracket TEXT,
     games TEXT NOT NULL,
     points TEXT,
     game_points TEXT,
     result TEXT,
     PRIMARY KEY (tournament_id, round, tbl),
     FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds(tournament_id, round) ON DELETE CASCADE
   );
   CREATE TABLE tournament_games (
     game_id TEXT PRIMARY KEY,
     tournament_id TEXT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
     round INTEGER NOT NULL,
     tbl INTEGER NOT NULL,
     leg INTEGER NOT NULL,
     UNIQUE (tournament_id, round, tbl, leg)
   );
   CREATE TABLE tournament_cooloffs (
     user_id ${t.int64} PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
     until_at ${t.int64} NOT NULL
   );`,
  // Learning games (issue 47, learnonline): one person against bots, with hints and the bots' reasons; never rated.
  () => 'ALTER TABLE games ADD COLUMN learning INTEGER NOT NULL DEFAULT 0;',
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
  time_control: string | null; clock: string | null; deadline: number | null;
  draw_offer?: string | null;
  learning?: number | string | null;
}
export interface SeatDbRow { game_id: string; seat: number; role: string; user_id: number | null; user_name: string | null; bot: string | null; seen_at: number | null }

/** The columns of a seat as the stores select them (with the player's name). */
/** A seat's columns (`seats s LEFT JOIN users u`): the name each is read as, and its expression. */
const SEAT_FIELDS: [string, string][] = [['game_id', 's.game_id'], ['seat', 's.seat'], ['role', 's.role'], ['user_id', 's.user_id'], ['user_name', 'u.name'], ['bot', 's.bot'], ['seen_at', 's.seen_at']];
export const SEAT_COLUMNS = SEAT_FIELDS.map(([name, expr]) => `${expr} AS ${name}`).join(', ');
/** The same as `json_build_object` arguments (PostgreSQL). */
export const SEAT_JSON = SEAT_FIELDS.map(([name, expr]) => `'${name}', ${expr}`).join(', ');

/** A games row (PostgreSQL returns BIGINT as strings, hence the Number()s). */
export function gameFromDb(r: GameDbRow, seats: SeatRow[]): GameRow {
  return {
    id: r.id, game: r.game, scenario: r.scenario, players: r.players === null ? null : Number(r.players),
    variants: r.variants === null ? null : (JSON.parse(r.variants) as Record<string, unknown>), seed: r.seed,
    status: r.status as GameRow['status'], version: Number(r.version), logLength: Number(r.log_length), epoch: Number(r.epoch),
    activeRoles: JSON.parse(r.active_roles) as Role[], outcome: r.outcome === null ? null : (JSON.parse(r.outcome) as GameRow['outcome']),
    createdBy: Number(r.created_by), creatorName: r.creator_name ?? null, createdAt: Number(r.created_at), updatedAt: Number(r.updated_at), seats,
    timeControl: r.time_control === null ? { kind: 'none' } : (JSON.parse(r.time_control) as TimeControl),
    clock: r.clock === null ? null : (JSON.parse(r.clock) as ClockState),
    deadline: r.deadline === null ? null : Number(r.deadline),
    drawOffer: r.draw_offer ? (JSON.parse(r.draw_offer) as GameRow['drawOffer']) : null,
    learning: Number(r.learning ?? 0) === 1,
  };
}

export function seatFromDb(r: SeatDbRow): SeatRow {
  return { seat: Number(r.seat), role: r.role, userId: r.user_id === null ? null : Number(r.user_id), userName: r.user_name, bot: r.bot, seenAt: r.seen_at === null ? null : Number(r.seen_at) };
}

/**
 * `Store.touchSeats`, the same SQL for both dialects: one transaction. `+user_id` keeps SQLite on the game's key:
 * through the index on user_id it scanned every seat of the user (1,700 for a bench account: about 0.2 ms each).
 */
export async function touchSeatsWith(sql: SqlRunner, seen: { gameId: string; userId: number }[], now: number): Promise<void> {
  if (seen.length === 0) return;
  await sql.batch([{ rest: seen.map(({ gameId, userId }): Statement => ['UPDATE seats SET seen_at = ? WHERE game_id = ? AND +user_id = ?', [now, gameId, userId]]) }]);
}

/** Thrown inside a transaction to roll it back when the log position is already taken. */
export class StaleWrite extends Error {
  constructor() {
    super('stale write');
  }
}
