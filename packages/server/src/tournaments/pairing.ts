/**
 * Pairing of the formats (pure and deterministic: the same tournament state gives the same pairing; no clock,
 * no Math.random). Ties between equal players are broken by a hash of the tournament id and the name, so that
 * neither alphabetical order nor join order decides. Swiss uses a maximum weight matching (edmonds-blossom-fixed).
 */
import { createHash } from 'node:crypto';
import blossom from 'edmonds-blossom-fixed';

/** A player as pairing sees them. */
export interface Entrant {
  name: string;
  rating: number;
  /** Still playing (not withdrawn; elimination: not knocked out). */
  active: boolean;
}

/** One finished or running pairing of a past round, as pairing reads it. */
export interface PastPairing {
  round: number;
  /** Names in seat order of the first game. */
  players: string[];
  bye: boolean;
  /** Tournament points per player (same order); null while not decided. */
  points: number[] | null;
  /** Per game, the seat index each player held (players order); pairing balances sides from these. */
  seats: number[][];
}

/** A pairing of a new round: players in the seat order of the first game (a second game, if any, reverses it). */
export interface NewPairing { players: string[]; bye: boolean }

/** The tie-break key of a name in tournament `id`: a stable, fair order among equals. */
export function lot(id: string, name: string): string {
  return createHash('sha256').update(`${id}\u0000${name}`).digest('hex');
}

/** Seeding order: rating (high first), then the lot. */
export function bySeed(id: string, players: readonly Entrant[]): Entrant[] {
  return [...players].sort((a, b) => b.rating - a.rating || (lot(id, a.name) < lot(id, b.name) ? -1 : 1));
}

/** Tournament points per player so far (byes included). */
export function scoresOf(history: readonly PastPairing[]): Map<string, number> {
  const s = new Map<string, number>();
  for (const p of history) p.players.forEach((n, i) => s.set(n, (s.get(n) ?? 0) + (p.points?.[i] ?? 0)));
  return s;
}

/** How many times each player sat first (seat 0) and in total, over every game so far. */
export function seatCounts(history: readonly PastPairing[]): Map<string, { first: number; games: number; last: number | null; sum: number }> {
  const c = new Map<string, { first: number; games: number; last: number | null; sum: number }>();
  for (const p of history) {
    for (const seats of p.seats) {
      p.players.forEach((n, i) => {
        const e = c.get(n) ?? { first: 0, games: 0, last: null, sum: 0 };
        const seat = seats[i]!;
        const size = p.players.length;
        e.games++;
        if (seat === 0) e.first++;
        e.last = seat;
        // Seat position as a share of the table (0 first, 1 last), summed: tables balance on it.
        e.sum += size > 1 ? seat / (size - 1) : 0;
        c.set(n, e);
      });
    }
  }
  return c;
}

/**
 * Orders two paired players so that sides balance: the one who has sat first less often sits first; when
 * equal, the one who sat second last time; when still equal, the higher ranked (`a`).
 */
export function orderTwo(a: string, b: string, history: readonly PastPairing[]): [string, string] {
  const c = seatCounts(history);
  const ea = c.get(a), eb = c.get(b);
  const fa = (ea?.first ?? 0) - ((ea?.games ?? 0) - (ea?.first ?? 0)), fb = (eb?.first ?? 0) - ((eb?.games ?? 0) - (eb?.first ?? 0));
  if (fa !== fb) return fa < fb ? [a, b] : [b, a];
  const la = ea?.last ?? null, lb = eb?.last ?? null;
  if (la !== lb) return la === 0 ? [b, a] : lb === 0 ? [a, b] : [a, b];
  return [a, b];
}

// ---- Swiss (two-player games) ----

/** Weights of the Swiss matching (integers; the matching maximises their sum over a perfect matching). */
const W = { base: 1_000_000, repeat: 900_000, scoreGap: 10_000, fold: 100, sides: 50 };

/**
 * A Swiss round: by score, then rating. The bye (odd count) goes to the lowest ranked active player without
 * one; then a maximum weight perfect matching prefers (in this order) no repeat pairing, equal scores
 * (a score gap costs its square), within a score group the Dutch fold (the top half against the bottom
 * half in rating order), and opposite side preferences.
 */
