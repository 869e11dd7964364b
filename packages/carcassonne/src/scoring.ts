/**
 * Scoring: majorities with the hill tie-break, feature values, completed features during play,
 * flocks, and the final scoring.
 */
import type { Board } from './board.js';
import { placementType } from './board.js';
import type { CarcState, GameEvent, Options } from './state.js';
import { CITY, CLOISTER, FIELD, KIND_NAMES, MAXF, ROAD, TILES } from './tiles.js';

/** The players who score a feature, from followers per player and followers on hill tiles per player. */
export function majority(count: readonly number[], onHill: readonly number[], hillTie: Options['hillTie']): { winners: number[]; why: string } {
  let best = 0;
  for (const c of count) if (c > best) best = c;
  if (best === 0) return { winners: [], why: 'none' };
  const tied: number[] = [];
  for (let p = 0; p < count.length; p++) if (count[p] === best) tied.push(p);
  if (tied.length === 1) return { winners: tied, why: 'majority' };
  if (hillTie === 'presence') {
    const withHill = tied.filter((p) => onHill[p]! > 0);
    if (withHill.length > 0 && withHill.length < tied.length) return { winners: withHill, why: 'hill' };
    return { winners: tied, why: 'tie' };
  }
  let most = 0;
  for (const p of tied) if (onHill[p]! > most) most = onHill[p]!;
  const top = tied.filter((p) => onHill[p] === most);
  if (most > 0 && top.length < tied.length) return { winners: top, why: 'hill' };
  return { winners: tied, why: 'tie' };
}

function isHillPlacement(s: CarcState, tile: number): boolean {
  return TILES[placementType(s.tiles[tile]!)]!.hill;
}

/** Followers (not shepherds) per player on the set of `root`, and those standing on hill tiles. */
export function followersOn(s: CarcState, board: Board, root: number, meeples: readonly number[]): { count: number[]; onHill: number[]; any: boolean } {
  const count = new Array<number>(s.players).fill(0);
  const onHill = new Array<number>(s.players).fill(0);
  let any = false;
  for (let i = 0; i < meeples.length; i += 4) {
    if (meeples[i + 3] !== 0) continue;
    if (board.find(meeples[i + 1]! * MAXF + meeples[i + 2]!) !== root) continue;
    const o = meeples[i]!;
    count[o]!++;
    any = true;
    if (isHillPlacement(s, meeples[i + 1]!)) onHill[o]!++;
  }
  return { count, onHill, any };
}

/** Points of a feature set: `complete` during play, otherwise as in the final scoring. */
export function featureValue(s: CarcState, board: Board, root: number, kind: number, complete: boolean): number {
  if (kind === ROAD) return board.tileCount(root);
  if (kind === CITY) {
    const tiles = board.tileCount(root), pennants = board.pennants(root);
    if (!complete) return tiles + pennants;
    if (tiles === 2 && s.opts.tinyCity === 2) return tiles + pennants;
    return 2 * tiles + 2 * pennants;
  }
  if (kind === CLOISTER) {
    const t = (root / MAXF) | 0;
    if (complete) return 9 + (s.opts.hs ? 3 * board.vineyards8(t) : 0);
    return 1 + board.neighbours8(t);
  }
  return 3 * board.completedCitiesBordering(root).length;
}

/** Scores one feature set for its majority (if it has followers): adds the points and a score event. */
export function scoreSet(s: CarcState, board: Board, root: number, kind: number, complete: boolean, meeples: readonly number[], scores: number[], events: GameEvent[]): void {
  const f = followersOn(s, board, root, meeples);
  if (!f.any) return;
  const { winners, why } = majority(f.count, f.onHill, s.opts.hillTie);
  const pts = featureValue(s, board, root, kind, complete);
  for (const p of winners) scores[p] = scores[p]! + pts;
  events.push({ e: 'score', kind: KIND_NAMES[kind]!, ps: winners, pts, why, complete });
}

/** Removes the followers on the set of `root` (they go home); returns the new meeple list. */
export function returnFollowers(board: Board, root: number, meeples: readonly number[], supply: number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < meeples.length; i += 4) {
    if (meeples[i + 3] === 0 && board.find(meeples[i + 1]! * MAXF + meeples[i + 2]!) === root) {
      supply[meeples[i]!]!++;
      continue;
    }
    out.push(meeples[i]!, meeples[i + 1]!, meeples[i + 2]!, meeples[i + 3]!);
  }
  return out;
}

/** Players whose shepherd stands in the field set of `root`. */
export function shepherdsIn(board: Board, root: number, meeples: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < meeples.length; i += 4) {
    if (meeples[i + 3] === 1 && board.find(meeples[i + 1]! * MAXF + meeples[i + 2]!) === root) out.push(meeples[i]!);
  }
  return out;
}

