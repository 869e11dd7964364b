import glicko2 from 'glicko2';
import { GLICKO, PROVISIONAL_RD, RATING_REPEAT, type GameRatingsT, type RatingHistoryT, type RatingT } from '@tabula/protocol';
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

/** The weight of a rated game that is the `nth` (1-based) between one pair within RATING_REPEAT.windowMs. */
export function repeatWeight(nth: number): number {
  return RATING_REPEAT.weights[nth - 1] ?? 0;
}

/**
 * `after` moved toward `before` by the game's weight: 1 is the full Glicko-2 update, 0.5 half of each change
 * (rating, deviation, volatility), 0 none.
 */
export function weighted(before: Glicko, after: Glicko, weight: number): Glicko {
  const mix = (a: number, b: number): number => a + weight * (b - a);
  return weight >= 1 ? after : { rating: mix(before.rating, after.rating), rd: mix(before.rd, after.rd), vol: mix(before.vol, after.vol) };
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
   * was read (else read again): a reader never sees half a rating, and no game is counted twice. Repeated
   * games between one pair count less (`weights`, RATING_REPEAT).
   */
  async finished(row: GameRow): Promise<boolean> {
    if (!rateable(row)) return false;
    const users = row.seats.map((s) => s.userId!);
    if (!(await this.stored.meta.toRate(row.id))) return false; // not a rated game, or rated already
    const matches = pairwise(row.seats.map((s) => s.role), row.outcome!);
    for (let attempt = 0; attempt < 8; attempt++) {
      const now = this.now();
      // Rows not rated yet (games = 0) are not shown (of, leaderboard).
      const rows = await this.stored.ratings.forPlayers(row.game, users, START, now);
      const before = users.map((u) => rows.find((r) => r.userId === u)!);
      const full = rate(before.map((r) => ({ rating: r.rating, rd: r.rd, vol: r.vol })), matches);
      const weights = await this.weights(row.game, users, matches, now);
      const players = users.map((u, i) => ({ userId: u, games: before[i]!.games, before: before[i]!.rating, after: weighted(before[i]!, full[i]!, weights[i]!), weight: weights[i]! }));
      if (await this.stored.ratings.rate(row.id, row.game, players, now)) return true;
      if (!(await this.stored.meta.toRate(row.id))) return false; // rated meanwhile by another process
    }
    return false;
  }

  /**
   * Each player's weight for this game: per pair of seats, the pair's repeat weight (this game is the pair's
   * n-th rated game of this kind within the window); a player's weight is the mean over their pairs.
   */
  private async weights(game: string, users: number[], matches: [number, number, number][], now: number): Promise<number[]> {
    const sum = users.map(() => 0), count = users.map(() => 0);
    for (const [a, b] of matches) {
      const w = repeatWeight((await this.stored.ratings.pairGames(game, users[a]!, users[b]!, now - RATING_REPEAT.windowMs)) + 1);
      sum[a]! += w; sum[b]! += w; count[a]!++; count[b]!++;
    }
    return users.map((_, i) => (count[i] ? sum[i]! / count[i]! : 1));
  }

  /** What a game did to its players' ratings, as the result screen shows it. */
  async ofGame(row: GameRow): Promise<GameRatingsT> {
    if (!rateable(row) || !(await this.stored.meta.ratedOf([row.id])).has(row.id)) return { status: 'unrated', players: [] };
    const done = await this.stored.ratings.ofGame(row.id);
    if (done.length === 0) return { status: 'pending', players: [] };
    return {
      status: 'rated',
      players: row.seats.flatMap((s) => {
        const d = done.find((x) => x.userId === s.userId);
        return d ? [{ role: s.role, user: d.name, before: d.before, after: d.after, weight: d.weight }] : [];
      }),
    };
  }

  /** A user's rating after each of their newest `limit` rated games of `game`, newest first. */
  async history(userId: number, game: string, limit: number): Promise<RatingHistoryT> {
    const rows = await this.stored.ratings.history(userId, game, limit);
    return {
      game,
      entries: rows.map((r) => ({ gameId: r.gameId, at: new Date(r.at).toISOString(), rating: r.after, change: r.after - r.before, weight: r.weight, opponents: r.opponents })),
    };
  }
}

/** A finished game that can change ratings: a result (not aborted/expired, not before every seat acted), every seat a different person. */
function rateable(row: GameRow): boolean {
  if (row.status !== 'finished' || !row.outcome || NO_RESULT.has(row.outcome.reason) || (row.outcome as { unrated?: boolean }).unrated) return false;
  if (row.seats.some((s) => s.userId === null)) return false;
  const users = row.seats.map((s) => s.userId!);
  return new Set(users).size === users.length && users.length >= 2;
}