export function swissRound(id: string, players: readonly Entrant[], history: readonly PastPairing[]): NewPairing[] {
  const scores = scoresOf(history);
  const seeded = bySeed(id, players.filter((p) => p.active));
  const ranked = [...seeded].sort((a, b) => (scores.get(b.name) ?? 0) - (scores.get(a.name) ?? 0) || seeded.indexOf(a) - seeded.indexOf(b));
  const out: NewPairing[] = [];
  let pool = ranked;
  if (pool.length % 2 === 1) {
    const hadBye = new Set(history.filter((p) => p.bye).flatMap((p) => p.players));
    const bye = [...pool].reverse().find((p) => !hadBye.has(p.name)) ?? pool[pool.length - 1]!;
    pool = pool.filter((p) => p !== bye);
    out.push({ players: [bye.name], bye: true });
  }
  if (pool.length === 0) return out;
  const met = new Set<string>();
  for (const p of history) if (!p.bye) for (const a of p.players) for (const b of p.players) if (a !== b) met.add(`${a}\u0000${b}`);
  const half = (s: number): number => Math.round(s * 2);
  // Position of each player within their score group (rating order) and the group's size.
  const groups = new Map<number, Entrant[]>();
  for (const p of pool) {
    const k = half(scores.get(p.name) ?? 0);
    groups.set(k, [...(groups.get(k) ?? []), p]);
  }
  const seats = seatCounts(history);
  const leaning = (n: string): number => { const e = seats.get(n); return e ? e.first * 2 - e.games : 0; };
  const edges: [number, number, number][] = [];
  for (let i = 0; i < pool.length; i++) {
    for (let j = i + 1; j < pool.length; j++) {
      const a = pool[i]!, b = pool[j]!;
      const sa = half(scores.get(a.name) ?? 0), sb = half(scores.get(b.name) ?? 0);
      let w = W.base - W.scoreGap * (sa - sb) ** 2;
      if (met.has(`${a.name}\u0000${b.name}`)) w -= W.repeat;
      if (sa === sb) {
        const g = groups.get(sa)!;
        const want = Math.floor(g.length / 2);
        w -= W.fold * Math.abs(Math.abs(g.indexOf(a) - g.indexOf(b)) - want);
      }
      const la = leaning(a.name), lb = leaning(b.name);
      if ((la > 0 && lb > 0) || (la < 0 && lb < 0)) w -= W.sides * Math.min(Math.abs(la), Math.abs(lb));
      edges.push([i, j, Math.max(1, w)]);
    }
  }
  const mate = blossom(edges, true);
  const done = new Set<number>();
  const pairs: [Entrant, Entrant][] = [];
  pool.forEach((p, i) => {
    const m = mate[i] ?? -1;
    if (done.has(i) || m < 0) return;
    done.add(i); done.add(m);
    pairs.push([p, pool[m]!]);
  });
  // Tables in rank order (the higher ranked of each pair decides the table).
  const tables = pairs.map(([a, b]): NewPairing => ({ players: orderTwo(a.name, b.name, history), bye: false }));
  return [...tables, ...out];
}

// ---- Round robin ----

/**
 * Every round of a round robin (circle method) over the seeded players; with an odd count each round has a
 * bye. Sides are first given round by round with `orderTwo` (alternating where it can), then balanced: while a
 * player sits first two or more times more (or less) often than second, the first seats along a path of games
 * to a player with the opposite lean are swapped. Every player's side counts end within one of each other.
 */
export function roundRobinSchedule(id: string, players: readonly Entrant[]): string[][][] {
  const names: (string | null)[] = bySeed(id, players).map((p) => p.name);
  if (names.length % 2 === 1) names.push(null);
  const n = names.length;
  const rounds: string[][][] = [];
  const history: PastPairing[] = [];
  let ring = names.slice(1);
  for (let r = 0; r < n - 1; r++) {
    const order = [names[0]!, ...ring];
    const round: string[][] = [];
    for (let i = 0; i < n / 2; i++) {
      const a = order[i]!, b = order[n - 1 - i]!;
      if (a === null || b === null) { round.push([(a ?? b)!]); continue; }
      const two = orderTwo(a, b, history);
      round.push(two);
    }
    for (const p of round) if (p.length === 2) history.push({ round: r + 1, players: p, bye: false, points: [0, 0], seats: [[0, 1]] });
    rounds.push(round);
    ring = [ring[ring.length - 1]!, ...ring.slice(0, -1)];
  }
  balanceSides(rounds.flat().filter((p) => p.length === 2));
  return rounds;
}

