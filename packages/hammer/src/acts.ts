/**
 * Interned legal actions: every action the phases list is one of these frozen objects, built once,
 * so listing actions allocates no action objects and `apply` recognises a listed action by identity
 * (a structurally equal copy, e.g. one that went through JSON, is still accepted by field comparison).
 */
import { AREA_COUNT, AREA_IDS } from './map.js';
import { BLOCK_COUNT, BLOCK_IDS, NOBLE_NAMES } from './blocks.js';
import type { Action } from './types.js';

const frozen = (a: Action): Action => Object.freeze(a);
function table(n: number, make: (i: number) => Action): readonly Action[] {
  const t: Action[] = [];
  for (let i = 0; i < n; i++) t.push(frozen(make(i)));
  return t;
}
const A = (i: number): string => AREA_IDS[i]!;
const B = (i: number): string => BLOCK_IDS[i]!;

export const PASS = frozen({ type: 'pass' });
export const TRUCE_ACT = frozen({ type: 'truce' });
export const STOP = frozen({ type: 'stop' });
export const END = frozen({ type: 'end' });
export const DONE = frozen({ type: 'done' });
export const EDWARD_ACTS: readonly Action[] = [frozen({ type: 'edward', winter: true }), frozen({ type: 'edward', winter: false })];
export const WALLACE_ACTS: readonly Action[] = [frozen({ type: 'wallace', selkirk: true }), frozen({ type: 'wallace', selkirk: false })];
/** By card id (0..25). */
export const CARD_ACTS = table(26, (c) => ({ type: 'card', card: c }));
export const CROWN_ACTS: Readonly<Record<'Bruce' | 'Comyn' | 'Balliol', Action>> = {
  Bruce: frozen({ type: 'crown', king: 'Bruce' }),
  Comyn: frozen({ type: 'crown', king: 'Comyn' }),
  Balliol: frozen({ type: 'crown', king: 'Balliol' }),
};
/** By noble index. */
export const HERALD_ACTS = table(NOBLE_NAMES.length, (i) => ({ type: 'herald', noble: NOBLE_NAMES[i]! }));
/** By area. */
export const GROUP_ACTS = table(AREA_COUNT, (a) => ({ type: 'group', area: A(a) }));
export const NORSE_ACTS = table(AREA_COUNT, (a) => ({ type: 'norse', to: A(a) }));
export const TO_ACTS = table(AREA_COUNT, (a) => ({ type: 'to', area: A(a) }));
export const BATTLE_ACTS = table(AREA_COUNT, (a) => ({ type: 'battle', area: A(a) }));
export const VICTUALS_ACTS = table(AREA_COUNT, (a) => ({ type: 'victuals', area: A(a) }));
export const DRAW_ACTS = table(AREA_COUNT, (a) => ({ type: 'draw', area: A(a) }));
/** By block. */
export const BLOCK_ACTS = table(BLOCK_COUNT, (b) => ({ type: 'block', block: B(b) }));
export const FIRE_ACTS = table(BLOCK_COUNT, (b) => ({ type: 'fire', block: B(b) }));
export const HOLD_ACTS = table(BLOCK_COUNT, (b) => ({ type: 'hold', block: B(b) }));
export const HIT_ACTS = table(BLOCK_COUNT, (b) => ({ type: 'hit', block: B(b) }));
export const RAID_ACTS = table(BLOCK_COUNT, (b) => ({ type: 'raid', block: B(b) }));
export const DISBAND_ACTS = table(BLOCK_COUNT, (b) => ({ type: 'disband', block: B(b) }));
export const STEP_ACTS = table(BLOCK_COUNT, (b) => ({ type: 'step', block: B(b) }));
/** By block * AREA_COUNT + area. */
export const RETREAT_ACTS = table(BLOCK_COUNT * AREA_COUNT, (i) => ({ type: 'retreat', block: B((i / AREA_COUNT) | 0), to: A(i % AREA_COUNT) }));
export const REGROUP_ACTS = table(BLOCK_COUNT * AREA_COUNT, (i) => ({ type: 'regroup', block: B((i / AREA_COUNT) | 0), to: A(i % AREA_COUNT) }));
export const HOME_ACTS = table(BLOCK_COUNT * AREA_COUNT, (i) => ({ type: 'home', block: B((i / AREA_COUNT) | 0), area: A(i % AREA_COUNT) }));
/** By area * AREA_COUNT + area. */
export const PILLAGE_ACTS = table(AREA_COUNT * AREA_COUNT, (i) => ({ type: 'pillage', area: A((i / AREA_COUNT) | 0), from: A(i % AREA_COUNT) }));
export const SEA_ACTS = table(AREA_COUNT * AREA_COUNT, (i) => ({ type: 'sea', from: A((i / AREA_COUNT) | 0), to: A(i % AREA_COUNT) }));
