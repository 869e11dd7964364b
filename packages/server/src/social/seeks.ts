import { randomBytes, randomInt } from 'node:crypto';
import { MAX_SEEKS_PER_USER, SEEK_TTL_MS, type SeekBodyT, type SeekT, type TimeControlT } from '@tabula/protocol';
import { getGame } from '@tabula/games';
import { conflict, notFound, unauthorized, unprocessable } from '../http/errors.js';
import type { Games } from '../games/index.js';
import { newGameId } from '../accounts/passwords.js';
import type { GameRow, SeekRow, SeekStore, UserRow } from '../store/index.js';
import type { GameMetaStore } from '../store/social.js';

/** A seek still 'pairing' after this long lost the process pairing it (a crash); the sweep recovers it. */
export const PAIRING_STALE_MS = 30_000;

/** One spelling per time control, so equal controls compare equal as text. */
export function timeControlKey(tc: TimeControlT): string {
  if (tc.kind === 'live') return JSON.stringify({ kind: 'live', baseSeconds: tc.baseSeconds, incrementSeconds: tc.incrementSeconds });
  if (tc.kind === 'correspondence') return JSON.stringify({ kind: 'correspondence', days: tc.days });
  return JSON.stringify({ kind: 'none' });
}

/** Open seeks listed at most. */
const LISTED = 200;
/** Compatible seeks tried per pairing. */
const CANDIDATES = 10;

const seekOut = (r: SeekRow): SeekT => ({
  id: r.id, user: r.name, game: r.game, scenario: r.scenario, timeControl: JSON.parse(r.timeControl) as TimeControlT, rated: r.rated,
  status: r.status === 'pairing' ? 'open' : r.status, gameId: r.status === 'paired' ? r.gameId : null,
  createdAt: new Date(r.createdAt).toISOString(), expiresAt: new Date(r.expiresAt).toISOString(),
});

/**
 * Quick pairing: "any opponent for this game, scenario, time control, rated". Two compatible open seeks
 * make one game. Pairing claims both seeks with conditional updates (status 'open' -> 'pairing', lower id
 * first), so of any number of processes trying to pair the same seeks exactly one succeeds and makes the game.
 * The claim records the id of the game to be made; a process that dies before 'paired' leaves 'pairing' seeks
 * that the sweep recovers after PAIRING_STALE_MS (`recover`: finish the pairing if its game exists, else reopen).
 */
export class Seeks {
  constructor(private readonly stored: SeekStore, private readonly meta: GameMetaStore, private readonly games: Games, private readonly now: () => number,
    private readonly changed: () => void) {}

  async open(): Promise<SeekT[]> {
    return (await this.stored.open(this.now(), LISTED)).map(seekOut);
  }

  async get(id: string): Promise<SeekT | null> {
    const r = await this.stored.get(id);
    return r ? seekOut(r) : null;
  }

  /** The user's seeks paired since `since` (ms), to tell their lobby sockets. */
  async pairedSince(userId: number, since: number): Promise<SeekT[]> {
    return (await this.stored.pairedSince(userId, since)).map(seekOut);
  }

  async post(user: UserRow | null, body: SeekBodyT): Promise<SeekT> {
    if (!user) throw unauthorized();
    // A seek may become a game: it counts against the creation limit when posted (the pairing itself does not).
    await this.games.lobby.creationLimit(user);
    const game = getGame(body.game);
    if (!game) throw unprocessable('unknown-game', `No game "${body.game}".`);
    const scenario = body.scenario ?? game.scenarios[0]!;
    if (!game.scenarios.includes(scenario)) throw unprocessable('unknown-scenario', `"${game.id}" has no scenario "${scenario}".`);
    const two = game.players ? game.players.min <= 2 && game.players.max >= 2 : game.roles({ seed: 'x', scenario }).length === 2;
    if (!two) throw unprocessable('bad-players', 'Seeks are for two-player games.');
    const tc = timeControlKey(body.timeControl ?? { kind: 'none' });
    const rated = body.rated === true;
    const now = this.now();
    const mine = await this.stored.openOf(user.id, now);
    const same = mine.find((s) => s.game === game.id && s.scenario === scenario && s.timeControl === tc && s.rated === rated);
    if (same) return seekOut(same);
    if (mine.length >= MAX_SEEKS_PER_USER) throw conflict('too-many-seeks', `At most ${MAX_SEEKS_PER_USER} open seeks at once.`);
    const id = randomBytes(9).toString('base64url');
    const ttl = body.timeControl?.kind === 'correspondence' ? SEEK_TTL_MS.correspondence : SEEK_TTL_MS.live;
    await this.stored.insert({ id, userId: user.id, game: game.id, scenario, timeControl: tc, rated, now, expiresAt: now + ttl });
    await this.pair(id);
    this.changed();
    return (await this.get(id))!;
  }