/** Swaps the seats of games (each [first, second]) along paths until every player's first and second seats differ by at most one. */
function balanceSides(games: string[][]): void {
  const lean = (): Map<string, number> => {
    const l = new Map<string, number>();
    for (const [a, b] of games) { l.set(a!, (l.get(a!) ?? 0) + 1); l.set(b!, (l.get(b!) ?? 0) - 1); }
    return l;
  };
  for (let guard = 0; guard < 1000; guard++) {
    const l = lean();
    const heavy = [...l].find(([, v]) => Math.abs(v) >= 2);
    if (!heavy) return;
    const [from, sign] = [heavy[0], Math.sign(heavy[1])];
    // Breadth-first along games where the current player sits first (sign > 0) or second (sign < 0).
    const prev = new Map<string, number>([[from, -1]]);
    const queue = [from];
    let end: string | null = null;
    while (queue.length > 0 && end === null) {
      const v = queue.shift()!;
      for (let k = 0; k < games.length; k++) {
        const [a, b] = games[k]! as [string, string];
        const [x, y] = sign > 0 ? [a, b] : [b, a];
        if (x !== v || prev.has(y)) continue;
        prev.set(y, k);
        if (Math.sign(l.get(y) ?? 0) === -sign) { end = y; break; }
        queue.push(y);
      }
    }
    if (end === null) return;
    for (let v = end; v !== from;) {
      const k = prev.get(v)!;
      const g = games[k]!;
      [g[0], g[1]] = [g[1]!, g[0]!];
      v = g[0] === v ? g[1]! : g[0]!;
    }
  }
}

// ---- Tables of 3-5 (Carcassonne) ----

/** Table sizes for `n` players at about `size` each: as many tables as needed, sizes differing by at most one. */
export function tableSizes(n: number, size: number): number[] {
  if (n <= 0) return [];
  const k = Math.ceil(n / size);
  const base = Math.floor(n / k), extra = n % k;
  return Array.from({ length: k }, (_, i) => base + (i < extra ? 1 : 0));
}

/**
 * Tables by score: players ranked by tournament score, then game points scored, then seed, cut into tables of
 * `tableSizes`, best first. Seat order at each table: who sat later on average so far sits earlier; equal:
 * the lower ranked sits earlier (first seat is an advantage in Carcassonne). A single player left gets a bye.
 */
export function tablesRound(id: string, players: readonly Entrant[], history: readonly PastPairing[], size: number, gamePoints: ReadonlyMap<string, number>): NewPairing[] {
  const scores = scoresOf(history);
  const seeded = bySeed(id, players.filter((p) => p.active));
  const ranked = [...seeded].sort((a, b) => (scores.get(b.name) ?? 0) - (scores.get(a.name) ?? 0)
    || (gamePoints.get(b.name) ?? 0) - (gamePoints.get(a.name) ?? 0) || seeded.indexOf(a) - seeded.indexOf(b));
  if (ranked.length === 1) return [{ players: [ranked[0]!.name], bye: true }];
  const seats = seatCounts(history);
  const avg = (n: string): number => { const e = seats.get(n); return e && e.games > 0 ? e.sum / e.games : 0.5; };
  const out: NewPairing[] = [];
  let at = 0;
  for (const s of tableSizes(ranked.length, size)) {
    const table = ranked.slice(at, at + s);
    at += s;
    const seated = table.map((p, i) => ({ name: p.name, avg: avg(p.name), i })).sort((a, b) => b.avg - a.avg || b.i - a.i);
    out.push({ players: seated.map((x) => x.name), bye: false });
  }
  return out;
}