/** The field root a player's shepherd stands in, or -1. */
export function shepherdRoot(board: Board, player: number, meeples: readonly number[]): number {
  for (let i = 0; i < meeples.length; i += 4) {
    if (meeples[i] === player && meeples[i + 3] === 1) return board.find(meeples[i + 1]! * MAXF + meeples[i + 2]!);
  }
  return -1;
}

/**
 * Ends a flock: every shepherd in the field set goes home with its tokens back in the bag; when
 * `score`, each of their owners scores the whole flock. Returns the new meeple list.
 */
export function endFlock(board: Board, root: number, meeples: readonly number[], flocks: number[][], bag: number[], scores: number[] | null, events: GameEvent[], cause: 'stable' | 'wolf', by: number): number[] {
  const owners = shepherdsIn(board, root, meeples);
  let total = 0;
  for (const o of owners) for (const v of flocks[o]!) total += v;
  for (const o of owners) {
    for (const v of flocks[o]!) bag[v - 1]!++;
    flocks[o] = [];
    if (scores) scores[o] = scores[o]! + total;
  }
  events.push({ e: cause, p: by, ps: owners, pts: scores ? total : 0, kind: 'flock' });
  const out: number[] = [];
  for (let i = 0; i < meeples.length; i += 4) {
    if (meeples[i + 3] === 1 && owners.includes(meeples[i]!)) continue;
    out.push(meeples[i]!, meeples[i + 1]!, meeples[i + 2]!, meeples[i + 3]!);
  }
  return out;
}

/** Kind of the feature at a node. */
export function nodeKind(board: Board, node: number): number {
  const t = (node / MAXF) | 0;
  return TILES[board.ttype[t]!]!.features[node - t * MAXF]!.kind;
}

/** Final scoring: incomplete roads, cities, cloisters, then farms (followers stay where they are). */
export function finalScoring(s: CarcState, board: Board, scores: number[], events: GameEvent[]): void {
  const done = new Set<number>();
  const farms: number[] = [];
  for (let i = 0; i < s.meeples.length; i += 4) {
    if (s.meeples[i + 3] !== 0) continue;
    const node = s.meeples[i + 1]! * MAXF + s.meeples[i + 2]!;
    const root = board.find(node);
    if (done.has(root)) continue;
    done.add(root);
    const kind = nodeKind(board, node);
    if (kind === FIELD) { farms.push(root); continue; }
    // Completed roads, cities and cloisters were scored when completed and lost their followers.
    scoreSet(s, board, root, kind, false, s.meeples, scores, events);
  }
  if (!s.opts.farmers || farms.length === 0) return;
  if (s.opts.farmScoring === 'current') {
    for (const root of farms) scoreSet(s, board, root, FIELD, false, s.meeples, scores, events);
  } else if (s.opts.farmScoring === 'second') {
    // Per farm, but each player collects a given city once.
    const paid: Set<number>[] = Array.from({ length: s.players }, () => new Set<number>());
    for (const root of farms) {
      const f = followersOn(s, board, root, s.meeples);
      const { winners, why } = majority(f.count, f.onHill, s.opts.hillTie);
      const cities = board.completedCitiesBordering(root);
      for (const p of winners) {
        let n = 0;
        for (const c of cities) if (!paid[p]!.has(c)) { paid[p]!.add(c); n++; }
        scores[p] = scores[p]! + 3 * n;
        events.push({ e: 'score', kind: 'field', ps: [p], pts: 3 * n, why, complete: false });
      }
    }
  } else {
    // Per completed city: the farmers of every farm bordering it are counted together; 4 points.
    const cityFarms = new Map<number, number[]>();
    for (const root of farms) {
      for (const c of board.completedCitiesBordering(root)) {
        const list = cityFarms.get(c);
        if (list) list.push(root); else cityFarms.set(c, [root]);
      }
    }
    for (const list of cityFarms.values()) {
      const count = new Array<number>(s.players).fill(0), onHill = new Array<number>(s.players).fill(0);
      for (const root of list) {
        const f = followersOn(s, board, root, s.meeples);
        for (let p = 0; p < s.players; p++) { count[p] = count[p]! + f.count[p]!; onHill[p] = onHill[p]! + f.onHill[p]!; }
      }
      const { winners, why } = majority(count, onHill, s.opts.hillTie);
      for (const p of winners) scores[p] = scores[p]! + 4;
      events.push({ e: 'score', kind: 'field', ps: winners, pts: 4, why, complete: false });
    }
  }
}
