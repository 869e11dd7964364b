/**
 * Elimination brackets (pure): single elimination, and double elimination with a losers' bracket and a grand
 * final that is played a second time ("reset") when the losers' bracket winner wins the first. Seeds 1..n by
 * rating; the bracket has the next power of two of places, the places past n are byes, and the standard
 * seed order (1-8, 4-5, 2-7, 3-6, ...) gives the byes to the top seeds. A match whose other place is empty is
 * a walkover: no game, no round.
 */

export type Source = { seed: number } | { winner: string } | { loser: string };

export interface MatchDef {
  /** W<round>-<index>, L<round>-<index>, F1, F2 (the reset). */
  key: string;
  side: 'W' | 'L' | 'F';
  round: number;
  index: number;
  a: Source;
  b: Source;
}

/** The seed at each place of the first round: [1, 8, 4, 5, 2, 7, 3, 6] for 8 places. */
export function seedOrder(places: number): number[] {
  let order = [1];
  while (order.length < places) {
    const size = order.length * 2;
    order = order.flatMap((s) => [s, size + 1 - s]);
  }
  return order;
}

export function bracketPlaces(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return Math.max(2, p);
}

/** The matches of a bracket for `n` players, in the order they can be played. */
export function bracketDefs(n: number, double: boolean): MatchDef[] {
  const places = bracketPlaces(n);
  const m = Math.log2(places);
  const defs: MatchDef[] = [];
  const order = seedOrder(places);
  const W = (r: number, i: number): string => `W${r}-${i}`;
  const L = (r: number, i: number): string => `L${r}-${i}`;
  for (let i = 0; i < places / 2; i++) defs.push({ key: W(1, i), side: 'W', round: 1, index: i, a: { seed: order[2 * i]! }, b: { seed: order[2 * i + 1]! } });
  for (let r = 2; r <= m; r++) {
    for (let i = 0; i < places / 2 ** r; i++) defs.push({ key: W(r, i), side: 'W', round: r, index: i, a: { winner: W(r - 1, 2 * i) }, b: { winner: W(r - 1, 2 * i + 1) } });
  }
  if (!double) return defs;
  if (m === 1) {
    defs.push({ key: 'F1', side: 'F', round: 1, index: 0, a: { winner: W(1, 0) }, b: { loser: W(1, 0) } });
  } else {
    for (let j = 0; j < places / 4; j++) defs.push({ key: L(1, j), side: 'L', round: 1, index: j, a: { loser: W(1, 2 * j) }, b: { loser: W(1, 2 * j + 1) } });
    for (let k = 2; k <= m; k++) {
      const drop = 2 * (k - 1);
      const count = places / 2 ** k;
      // The losers dropping from the winners' bracket meet them in reverse order (no quick rematch).
      for (let j = 0; j < count; j++) defs.push({ key: L(drop, j), side: 'L', round: drop, index: j, a: { winner: L(drop - 1, j) }, b: { loser: W(k, count - 1 - j) } });
      if (k < m) {
        for (let j = 0; j < count / 2; j++) defs.push({ key: L(drop + 1, j), side: 'L', round: drop + 1, index: j, a: { winner: L(drop, 2 * j) }, b: { winner: L(drop, 2 * j + 1) } });
      }
    }
    defs.push({ key: 'F1', side: 'F', round: 1, index: 0, a: { winner: W(m, 0) }, b: { winner: L(2 * (m - 1), 0) } });
  }
  defs.push({ key: 'F2', side: 'F', round: 2, index: 0, a: { winner: 'F1' }, b: { loser: 'F1' } });
  return defs;
}

/** A match's state: its players (a name, null for an empty place, undefined while not known) and result. */
export interface MatchState {
  def: MatchDef;
  a: string | null | undefined;
  b: string | null | undefined;
  /** Decided: the winner (null: both places empty). */
  winner?: string | null;
  loser?: string | null;
  /** Both players known, not decided: to be played. */
  ready: boolean;
}

/**
 * Every match's state from the seeds (`seeds[0]` is seed 1) and the winners of the matches played so far.
 * The reset F2 is empty unless the losers' bracket winner won F1.
 */
export function bracketState(defs: readonly MatchDef[], seeds: readonly string[], played: ReadonlyMap<string, string>): Map<string, MatchState> {
  const st = new Map<string, MatchState>();
  const value = (s: Source): string | null | undefined => {
    if ('seed' in s) return seeds[s.seed - 1] ?? null;
    const m = st.get('winner' in s ? s.winner : s.loser);
    if (!m || m.winner === undefined) return undefined;
    return 'winner' in s ? m.winner : m.loser;
  };
  for (const def of defs) {
    let a = value(def.a), b = value(def.b);
    if (def.key === 'F2') {
      const f1 = st.get('F1');
      if (f1?.winner !== undefined && f1.winner === f1.a) { a = null; b = null; }
    }
    const s: MatchState = { def, a, b, ready: false };
    if (a !== undefined && b !== undefined) {
      if (a === null || b === null) {
        s.winner = a ?? b;
        s.loser = null;
      } else if (played.has(def.key)) {
        s.winner = played.get(def.key)!;
        s.loser = s.winner === a ? b : a;
      } else {
        s.ready = true;
      }
    }
    st.set(def.key, s);
  }
  return st;
}

/** The champion once decided, else null. */
export function championOf(st: ReadonlyMap<string, MatchState>, double: boolean): string | null {
  if (double) {
    // F2 empty (null): the winners' bracket champion won F1.
    const f2 = st.get('F2');
    if (f2?.winner === undefined) return null;
    return f2.winner ?? st.get('F1')?.winner ?? null;
  }
  let last: MatchState | undefined;
  for (const s of st.values()) last = s;
  return last?.winner ?? null;
}

/**
 * Final places: the champion first, then by how far each player got (the later the match they were
 * knocked out in, the better); players out in the same bracket round share a place.
 */
export function eliminationRanks(defs: readonly MatchDef[], st: ReadonlyMap<string, MatchState>, names: readonly string[], double: boolean): Map<string, number> {
  const lost = new Map<string, number>();
  const depth = new Map<string, number>();
  defs.forEach((d, i) => {
    const s = st.get(d.key)!;
    if (s.loser === undefined || s.loser === null) return;
    lost.set(s.loser, (lost.get(s.loser) ?? 0) + 1);
    // Out: the first loss (single), the second (double; F1's loser from the winners' side goes to F2).
    if (lost.get(s.loser)! === (double ? 2 : 1)) depth.set(s.loser, groupOf(d, i, defs));
  });
  const key = (n: string): number => (depth.has(n) ? depth.get(n)! : Infinity);
  const ranks = new Map<string, number>();
  for (const n of names) ranks.set(n, 1 + names.filter((o) => key(o) > key(n)).length);
  return ranks;
}

/** Matches of the same bracket round rank together; later rounds rank higher. */
function groupOf(d: MatchDef, i: number, defs: readonly MatchDef[]): number {
  const first = defs.findIndex((x) => x.side === d.side && x.round === d.round);
  return first >= 0 ? first : i;
}
