import pg from 'pg';
import type { LogEntry, Role } from '@tabula/engine';
import { GAME_COLUMNS, gameFromDb, migrationsTable, pendingMigrations, SEAT_COLUMNS, SEAT_JSON, seatFromDb, startedClock, touchSeatsWith } from './schema.js';
import type { GamePatch, GameRow, ListQuery, NewGame, SeatResult, SeatRow, SqlRunner, Store, UserRow, WriteResult } from './types.js';
import { AnalysisStore } from './analyses.js';
import { SeekStore } from './seeks.js';
import { TournamentStore } from './tournaments.js';
import { SnapshotStore } from './snapshots.js';
import { SocialStore } from './social.js';
import { AccountStore } from './accounts.js';
import { ModerationStore } from './moderation.js';
import { INSERT_OUTBOX, NotifyStore, outboxParams, type OutboxInsert } from './notify.js';
import { PushStore } from './push.js';
import { pgPlaceholders, pgRunner, pgTransaction } from './sql.js';

type Q = pg.Pool | pg.PoolClient;

export class PostgresStore implements Store {
  readonly kind = 'postgres' as const;
  private readonly pool: pg.Pool;
  readonly notify: NotifyStore;
  readonly push: PushStore;
  readonly snapshots: SnapshotStore;
  readonly analyses: AnalysisStore;
  readonly social: SocialStore;
  readonly accounts: AccountStore;
  readonly moderation: ModerationStore;
  readonly seeks: SeekStore;
  readonly tournaments: TournamentStore;
  readonly sql: SqlRunner;

  private constructor(pool: pg.Pool) {
    this.pool = pool;
    this.sql = pgRunner(pool);
    this.notify = new NotifyStore(this.sql, 'postgres');
    this.push = new PushStore(this.sql);
    this.snapshots = new SnapshotStore(this.sql);
    this.analyses = new AnalysisStore(this.sql);
    this.social = new SocialStore(this.sql);
    this.accounts = new AccountStore(this.sql);
    this.moderation = new ModerationStore(this.sql);
    this.seeks = new SeekStore(this.sql);
    this.tournaments = new TournamentStore(this.sql);
  }

  /** Queues notification rows inside the caller's transaction. */
  private async queue(c: pg.PoolClient, rows: OutboxInsert[] | undefined, now: number): Promise<void> {
    for (const r of rows ?? []) await c.query(pgPlaceholders(INSERT_OUTBOX), outboxParams(r, now));
  }

