import { applyListed, isRuleError, type AnyGame, type LogEntry, type Outcome, type Role, type SetupOptions } from '@tabula/engine';
import { ABORT_BEFORE_ACTIONS, CLAIM_AFTER_DISCONNECT_MS, MAX_OPEN_GAMES_PER_ACCOUNT, OPEN_GAME_COUNTS_MS, OPEN_GAME_EXPIRY_MS, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_TOUCH_MS, type ClockT, type GameStateT, type GameSummaryT, type OutcomeT, type SeatT } from '@tabula/protocol';
import { catalog, getGame, type CatalogEntry } from '@tabula/games';
import { botNames } from '@tabula/bots';
import { ApiError, conflict, forbidden, notFound, unauthorized, unprocessable } from './errors.js';
import { defaultScryptCost, dummyPasswordHash, hashPassword, hashToken, newGameId, newSeed, newToken, verifyPassword, type ScryptCost } from './passwords.js';
import { checkPassword, legacyNameKeyOf, nameKeyOf, normaliseName } from './account-policy.js';
import { validateGameOptions, type CreateGameBody } from './options.js';
import { ReplayCache, replayGame, type ReplayedGame } from './replay-cache.js';
import type { GamePatch, GameRow, GameStatus, SeatRow, Store, UserRow } from './store/index.js';
import { changeEvents } from './notify/events.js';
import { SNAPSHOT_EVERY, Snapshots } from './snapshots.js';
import { afterAction, afterUndo, deadlineOf, flagged, newClock, runningSeats, settle, type ClockState } from './clock.js';

export type SeatInfo = SeatT;
/** A game as one caller sees it (GET /api/games/:id and every WebSocket push). */
export type GameState = GameStateT;
export type GameSummary = GameSummaryT;

/** Most actions of other roles that may come between the version a client acted on and now (simultaneous steps). */
const MAX_OVERTAKEN = 8;

export type { CreateGameBody } from './options.js';

/** What the social module (social/) adds to creating a game and taking a seat. */
export interface GameHooks {
  /** After the game's row exists (records `rated`, a rematch's origin). */
  created?(id: string, body: CreateGameBody): Promise<void>;
  /** Before a seat is given to a bot: throws to refuse (rated games are for people only). */
  beforeBotSeat?(gameId: string): Promise<void>;
}

export interface ServiceOptions {
  store: Store;
  scrypt?: ScryptCost;
  /** Replayed games kept in memory (LRU). */
  cacheSize?: number;
  now?: () => number;
  /** Where unexpected engine failures are reported. */
  warn?: (obj: object, msg: string) => void;
  /** How long a session token works after sign-in (default SESSION_ABSOLUTE_MS, 30 days). */
  sessionTtlMs?: number;
  /** Test seams: `beforeApply` runs after a submit read its row and before it is checked (to force races). */
  hooks?: { beforeApply?(row: GameRow): Promise<void> };
  /** Whether `userId` has a live socket on `gameId` in this process (set by the live hub). */
  connected?: (gameId: string, userId: number) => boolean;
  /** How long a session token works unused (default SESSION_IDLE_MS, 7 days). */
  sessionIdleMs?: number;
  /** Open games one account may have created at once (default MAX_OPEN_GAMES_PER_ACCOUNT; false: no cap). */
  openGamesPerAccount?: number | false;
  /** Actions between two stored snapshots of a game (default SNAPSHOT_EVERY; false: none written or read). */
  snapshotEvery?: number | false;
}

export const defaultSessionTtlMs = SESSION_ABSOLUTE_MS;

/** Invoked after every committed change of a game. */
export type ChangeListener = (gameId: string, version: number, row: GameRow) => void;

export { nameKeyOf } from './account-policy.js';

function seatsOut(seats: SeatRow[]): SeatInfo[] {
  return seats.map((s) => ({ role: s.role, user: s.userName, bot: s.bot }));
}

function clockFields(patch: GamePatch): Partial<GameRow> {
  return patch.clock ? { clock: patch.clock.state, deadline: patch.clock.deadline } : {};
}

export function setupOptionsOfRow(row: GameRow): SetupOptions {
  const o: SetupOptions = { seed: row.seed, scenario: row.scenario };
  if (row.players !== null) o.players = row.players;
  if (row.variants !== null) o.variants = row.variants;
  return o;
}

/** Game logic of the server: accounts, lobby, seats, validated actions, undo, resign; storage-agnostic. */
export class GameService {
  readonly store: Store;
  private readonly scrypt: ScryptCost;
  private readonly cache: ReplayCache;
  /** Stored snapshots of long games (snapshots.ts). */
  readonly snapshots: Snapshots;
  private readonly now: () => number;
  private readonly warn: (obj: object, msg: string) => void;
  private readonly listeners: ChangeListener[] = [];
  private readonly locks = new Map<string, Promise<unknown>>();
  /** Replays from the store in progress, by game, epoch and log length (see `load`). */
  private readonly loads = new Map<string, Promise<ReplayedGame | null>>();
  private readonly sessionTtl: number;
  private readonly sessionIdle: number;
  private readonly openGamesCap: number | false;
  private lastSessionSweep = -Infinity;
  private readonly hooks: NonNullable<ServiceOptions['hooks']>;
  connected: (gameId: string, userId: number) => boolean;
  /** Set by the social module (app.ts). */
  gameHooks: GameHooks = {};

