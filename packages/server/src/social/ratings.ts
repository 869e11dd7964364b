import glicko2 from 'glicko2';
import { GLICKO, PROVISIONAL_RD, type RatingT } from '@tabula/protocol';
import type { Outcome } from '@tabula/engine';
import type { GameRow, SqlRunner } from '../store/index.js';
import type { Group, Statement } from '../store/sql.js';

export interface Glicko { rating: number; rd: number; vol: number }
export const START: Glicko = { rating: GLICKO.rating, rd: GLICKO.rd, vol: GLICKO.vol };

/** Outcomes that are no result: nothing is rated. */
const NO_RESULT = new Set(['aborted', 'expired']);

/**
 * The matches one finished game counts as, by final rank: winners rank above everyone else, then a higher
 * score ranks higher; every pair of seats is one match (1 / 0.5 / 0 for the first of the pair). Two seats:
 * the one game. 3-5 player Carcassonne: each pair of seats (docs/api.md "Ratings").
 */
export function pairwise(roles: string[], outcome: Outcome): [number, number, number][] {
  const key = (r: string): [number, number] => [outcome.winners.includes(r) ? 1 : 0, outcome.scores?.[r] ?? 0];
  const out: [number, number, number][] = [];
  for (let i = 0; i < roles.length; i++) {
    for (let j = i + 1; j < roles.length; j++) {
      const [wi, si] = key(roles[i]!), [wj, sj] = key(roles[j]!);
      const cmp = wi !== wj ? wi - wj : si - sj;
      out.push([i, j, cmp > 0 ? 1 : cmp < 0 ? 0 : 0.5]);
    }
  }
  return out;
}

/** One rating period of the `glicko2` library: the players' new values after `matches` (indices into `players`). */
export function rate(players: Glicko[], matches: [number, number, number][]): Glicko[] {
  const ranking = new glicko2.Glicko2({ tau: GLICKO.tau, rating: GLICKO.rating, rd: GLICKO.rd, vol: GLICKO.vol });
  const ps = players.map((p) => ranking.makePlayer(p.rating, p.rd, p.vol));
  ranking.updateRatings(matches.map(([a, b, s]) => [ps[a]!, ps[b]!, s]));
  return ps.map((p) => ({ rating: p.getRating(), rd: p.getRd(), vol: p.getVol() }));
}

interface RatingDb { user_id: number | string; game: string; rating: number; rd: number; vol: number; games: number | string }

export const ratingOut = (r: RatingDb): RatingT => ({
  game: r.game, rating: Number(r.rating), rd: Number(r.rd), vol: Number(r.vol), games: Number(r.games), provisional: Number(r.rd) > PROVISIONAL_RD,
});

export class Ratings {
  constructor(private readonly sql: SqlRunner, private readonly now: () => number) {}

  async of(userId: number): Promise<RatingT[]> {
    return (await this.sql.all<RatingDb>('SELECT user_id, game, rating, rd, vol, games FROM ratings WHERE user_id = ? AND games > 0 ORDER BY game', [userId])).map(ratingOut);
  }

  async leaderboard(game: string, limit: number): Promise<{ name: string; rating: number; rd: number; games: number; provisional: boolean }[]> {
    const rows = await this.sql.all<RatingDb & { name: string }>(
      `SELECT r.user_id, r.game, r.rating, r.rd, r.vol, r.games, u.name FROM ratings r JOIN users u ON u.id = r.user_id
       WHERE r.game = ? AND r.games > 0 ORDER BY CASE WHEN r.rd > ? THEN 1 ELSE 0 END, r.rating DESC, u.name LIMIT ?`, [game, PROVISIONAL_RD, limit]);
    return rows.map((r) => ({ name: r.name, ...ratingOut(r) })).map(({ name, rating, rd, games, provisional }) => ({ name, rating, rd, games, provisional }));
  }

  /**
   * Rates a finished game once (across processes). Only rated games whose every seat is a person, with at
   * least two different people, and a result (not aborted/expired). The game's "rated" mark and every
   * player's new values are written in one transaction, each row only if no other game changed it since it
   * was read (else read again): a reader never sees half a rating, and no game is counted twice.
   */
  async finished(row: GameRow): Promise<boolean> {
    if (row.status !== 'finished' || !row.outcome || NO_RESULT.has(row.outcome.reason) || (row.outcome as { unrated?: boolean }).unrated) return false;
    if (row.seats.some((s) => s.userId === null)) return false;
    const users = row.seats.map((s) => s.userId!);
    if (new Set(users).size !== users.length || users.length < 2) return false;
    const open = await this.sql.all<{ n: number | string }>('SELECT COUNT(*) AS n FROM game_meta WHERE game_id = ? AND rated = 1 AND rated_done = 0', [row.id]);
    if (Number(open[0]?.n ?? 0) === 0) return false; // not a rated game, or rated already
    const matches = pairwise(row.seats.map((s) => s.role), row.outcome);
    const claim: Statement = ['UPDATE game_meta SET rated_done = 1 WHERE game_id = ? AND rated = 1 AND rated_done = 0', [row.id]];
    for (let attempt = 0; attempt < 8; attempt++) {
      const now = this.now();
      // Rows not rated yet (games = 0) are not shown (of, leaderboard).
      for (const u of users) {
        await this.sql.run('INSERT INTO ratings (user_id, game, rating, rd, vol, games, updated_at) VALUES (?, ?, ?, ?, ?, 0, ?) ON CONFLICT (user_id, game) DO NOTHING', [u, row.game, START.rating, START.rd, START.vol, now]);
      }
      const marks = `(${users.map(() => '?').join(', ')})`;
      const rows = await this.sql.all<RatingDb>(`SELECT user_id, game, rating, rd, vol, games FROM ratings WHERE game = ? AND user_id IN ${marks}`, [row.game, ...users]);
      const before = users.map((u) => rows.find((r) => Number(r.user_id) === u)!);
      const after = rate(before.map((r) => ({ rating: Number(r.rating), rd: Number(r.rd), vol: Number(r.vol) })), matches);
      const writes: Group[] = [{ guard: claim, rest: [] }, ...users.map((u, i): Group => ({
        guard: ['UPDATE ratings SET rating = ?, rd = ?, vol = ?, games = games + 1, updated_at = ? WHERE user_id = ? AND game = ? AND games = ?',
          [after[i]!.rating, after[i]!.rd, after[i]!.vol, now, u, row.game, Number(before[i]!.games)]],
        rest: [],
      }))];
      if ((await this.sql.batch(writes, { allOrNothing: true }))[0]!.ran) return true;
      const still = await this.sql.all<{ n: number | string }>('SELECT COUNT(*) AS n FROM game_meta WHERE game_id = ? AND rated = 1 AND rated_done = 0', [row.id]);
      if (Number(still[0]?.n ?? 0) === 0) return false; // rated meanwhile by another process
    }
    return false;
  }
}
