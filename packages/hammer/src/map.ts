/**
 * The mapboard (rules 1.0-1.4) indexed once at load into compact tables.
 * Areas are numbered 0..22 in data order (England = 0); the draw pools and "off map" follow.
 */
import data from './data/hammer-of-the-scots.json' with { type: 'json' };

export const AREA_IDS: readonly string[] = data.areas.map((a) => a.id);
export const AREA_COUNT = AREA_IDS.length; // 23
export const ENGLAND = 0;
/** Pseudo-locations after the areas. */
export const POOL_E = AREA_COUNT; // 23
export const POOL_S = AREA_COUNT + 1; // 24
export const OFF = AREA_COUNT + 2; // 25: dead, not yet entered, or a noble's unused colour
export const poolOf = (side: number): number => (side === 0 ? POOL_E : POOL_S);

export const areaIndex = new Map<string, number>(AREA_IDS.map((id, i) => [id, i]));
export function areaOf(id: string): number {
  const i = areaIndex.get(id);
  if (i === undefined) throw new Error(`unknown area ${id}`);
  return i;
}

/** Castle limit for England (index 0) and Scotland (index 1, cathedral +1 included). */
export const CASTLE: readonly (readonly number[])[] = [
  data.areas.map((a) => a.castleLimit),
  data.areas.map((a) => a.scottishCastleLimit),
];
export const CATHEDRAL: readonly boolean[] = data.areas.map((a) => a.cathedral);
export const CATHEDRALS: readonly number[] = AREA_IDS.map((_, i) => i).filter((i) => CATHEDRAL[i]);
export const COASTAL: readonly boolean[] = data.areas.map((a) => a.coastal);
export const COASTAL_AREAS: readonly number[] = AREA_IDS.map((_, i) => i).filter((i) => COASTAL[i]);

export const BORDER_IDS: readonly string[] = data.borders.map((b) => b.id);
export const BORDER_COUNT = BORDER_IDS.length; // 49
/** Border endpoints. */
export const BORDER_A: readonly number[] = data.borders.map((b) => areaOf(b.areas[0]!));
export const BORDER_B: readonly number[] = data.borders.map((b) => areaOf(b.areas[1]!));
/** True for a minor (red) border: limit 2, must stop after crossing (4.3). */
export const MINOR: readonly boolean[] = data.borders.map((b) => b.type === 'minor');
export const BORDER_LIMIT: readonly number[] = data.borders.map((b) => b.limitPerMovePhase);
/** The Anglo-Scottish border: the three borders touching England (4.4). */
export const ANGLO: readonly boolean[] = data.borders.map((b) => b.angloScottish);

/** Adjacency: for each area, flat pairs [neighbour, border, neighbour, border, ...]. */
export const ADJ: readonly (readonly number[])[] = AREA_IDS.map((_, a) => {
  const out: number[] = [];
  for (let b = 0; b < BORDER_COUNT; b++) {
    if (BORDER_A[b] === a) out.push(BORDER_B[b]!, b);
    else if (BORDER_B[b] === a) out.push(BORDER_A[b]!, b);
  }
  return out;
});

/** The border between two areas, or -1 (1.1: no border drawn = no connection). */
const BORDER_BETWEEN: number[] = new Array<number>(AREA_COUNT * AREA_COUNT).fill(-1);
for (let b = 0; b < BORDER_COUNT; b++) {
  BORDER_BETWEEN[BORDER_A[b]! * AREA_COUNT + BORDER_B[b]!] = b;
  BORDER_BETWEEN[BORDER_B[b]! * AREA_COUNT + BORDER_A[b]!] = b;
}
export function borderBetween(a: number, b: number): number {
  return BORDER_BETWEEN[a * AREA_COUNT + b] ?? -1;
}

export const FIFE = areaOf('fife');
export const SELKIRK = areaOf('selkirk');
/** 7.62: the Norse and the French Knights are never drawn for these builds. */
export const NO_NORSE_FRENCH_BUILD: readonly number[] = data.constants.scottishBuildAreasExcludingNorseAndFrench.map(areaOf);

export const AREA_NAMES: readonly string[] = data.areas.map((a) => a.name);

/** Static board description for clients drawing the map (positions from the published board). */
export interface BoardLayout {
  areas: { id: string; name: string; x: number; y: number; castleLimit: number; scottishCastleLimit: number; cathedral: boolean; coastal: boolean; nobleHome: string[] }[];
  borders: { id: string; a: string; b: string; type: 'major' | 'minor'; angloScottish: boolean; x: number; y: number }[];
}

export const BOARD_LAYOUT: BoardLayout = {
  areas: data.areas.map((a) => ({
    id: a.id, name: a.name, x: a.boardPosition.x, y: a.boardPosition.y, castleLimit: a.castleLimit,
    scottishCastleLimit: a.scottishCastleLimit, cathedral: a.cathedral, coastal: a.coastal, nobleHome: a.nobleHome.slice(),
  })),
  borders: data.borders.map((b) => ({
    id: b.id, a: b.areas[0]!, b: b.areas[1]!, type: b.type === 'minor' ? 'minor' : 'major', angloScottish: b.angloScottish,
    x: b.boardPosition.x, y: b.boardPosition.y,
  })),
};
