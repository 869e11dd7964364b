/**
 * What each side remembers of the enemy blocks it saw face up in battle (issue #3), built only from
 * public events so that two states a side cannot tell apart give it the same memory.
 *
 * `State.known[b]` is the strength (steps) at which block b's enemy knows it, 0 = not known. One
 * array serves both sides: a block's record always belongs to the other side (a noble's two
 * colours are two blocks). Semantics (docs/rules/hammer-of-the-scots.md, "Fog of war and
 * determinize"), applied after every action (`remember`, called by `apply`):
 *
 * 1. Winter forgets everything: once a Winter Turn starts (builds, disbanding, levies and nobles going
 *    home change much in ways the enemy only partly sees) every record is dropped.
 * 2. Hits in battle are public: a block face up before the action whose strength changed keeps its
 *    record at the new strength.
 * 3. A record lasts while no block of its side enters or leaves its area: after a public entry or
 *    exit the enemy can no longer tell which block is which (the view shows enemy blocks per area
 *    anonymously). A noble changing sides in place (capture, Herald, coronation) is public by name
 *    and is not an entry or exit; its former owner knows the new block's strength.
 * 4. A hidden strength change forgets the area's records of that side: Victuals (the named area),
 *    Pillage (the pillaged and the pillaging area), and, as a safety net, any other strength change of
 *    a face-down block (none is known to exist outside winter).
 * 5. Every block face up after the action is recorded at its current strength.
 *
 * Cost: identity checks of `loc` and `steps` (copied on write, so the same array means nothing
 * moved or changed strength), a phase test and a look at the battle per action; loops over the 56
 * blocks only when blocks moved (over the 26 two-coloured nobles while nothing is remembered),
 * strengths changed, Victuals or Pillage was played, or new blocks turned face up (a battle starts
 * or a round begins); an array copy only when a record changes. Should `loc`/`steps` ever be
 * copied on every action, the result stays right, only slower.
 */
import { AREA_COUNT, OFF, areaOf } from './map.js';
import { BLOCK_COUNT, OTHER, SIDE } from './blocks.js';
import { F_RESERVE, constFill, type State } from './state.js';
import type { Action } from './types.js';

/** The empty memory (shared and frozen: `remember` copies before writing). */
export const NO_MEMORY: number[] = constFill(BLOCK_COUNT, 0);
/** An unfrozen copy source for NO_MEMORY: V8 (Node 20) slices a frozen array some 30x slower. */
const ZEROS: number[] = new Array<number>(BLOCK_COUNT).fill(0);

/** Nobles with a block of each colour: the blocks that can change sides in place. */
const TWO_COLOURED: number[] = [];
for (let b = 0; b < BLOCK_COUNT; b++) if (OTHER[b]! >= 0) TWO_COLOURED.push(b);

/** A writable copy of a memory. */
function own(k: number[]): number[] {
  return (k === NO_MEMORY ? ZEROS : k).slice();
}

/** The memory of a state (states saved before the field existed have none). */
export function knownOf(s: State): number[] {
  return s.known ?? NO_MEMORY;
}

/** True when block b (of the viewer's enemy) is remembered by `viewer` at a strength. */
export function remembered(s: State, b: number, viewer: number): boolean {
  return viewer >= 0 && SIDE[b] !== viewer && knownOf(s)[b]! > 0;
}

/** A noble changing sides in place: b went off the map where its other colour appeared, or the reverse. */
function conversion(sLoc: number[], nLoc: number[], b: number): boolean {
  const o = OTHER[b]!;
  if (o < 0) return false;
  const from = sLoc[b]!, to = nLoc[b]!;
  if (from < AREA_COUNT && to === OFF) return sLoc[o] === OFF && nLoc[o] === from;
  if (from === OFF && to < AREA_COUNT) return sLoc[o] === to && nLoc[o] === OFF;
  return false;
}

function isWinter(phase: string): boolean {
  return phase.charCodeAt(0) === 119 /* w */ && phase.charCodeAt(1) === 45 /* - */;
}

/** True while the battle of `s` (if any) shows its blocks face up. */
function showing(s: State): boolean {
  const bt = s.battle;
  return bt !== null && (bt.stage === 'turns' || bt.stage === 'hits');
}

