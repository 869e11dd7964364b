/**
 * What a pairing's finished games give (pure): tournament points per player, game points (tables), whether
 * it was a forfeit and who forfeited. A forfeit is a game aborted because a seat made no first move in its
 * window (or aborted by that seat): that player loses, the others win.
 */
import type { OutcomeT } from '@tabula/protocol';
import { placementPoints } from './standings.js';

/** A finished game of a pairing: the players' names by seat index, the roles by seat index, the outcome. */
export interface FinishedGame { seats: string[]; roles: string[]; outcome: OutcomeT }

export interface PairingResult {
  /** Per player, in `players` order. */
  points: number[];
  /** Game points per player (the games' scores summed; tables tie-break), or null when the game reports none. */
  gamePoints: number[] | null;
  forfeit: boolean;
  /** Names of the players who forfeited a game. */
  forfeited: string[];
}

/** Per player of one game: 1 won, ½ drawn (no winner, or everyone), 0 lost; a forfeiting seat 0 and the rest 1. */
function gameScore(g: FinishedGame, players: readonly string[]): { score: number[]; forfeiter: string | null; points: number[] | null } {
  const o = g.outcome;
  const roleOf = (name: string): string => g.roles[g.seats.indexOf(name)]!;
  if (o.reason === 'aborted' && o.by !== undefined) {
    const by = g.seats[g.roles.indexOf(o.by)] ?? null;
    return { score: players.map((n) => (n === by ? 0 : 1)), forfeiter: by, points: null };
  }
  const winners = o.winners;
  const draw = winners.length === 0 || winners.length === g.roles.length;
  const points = o.scores ? players.map((n) => o.scores![roleOf(n)] ?? 0) : null;
  return { score: players.map((n) => (draw ? 0.5 : winners.includes(roleOf(n)) ? 1 : 0)), forfeiter: null, points };
}

/**
 * A two-player pairing: one game scores as it ended; a two-game match by the games won (1 for more, ½ each for
 * equal). `decisive` (elimination): an equal match goes to the player with more game points over the match,
 * then to the higher seed (`seedOrder`: lower index is the higher seed).
 */
export function twoPlayerResult(players: readonly string[], games: readonly FinishedGame[], decisive: boolean, seedOrder: readonly string[]): PairingResult {
  const total = players.map(() => 0), pts = players.map(() => 0);
  const forfeited: string[] = [];
  let scored = false;
  for (const g of games) {
    const r = gameScore(g, players);
    r.score.forEach((s, i) => { total[i]! += s; });
    if (r.points) { scored = true; r.points.forEach((p, i) => { pts[i]! += p; }); }
    if (r.forfeiter) forfeited.push(r.forfeiter);
  }
  let points: number[];
  if (total[0] !== total[1]) points = total[0]! > total[1]! ? [1, 0] : [0, 1];
  else if (!decisive) points = games.length === 1 ? [...total] : [0.5, 0.5];
  else if (scored && pts[0] !== pts[1]) points = pts[0]! > pts[1]! ? [1, 0] : [0, 1];
  else points = seedOrder.indexOf(players[0]!) <= seedOrder.indexOf(players[1]!) ? [1, 0] : [0, 1];
  return { points, gamePoints: scored ? pts : null, forfeit: forfeited.length > 0, forfeited };
}

/**
 * A table of 3-5 (one game): placement points by the result (winners above the others, then the game's
 * scores); a forfeiting player places last and the others share the top places.
 */
export function tableResult(players: readonly string[], game: FinishedGame): PairingResult {
  const r = gameScore(game, players);
  if (r.forfeiter) {
    return { points: placementPoints(players.map((n) => (n === r.forfeiter ? 0 : 1))), gamePoints: null, forfeit: true, forfeited: [r.forfeiter] };
  }
  const key = players.map((_, i) => r.score[i]! * 1e9 + (r.points?.[i] ?? 0));
  return { points: placementPoints(key), gamePoints: r.points, forfeit: false, forfeited: [] };
}
