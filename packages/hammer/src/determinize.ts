/**
 * Re-deals everything a viewer cannot see: the identities and strengths of the enemy's face-down
 * blocks (on the map and in its pool) keeping each slot's public facts (area, moved, reserve), the
 * enemy's hand and face-down card, and the RNG. Enemy blocks the viewer remembers from a battle
 * (memory.ts) stay where they are at the remembered strength and are dealt nowhere else. The slots
 * are taken in a public order (area, then flags), so two states the viewer cannot tell apart give
 * the same result for the same rng.
 */
import type { Rng } from '@tabula/engine';
import { AREA_COUNT, COASTAL, ENGLAND, OFF } from './map.js';
import { BLOCK_COUNT, IS_NOBLE, MAX, NORSE, SIDE } from './blocks.js';
import { CARD_IDS } from './cards.js';
import { flagsW, locW, stepsW, clone, cow, type State } from './state.js';
import { isRevealed } from './view.js';
import { remembered } from './memory.js';

function canStand(s: State, b: number, loc: number): boolean {
  const onMap = loc < AREA_COUNT;
  // The noble count is public, so a noble stays on the map or in the pool (Moray may be pooled).
  if (IS_NOBLE[b] && onMap !== s.loc[b]! < AREA_COUNT) return false;
  if (b === NORSE && onMap && (!COASTAL[loc] || loc === ENGLAND)) return false; // 4.7
  return true;
}

export function determinize(s: State, viewer: number, rng: Rng): State {
  const n = clone(s);
  cow(n, 'hand');
  const enemy = 1 - viewer;
  const hidden: number[] = [];
  for (let b = 0; b < BLOCK_COUNT; b++) {
    if (SIDE[b] === enemy && s.loc[b] !== OFF && !isRevealed(s, b) && !remembered(s, b, viewer)) hidden.push(b);
  }
  // Each slot remembers the block standing there (`src`), for the selected-block remap below. Slots
  // equal in area and flags are interchangeable, except that the selected block's comes first.
  const slots = hidden.map((b) => ({ loc: s.loc[b]!, flags: s.flags[b]!, src: b, key: b === s.sel ? 0 : 1 }));
  slots.sort((x, y) => x.loc - y.loc || x.flags - y.flags || x.key - y.key);
  // A random assignment of identities to slots that respects what every block may be.
  let assign: number[] | null = null;
  for (let attempt = 0; attempt < 20 && !assign; attempt++) {
    const order = rng.shuffle(hidden.slice());
    // place the constrained blocks first
    order.sort((x, y) => Number(!IS_NOBLE[x] && x !== NORSE) - Number(!IS_NOBLE[y] && y !== NORSE));
    const free = rng.shuffle(slots.map((_, i) => i));
    const got: number[] = new Array<number>(slots.length).fill(-1);
    let ok = true;
    for (const b of order) {
      const k = free.findIndex((i) => canStand(s, b, slots[i]!.loc));
      if (k < 0) { ok = false; break; }
      got[free[k]!] = b;
      free.splice(k, 1);
    }
    if (ok) assign = got;
  }
  if (!assign) assign = hidden.slice();
  const remap = new Map<number, number>();
  for (let i = 0; i < slots.length; i++) {
    const b = assign[i]!;
    const slot = slots[i]!;
    remap.set(slot.src, b);
    locW(n)[b] = slot.loc;
    flagsW(n)[b] = slot.flags;
    stepsW(n)[b] = slot.loc < AREA_COUNT ? 1 + rng.int(MAX[b]!) : MAX[b]!;
  }
  if (n.sel >= 0 && remap.has(n.sel)) n.sel = remap.get(n.sel)!;
  // Cards: the enemy's hand and its face-down card come from the cards the viewer has not seen.
  const seen = new Set<number>([...s.hand[viewer]!, ...s.played[0]!, ...s.played[1]!]);
  if (s.card[viewer]) seen.add(s.card[viewer]!);
  const enemyFaceUp = s.card[enemy] !== 0 && s.card[viewer] !== 0;
  if (enemyFaceUp) seen.add(s.card[enemy]!);
  const unseen = rng.shuffle(CARD_IDS.filter((c) => !seen.has(c)));
  if (s.card[enemy] !== 0 && !enemyFaceUp) {
    n.card = n.card.slice();
    n.card[enemy] = unseen.pop()!;
  }
  n.hand[enemy] = unseen.slice(0, s.hand[enemy]!.length).sort((a, b) => a - b);
  n.rng = [rng.uint32(), rng.uint32(), rng.uint32(), rng.uint32() | 1];
  n.last = [];
  return n;
}
