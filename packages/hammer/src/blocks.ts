/**
 * The 56 blocks (rules 2.0-2.26) as compact tables indexed by block number (data order:
 * Scottish blocks 0..27, English 28..55). Sides: 0 = England, 1 = Scotland.
 */
import data from './data/hammer-of-the-scots.json' with { type: 'json' };
import { areaOf } from './map.js';

export const E = 0;
export const S = 1;
export const ROLES = ['England', 'Scotland'] as const;
export type Side = 0 | 1;

export const BLOCK_IDS: readonly string[] = data.blocks.map((b) => b.id);
export const BLOCK_NAMES: readonly string[] = data.blocks.map((b) => b.name);
export const BLOCK_COUNT = BLOCK_IDS.length; // 56
const index = new Map<string, number>(BLOCK_IDS.map((id, i) => [id, i]));
export function blockOf(id: string): number {
  const i = index.get(id);
  if (i === undefined) throw new Error(`unknown block ${id}`);
  return i;
}

export const SIDE: readonly Side[] = data.blocks.map((b) => (b.side === 'England' ? E : S));
/** Each side's blocks are contiguous (the data lists the Scots, then the English): B_FROM[side] <= b < B_TO[side]. */
export const B_FROM: readonly number[] = [SIDE.indexOf(E), SIDE.indexOf(S)];
export const B_TO: readonly number[] = [SIDE.lastIndexOf(E) + 1, SIDE.lastIndexOf(S) + 1];
for (const side of [E, S]) {
  for (let b = B_FROM[side]!; b < B_TO[side]!; b++) if (SIDE[b] !== side) throw new Error('block data: a side\'s blocks are not contiguous');
}
export const TYPE: readonly string[] = data.blocks.map((b) => b.type);
export const MOVE: readonly number[] = data.blocks.map((b) => b.move);
/** Initiative letter as 0 (A), 1 (B), 2 (C). */
export const INIT: readonly number[] = data.blocks.map((b) => 'ABC'.indexOf(b.initiative));
export const FIRE: readonly number[] = data.blocks.map((b) => b.fire);
export const MAX: readonly number[] = data.blocks.map((b) => b.maxSteps);
/** 5.8: the six black-cross blocks. */
export const BLACK_CROSS: readonly boolean[] = data.blocks.map((b) => b.blackCross);
/** 5.2: Welsh and Ulster blocks roll for Celtic unity. */
export const CELTIC: readonly boolean[] = data.blocks.map((b) => b.celticUnityRoll);
export const IS_NOBLE: readonly boolean[] = data.blocks.map((b) => b.type === 'noble');
/** The other colour of a noble (-1 for Moray and non-nobles). */
export const OTHER: readonly number[] = data.blocks.map((b) => {
  const o = (b as { otherSideBlock?: string | null }).otherSideBlock;
  return o ? BLOCK_IDS.indexOf(o) : -1;
});
/** Noble home areas (1.4). */
export const HOMES: readonly (readonly number[])[] = data.blocks.map((b) => ((b as { homeAreas?: string[] }).homeAreas ?? []).map(areaOf));
/** Faction: 0 none, 1 Bruce, 2 Comyn. */
export const FACTION: readonly number[] = data.blocks.map((b) => {
  const f = (b as { faction?: string | null }).faction;
  return f === 'Bruce' ? 1 : f === 'Comyn' ? 2 : 0;
});
/** Noble name (shared by both colours), '' for non-nobles. */
export const NOBLE_NAME: readonly string[] = data.blocks.map((b) => (b as { noble?: string }).noble ?? '');
export const NOBLE_NAMES: readonly string[] = data.nobles.map((n) => n.name);
/** For each noble (data order), its blocks [english or -1, scottish]. */
export const NOBLE_BLOCKS: readonly (readonly [number, number])[] = data.nobles.map((n) => {
  const e = n.blocks.find((id) => id.startsWith('E-'));
  const s = n.blocks.find((id) => id.startsWith('S-'))!;
  return [e ? blockOf(e) : -1, blockOf(s)];
});

export const WALLACE = blockOf('S-wallace');
export const KING = blockOf('S-scottish-king');
export const NORSE = blockOf('S-norse');
export const FRENCH = blockOf('S-french-knights');
export const MORAY = blockOf('S-noble-moray');
export const EDWARD = blockOf('E-edward');
export const S_BRUCE = blockOf('S-noble-bruce');
export const S_COMYN = blockOf('S-noble-comyn');
/** English archers: their presence cancels the optional schiltrom bonus. */
export const IS_E_ARCHERS: readonly boolean[] = data.blocks.map((b) => b.side === 'England' && b.type === 'archers');
/** 7.31: these English types must disband in winter. */
export const E_MUST_DISBAND: readonly boolean[] = data.blocks.map((b) => b.side === 'England' && (b.type === 'knights' || b.type === 'archers' || b.type === 'hobelars'));
export const IS_INFANTRY: readonly boolean[] = data.blocks.map((b) => b.type === 'infantry');

export const sideBlocks = (side: number): number[] => BLOCK_IDS.map((_, i) => i).filter((i) => SIDE[i] === side);
