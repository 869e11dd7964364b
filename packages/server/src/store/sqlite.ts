import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { LogEntry, Role } from '@tabula/engine';
import { GAME_COLUMNS, gameFromDb, migrationsTable, pendingMigrations, SEAT_COLUMNS, seatFromDb, StaleWrite, startedClock, touchSeatsWith, type GameDbRow, type SeatDbRow } from './schema.js';
import type { GamePatch, GameRow, ListQuery, NewGame, SeatResult, SeatRow, SqlRunner, Store, UserRow, WriteResult } from './types.js';
import { WalCheckpointer } from './wal-checkpointer.js';
import { AnalysisStore } from './analyses.js';
import { SeekStore } from './seeks.js';
import { TournamentStore } from './tournaments.js';
import { SnapshotStore } from './snapshots.js';
import { SocialStore } from './social.js';
import { AccountStore } from './accounts.js';
import { ModerationStore } from './moderation.js';
import { INSERT_OUTBOX, NotifyStore, outboxParams, type OutboxInsert } from './notify.js';
import { PushStore } from './push.js';
import { sqliteRunner } from './sql.js';

export interface SqliteOptions {
  /** 'NORMAL' (default; durable across process crashes in WAL mode) or 'FULL' (also across power loss). */
  synchronous?: 'NORMAL' | 'FULL';
  /** Checkpoint the WAL in a worker thread instead of inside commits (the server; see wal-checkpointer.ts). */
  backgroundCheckpoints?: boolean;
}

/** Most appends written by one group commit. */
const MAX_GROUP_COMMIT = 128;

interface PendingAppend {
  args: [gameId: string, expectVersion: number, seq: number, entry: LogEntry, patch: GamePatch, outbox?: OutboxInsert[]];
  resolve(r: WriteResult): void;
  reject(e: unknown): void;
}

export class SqliteStore implements Store {
  readonly kind = 'sqlite' as const;
  private readonly db: Database.Database;
  readonly sql: SqlRunner;
  readonly notify: NotifyStore;
  readonly push: PushStore;
  readonly snapshots: SnapshotStore;
  readonly analyses: AnalysisStore;
  readonly social: SocialStore;
  readonly accounts: AccountStore;
  readonly moderation: ModerationStore;
  readonly seeks: SeekStore;
  readonly tournaments: TournamentStore;
  private readonly checkpointer: WalCheckpointer | null;