  async cancel(user: UserRow | null, id: string): Promise<void> {
    if (!user) throw unauthorized();
    const s = await this.get(id);
    if (!s || s.user !== user.name) throw notFound('seek-not-found', `No seek "${id}" of yours.`);
    if (!(await this.stored.cancel(id, user.id, this.now()))) throw conflict('seek-not-open', `The seek is ${s.status} already.`);
    this.changed();
  }

  /** Withdraws open seeks past their expiry. Returns how many. */
  async expire(): Promise<number> {
    const now = this.now();
    const n = await this.stored.expire(now);
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
    const me: SeekRow | null = await this.stored.get(id);
    if (!me || me.status !== 'open') return null;
    const now = this.now();
    const others = await this.stored.compatible(me, now, CANDIDATES);
    for (const other of others) {
      const lowFirst = me.id < other.id;
      const first: SeekRow = lowFirst ? me : other;
      const second: SeekRow = lowFirst ? other : me;
      const token = randomBytes(12).toString('hex');
      // The claim names the game to be made, so a sweep can finish or undo a pairing whose process died (recover).
      const gameId = newGameId();
      const claim = (s: SeekRow): Promise<boolean> => this.stored.claim(s.id, token, gameId, now);
      if (!(await claim(first))) {
        if (first === me) return null;
        continue;
      }
      if (!(await claim(second))) {
        await this.release(token);
        if (second === me) return null;
        continue;
      }
      try {
        if (!(await this.start(first, second, gameId, token))) return null;
        await this.stored.paired(token, this.now());
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
    return this.stored.release(token, this.now());
  }

  /**
   * Seeks left in 'pairing' for PAIRING_STALE_MS (the process pairing them died between the claim and the end):
   * if the claimed game exists, the pairing is finished (the missing players seated, the rated mark written);
   * otherwise the seeks are open again. Returns how many seeks changed.
   */
  async recover(staleMs = PAIRING_STALE_MS): Promise<number> {
    const stuck = await this.stored.stalePairing(this.now() - staleMs);
    const byToken = new Map<string, SeekRow[]>();
    for (const s of stuck) byToken.set(s.token ?? '', [...(byToken.get(s.token ?? '') ?? []), s]);
    let changed = 0;
    for (const [token, seeks] of byToken) {
      const row = seeks[0]!.gameId ? await this.games.table.store.getGame(seeks[0]!.gameId) : null;
      if (row && (await this.finish(row, seeks))) {
        changed += await this.stored.paired(token, this.now());
      } else {
        changed += await this.release(token);
      }
    }
    if (changed > 0) this.changed();
    return changed;
  }

  /** Seats the claimed seeks' owners missing from their game; true when all of them hold a seat. */
  private async finish(row: GameRow, seeks: SeekRow[]): Promise<boolean> {
    if (seeks[0]!.rated) await this.meta.markRated(row.id);
    for (const s of seeks) {
      const cur = (await this.games.table.store.getGame(row.id))!;
      if (cur.seats.some((x) => x.userId === s.userId)) continue;
      const free = cur.seats.find((x) => x.userId === null && x.bot === null);
      if (!free || cur.status !== 'open') return false;
      await this.games.lobby.takeSeat({ id: s.userId, name: s.name }, row.id, free.role).catch(() => undefined);
    }
    const end = (await this.games.table.store.getGame(row.id))!;
    return seeks.every((s) => end.seats.some((x) => x.userId === s.userId));
  }

  /**
   * The game of two claimed seeks: made by the older seek's owner, seats drawn at random. False when the claim
   * was lost while the game was being made (this process stalled past PAIRING_STALE_MS and a sweep reopened the
   * seeks): then nobody is seated, so the seeks cannot end up with two games; the empty game expires unjoined.
   */
  private async start(a: SeekRow, b: SeekRow, gameId: string, token: string): Promise<boolean> {
    const [older, newer] = a.createdAt <= b.createdAt ? [a, b] : [b, a];
    const game = getGame(older.game)!;
    const ua: UserRow = { id: older.userId, name: older.name }, ub: UserRow = { id: newer.userId, name: newer.name };
    const players = game.players && game.players.default !== 2 ? { players: 2 } : {};
    const { id } = await this.games.lobby.createGame(ua, {
      game: older.game, scenario: older.scenario, ...players, timeControl: JSON.parse(older.timeControl) as TimeControlT, rated: older.rated,
    }, gameId, null);
    // Still ours? (Also renews the claim's age.)
    if ((await this.stored.renew(token, this.now())) !== 2) return false;
    const roles = (await this.games.table.store.getGame(id))!.seats.map((s) => s.role);
    const [x, y] = randomInt(2) === 0 ? [ua, ub] : [ub, ua];
    await this.games.lobby.takeSeat(x, id, roles[0]!);
    await this.games.lobby.takeSeat(y, id, roles[1]!);
    return true;
  }
}
