import { randomBytes, randomInt } from 'node:crypto';
import { MAX_SEEKS_PER_USER, SEEK_TTL_MS, type SeekBodyT, type SeekT, type TimeControlT } from '@tabula/protocol';
import { getGame } from '@tabula/games';
import { conflict, notFound, unauthorized, unprocessable } from '../http/errors.js';
import type { Games } from '../games/index.js';
import { newGameId } from '../accounts/passwords.js';
import type { GameRow, SqlRunner, UserRow } from '../store/index.js';

interface SeekDb {
  id: string; user_id: number | string; name: string; game: string; scenario: string; time_control: string; rated: number | string;
  status: string; token: string | null; game_id: string | null; created_at: number | string; expires_at: number | string;
}

/** A seek still 'pairing' after this long lost the process pairing it (a crash); the sweep recovers it. */
export const PAIRING_STALE_MS = 30_000;

/** One spelling per time control, so equal controls compare equal as text. */
export function timeControlKey(tc: TimeControlT): string {
  if (tc.kind === 'live') return JSON.stringify({ kind: 'live', baseSeconds: tc.baseSeconds, incrementSeconds: tc.incrementSeconds });
  if (tc.kind === 'correspondence') return JSON.stringify({ kind: 'correspondence', days: tc.days });
  return JSON.stringify({ kind: 'none' });
}

const SELECT = 'SELECT k.id, k.token, k.user_id, u.name, k.game, k.scenario, k.time_control, k.rated, k.status, k.game_id, k.created_at, k.expires_at FROM seeks k JOIN users u ON u.id = k.user_id';

const seekOut = (r: SeekDb): SeekT => ({
  id: r.id, user: r.name, game: r.game, scenario: r.scenario, timeControl: JSON.parse(r.time_control) as TimeControlT, rated: Number(r.rated) === 1,
  status: (r.status === 'pairing' ? 'open' : r.status) as SeekT['status'], gameId: r.status === 'paired' ? r.game_id : null,
  createdAt: new Date(Number(r.created_at)).toISOString(), expiresAt: new Date(Number(r.expires_at)).toISOString(),
});

/**
 * Quick pairing: "any opponent for this game, scenario, time control, rated". Two compatible open seeks
 * make one game. Pairing claims both seeks with conditional updates (status 'open' -> 'pairing', lower id
 * first), so of any number of processes trying to pair the same seeks exactly one succeeds and makes the game.
 * The claim records the id of the game to be made; a process that dies before 'paired' leaves 'pairing' seeks
 * that the sweep recovers after PAIRING_STALE_MS (`recover`: finish the pairing if its game exists, else reopen).
 */
export class Seeks {
  constructor(private readonly sql: SqlRunner, private readonly games: Games, private readonly now: () => number,
    private readonly changed: () => void) {}

  async open(): Promise<SeekT[]> {
    return (await this.sql.all<SeekDb>(`${SELECT} WHERE k.status = 'open' AND k.expires_at > ? ORDER BY k.created_at LIMIT 200`, [this.now()])).map(seekOut);
  }

  async get(id: string): Promise<SeekT | null> {
    const [r] = await this.sql.all<SeekDb>(`${SELECT} WHERE k.id = ?`, [id]);
    return r ? seekOut(r) : null;
  }

  /** The user's seeks paired since `since` (ms), to tell their lobby sockets. */
  async pairedSince(userId: number, since: number): Promise<SeekT[]> {
    return (await this.sql.all<SeekDb>(`${SELECT} WHERE k.user_id = ? AND k.status = 'paired' AND k.updated_at >= ?`, [userId, since])).map(seekOut);
  }

