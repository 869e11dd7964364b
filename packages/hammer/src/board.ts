/** Queries and primitive changes on the board: area control (4.5), eliminations (5.7, 5.8), defections. */
import { AREA_COUNT, OFF, poolOf } from './map.js';
import {
  BLACK_CROSS, B_FROM, B_TO, BLOCK_IDS, E, EDWARD, IS_NOBLE, KING, MORAY, NOBLE_BLOCKS, OTHER, S, SIDE, WALLACE, ROLES,
} from './blocks.js';
import { constFill, flagsW, locW, stepsW, log, logging, occCache, F_RESERVE, type State } from './state.js';

/** All areas empty (shared template: only copied). */
const NO_OCC: readonly number[] = constFill(AREA_COUNT, 0);

/** Per area, bit 1 = English blocks present, bit 2 = Scottish blocks present. The result is shared: never write to it. */
export function occupancy(s: State): number[] {
  const loc = s.loc;
  if (loc === occCache.loc) return occCache.occ; // shared, read-only
  const occ = NO_OCC.slice(); // a packed copy
  for (let b = B_FROM[E]!, end = B_TO[E]!; b < end; b++) {
    const l = loc[b]!;
    if (l < AREA_COUNT) occ[l]! |= 1;
  }
  for (let b = B_FROM[S]!, end = B_TO[S]!; b < end; b++) {
    const l = loc[b]!;
    if (l < AREA_COUNT) occ[l]! |= 2;
  }
  occCache.loc = loc;
  occCache.occ = occ;
  return occ;
}

export function countIn(s: State, area: number, side: number): number {
  let n = 0;
  for (let b = B_FROM[side]!, end = B_TO[side]!; b < end; b++) if (s.loc[b] === area && SIDE[b] === side) n++;
  return n;
}

export function blocksIn(s: State, area: number, side: number): number[] {
  const out: number[] = [];
  for (let b = B_FROM[side]!, end = B_TO[side]!; b < end; b++) if (s.loc[b] === area && SIDE[b] === side) out.push(b);
  return out;
}

export const onMap = (s: State, b: number): boolean => s.loc[b]! < AREA_COUNT;

/** Nobles a side controls on the map (9.0). */
export function nobleCount(s: State, side: number): number {
  let n = 0;
  for (let b = B_FROM[side]!, end = B_TO[side]!; b < end; b++) if (IS_NOBLE[b] && SIDE[b] === side && s.loc[b]! < AREA_COUNT) n++;
  return n;
}

/** A noble changes sides at its current strength, in place (5.7, 6.21, 7.1, Herald). Returns the new block. */
export function defect(n: State, b: number): number {
  const o = OTHER[b]!;
  locW(n)[o] = n.loc[b]!;
  stepsW(n)[o] = n.steps[b]!;
  flagsW(n)[o] = n.flags[b]!;
  locW(n)[b] = OFF;
  flagsW(n)[b] = 0;
  stepsW(n)[b] = 0;
  return o;
}

export function endGame(n: State, winner: number | null, reason: string): void {
  if (n.result) return;
  n.result = { winners: winner === null ? [] : [ROLES[winner]!], reason };
  n.phase = 'over';
  n.who = -1;
  if (logging) log(n, { to: -1, key: 'log.game-over', args: { winner: winner === null ? null : ROLES[winner]!, reason } });
}

/**
 * A block reduced to 0 steps or unable to retreat (combat = true) or removed by Pillage, raids or
 * disbanding (combat = false). Nobles killed in combat or by Pillage switch sides at strength 1 into
 * reserve (5.7); Moray dies in combat (to the pool otherwise, our reading); black-cross blocks die
 * only in combat (5.8); Edward I killed becomes Edward II in the pool, Edward II killed wins for
 * Scotland (6.1); a crowned King killed in combat wins for England (6.2). Returns the noble's new
 * block when it changed sides, else -1.
 */
export function eliminate(n: State, b: number, combat: boolean, pillage = false): number {
  const side = SIDE[b]!;
  flagsW(n)[b] = 0;
  if (IS_NOBLE[b] && b !== MORAY && (combat || pillage)) {
    const o = defect(n, b);
    stepsW(n)[o] = 1;
    flagsW(n)[o] = F_RESERVE;
    if (logging) log(n, { to: -1, key: 'log.captured', args: { block: BLOCK_IDS[b]!, now: ROLES[1 - side]! } });
    return o;
  }
  if (combat && b === EDWARD) {
    if (n.edward2) {
      locW(n)[b] = OFF;
      endGame(n, S, 'edward-ii-killed');
      return -1;
    }
    n.edward2 = true;
    locW(n)[b] = poolOf(E);
    if (logging) log(n, { to: -1, key: 'log.edward-i-dies' });
    return -1;
  }
  if (combat && b === KING) {
    locW(n)[b] = OFF;
    endGame(n, E, 'king-killed');
    return -1;
  }
  if (combat && BLACK_CROSS[b]) {
    locW(n)[b] = OFF;
    if (logging) log(n, { to: -1, key: 'log.killed', args: { block: BLOCK_IDS[b]! } });
    return -1;
  }
  locW(n)[b] = poolOf(side);
  stepsW(n)[b] = 0;
  return -1;
}

/** 9.1: one side controls every noble in play. */
export function checkAllNobles(n: State): boolean {
  if (n.result) return true;
  let e = 0, sc = 0;
  for (let i = 0; i < NOBLE_BLOCKS.length; i++) {
    const eb = NOBLE_BLOCKS[i]![0], sb = NOBLE_BLOCKS[i]![1];
    if (eb >= 0 && n.loc[eb]! < AREA_COUNT) e++;
    if (n.loc[sb]! < AREA_COUNT) sc++;
  }
  if (e > 0 && sc === 0) { endGame(n, E, 'all-nobles'); return true; }
  if (sc > 0 && e === 0) { endGame(n, S, 'all-nobles'); return true; }
  return false;
}

/** 9.0: the noble count at the end of the scenario; ties go to Scotland with Wallace on the map. */
export function countNoblesAndEnd(n: State): void {
  const e = nobleCount(n, E), sc = nobleCount(n, S);
  if (e > sc) endGame(n, E, 'nobles');
  else if (sc > e) endGame(n, S, 'nobles');
  else endGame(n, n.loc[WALLACE]! < AREA_COUNT ? S : E, 'nobles-tie');
}

/** 5.41: the strongest blocks of `side` in `area` (reserves excluded when `skipReserve`); the owner picks among them. */
export function strongest(s: State, side: number, area: number, skipReserve: boolean): number[] {
  let best = 0;
  const out: number[] = [];
  for (let b = B_FROM[side]!, end = B_TO[side]!; b < end; b++) {
    if (s.loc[b] !== area || SIDE[b] !== side || (skipReserve && s.flags[b]! & F_RESERVE)) continue;
    const st = s.steps[b]!;
    if (st > best) { best = st; out.length = 0; out.push(b); } else if (st === best) out.push(b);
  }
  return out;
}
