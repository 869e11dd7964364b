/**
 * Standings (pure). Two-player formats: score (win 1, draw ½, loss 0, bye 1), then Buchholz (the sum of the
 * opponents' scores; a bye adds nothing), then Sonneborn-Berger (the scores of the opponents beaten plus half
 * of those drawn with). Tables of 3-5: score, then the game points scored. Equal standings share a rank.
 */
import type { TournamentStandingT } from '@tabula/protocol';
import type { PastPairing } from './pairing.js';

export interface StandingPlayer { name: string; rating: number; withdrawn: boolean; bot: boolean; eliminated?: boolean }

export interface Scored extends PastPairing {
  /** Game points per player (tables of 3-5), summed over the pairing's games. */
  gamePoints?: number[];
}

/** Rounds each tie-break to 2 decimals (the halves and quarters of matches stay exact). */
const r2 = (x: number): number => Math.round(x * 100) / 100;

export function standings(players: readonly StandingPlayer[], pairings: readonly Scored[], kind: 'two' | 'tables'): TournamentStandingT[] {
  const score = new Map<string, number>(), played = new Map<string, number>(), points = new Map<string, number>();
  for (const p of players) { score.set(p.name, 0); played.set(p.name, 0); points.set(p.name, 0); }
  const decided = pairings.filter((p) => p.points !== null);
  for (const p of decided) {
    p.players.forEach((n, i) => {
      score.set(n, (score.get(n) ?? 0) + p.points![i]!);
      if (!p.bye) played.set(n, (played.get(n) ?? 0) + 1);
      points.set(n, (points.get(n) ?? 0) + (p.gamePoints?.[i] ?? 0));
    });
  }
  const buchholz = new Map<string, number>(), sb = new Map<string, number>();
  if (kind === 'two') {
    for (const p of decided) {
      if (p.bye || p.players.length !== 2) continue;
      const [a, b] = p.players as [string, string];
      const [pa, pb] = p.points as [number, number];
      buchholz.set(a, (buchholz.get(a) ?? 0) + score.get(b)!);
      buchholz.set(b, (buchholz.get(b) ?? 0) + score.get(a)!);
      sb.set(a, (sb.get(a) ?? 0) + pa * score.get(b)!);
      sb.set(b, (sb.get(b) ?? 0) + pb * score.get(a)!);
    }
  }
  const keyOf = (n: string): number[] => (kind === 'two' ? [score.get(n)!, buchholz.get(n) ?? 0, sb.get(n) ?? 0] : [score.get(n)!, points.get(n)!]);
  const cmp = (x: number[], y: number[]): number => { for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return y[i]! - x[i]!; return 0; };
  const sorted = [...players].sort((a, b) => cmp(keyOf(a.name), keyOf(b.name)) || b.rating - a.rating || (a.name < b.name ? -1 : 1));
  return sorted.map((p): TournamentStandingT => {
    const k = keyOf(p.name);
    const rank = 1 + sorted.filter((o) => cmp(keyOf(o.name), k) < 0).length;
    return {
      rank, name: p.name, rating: Math.round(p.rating), score: r2(score.get(p.name)!),
      tieBreaks: kind === 'two' ? { buchholz: r2(buchholz.get(p.name) ?? 0), sonnebornBerger: r2(sb.get(p.name) ?? 0) } : { tablePoints: r2(points.get(p.name)!) },
      played: played.get(p.name)!, withdrawn: p.withdrawn, ...(p.eliminated !== undefined ? { eliminated: p.eliminated } : {}), ...(p.bot ? { bot: true } : {}),
    };
  });
}

/**
 * Placement points at a table of n: the winner 1, the last 0, evenly between (ties share the average of
 * their places). `scores` per player; higher is better.
 */
export function placementPoints(scores: readonly number[]): number[] {
  const n = scores.length;
  if (n < 2) return scores.map(() => 1);
  return scores.map((s) => {
    const above = scores.filter((x) => x > s).length, same = scores.filter((x) => x === s).length;
    // Places above..above+same-1 (0-based) share their points.
    let sum = 0;
    for (let pl = above; pl < above + same; pl++) sum += (n - 1 - pl) / (n - 1);
    return sum / same;
  });
}