  async post(user: UserRow | null, body: SeekBodyT): Promise<SeekT> {
    if (!user) throw unauthorized();
    const game = getGame(body.game);
    if (!game) throw unprocessable('unknown-game', `No game "${body.game}".`);
    const scenario = body.scenario ?? game.scenarios[0]!;
    if (!game.scenarios.includes(scenario)) throw unprocessable('unknown-scenario', `"${game.id}" has no scenario "${scenario}".`);
    const two = game.players ? game.players.min <= 2 && game.players.max >= 2 : game.roles({ seed: 'x', scenario }).length === 2;
    if (!two) throw unprocessable('bad-players', 'Seeks are for two-player games.');
    const tc = timeControlKey(body.timeControl ?? { kind: 'none' });
    const rated = body.rated === true ? 1 : 0;
    const now = this.now();
    const mine = await this.sql.all<SeekDb>(`${SELECT} WHERE k.user_id = ? AND k.status = 'open' AND k.expires_at > ?`, [user.id, now]);
    const same = mine.find((s) => s.game === game.id && s.scenario === scenario && s.time_control === tc && Number(s.rated) === rated);
    if (same) return seekOut(same);
    if (mine.length >= MAX_SEEKS_PER_USER) throw conflict('too-many-seeks', `At most ${MAX_SEEKS_PER_USER} open seeks at once.`);
    const id = randomBytes(9).toString('base64url');
    const ttl = body.timeControl?.kind === 'correspondence' ? SEEK_TTL_MS.correspondence : SEEK_TTL_MS.live;
    await this.sql.run(`INSERT INTO seeks (id, user_id, game, scenario, time_control, rated, status, created_at, expires_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'open', ?, ?, ?)`,
      [id, user.id, game.id, scenario, tc, rated, now, now + ttl, now]);
    await this.pair(id);
    this.changed();
    return (await this.get(id))!;
  }

  async cancel(user: UserRow | null, id: string): Promise<void> {
    if (!user) throw unauthorized();
    const s = await this.get(id);
    if (!s || s.user !== user.name) throw notFound('seek-not-found', `No seek "${id}" of yours.`);
    const n = await this.sql.run(`UPDATE seeks SET status = 'cancelled', updated_at = ? WHERE id = ? AND user_id = ? AND status = 'open'`, [this.now(), id, user.id]);
    if (n !== 1) throw conflict('seek-not-open', `The seek is ${s.status} already.`);
    this.changed();
  }

  /** Withdraws open seeks past their expiry. Returns how many. */
  async expire(): Promise<number> {
    const now = this.now();
    const n = await this.sql.run(`UPDATE seeks SET status = 'expired', updated_at = ? WHERE status = 'open' AND expires_at <= ?`, [now, now]);
    if (n > 0) this.changed();
    return n;
  }

  /** Pairs every open seek that has a compatible one (a sweep; posting a seek pairs it at once). */
  async pairAll(): Promise<number> {
    let made = 0;
    for (const s of await this.open()) if (await this.pair(s.id)) made++;
    if (made > 0) this.changed();
    return made;
  }

  /** Tries to pair seek `id` with the oldest compatible open seek of another user; the game's id, or null. */
  async pair(id: string): Promise<string | null> {
    const found = await this.sql.all<SeekDb>(`${SELECT} WHERE k.id = ?`, [id]);
    const me: SeekDb | undefined = found[0];
    if (!me || me.status !== 'open') return null;
    const now = this.now();
    const others = await this.sql.all<SeekDb>(`${SELECT} WHERE k.status = 'open' AND k.game = ? AND k.scenario = ? AND k.time_control = ? AND k.rated = ? AND k.user_id <> ? AND k.expires_at > ? ORDER BY k.created_at, k.id LIMIT 10`,
      [me.game, me.scenario, me.time_control, me.rated, me.user_id, now]);
    for (const other of others) {
      const lowFirst = me.id < other.id;
      const first: SeekDb = lowFirst ? me : other;
      const second: SeekDb = lowFirst ? other : me;
      const token = randomBytes(12).toString('hex');
      // The claim names the game to be made, so a sweep can finish or undo a pairing whose process died (recover).
      const gameId = newGameId();
      const claim = (s: SeekDb): Promise<number> => this.sql.run(`UPDATE seeks SET status = 'pairing', token = ?, game_id = ?, updated_at = ? WHERE id = ? AND status = 'open'`, [token, gameId, now, s.id]);
      if ((await claim(first)) !== 1) {
        if (first === me) return null;
        continue;
      }
      if ((await claim(second)) !== 1) {
        await this.release(token);
        if (second === me) return null;
        continue;
      }
      try {
        if (!(await this.start(first, second, gameId, token))) return null;
        await this.sql.run(`UPDATE seeks SET status = 'paired', updated_at = ? WHERE token = ? AND status = 'pairing'`, [this.now(), token]);
        return gameId;
      } catch (e) {
        await this.release(token);
        throw e;
      }
    }
    return null;
  }