  constructor(path: string, opts: SqliteOptions = {}) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${opts.synchronous ?? 'NORMAL'}`);
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    this.migrate();
    this.sql = sqliteRunner(this.db, (sql) => this.q(sql));
    this.notify = new NotifyStore(this.sql, 'sqlite');
    this.push = new PushStore(this.sql);
    this.snapshots = new SnapshotStore(this.sql);
    this.analyses = new AnalysisStore(this.sql);
    this.social = new SocialStore(this.sql);
    this.accounts = new AccountStore(this.sql);
    this.moderation = new ModerationStore(this.sql);
    this.seeks = new SeekStore(this.sql);
    this.tournaments = new TournamentStore(this.sql);
    this.checkpointer = opts.backgroundCheckpoints && path !== ':memory:' ? new WalCheckpointer(this.db, path) : null;
  }

  /** Queues notification rows inside the caller's transaction. */
  private queue(rows: OutboxInsert[] | undefined, now: number): void {
    for (const r of rows ?? []) this.q(INSERT_OUTBOX).run(...outboxParams(r, now));
  }

  private readonly statements = new Map<string, Database.Statement>();
  /** A prepared statement, compiled once. */
  private q(sql: string): Database.Statement {
    let st = this.statements.get(sql);
    if (!st) this.statements.set(sql, (st = this.db.prepare(sql)));
    return st;
  }

  private migrate(): void {
    this.db.exec(migrationsTable('sqlite'));
    const done = new Set((this.q('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version));
    for (const { version, sql } of pendingMigrations('sqlite', done)) {
      this.db.transaction(() => {
        this.db.exec(sql);
        this.q('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)').run(version, Date.now());
      }).immediate();
    }
  }

  async close(): Promise<void> {
    while (this.pendingAppends.length > 0) this.flushAppends();
    await this.checkpointer?.stop();
    this.db.close();
  }

  ping(): Promise<void> {
    this.q('SELECT 1').get();
    return Promise.resolve();
  }

  createUser(name: string, nameKey: string, passHash: string, now: number): Promise<UserRow | null> {
    const r = this.q('INSERT INTO users (name, name_key, pass_hash, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (name_key) DO NOTHING').run(name, nameKey, passHash, now);
    return Promise.resolve(r.changes === 0 ? null : { id: Number(r.lastInsertRowid), name });
  }

  findUserByNameKey(nameKey: string): Promise<(UserRow & { passHash: string }) | null> {
    const r = this.q('SELECT id, name, pass_hash FROM users WHERE name_key = ?').get(nameKey) as { id: number; name: string; pass_hash: string } | undefined;
    return Promise.resolve(r ? { id: r.id, name: r.name, passHash: r.pass_hash } : null);
  }

  createSession(tokenHash: string, userId: number, now: number): Promise<void> {
    this.q('INSERT INTO sessions (token_hash, user_id, created_at, seen_at) VALUES (?, ?, ?, ?)').run(tokenHash, userId, now, now);
    return Promise.resolve();
  }

  findSession(tokenHash: string, createdSince: number, seenSince: number): Promise<(UserRow & { seenAt: number; createdAt: number }) | null> {
    const r = this.q(`SELECT u.id, u.name, s.seen_at, s.created_at FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = ? AND s.created_at >= ? AND COALESCE(s.seen_at, s.created_at) >= ?`).get(tokenHash, createdSince, seenSince) as { id: number; name: string; seen_at: number | null; created_at: number } | undefined;
    return Promise.resolve(r ? { id: r.id, name: r.name, seenAt: Number(r.seen_at ?? r.created_at), createdAt: Number(r.created_at) } : null);
  }

  touchSession(tokenHash: string, now: number): Promise<void> {
    this.q('UPDATE sessions SET seen_at = ? WHERE token_hash = ?').run(now, tokenHash);
    return Promise.resolve();
  }

  deleteSession(tokenHash: string): Promise<void> {
    this.q('DELETE FROM sessions WHERE token_hash = ?').run(tokenHash);
    return Promise.resolve();
  }

  deleteSessionsOfUser(userId: number): Promise<void> {
    this.q('DELETE FROM sessions WHERE user_id = ?').run(userId);
    return Promise.resolve();
  }

  deleteSessionsBefore(createdBefore: number, seenBefore: number): Promise<void> {
    this.q('DELETE FROM sessions WHERE created_at < ? OR COALESCE(seen_at, created_at) < ?').run(createdBefore, seenBefore);
    return Promise.resolve();
  }

  countOpenGamesBy(userId: number, createdSince: number): Promise<number> {
    const r = this.q("SELECT COUNT(*) AS n FROM games WHERE created_by = ? AND status = 'open' AND created_at >= ?").get(userId, createdSince) as { n: number };
    return Promise.resolve(Number(r.n));
  }

  createGame(g: NewGame): Promise<void> {
    this.db.transaction(() => {
      this.q(`INSERT INTO games (id, game, scenario, players, variants, seed, status, version, log_length, epoch, active_roles, outcome, created_by, created_at, updated_at, time_control, clock, deadline, learning)
        VALUES (?, ?, ?, ?, ?, ?, 'open', 1, 0, 0, ?, NULL, ?, ?, ?, ?, ?, NULL, ?)`)
        .run(g.id, g.game, g.scenario, g.players, g.variants === null ? null : JSON.stringify(g.variants), g.seed, JSON.stringify(g.activeRoles), g.createdBy, g.now, g.now,
          JSON.stringify(g.timeControl), g.clock === null ? null : JSON.stringify(g.clock), g.learning ? 1 : 0);
      const ins = this.q('INSERT INTO seats (game_id, seat, role, user_id, bot) VALUES (?, ?, ?, NULL, NULL)');
      g.roles.forEach((role, i) => ins.run(g.id, i, role));
    }).immediate();
    return Promise.resolve();
  }

  private seatsOf(ids: string[]): Map<string, SeatRow[]> {
    const out = new Map<string, SeatRow[]>();
    if (ids.length === 0) return out;
    const rows = this.q(`SELECT ${SEAT_COLUMNS} FROM seats s LEFT JOIN users u ON u.id = s.user_id
      WHERE s.game_id IN (SELECT value FROM json_each(?)) ORDER BY s.game_id, s.seat`).all(JSON.stringify(ids)) as SeatDbRow[];
    for (const r of rows) {
      let list = out.get(r.game_id);
      if (!list) out.set(r.game_id, (list = []));
      list.push(seatFromDb(r));
    }
    return out;
  }

  private getGameSync(id: string): GameRow | null {
    const r = this.q(`SELECT ${GAME_COLUMNS} FROM games WHERE id = ?`).get(id) as GameDbRow | undefined;
    if (!r) return null;
    const seats = this.q(`SELECT ${SEAT_COLUMNS} FROM seats s LEFT JOIN users u ON u.id = s.user_id
      WHERE s.game_id = ? ORDER BY s.seat`).all(id) as SeatDbRow[];
    return gameFromDb(r, seats.map(seatFromDb));
  }

  getGame(id: string): Promise<GameRow | null> {
    return Promise.resolve(this.getGameSync(id));
  }

  listGames(q: ListQuery): Promise<GameRow[]> {
    const rows = (q.userId === undefined
      ? this.q(`SELECT ${GAME_COLUMNS} FROM games WHERE status = ? ORDER BY updated_at DESC, id LIMIT ?`).all(q.status, q.limit)
      : this.q(`SELECT ${GAME_COLUMNS} FROM games WHERE status = ? AND id IN (SELECT game_id FROM seats WHERE user_id = ?) ORDER BY updated_at DESC, id LIMIT ?`).all(q.status, q.userId, q.limit)) as GameDbRow[];
    const seats = this.seatsOf(rows.map((r) => r.id));
    return Promise.resolve(rows.map((r) => gameFromDb(r, seats.get(r.id) ?? [])));
  }

  listActiveBotGames(): Promise<GameRow[]> {
    const rows = this.q(`SELECT ${GAME_COLUMNS} FROM games WHERE status = 'active' AND id IN (SELECT game_id FROM seats WHERE bot IS NOT NULL)`).all() as GameDbRow[];
    const seats = this.seatsOf(rows.map((r) => r.id));
    return Promise.resolve(rows.map((r) => gameFromDb(r, seats.get(r.id) ?? [])));
  }

  takeSeat(gameId: string, role: Role, who: { userId: number } | { bot: string }, activeRoles: Role[], now: number, outbox?: (game: GameRow) => OutboxInsert[]): Promise<SeatResult> {
    const run = this.db.transaction((): SeatResult => {
      const g = this.q('SELECT status, clock FROM games WHERE id = ?').get(gameId) as { status: string; clock: string | null } | undefined;
      if (!g) return { ok: false, reason: 'missing' };
      const seat = this.q('SELECT user_id, bot FROM seats WHERE game_id = ? AND role = ?').get(gameId, role) as { user_id: number | null; bot: string | null } | undefined;
      if (!seat) return { ok: false, reason: 'no-role' };
      if (g.status !== 'open') return { ok: false, reason: 'not-open' };
      if (seat.user_id !== null || seat.bot !== null) return { ok: false, reason: 'taken' };
      this.q('UPDATE seats SET user_id = ?, bot = ?, seen_at = ? WHERE game_id = ? AND role = ?')
        .run('userId' in who ? who.userId : null, 'bot' in who ? who.bot : null, now, gameId, role);
      const empty = (this.q('SELECT COUNT(*) AS n FROM seats WHERE game_id = ? AND user_id IS NULL AND bot IS NULL').get(gameId) as { n: number }).n;
      if (empty === 0) {
        const c = startedClock(g.clock, now);
        this.q(`UPDATE games SET version = version + 1, status = 'active', active_roles = ?, updated_at = ?, clock = ?, deadline = ? WHERE id = ?`)
          .run(JSON.stringify(activeRoles), now, c?.clock ?? null, c?.deadline ?? null, gameId);
      } else {
        this.q('UPDATE games SET version = version + 1, updated_at = ? WHERE id = ?').run(now, gameId);
      }
      const game = this.getGameSync(gameId)!;
      if (outbox) this.queue(outbox(game), now);
      return { ok: true, game };
    });
    return Promise.resolve(run.immediate());
  }

  private bump(gameId: string, expectVersion: number, patch: GamePatch, logDelta: 'append' | { truncateTo: number } | null): boolean {
    const sets = ['version = version + 1', 'status = @status', 'active_roles = @active', 'outcome = @outcome', 'updated_at = @now'];
    if (patch.clock) sets.push('clock = @clock', 'deadline = @deadline');
    if (patch.drawOffer !== undefined) sets.push('draw_offer = @drawOffer');
    if (logDelta === 'append') sets.push('log_length = log_length + 1');
    else if (logDelta) sets.push('log_length = @len', 'epoch = epoch + 1');
    const r = this.q(`UPDATE games SET ${sets.join(', ')} WHERE id = @id AND version = @expect`).run({
      id: gameId, expect: expectVersion, status: patch.status, active: JSON.stringify(patch.activeRoles),
      outcome: patch.outcome === null ? null : JSON.stringify(patch.outcome), now: patch.now,
      ...(logDelta && logDelta !== 'append' ? { len: logDelta.truncateTo } : {}),
      ...(patch.clock ? { clock: JSON.stringify(patch.clock.state), deadline: patch.clock.deadline } : {}),
      ...(patch.drawOffer !== undefined ? { drawOffer: patch.drawOffer === null ? null : JSON.stringify(patch.drawOffer) } : {}),
    });
    return r.changes === 1;
  }

  private appendTxFn?: Database.Transaction<(gameId: string, expectVersion: number, seq: number, entry: LogEntry, patch: GamePatch, outbox?: OutboxInsert[]) => WriteResult>;
  private get appendTx(): NonNullable<SqliteStore['appendTxFn']> {
    this.appendTxFn ??= this.db.transaction((gameId: string, expectVersion: number, seq: number, entry: LogEntry, patch: GamePatch, outbox?: OutboxInsert[]): WriteResult => {
      if (!this.bump(gameId, expectVersion, patch, 'append')) return 'stale';
      const r = this.q('INSERT INTO log (game_id, seq, role, action, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING')
        .run(gameId, seq, entry.role, JSON.stringify(entry.action), patch.now);
      if (r.changes !== 1) throw new StaleWrite();
      // Acting is being present (a claim of abandonment counts a move over REST as much as a socket).
      this.q('UPDATE seats SET seen_at = ? WHERE game_id = ? AND role = ? AND user_id IS NOT NULL').run(patch.now, gameId, entry.role);
      this.queue(outbox, patch.now);
      return 'ok';
    });
    return this.appendTxFn;
  }

  /**
   * Group commit: the appends of one turn of the event loop (every socket frame read in it) are written in
   * one transaction, each in a savepoint of its own, so a stale one changes nothing and does not hold up
   * the others. A commit writes every page it changed to the WAL; appends of different games share the
   * pages of the log's and the outbox's tails and of the games' updated_at index, which one commit then
   * writes once for all of them. Each append's promise settles after the commit, so nothing is
   * acknowledged before it is stored.
   */
  appendAction(gameId: string, expectVersion: number, seq: number, entry: LogEntry, patch: GamePatch, outbox?: OutboxInsert[]): Promise<WriteResult> {
    return new Promise<WriteResult>((resolve, reject) => {
      this.pendingAppends.push({ args: [gameId, expectVersion, seq, entry, patch, outbox], resolve, reject });
      if (this.pendingAppends.length === 1) setImmediate(() => this.flushAppends());
    });
  }

  private pendingAppends: PendingAppend[] = [];
  private appendBatchFn?: Database.Transaction<(items: PendingAppend[]) => (WriteResult | { error: unknown })[]>;

  private flushAppends(): void {
    const items = this.pendingAppends.splice(0, MAX_GROUP_COMMIT);
    if (items.length === 0) return; // drained by close() before this turn came
    if (this.pendingAppends.length > 0) setImmediate(() => this.flushAppends());
    this.appendBatchFn ??= this.db.transaction((batch: PendingAppend[]) => batch.map((item) => {
      try {
        return this.appendTx(...item.args);
      } catch (e) {
        return e instanceof StaleWrite ? 'stale' : { error: e };
      }
    }));
    let results: (WriteResult | { error: unknown })[];
    try {
      results = this.appendBatchFn.immediate(items);
    } catch (e) {
      for (const item of items) item.reject(e);
      return;
    }
    items.forEach((item, i) => {
      const r = results[i]!;
      if (typeof r === 'object') item.reject(r.error);
      else item.resolve(r);
    });
  }

  truncateLog(gameId: string, expectVersion: number, newLength: number, patch: GamePatch, outbox?: OutboxInsert[]): Promise<WriteResult> {
    const run = this.db.transaction((): WriteResult => {
      if (!this.bump(gameId, expectVersion, patch, { truncateTo: newLength })) return 'stale';
      this.q('DELETE FROM log WHERE game_id = ? AND seq >= ?').run(gameId, newLength);
      this.queue(outbox, patch.now);
      return 'ok';
    });
    return Promise.resolve(run.immediate());
  }

  updateGame(gameId: string, expectVersion: number, patch: GamePatch, outbox?: OutboxInsert[]): Promise<WriteResult> {
    const run = this.db.transaction((): WriteResult => {
      if (!this.bump(gameId, expectVersion, patch, null)) return 'stale';
      this.queue(outbox, patch.now);
      return 'ok';
    });
    return Promise.resolve(run.immediate());
  }

  readLog(gameId: string, fromSeq: number): Promise<LogEntry[]> {
    const rows = this.q('SELECT role, action FROM log WHERE game_id = ? AND seq >= ? ORDER BY seq').all(gameId, fromSeq) as { role: string; action: string }[];
    return Promise.resolve(rows.map((r) => ({ role: r.role, action: JSON.parse(r.action) as unknown })));
  }

  listDue(now: number, limit: number): Promise<string[]> {
    const rows = this.q(`SELECT id FROM games WHERE status = 'active' AND deadline IS NOT NULL AND deadline <= ? ORDER BY deadline LIMIT ?`).all(now, limit) as { id: string }[];
    return Promise.resolve(rows.map((r) => r.id));
  }

  listOpenBefore(before: number, limit: number): Promise<string[]> {
    const rows = this.q(`SELECT id FROM games WHERE status = 'open' AND created_at < ? ORDER BY created_at LIMIT ?`).all(before, limit) as { id: string }[];
    return Promise.resolve(rows.map((r) => r.id));
  }

  setDeadline(gameId: string, expectVersion: number, deadline: number | null): Promise<void> {
    this.q('UPDATE games SET deadline = ? WHERE id = ? AND version = ?').run(deadline, gameId, expectVersion);
    return Promise.resolve();
  }

  async touchSeats(seen: { gameId: string; userId: number }[], now: number): Promise<void> {
    await touchSeatsWith(this.sql, seen, now);
  }
}