/** Updates `n.known` after `action` turned `s` into `n` (n is the fresh copy `apply` returns). */
export function remember(s: State, n: State, action: Action): void {
  // 1. Winter (or a new year reached within one action).
  if (isWinter(n.phase) || n.year !== s.year) {
    if (n.known !== NO_MEMORY) n.known = NO_MEMORY;
    return;
  }
  const moved = n.loc !== s.loc, stepped = n.steps !== s.steps;
  const hiddenChange = s.phase === 'event' && (action.type === 'victuals' || action.type === 'pillage');
  // New blocks turn face up only when a battle starts or a round begins (5.3, 5.32).
  const bt = n.battle, sb = s.battle;
  const faceUpNow = showing(n);
  const newFaces = faceUpNow && (!showing(s) || sb!.area !== bt!.area || sb!.round !== bt!.round);
  if (!moved && !stepped && !hiddenChange && !newFaces) return; // `clone` kept the memory
  // Arrays in locals: the loops below then read plain arrays, not state fields.
  const sLoc = s.loc, nLoc = n.loc, sSteps = s.steps, nSteps = n.steps;
  let k = knownOf(s);
  let mine = false;
  // Areas (bit per location) where a block of side 0 / side 1 entered, left or changed in secret.
  let dirty0 = 0, dirty1 = 0;
  // 4. Victuals and Pillage change strengths in secret.
  if (hiddenChange) {
    // Victuals: the player's blocks in `area` gain steps. Pillage: the victim's blocks in `area`
    // lose steps, the player's blocks in `from` gain them.
    const player = s.ev ? s.ev.side : s.who;
    const a = action as { area: string; from?: string };
    const gain = 1 << areaOf(action.type === 'victuals' ? a.area : a.from!);
    if (player === 0) dirty0 |= gain; else dirty1 |= gain;
    if (action.type === 'pillage') {
      if (player === 0) dirty1 |= 1 << areaOf(a.area); else dirty0 |= 1 << areaOf(a.area);
    }
  }
  // 2. Strength changes of blocks that stayed where they were.
  if (stepped) {
    const sArea = showing(s) ? sb!.area : -1, sFlags = s.flags;
    for (let b = 0; b < BLOCK_COUNT; b++) {
      const st = nSteps[b]!, at = sLoc[b]!;
      if (st === sSteps[b] || nLoc[b] !== at) continue;
      if (at === sArea && !(sFlags[b]! & F_RESERVE)) {
        // face up before the action: a public hit
        if (k[b] !== st) {
          if (!mine) { k = own(k); mine = true; }
          k[b] = st;
        }
      } else if (SIDE[b] === 0) dirty0 |= 1 << at;
      else dirty1 |= 1 << at;
    }
  }
  // 3. Entries and exits (a noble's change of sides in place is neither). With nothing remembered
  // (the common case) and no battle showing, entries and exits cannot matter: look for changes
  // of sides only.
  if (moved && k === NO_MEMORY && !faceUpNow) {
    for (let i = 0; i < TWO_COLOURED.length; i++) {
      const b = TWO_COLOURED[i]!;
      const to = nLoc[b]!;
      if (to < AREA_COUNT && sLoc[b] !== to && conversion(sLoc, nLoc, b)) {
        if (!mine) { k = own(k); mine = true; }
        k[b] = nSteps[b]!;
      }
    }
  } else if (moved) {
    for (let b = 0; b < BLOCK_COUNT; b++) {
      const from = sLoc[b]!, to = nLoc[b]!;
      if (from === to) continue;
      if (conversion(sLoc, nLoc, b)) {
        // The former owner of the new colour knew its strength.
        const v = to < AREA_COUNT ? nSteps[b]! : 0;
        if (k[b] !== v) {
          if (!mine) { k = own(k); mine = true; }
          k[b] = v;
        }
        continue;
      }
      if (SIDE[b] === 0) dirty0 |= (1 << from) | (1 << to);
      else dirty1 |= (1 << from) | (1 << to);
    }
  }
  if ((dirty0 | dirty1) && k !== NO_MEMORY) {
    for (let b = 0; b < BLOCK_COUNT; b++) {
      if (k[b] === 0) continue;
      // a moved block's old and new areas are both dirty; a converted noble counts where it is now
      if ((SIDE[b] === 0 ? dirty0 : dirty1) & (1 << nLoc[b]!)) {
        if (!mine) { k = own(k); mine = true; }
        k[b] = 0;
      }
    }
  }
  // 5. Blocks face up now (new ones, or records of the battle area just forgotten).
  if (faceUpNow && (newFaces || (dirty0 | dirty1) & (1 << bt!.area))) {
    const area = bt!.area, nFlags = n.flags;
    for (let b = 0; b < BLOCK_COUNT; b++) {
      if (nLoc[b] !== area || nFlags[b]! & F_RESERVE) continue;
      const st = nSteps[b]!;
      if (k[b] !== st) {
        if (!mine) { k = own(k); mine = true; }
        k[b] = st;
      }
    }
  }
  if (mine) {
    // back to the shared empty memory when everything was forgotten (keeps the shortcut above)
    let any = false;
    for (let b = 0; b < BLOCK_COUNT; b++) if (k[b] !== 0) { any = true; break; }
    n.known = any ? k : NO_MEMORY;
  } else if (n.known !== k) n.known = k;
}
