import glicko2 from 'glicko2';
import { GLICKO, PROVISIONAL_RD, type RatingT } from '@tabula/protocol';
import type { Outcome } from '@tabula/engine';
import type { GameRow, Glicko, RatingRow, SocialStore } from '../store/index.js';

export type { Glicko } from '../store/index.js';
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

export const ratingOut = (r: RatingRow): RatingT => ({
  game: r.game, rating: r.rating, rd: r.rd, vol: r.vol, games: r.games, provisional: r.rd > PROVISIONAL_RD,
});

export class Ratings {
  constructor(private readonly stored: SocialStore, private readonly now: () => number) {}

  async of(userId: number): Promise<RatingT[]> {
    return (await this.stored.ratings.of(userId)).map(ratingOut);
  }

  async leaderboard(game: string, limit: number): Promise<{ name: string; rating: number; rd: number; games: number; provisional: boolean }[]> {
    const rows = await this.stored.ratings.leaderboard(game, PROVISIONAL_RD, limit);
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
    if (!(await this.stored.meta.toRate(row.id))) return false; // not a rated game, or rated already
    const matches = pairwise(row.seats.map((s) => s.role), row.outcome);
    for (let attempt = 0; attempt < 8; attempt++) {
      const now = this.now();
      // Rows not rated yet (games = 0) are not shown (of, leaderboard).
      const rows = await this.stored.ratings.forPlayers(row.game, users, START, now);
      const before = users.map((u) => rows.find((r) => r.userId === u)!);
      const after = rate(before.map((r) => ({ rating: r.rating, rd: r.rd, vol: r.vol })), matches);
      const players = users.map((u, i) => ({ userId: u, games: before[i]!.games, after: after[i]! }));
      if (await this.stored.ratings.rate(row.id, row.game, players, now)) return true;
      if (!(await this.stored.meta.toRate(row.id))) return false; // rated meanwhile by another process
    }
    return false;
  }
}