  constructor(opts: ServiceOptions) {
    this.store = opts.store;
    this.scrypt = opts.scrypt ?? defaultScryptCost;
    this.cache = new ReplayCache(opts.cacheSize ?? 2000);
    this.now = opts.now ?? Date.now;
    this.warn = opts.warn ?? (() => undefined);
    this.sessionTtl = opts.sessionTtlMs ?? defaultSessionTtlMs;
    this.hooks = opts.hooks ?? {};
    this.connected = opts.connected ?? (() => false);
    this.sessionIdle = opts.sessionIdleMs ?? SESSION_IDLE_MS;
    this.openGamesCap = opts.openGamesPerAccount ?? MAX_OPEN_GAMES_PER_ACCOUNT;
    this.snapshots = new Snapshots(this.store.sql, opts.snapshotEvery ?? SNAPSHOT_EVERY, this.warn, this.now);
  }

  onChange(fn: ChangeListener): void {
    this.listeners.push(fn);
  }

  private changed(row: GameRow): void {
    for (const fn of this.listeners) fn(row.id, row.version, row);
  }

  /** Serialises writes to one game within this process (other processes are held off by the store's version check). */
  private async withLock<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.locks.get(id) ?? Promise.resolve();
    const run = prev.then(fn, fn);
    const tail = run.catch(() => undefined);
    this.locks.set(id, tail);
    try {
      return await run;
    } finally {
      if (this.locks.get(id) === tail) this.locks.delete(id);
    }
  }

  // ---- accounts ----

  async signUp(name: string, password: string): Promise<{ token: string; name: string }> {
    const shown = normaliseName(name);
    checkPassword(password, shown);
    const key = nameKeyOf(shown);
    // Accounts from before skeleton keys are still taken under their old key.
    if (key !== legacyNameKeyOf(shown) && (await this.store.findUserByNameKey(legacyNameKeyOf(shown)))) throw conflict('name-taken', `The name "${shown}" is taken.`);
    const hash = await hashPassword(password, this.scrypt);
    const user = await this.store.createUser(shown, key, hash, this.now());
    if (!user) throw conflict('name-taken', `The name "${shown}" (or one that looks the same) is taken.`);
    return { token: await this.newSession(user.id), name: user.name };
  }

  async signIn(name: string, password: string): Promise<{ token: string; name: string }> {
    const user = (await this.store.findUserByNameKey(nameKeyOf(name))) ?? (await this.store.findUserByNameKey(legacyNameKeyOf(name)));
    // Same work whether or not the name exists.
    const ok = await verifyPassword(password, user?.passHash ?? (await dummyPasswordHash(this.scrypt)));
    if (!user || !ok) throw new ApiError(401, 'bad-credentials', 'Wrong name or password.');
    return { token: await this.newSession(user.id), name: user.name };
  }

  private async newSession(userId: number): Promise<string> {
    const token = newToken();
    const now = this.now();
    await this.store.createSession(hashToken(token), userId, now);
    // Expired sessions are refused anyway; sweep them out at most hourly so the table stays small.
    if (now - this.lastSessionSweep > 60 * 60 * 1000) {
      this.lastSessionSweep = now;
      await this.store.deleteSessionsBefore(now - this.sessionTtl, now - this.sessionIdle);
    }
    return token;
  }

  async authenticate(token: string): Promise<UserRow | null> {
    return (await this.session(token))?.user ?? null;
  }

  /** The session of `token` and when it ends unless used again; each use renews its idle expiry. */
  async session(token: string): Promise<{ user: UserRow; expiresAt: number } | null> {
    if (token.length === 0 || token.length > 200) return null;
    const now = this.now();
    const hash = hashToken(token);
    const s = await this.store.findSession(hash, now - this.sessionTtl, now - this.sessionIdle);
    if (!s) return null;
    let seenAt = s.seenAt;
    if (now - seenAt >= Math.min(SESSION_TOUCH_MS, this.sessionIdle / 10)) {
      await this.store.touchSession(hash, now);
      seenAt = now;
    }
    return { user: { id: s.id, name: s.name }, expiresAt: Math.min(s.createdAt + this.sessionTtl, seenAt + this.sessionIdle) };
  }

  async signOut(token: string): Promise<void> {
    await this.store.deleteSession(hashToken(token));
  }

  /** Ends every session of the account (sign out everywhere). */
  async signOutEverywhere(user: UserRow): Promise<void> {
    await this.store.deleteSessionsOfUser(user.id);
  }

  // ---- lobby ----

  /** The games' catalog entries, each with the bot names a seat may be given to. */
  catalog(): (CatalogEntry & { bots: string[] })[] {
    const bots = botNames();
    return catalog().map((e) => ({ ...e, bots }));
  }

  /** `id`: chosen by the caller (a seek pairing records it before the game exists, for its crash recovery). */
  async createGame(user: UserRow | null, body: CreateGameBody, id = newGameId()): Promise<{ id: string }> {
    if (!user) throw unauthorized();
    const game = getGame(body.game);
    if (!game) throw unprocessable('unknown-game', `No game "${body.game}".`);
    const seed = newSeed();
    const { options, roles, active } = validateGameOptions(game, body, seed);
    const scenario = options.scenario ?? game.scenarios[0]!;
    return this.withLock(`creator:${user.id}`, async () => {
      const cap = this.openGamesCap;
      // Games nobody joined stop counting after a while, so an account is never stuck at the cap.
      if (cap !== false && (await this.store.countOpenGamesBy(user.id, this.now() - OPEN_GAME_COUNTS_MS)) >= cap) {
        throw new ApiError(429, 'too-many-open-games', `You have ${cap} open games from the last ${OPEN_GAME_COUNTS_MS / 3_600_000} hours waiting for players: start some first.`);
      }
      const timeControl = body.timeControl ?? { kind: 'none' };
      const now = this.now();
      await this.store.createGame({
        id, game: game.id, scenario, players: options.players ?? null, variants: options.variants ?? null, seed,
        roles, activeRoles: active, createdBy: user.id, now, timeControl, clock: newClock(timeControl, roles, now),
      });
      await this.gameHooks.created?.(id, body);
      return { id };
    });
  }

  async list(user: UserRow | null, status: GameStatus, mine: boolean, limit: number): Promise<GameSummary[]> {
    if (mine && !user) throw unauthorized();
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new ApiError(400, 'bad-request', 'limit must be an integer from 1 to 200.');
    const rows = await this.store.listGames({ status, limit, ...(mine && user ? { userId: user.id } : {}) });
    if (user && status === 'active' && !mine) {
      // Make sure the caller's own games are listed even when older than the newest `limit`.
      const own = await this.store.listGames({ status, limit, userId: user.id });
      const seen = new Set(rows.map((r) => r.id));
      for (const r of own) if (!seen.has(r.id)) rows.push(r);
    }
    const out = rows.map((r) => this.summary(r, user));
    // Your turn first, then the most recently changed.
    out.sort((a, b) => Number(b.yourTurn) - Number(a.yourTurn) || b.updatedAt.localeCompare(a.updatedAt));
    return out.slice(0, limit);
  }

  summary(row: GameRow, user: UserRow | null): GameSummary {
    const yourRoles = user ? row.seats.filter((s) => s.userId === user.id).map((s) => s.role) : [];
    const active = row.status === 'active' ? row.activeRoles : [];
    return {
      id: row.id, game: row.game, scenario: row.scenario, players: row.players, status: row.status, seats: seatsOut(row.seats),
      version: row.version, active, yourRoles, yourTurn: yourRoles.some((r) => active.includes(r)), outcome: row.outcome,
      timeControl: row.timeControl, createdAt: new Date(row.createdAt).toISOString(), updatedAt: new Date(row.updatedAt).toISOString(),
    };
  }

  async takeSeat(user: UserRow | null, id: string, role: Role, bot?: string): Promise<GameState> {
    if (!user) throw unauthorized();
    const row0 = await this.loadRow(id);
    if (bot !== undefined) {
      if (!botNames().includes(bot)) throw unprocessable('unknown-bot', `No bot "${bot}" (${botNames().join(', ')}).`);
      const seated = row0.seats.some((s) => s.userId === user.id);
      if (row0.createdBy !== user.id && !seated) throw forbidden('not-allowed', 'Only the game\'s creator or a seated player may give a seat to a bot.');
      await this.gameHooks.beforeBotSeat?.(id);
    }
    const game = this.gameOf(row0);
    const active = game.active(game.setup(setupOptionsOfRow(row0)));
    const r = await this.store.takeSeat(id, role, bot !== undefined ? { bot } : { userId: user.id }, active, this.now(),
      (g) => changeEvents(g, { status: 'open', activeRoles: [] }, g, user.id));
    if (!r.ok) {
      if (r.reason === 'missing') throw notFound('game-not-found', `No game "${id}".`);
      if (r.reason === 'no-role') throw unprocessable('unknown-role', `This game has no seat "${role}" (${row0.seats.map((s) => s.role).join(', ')}).`);
      if (r.reason === 'not-open') throw conflict('game-not-open', 'The game has already started.');
      throw conflict('seat-taken', `The seat "${role}" is taken.`);
    }
    this.changed(r.game);
    const rg = await this.sync(r.game);
    return this.stateFor(r.game, rg, user, bot === undefined ? role : undefined);
  }

  // ---- playing ----

  private async loadRow(id: string): Promise<GameRow> {
    const row = await this.store.getGame(id);
    if (!row) throw notFound('game-not-found', `No game "${id}".`);
    return row;
  }

  private gameOf(row: GameRow): AnyGame {
    const game = getGame(row.game);
    if (!game) throw conflict('game-unavailable', `The game "${row.game}" is not installed on this server.`);
    return game;
  }

  /** The replayed game matching `row` (from the cache, extended by new log entries, or replayed from scratch). */
  async sync(row: GameRow): Promise<ReplayedGame> {
    return (await this.syncRow(row)).rg;
  }

  /**
   * The replayed game of `row`'s game and the row it matches: `row` itself, or a newer row read again
   * when the game moved on while its log was read. Never changes the caller's row.
   */
  private async syncRow(start: GameRow): Promise<{ row: GameRow; rg: ReplayedGame }> {
    const game = this.gameOf(start);
    let row = start;
    for (let attempt = 0; ; attempt++) {
      const rg = this.cache.get(row.id);
      if (rg && rg.epoch === row.epoch && rg.length <= row.logLength) {
        if (rg.length === row.logLength) return { row, rg };
        const from = rg.length;
        const more = await this.store.readLog(row.id, from);
        if (this.cache.get(row.id) === rg && rg.length === from && from + more.length === row.logLength) {
          this.replayInto(rg, more);
          return { row, rg };
        }
      } else {
        const fresh = await this.load(game, row, attempt >= 3);
        // (A shared load may have been played on by the time this caller resumes.)
        if (fresh && (attempt >= 3 || (fresh.length === row.logLength && fresh.epoch === row.epoch))) return { row, rg: fresh };
      }
      // The game moved on while we read: read its row again.
      row = await this.loadRow(row.id);
    }
  }

  /**
   * Reads and replays `row`'s game into the cache (null: its log no longer has `row`'s length, unless
   * `anyway`). Concurrent loads of the same row (a socket's first push and its first action) share one.
   */
  private load(game: AnyGame, row: GameRow, anyway: boolean): Promise<ReplayedGame | null> {
    const key = `${row.id}\u0000${row.epoch}\u0000${row.logLength}\u0000${anyway}`;
    let p = this.loads.get(key);
    if (!p) {
      p = (async () => {
        const [all, snaps] = await Promise.all([this.store.readLog(row.id, 0), this.snapshots.read(row.id, row.logLength)]);
        if (all.length !== row.logLength && !anyway) return null;
        const fresh = this.replayStored(game, row, all, snaps);
        fresh.epoch = row.epoch;
        this.cache.set(row.id, fresh);
        return fresh;
      })();
      this.loads.set(key, p);
      const done = (): void => { this.loads.delete(key); };
      p.then(done, done);
    }
    return p;
  }

  /** `row`'s game replayed from `actions` (its whole log), from the newest usable stored snapshot when there is one. */
  private replayStored(game: AnyGame, row: GameRow, actions: readonly LogEntry[], snaps: Awaited<ReturnType<Snapshots['read']>>): ReplayedGame {
    const setup = setupOptionsOfRow(row), viewers = row.seats.map((s) => s.role);
    const resumed = this.snapshots.resume(row.id, game, setup, viewers, actions, snaps);
    if (resumed) return resumed;
    let rg: ReplayedGame;
    try {
      rg = replayGame(game, setup, viewers, actions);
    } catch (e) {
      this.warn({ err: e, gameId: row.id }, 'stored log no longer replays');
      throw conflict('replay-failed', `The stored log of this game no longer replays: ${e instanceof Error ? e.message : String(e)}`);
    }
    // A long game replayed in full (no snapshot yet, or none of this engine version): store one now.
    this.snapshots.forget(row.id);
    setImmediate(() => this.snapshots.after(row.id, rg));
    return rg;
  }

  private replayInto(rg: ReplayedGame, entries: LogEntry[]): void {
    try {
      for (const e of entries) rg.push(e);
    } catch (e) {
      throw conflict('replay-failed', `The stored log of this game no longer replays: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /** The row and replayed game, current. */
  async snapshot(id: string): Promise<{ row: GameRow; rg: ReplayedGame }> {
    return this.syncRow(await this.loadRow(id));
  }

  private rolesOf(row: GameRow, user: UserRow | null): Role[] {
    return user ? row.seats.filter((s) => s.userId === user.id).map((s) => s.role) : [];
  }

  /** Which of the caller's seats a request is for: the one asked for, else the one to act, else the first. */
  private pickRole(row: GameRow, rg: ReplayedGame | null, mine: Role[], asked?: string): Role | null {
    if (asked !== undefined) return mine.includes(asked) ? asked : null;
    if (mine.length === 0) return null;
    if (rg && row.status === 'active') {
      const active = rg.game.active(rg.state) as Role[];
      const r = mine.find((m) => active.includes(m));
      if (r) return r;
    }
    return mine[0]!;
  }

  /** The caller's view of the game; `logFrom`: send only the log lines of actions from there on. */
  stateFor(row: GameRow, rg: ReplayedGame, user: UserRow | null, asked?: string, logFrom = 0): GameState {
    const mine = this.rolesOf(row, user);
    const picked = this.pickRole(row, rg, mine, asked);
    // Asking for a seat you do not hold gives the spectator's view, never that seat's.
    const role = picked;
    const game = rg.game;
    const active = row.status === 'active' ? (game.active(rg.state) as Role[]) : [];
    const canAct = role !== null && active.includes(role);
    return {
      id: row.id, game: row.game, scenario: row.scenario, players: row.players, variants: row.variants, createdBy: row.creatorName ?? null,
      status: row.status, seats: seatsOut(row.seats), version: row.version, role, roles: mine,
      view: game.view(rg.state, role),
      actions: canAct ? game.actions(rg.state, role) : [],
      active, yourTurn: canAct,
      undo: role !== null && row.status === 'active' ? rg.undoDepth(role) : 0,
      prompt: canAct && game.prompt ? game.prompt(rg.state, role) : null,
      length: rg.length, logFrom, log: rg.log(role, logFrom) as GameState['log'], outcome: row.outcome,
      ...(row.clock ? { clock: this.clockOut(row, row.clock) } : {}),
      abortable: mine.length > 0 && this.abortable(row),
      away: this.away(row, user),
    };
  }

  // ---- clocks (clock.ts), timeouts and abandonment ----

  private clockOut(row: GameRow, c: ClockState): ClockT {
    const now = this.now();
    const running = row.status === 'active' ? runningSeats(row.seats, row.activeRoles) : [];
    const s = settle(c, running, now);
    const remaining: Record<string, number> = {};
    for (const [r, ms] of Object.entries(s.remaining)) remaining[r] = Math.max(0, ms);
    return { control: row.timeControl, remaining, running, at: now };
  }

  private abortable(row: GameRow): boolean {
    return (row.status === 'active' || row.status === 'open') && row.logLength < ABORT_BEFORE_ACTIONS;
  }

  /** Other human seats of an active live game whose player is not connected: ms since last seen. */
  private away(row: GameRow, user: UserRow | null): Record<string, number> {
    const out: Record<string, number> = {};
    if (row.status !== 'active' || row.timeControl.kind !== 'live') return out;
    const now = this.now();
    for (const s of row.seats) {
      if (s.userId === null || s.userId === user?.id || this.connected(row.id, s.userId)) continue;
      out[s.role] = Math.max(0, now - (s.seenAt ?? row.updatedAt));
    }
    return out;
  }

  /** The running seat whose time ran out, if the game's clock says so now. */
  private outOfTime(row: GameRow): Role | null {
    if (row.status !== 'active' || !row.clock) return null;
    return flagged(row.clock, runningSeats(row.seats, row.activeRoles), this.now());
  }

  /** Ends the game (conditionally on its version): the other seats win. Returns the new row, or null when the game moved on. */
  private async finish(row: GameRow, outcome: OutcomeT, actor: number | null = null): Promise<GameRow | null> {
    const now = this.now();
    const patch: GamePatch = { status: 'finished', activeRoles: [], outcome: outcome as Outcome, now };
    if (row.clock) patch.clock = { state: settle(row.clock, row.status === 'active' ? runningSeats(row.seats, row.activeRoles) : [], now), deadline: null };
    if ((await this.store.updateGame(row.id, row.version, patch, changeEvents(row, row, patch, actor))) === 'stale') return null;
    const after: GameRow = { ...row, version: row.version + 1, status: 'finished', activeRoles: [], outcome: patch.outcome, updatedAt: now, deadline: null, ...(patch.clock ? { clock: patch.clock.state } : {}) };
    this.changed(after);
    return after;
  }

  private timeoutOutcome(row: GameRow, role: Role): OutcomeT {
    return { winners: row.seats.map((s) => s.role).filter((r) => r !== role), reason: 'timeout', by: role };
  }

  /**
   * Flags a timeout if the game's clock ran out: one conditional UPDATE on the version, so across
   * processes exactly one flags it. When nobody ran out (the deadline was a hint), moves the hint.
   * Returns the current row.
   */
  checkTimeout(id: string): Promise<GameRow | null> {
    return this.withLock(id, async () => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const row = await this.store.getGame(id);
        if (!row || row.status !== 'active' || !row.clock) return row;
        const out = this.outOfTime(row);
        if (out === null) {
          const d = deadlineOf(row.clock, runningSeats(row.seats, row.activeRoles));
          if (d !== row.deadline) await this.store.setDeadline(id, row.version, d);
          return row;
        }
        const after = await this.finish(row, this.timeoutOutcome(row, out));
        if (after) return after;
      }
      return this.store.getGame(id);
    });
  }

  /** The loaded row, with a timeout flagged first when its deadline has passed. */
  private async loadChecked(id: string): Promise<GameRow> {
    const row = await this.loadRow(id);
    if (row.status === 'active' && row.deadline !== null && row.deadline <= this.now()) return (await this.checkTimeout(id)) ?? row;
    return row;
  }

  /** One sweep: flags the timeouts that are due and expires open games nobody joined. Returns how many games it ended. */
  async sweep(limit = 100): Promise<number> {
    let ended = 0;
    for (const id of await this.store.listDue(this.now(), limit)) {
      const row = await this.checkTimeout(id);
      if (row?.status === 'finished' && row.outcome?.reason === 'timeout') ended++;
    }
    for (const id of await this.store.listOpenBefore(this.now() - OPEN_GAME_EXPIRY_MS, limit)) {
      const done = await this.withLock(id, async () => {
        const row = await this.store.getGame(id);
        if (!row || row.status !== 'open') return false;
        return (await this.finish(row, { winners: [], reason: 'expired' })) !== null;
      });
      if (done) ended++;
    }
    return ended;
  }

  /** Records that `userId`'s live socket is on `gameId` now (presence for claims after a disconnect). */
  touch(gameId: string, userId: number): Promise<void> {
    return this.touchAll([{ gameId, userId }]);
  }

  /** `touch` for many sockets at once (one transaction). */
  async touchAll(seen: { gameId: string; userId: number }[]): Promise<void> {
    await this.store.touchSeats(seen, this.now());
  }

  /** Ends a game with no winner while fewer than 2 actions were played (any seated player; an open game: its creator too). */
  abort(user: UserRow | null, id: string, asked?: string): Promise<GameState> {
    if (!user) return Promise.reject(unauthorized());
    return this.withLock(id, async () => {
      const row = await this.loadRow(id);
      const mine = this.rolesOf(row, user);
      if (mine.length === 0 && !(row.status === 'open' && row.createdBy === user.id)) throw forbidden('not-your-seat', 'You hold no seat in this game.');
      if (asked !== undefined && !mine.includes(asked)) throw forbidden('not-your-seat', `You do not hold the seat "${asked}".`);
      if (row.status === 'finished') throw conflict('game-not-active', 'The game is over.');
      if (!this.abortable(row)) throw conflict('too-late-to-abort', `A game can be aborted only before its ${ABORT_BEFORE_ACTIONS}nd action: resign instead.`);
      const role = asked ?? mine[0];
      const after = await this.finish(row, { winners: [], reason: 'aborted', ...(role !== undefined ? { by: role } : {}) }, user.id);
      if (!after) throw conflict('stale-version', 'The game changed: try again.');
      return this.stateFor(after, await this.sync(after), user, role);
    });
  }

  /** Claims the win over every other human seat of a live game disconnected for CLAIM_AFTER_DISCONNECT_MS. */
  claim(user: UserRow | null, id: string, asked?: string): Promise<GameState> {
    if (!user) return Promise.reject(unauthorized());
    return this.withLock(id, async () => {
      const row = await this.loadRow(id);
      const role = this.seatFor(row, user, asked);
      if (row.status !== 'active') throw conflict('game-not-active', row.status === 'open' ? 'The game has not started.' : 'The game is over.');
      if (row.timeControl.kind !== 'live') throw conflict('not-live', 'Only a live game (with a clock) can be claimed after a disconnect.');
      const away = this.away(row, user);
      const gone = Object.entries(away).filter(([, ms]) => ms >= CLAIM_AFTER_DISCONNECT_MS).map(([r]) => r);
      const others = row.seats.filter((s) => s.userId !== null && s.userId !== user.id);
      if (others.length === 0 || gone.length < others.length) throw conflict('opponent-connected', `You can claim the win once every opponent has been disconnected for ${CLAIM_AFTER_DISCONNECT_MS / 60000} minutes.`);
      const winners = row.seats.filter((s) => !gone.includes(s.role)).map((s) => s.role);
      const after = await this.finish(row, { winners, reason: 'abandoned', by: gone.join(',') }, user.id);
      if (!after) throw conflict('stale-version', 'The game changed: try again.');
      return this.stateFor(after, await this.sync(after), user, role);
    });
  }

  async getState(user: UserRow | null, id: string, asked?: string): Promise<GameState> {
    const { row, rg } = await this.syncRow(await this.loadChecked(id));
    if (asked !== undefined && !this.rolesOf(row, user).includes(asked)) throw forbidden('not-your-seat', `You do not hold the seat "${asked}".`);
    return this.stateFor(row, rg, user, asked);
  }

  /** Plays `action` for the caller's seat; returns the caller's state after it. */
  async act(user: UserRow | null, id: string, version: number, action: unknown, asked?: string): Promise<GameState> {
    const { row, rg, role } = await this.play(user, id, version, action, asked);
    return this.stateFor(row, rg, user, role);
  }

  /** Same as `act`, returning only the new version (WebSocket acknowledgements). */
  async actVersion(user: UserRow | null, id: string, version: number, action: unknown, asked?: string): Promise<number> {
    return (await this.play(user, id, version, action, asked)).row.version;
  }

  private play(user: UserRow | null, id: string, version: number, action: unknown, asked?: string): Promise<{ row: GameRow; rg: ReplayedGame; role: Role }> {
    if (!user) return Promise.reject(unauthorized());
    return this.withLock(id, async () => {
      const row = await this.loadRow(id);
      const role = this.seatFor(row, user, asked);
      await this.hooks.beforeApply?.(row);
      return { ...(await this.applyChecked(row, role, version, action)), role };
    });
  }

  /** Plays a bot seat's move (no account; the seat must belong to a bot). */
  actAsBot(id: string, version: number, role: Role, action: unknown): Promise<number> {
    return this.withLock(id, async () => {
      const row = await this.loadRow(id);
      if (!row.seats.some((s) => s.role === role && s.bot !== null)) throw forbidden('not-your-seat', `"${role}" is not a bot seat.`);
      const { row: after } = await this.applyChecked(row, role, version, action);
      return after.version;
    });
  }

  private seatFor(row: GameRow, user: UserRow, asked?: string): Role {
    const mine = this.rolesOf(row, user);
    if (mine.length === 0) throw forbidden('not-your-seat', 'You hold no seat in this game.');
    if (asked !== undefined && !mine.includes(asked)) throw forbidden('not-your-seat', `You do not hold the seat "${asked}".`);
    if (asked !== undefined) return asked;
    if (mine.length === 1) return mine[0]!;
    const r = mine.find((m) => row.activeRoles.includes(m));
    return r ?? mine[0]!;
  }

  private checkPlayable(row: GameRow, version: number): void {
    if (row.status !== 'active') throw conflict('game-not-active', row.status === 'open' ? 'The game has not started: seats are still empty.' : 'The game is over.');
    if (version !== row.version) throw conflict('stale-version', `The game is at version ${row.version}, not ${version}: reload and try again.`);
  }

  /**
   * Whether an action sent for an older version may still be played: only other roles acted since
   * (a simultaneous step such as Hammer's card phase), so what `role` saw is what it still sees of its
   * own choice. Versions after the start grow by one per action and per undo, so `length - (now - version)`
   * is at most the log position the client saw: the check looks at that many actions or more.
   */
  private overtakenOnlyByOthers(row: GameRow, rg: ReplayedGame, role: Role, version: number): boolean {
    const behind = row.version - version;
    if (behind <= 0 || behind > MAX_OVERTAKEN) return false;
    const from = rg.length - behind;
    if (from < 0) return false;
    for (let i = from; i < rg.length; i++) if (rg.actions[i]!.role === role) return false;
    return true;
  }

  private async applyChecked(row: GameRow, role: Role, version: number, action: unknown): Promise<{ row: GameRow; rg: ReplayedGame }> {
    if (row.status !== 'active') this.checkPlayable(row, version);
    const out = this.outOfTime(row);
    if (out !== null) {
      await this.finish(row, this.timeoutOutcome(row, out));
      throw conflict('game-not-active', `The game is over: ${out}'s time ran out.`);
    }
    const { row: seen, rg } = await this.syncRow(row);
    // Checked against the state of `row`'s version only: a game that moved on meanwhile is a 409. (A
    // concurrent read may have caught the cache up and made syncRow read the same version again.)
    if (seen.version !== row.version || seen.epoch !== row.epoch) throw conflict('stale-version', 'Another move was made first: reload and try again.');
    if (version !== row.version && !this.overtakenOnlyByOthers(row, rg, role, version)) this.checkPlayable(row, version);
    const game = rg.game;
    let next: unknown, chosen: unknown;
    try {
      ({ state: next, action: chosen } = applyListed(game, rg.state, role, action));
    } catch (e) {
      if (isRuleError(e)) {
        if (e.code === 'not-your-turn') throw forbidden('not-your-turn', `It is not ${role}'s turn.`);
        throw unprocessable(e.code === 'malformed-action' ? 'illegal-action' : e.code, e.code === 'illegal-action' || e.code === 'malformed-action' ? 'That action is not one of your legal actions now.' : e.message);
      }
      this.warn({ err: e, gameId: row.id, role }, 'engine failed on a legal action');
      throw unprocessable('illegal-action', `The engine rejected this action: ${e instanceof Error ? e.message : String(e)}`);
    }
    const outcome = game.outcome(next) as Outcome | null;
    const patch: GamePatch = { status: outcome ? 'finished' : 'active', activeRoles: outcome ? [] : (game.active(next) as Role[]), outcome, now: this.now() };
    if (row.clock) {
      const human = row.seats.some((s) => s.role === role && s.userId !== null);
      const state = afterAction(row.timeControl, row.clock, runningSeats(row.seats, row.activeRoles), role, human, patch.now);
      patch.clock = { state, deadline: outcome ? null : deadlineOf(state, runningSeats(row.seats, patch.activeRoles)) };
    }
    const seq = rg.length;
    const actor = row.seats.find((s) => s.role === role)?.userId ?? null;
    const res = await this.store.appendAction(row.id, row.version, seq, { role, action: chosen }, patch, changeEvents(row, row, patch, actor));
    if (res === 'stale') {
      this.cache.delete(row.id);
      throw conflict('stale-version', 'Another move was made first: reload and try again.');
    }
    if (this.cache.get(row.id) === rg && rg.length === seq) {
      rg.push({ role, action: chosen }, next);
      // After the acknowledgement (sent in this tick's continuations): never on the action's path.
      setImmediate(() => this.snapshots.after(row.id, rg));
    } else this.cache.delete(row.id);
    const after: GameRow = { ...row, version: row.version + 1, logLength: seq + 1, status: patch.status, activeRoles: patch.activeRoles, outcome, updatedAt: patch.now, ...clockFields(patch) };
    this.changed(after);
    return { row: after, rg: this.cache.get(row.id) === rg ? rg : await this.sync(after) };
  }

  undo(user: UserRow | null, id: string, version: number, asked?: string): Promise<GameState> {
    if (!user) return Promise.reject(unauthorized());
    return this.withLock(id, async () => {
      const row = await this.loadRow(id);
      const role = this.seatFor(row, user, asked);
      this.checkPlayable(row, version);
      let rg = await this.sync(row);
      if (rg.undoDepth(role) === 0) throw unprocessable('nothing-to-undo', 'You have no action you may take back now.');
      const game = rg.game;
      const newLength = rg.length - 1;
      let prevState: unknown;
      if (rg.canPop) {
        rg.pop(row.epoch + 1);
        prevState = rg.state;
      } else {
        rg = this.replayStored(game, row, rg.actions.slice(0, newLength), await this.snapshots.read(row.id, newLength));
        rg.markCut(row.epoch + 1);
        prevState = rg.state;
      }
      this.cache.delete(row.id);
      const patch: GamePatch = { status: 'active', activeRoles: game.active(prevState) as Role[], outcome: null, now: this.now() };
      if (row.clock) {
        const state = afterUndo(row.timeControl, row.clock, runningSeats(row.seats, row.activeRoles), role, patch.now);
        patch.clock = { state, deadline: deadlineOf(state, runningSeats(row.seats, patch.activeRoles)) };
      }
      const res = await this.store.truncateLog(row.id, row.version, newLength, patch, changeEvents(row, row, patch, user.id));
      if (res === 'stale') throw conflict('stale-version', 'Another move was made first: reload and try again.');
      this.cache.set(row.id, rg);
      const after: GameRow = { ...row, version: row.version + 1, logLength: newLength, epoch: row.epoch + 1, activeRoles: patch.activeRoles, updatedAt: patch.now, ...clockFields(patch) };
      this.changed(after);
      return this.stateFor(after, rg, user, role);
    });
  }

  /** Ends the game: every other seat wins. */
  resign(user: UserRow | null, id: string, asked?: string): Promise<GameState> {
    if (!user) return Promise.reject(unauthorized());
    return this.withLock(id, async () => {
      const row = await this.loadRow(id);
      const role = this.seatFor(row, user, asked);
      if (row.status !== 'active') throw conflict('game-not-active', row.status === 'open' ? 'The game has not started.' : 'The game is over.');
      const out = this.outOfTime(row);
      const after = await this.finish(row, out !== null ? this.timeoutOutcome(row, out) : { winners: row.seats.map((s) => s.role).filter((r) => r !== role), reason: 'resigned', by: role }, out !== null ? null : user.id);
      if (!after) throw conflict('stale-version', 'The game changed: try again.');
      return this.stateFor(after, await this.sync(after), user, role);
    });
  }

  async replayOf(id: string): Promise<{ game: string; seed: string; options: Omit<SetupOptions, 'seed'>; actions: LogEntry[] }> {
    const row = await this.loadRow(id);
    if (row.status !== 'finished') throw conflict('game-not-finished', 'The replay (with the seed) is available once the game is over.');
    const { seed, ...options } = setupOptionsOfRow(row);
    return { game: row.game, seed, options, actions: await this.store.readLog(id, 0) };
  }
}