  static async open(url: string, opts: { max?: number } = {}): Promise<PostgresStore> {
    // A bounded wait for a connection: during an outage requests fail (503) instead of queueing.
    const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10, connectionTimeoutMillis: 3000 });
    pool.on('error', () => { /* idle client errors are retried by the pool */ });
    const store = new PostgresStore(pool);
    await store.migrate();
    return store;
  }

  private async migrate(): Promise<void> {
    const c = await this.pool.connect();
    try {
      // One migrator at a time across processes.
      await c.query('SELECT pg_advisory_lock(7261830)');
      await c.query(migrationsTable('postgres'));
      const done = new Set((await c.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => Number(r.version)));
      for (const { version, sql } of pendingMigrations('postgres', done)) {
        await c.query('BEGIN');
        try {
          await c.query(sql);
          await c.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)', [version, Date.now()]);
          await c.query('COMMIT');
        } catch (e) {
          await c.query('ROLLBACK');
          throw e;
        }
      }
    } finally {
      await c.query('SELECT pg_advisory_unlock(7261830)').catch(() => undefined);
      c.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  private tx<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    return pgTransaction(this.pool, fn);
  }

  async createUser(name: string, nameKey: string, passHash: string, now: number): Promise<UserRow | null> {
    const r = await this.pool.query<{ id: string }>('INSERT INTO users (name, name_key, pass_hash, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (name_key) DO NOTHING RETURNING id', [name, nameKey, passHash, now]);
    const row = r.rows[0];
    return row ? { id: Number(row.id), name } : null;
  }

  async findUserByNameKey(nameKey: string): Promise<(UserRow & { passHash: string }) | null> {
    const r = await this.pool.query<{ id: string; name: string; pass_hash: string }>('SELECT id, name, pass_hash FROM users WHERE name_key = $1', [nameKey]);
    const row = r.rows[0];
    return row ? { id: Number(row.id), name: row.name, passHash: row.pass_hash } : null;
  }

  async createSession(tokenHash: string, userId: number, now: number): Promise<void> {
    await this.pool.query('INSERT INTO sessions (token_hash, user_id, created_at, seen_at) VALUES ($1, $2, $3, $3)', [tokenHash, userId, now]);
  }

  async findSession(tokenHash: string, createdSince: number, seenSince: number): Promise<(UserRow & { seenAt: number; createdAt: number }) | null> {
    const r = await this.pool.query<{ id: string; name: string; seen_at: string | null; created_at: string }>(`SELECT u.id, u.name, s.seen_at, s.created_at FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.created_at >= $2 AND COALESCE(s.seen_at, s.created_at) >= $3`, [tokenHash, createdSince, seenSince]);
    const row = r.rows[0];
    return row ? { id: Number(row.id), name: row.name, seenAt: Number(row.seen_at ?? row.created_at), createdAt: Number(row.created_at) } : null;
  }

  async touchSession(tokenHash: string, now: number): Promise<void> {
    await this.pool.query('UPDATE sessions SET seen_at = $1 WHERE token_hash = $2', [now, tokenHash]);
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.pool.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
  }

  async deleteSessionsOfUser(userId: number): Promise<void> {
    await this.pool.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
  }

  async deleteSessionsBefore(createdBefore: number, seenBefore: number): Promise<void> {
    await this.pool.query('DELETE FROM sessions WHERE created_at < $1 OR COALESCE(seen_at, created_at) < $2', [createdBefore, seenBefore]);
  }

  async countOpenGamesBy(userId: number, createdSince: number): Promise<number> {
    const r = await this.pool.query<{ n: string }>("SELECT COUNT(*) AS n FROM games WHERE created_by = $1 AND status = 'open' AND created_at >= $2", [userId, createdSince]);
    return Number(r.rows[0]?.n ?? 0);
  }

  async createGame(g: NewGame): Promise<void> {
    await this.tx(async (c) => {
      await c.query(`INSERT INTO games (id, game, scenario, players, variants, seed, status, version, log_length, epoch, active_roles, outcome, created_by, created_at, updated_at, time_control, clock, deadline, learning)
        VALUES ($1, $2, $3, $4, $5, $6, 'open', 1, 0, 0, $7, NULL, $8, $9, $9, $10, $11, NULL, $12)`,
      [g.id, g.game, g.scenario, g.players, g.variants === null ? null : JSON.stringify(g.variants), g.seed, JSON.stringify(g.activeRoles), g.createdBy, g.now,
        JSON.stringify(g.timeControl), g.clock === null ? null : JSON.stringify(g.clock), g.learning ? 1 : 0]);
      for (let i = 0; i < g.roles.length; i++) await c.query('INSERT INTO seats (game_id, seat, role) VALUES ($1, $2, $3)', [g.id, i, g.roles[i]]);
    });
  }

  private async seatsOf(q: Q, ids: string[]): Promise<Map<string, SeatRow[]>> {
    const out = new Map<string, SeatRow[]>();
    if (ids.length === 0) return out;
    const r = await q.query(`SELECT ${SEAT_COLUMNS} FROM seats s LEFT JOIN users u ON u.id = s.user_id
      WHERE s.game_id = ANY($1) ORDER BY s.game_id, s.seat`, [ids]);
    for (const row of r.rows) {
      let list = out.get(row.game_id);
      if (!list) out.set(row.game_id, (list = []));
      list.push(seatFromDb(row));
    }
    return out;
  }

  private async rowsWithSeats(q: Q, rows: pg.QueryResultRow[]): Promise<GameRow[]> {
    const seats = await this.seatsOf(q, rows.map((r) => r.id as string));
    return rows.map((r) => gameFromDb(r as Parameters<typeof gameFromDb>[0], seats.get(r.id as string) ?? []));
  }

  /** One round trip: the game row with its seats as JSON. */
  private async getGameWith(q: Q, id: string): Promise<GameRow | null> {
    const r = await q.query(`SELECT ${GAME_COLUMNS}, (SELECT json_agg(json_build_object(${SEAT_JSON}) ORDER BY s.seat)
      FROM seats s LEFT JOIN users u ON u.id = s.user_id WHERE s.game_id = games.id) AS seats_json FROM games WHERE id = $1`, [id]);
    const row = r.rows[0] as (Parameters<typeof gameFromDb>[0] & { seats_json: Parameters<typeof seatFromDb>[0][] | null }) | undefined;
    return row ? gameFromDb(row, (row.seats_json ?? []).map(seatFromDb)) : null;
  }

  getGame(id: string): Promise<GameRow | null> {
    return this.getGameWith(this.pool, id);
  }

  async listGames(q: ListQuery): Promise<GameRow[]> {
    const r = q.userId === undefined
      ? await this.pool.query(`SELECT ${GAME_COLUMNS} FROM games WHERE status = $1 ORDER BY updated_at DESC, id LIMIT $2`, [q.status, q.limit])
      : await this.pool.query(`SELECT ${GAME_COLUMNS} FROM games WHERE status = $1 AND id IN (SELECT game_id FROM seats WHERE user_id = $2) ORDER BY updated_at DESC, id LIMIT $3`, [q.status, q.userId, q.limit]);
    return this.rowsWithSeats(this.pool, r.rows);
  }

  async listActiveBotGames(): Promise<GameRow[]> {
    const r = await this.pool.query(`SELECT ${GAME_COLUMNS} FROM games WHERE status = 'active' AND id IN (SELECT game_id FROM seats WHERE bot IS NOT NULL)`);
    return this.rowsWithSeats(this.pool, r.rows);
  }

  takeSeat(gameId: string, role: Role, who: { userId: number } | { bot: string }, activeRoles: Role[], now: number, outbox?: (game: GameRow) => OutboxInsert[]): Promise<SeatResult> {
    return this.tx(async (c): Promise<SeatResult> => {
      // Lock the game row first: seat changes of one game are serialised.
      const g = await c.query<{ status: string; clock: string | null }>('SELECT status, clock FROM games WHERE id = $1 FOR UPDATE', [gameId]);
      if (g.rows.length === 0) return { ok: false, reason: 'missing' };
      const seat = await c.query<{ user_id: string | null; bot: string | null }>('SELECT user_id, bot FROM seats WHERE game_id = $1 AND role = $2', [gameId, role]);
      const s = seat.rows[0];
      if (!s) return { ok: false, reason: 'no-role' };
      if (g.rows[0]!.status !== 'open') return { ok: false, reason: 'not-open' };
      if (s.user_id !== null || s.bot !== null) return { ok: false, reason: 'taken' };
      await c.query('UPDATE seats SET user_id = $1, bot = $2, seen_at = $5 WHERE game_id = $3 AND role = $4', ['userId' in who ? who.userId : null, 'bot' in who ? who.bot : null, gameId, role, now]);
      const empty = await c.query<{ n: string }>('SELECT COUNT(*) AS n FROM seats WHERE game_id = $1 AND user_id IS NULL AND bot IS NULL', [gameId]);
      if (Number(empty.rows[0]!.n) === 0) {
        const started = startedClock(g.rows[0]!.clock, now);
        await c.query(`UPDATE games SET version = version + 1, status = 'active', active_roles = $1, updated_at = $2, clock = $4, deadline = $5 WHERE id = $3`,
          [JSON.stringify(activeRoles), now, gameId, started?.clock ?? null, started?.deadline ?? null]);
      } else {
        await c.query('UPDATE games SET version = version + 1, updated_at = $1 WHERE id = $2', [now, gameId]);
      }
      const game = (await this.getGameWith(c, gameId))!;
      if (outbox) await this.queue(c, outbox(game), now);
      return { ok: true, game };
    });
  }

  /** The conditional version bump of a game row: `UPDATE ... WHERE id = $1 AND version = $2`, its parameters from $1. */
  private bumpSql(gameId: string, expectVersion: number, patch: GamePatch, logDelta: 'append' | { truncateTo: number } | null): { sql: string; params: unknown[] } {
    const params: unknown[] = [gameId, expectVersion, patch.status, JSON.stringify(patch.activeRoles), patch.outcome === null ? null : JSON.stringify(patch.outcome), patch.now];
    let extra = '';
    if (logDelta === 'append') extra = ', log_length = log_length + 1';
    else if (logDelta) { params.push(logDelta.truncateTo); extra = ', log_length = $7, epoch = epoch + 1'; }
    if (patch.clock) {
      params.push(JSON.stringify(patch.clock.state), patch.clock.deadline);
      extra += `, clock = $${params.length - 1}, deadline = $${params.length}`;
    }
    if (patch.drawOffer !== undefined) {
      params.push(patch.drawOffer === null ? null : JSON.stringify(patch.drawOffer));
      extra += `, draw_offer = $${params.length}`;
    }
    return { sql: `UPDATE games SET version = version + 1, status = $3, active_roles = $4, outcome = $5, updated_at = $6${extra} WHERE id = $1 AND version = $2`, params };
  }

  private async bump(c: Q, gameId: string, expectVersion: number, patch: GamePatch, logDelta: 'append' | { truncateTo: number } | null): Promise<boolean> {
    const { sql, params } = this.bumpSql(gameId, expectVersion, patch, logDelta);
    return (await c.query(sql, params)).rowCount === 1;
  }

  /**
   * One statement, so one round trip and no explicit transaction (a statement is atomic): the conditional
   * bump takes the row lock (a concurrent writer waits, then finds the version moved on), and the log row
   * and the outbox rows are inserted only if it changed the row. A log row already at `seq` fails the whole
   * statement (unique key): stale, nothing written.
   */
  async appendAction(gameId: string, expectVersion: number, seq: number, entry: LogEntry, patch: GamePatch, outbox?: OutboxInsert[]): Promise<WriteResult> {
    const { sql: bump, params } = this.bumpSql(gameId, expectVersion, patch, 'append');
    const p = (v: unknown): string => `$${params.push(v)}`;
    let sql = `WITH bumped AS (${bump} RETURNING id),
      logged AS (INSERT INTO log (game_id, seq, role, action, created_at) SELECT id, ${p(seq)}::integer, ${p(entry.role)}::text, ${p(JSON.stringify(entry.action))}::text, ${p(patch.now)}::bigint FROM bumped RETURNING seq),
      present AS (UPDATE seats SET seen_at = ${p(patch.now)}::bigint WHERE game_id = ${p(gameId)}::text AND role = ${p(entry.role)}::text AND user_id IS NOT NULL AND EXISTS (SELECT 1 FROM logged))`;
    if (outbox && outbox.length > 0) {
      const rows = outbox.map((r) => {
        const [channel, userId, gid, kind, payload, dedupe, createdAt, nextAt] = outboxParams(r, patch.now);
        return `(${p(channel)}::text, ${p(userId)}::bigint, ${p(gid)}::text, ${p(kind)}::text, ${p(payload)}::text, ${p(dedupe)}::text, ${p(createdAt)}::bigint, ${p(nextAt)}::bigint)`;
      });
      sql += `, queued AS (INSERT INTO outbox (channel, user_id, game_id, kind, payload, dedupe, created_at, next_at)
        SELECT v.* FROM (VALUES ${rows.join(', ')}) AS v(channel, user_id, game_id, kind, payload, dedupe, created_at, next_at)
        WHERE EXISTS (SELECT 1 FROM logged) ON CONFLICT DO NOTHING)`;
    }
    sql += ' SELECT COUNT(*) AS n FROM logged';
    try {
      const r = await this.pool.query<{ n: string }>(sql, params);
      return Number(r.rows[0]!.n) === 1 ? 'ok' : 'stale';
    } catch (e) {
      if ((e as { code?: string; table?: string }).code === '23505' && (e as { table?: string }).table === 'log') return 'stale';
      throw e;
    }
  }

  truncateLog(gameId: string, expectVersion: number, newLength: number, patch: GamePatch, outbox?: OutboxInsert[]): Promise<WriteResult> {
    return this.tx(async (c): Promise<WriteResult> => {
      if (!(await this.bump(c, gameId, expectVersion, patch, { truncateTo: newLength }))) return 'stale';
      await c.query('DELETE FROM log WHERE game_id = $1 AND seq >= $2', [gameId, newLength]);
      await this.queue(c, outbox, patch.now);
      return 'ok';
    });
  }

  async updateGame(gameId: string, expectVersion: number, patch: GamePatch, outbox?: OutboxInsert[]): Promise<WriteResult> {
    if (!outbox?.length) return (await this.bump(this.pool, gameId, expectVersion, patch, null)) ? 'ok' : 'stale';
    return this.tx(async (c): Promise<WriteResult> => {
      if (!(await this.bump(c, gameId, expectVersion, patch, null))) return 'stale';
      await this.queue(c, outbox, patch.now);
      return 'ok';
    });
  }

  async readLog(gameId: string, fromSeq: number): Promise<LogEntry[]> {
    const r = await this.pool.query<{ role: string; action: string }>('SELECT role, action FROM log WHERE game_id = $1 AND seq >= $2 ORDER BY seq', [gameId, fromSeq]);
    return r.rows.map((row) => ({ role: row.role, action: JSON.parse(row.action) as unknown }));
  }

  async listDue(now: number, limit: number): Promise<string[]> {
    const r = await this.pool.query<{ id: string }>(`SELECT id FROM games WHERE status = 'active' AND deadline IS NOT NULL AND deadline <= $1 ORDER BY deadline LIMIT $2`, [now, limit]);
    return r.rows.map((row) => row.id);
  }

  async listOpenBefore(before: number, limit: number): Promise<string[]> {
    const r = await this.pool.query<{ id: string }>(`SELECT id FROM games WHERE status = 'open' AND created_at < $1 ORDER BY created_at LIMIT $2`, [before, limit]);
    return r.rows.map((row) => row.id);
  }

  async setDeadline(gameId: string, expectVersion: number, deadline: number | null): Promise<void> {
    await this.pool.query('UPDATE games SET deadline = $1 WHERE id = $2 AND version = $3', [deadline, gameId, expectVersion]);
  }

  async touchSeats(seen: { gameId: string; userId: number }[], now: number): Promise<void> {
    await touchSeatsWith(this.sql, seen, now);
  }
}