  /** Returns claimed seeks to open. */
  private release(token: string): Promise<number> {
    return this.sql.run(`UPDATE seeks SET status = 'open', token = NULL, game_id = NULL, updated_at = ? WHERE token = ? AND status = 'pairing'`, [this.now(), token]);
  }

  /**
   * Seeks left in 'pairing' for PAIRING_STALE_MS (the process pairing them died between the claim and the end):
   * if the claimed game exists, the pairing is finished (the missing players seated, the rated mark written);
   * otherwise the seeks are open again. Returns how many seeks changed.
   */
  async recover(staleMs = PAIRING_STALE_MS): Promise<number> {
    const stuck = await this.sql.all<SeekDb>(`${SELECT} WHERE k.status = 'pairing' AND k.updated_at <= ? ORDER BY k.created_at`, [this.now() - staleMs]);
    const byToken = new Map<string, SeekDb[]>();
    for (const s of stuck) byToken.set(s.token ?? '', [...(byToken.get(s.token ?? '') ?? []), s]);
    let changed = 0;
    for (const [token, seeks] of byToken) {
      const row = seeks[0]!.game_id ? await this.games.table.store.getGame(seeks[0]!.game_id) : null;
      if (row && (await this.finish(row, seeks))) {
        changed += await this.sql.run(`UPDATE seeks SET status = 'paired', updated_at = ? WHERE token = ? AND status = 'pairing'`, [this.now(), token]);
      } else {
        changed += await this.release(token);
      }
    }
    if (changed > 0) this.changed();
    return changed;
  }

  /** Seats the claimed seeks' owners missing from their game; true when all of them hold a seat. */
  private async finish(row: GameRow, seeks: SeekDb[]): Promise<boolean> {
    if (Number(seeks[0]!.rated) === 1) await this.sql.run('INSERT INTO game_meta (game_id, rated) VALUES (?, 1) ON CONFLICT (game_id) DO NOTHING', [row.id]);
    for (const s of seeks) {
      const cur = (await this.games.table.store.getGame(row.id))!;
      if (cur.seats.some((x) => x.userId === Number(s.user_id))) continue;
      const free = cur.seats.find((x) => x.userId === null && x.bot === null);
      if (!free || cur.status !== 'open') return false;
      await this.games.lobby.takeSeat({ id: Number(s.user_id), name: s.name }, row.id, free.role).catch(() => undefined);
    }
    const end = (await this.games.table.store.getGame(row.id))!;
    return seeks.every((s) => end.seats.some((x) => x.userId === Number(s.user_id)));
  }

  /**
   * The game of two claimed seeks: made by the older seek's owner, seats drawn at random. False when the claim
   * was lost while the game was being made (this process stalled past PAIRING_STALE_MS and a sweep reopened the
   * seeks): then nobody is seated, so the seeks cannot end up with two games; the empty game expires unjoined.
   */
  private async start(a: SeekDb, b: SeekDb, gameId: string, token: string): Promise<boolean> {
    const [older, newer] = Number(a.created_at) <= Number(b.created_at) ? [a, b] : [b, a];
    const game = getGame(older.game)!;
    const ua: UserRow = { id: Number(older.user_id), name: older.name }, ub: UserRow = { id: Number(newer.user_id), name: newer.name };
    const players = game.players && game.players.default !== 2 ? { players: 2 } : {};
    const { id } = await this.games.lobby.createGame(ua, {
      game: older.game, scenario: older.scenario, ...players, timeControl: JSON.parse(older.time_control) as TimeControlT, rated: Number(older.rated) === 1,
    }, gameId);
    // Still ours? (Also renews the claim's age.)
    if ((await this.sql.run(`UPDATE seeks SET updated_at = ? WHERE token = ? AND status = 'pairing'`, [this.now(), token])) !== 2) return false;
    const roles = (await this.games.table.store.getGame(id))!.seats.map((s) => s.role);
    const [x, y] = randomInt(2) === 0 ? [ua, ub] : [ub, ua];
    await this.games.lobby.takeSeat(x, id, roles[0]!);
    await this.games.lobby.takeSeat(y, id, roles[1]!);
    return true;
  }
}
