/** Public board and block facts in the engine's numbering (areas 0..22, blocks 0..55), re-exported read-only. */
import { ADJ, AREA_IDS, CASTLE, COASTAL } from './map.js';
import { BLOCK_IDS, FIRE, HOMES, INIT, IS_NOBLE, MORAY, SIDE } from './blocks.js';

const neighbours: readonly (readonly number[])[] = ADJ.map((pairs) => pairs.filter((_, i) => i % 2 === 0));

export const HAMMER_TABLES = Object.freeze({
  /** Area ids by area index (`loc` values 0..22; 23/24 are the draw pools, 25 off the map). */
  areaIds: AREA_IDS,
  /** Castle limit per area: [England, Scotland (cathedral bonus included)]. */
  castle: AREA_IDS.map((_, a) => [CASTLE[0]![a]!, CASTLE[1]![a]!] as const),
  coastal: COASTAL,
  /** Adjacent areas per area (one entry per border). */
  neighbours,
  /** Block ids by block index. */
  blockIds: BLOCK_IDS,
  /** 0 England, 1 Scotland. */
  side: SIDE,
  noble: IS_NOBLE,
  fire: FIRE,
  /** Initiative 0 (A), 1 (B), 2 (C). */
  init: INIT,
  /** Home areas of each noble block (1.4). */
  homes: HOMES,
  /** Moray: always Scottish, never defects (7.1). */
  moray: MORAY,
});
