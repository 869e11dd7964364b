/**
 * The tile set, indexed once at load into compact tables.
 *
 * Every tile type gets a small number (its index in TILES). Each of its features (cities, roads,
 * fields, cloister) gets a local number 0..7 in that order. Per rotation the 12 side thirds
 * (NL NC NR EL EC ER SL SC SR WL WC WR, clockwise from the north-west corner) map to a local
 * feature or -1, and the four edges are packed into an 8-bit code for placement matching.
 */
import data from './data/carcassonne-tiles.json' with { type: 'json' };

export type Side = 'N' | 'E' | 'S' | 'W';
export type EdgeKind = 'city' | 'road' | 'field';
export type SegmentName = 'NL' | 'NC' | 'NR' | 'EL' | 'EC' | 'ER' | 'SL' | 'SC' | 'SR' | 'WL' | 'WC' | 'WR';
export type FeatureKind = 'city' | 'road' | 'field' | 'cloister';

/** A tile type exactly as in the data file (rotation 0, N up). The web draws tiles from these. */
export interface TileDef {
  id: string;
  sourceId: string;
  name: string;
  letter?: string;
  expansion: 'base' | 'hills-and-sheep';
  count: number;
  startTileCopies?: number;
  edition2GardenCopies?: number;
  edges: Record<Side, EdgeKind>;
  cities: { id: string; sides: Side[]; pennants: number; partialSides?: Side[] }[];
  roads: { id: string; sides: Side[]; endsOnTile: boolean; endsAt?: string }[];
  fields: { id: string; segments: SegmentName[]; adjacentCities: string[] }[];
  cloister: boolean;
  hill: boolean;
  vineyard: boolean;
  segments: Record<SegmentName, string | null>;
  flags: string[];
}

export const SEGMENTS: readonly SegmentName[] = ['NL', 'NC', 'NR', 'EL', 'EC', 'ER', 'SL', 'SC', 'SR', 'WL', 'WC', 'WR'];
export const SIDES: readonly Side[] = ['N', 'E', 'S', 'W'];
/** Feature kinds as small numbers. */
export const CITY = 0, ROAD = 1, FIELD = 2, CLOISTER = 3;
export const KIND_NAMES: readonly FeatureKind[] = ['city', 'road', 'field', 'cloister'];
const EDGE_CODE: Record<EdgeKind, number> = { city: 1, road: 2, field: 3 };
/** Side offsets: N, E, S, W with y growing southwards. */
export const DX = [0, 1, 0, -1] as const;
export const DY = [-1, 0, 1, 0] as const;
/** Most local features on one tile (a node of the union-find is tile * MAXF + local). */
export const MAXF = 8;

/** One feature of a tile type (local index = its position in TileType.features). */
export interface LocalFeature {
  kind: number;
  /** Data id ("c1", "r2", "f1", "cloister"). */
  id: string;
  pennants: number;
  /** Fields: local indices of the cities of this tile bordering it. */
  adjacentCities: number[];
  /** Where to draw a figure on it, per rotation, in tile units (0..1, origin top-left, y down). */
  anchors: [number, number][];
}

export interface TileType {
  index: number;
  def: TileDef;
  features: LocalFeature[];
  /** seg[rot][third] = local feature or -1. */
  seg: Int8Array[];
  /** edgeCode[rot]: 2 bits per side (N low), city 1, road 2, field 3. */
  edgeCode: Uint8Array;
  /** Rotations that give a distinct tile (symmetric duplicates dropped). */
  rotations: number[];
  /** canonical[rot]: the rotation in `rotations` that looks the same as `rot`. */
  canonical: number[];
  cloister: boolean;
  hill: boolean;
  vineyard: boolean;
  hasField: boolean;
}

export const TILE_DEFS: readonly TileDef[] = (data as unknown as { tiles: TileDef[] }).tiles;
export const TILE_DATA_META = {
  format: (data as unknown as { format: unknown }).format,
  notes: (data as unknown as { notes: string[] }).notes,
  source: (data as unknown as { source: unknown }).source,
};

/** Centre of each third, pulled in from the edge: [x, y] in tile units. */
const SEG_POINT: [number, number][] = [
  [0.2, 0.12], [0.5, 0.12], [0.8, 0.12],
  [0.88, 0.2], [0.88, 0.5], [0.88, 0.8],
  [0.8, 0.88], [0.5, 0.88], [0.2, 0.88],
  [0.12, 0.8], [0.12, 0.5], [0.12, 0.2],
];

function rotatePoint(p: [number, number], rot: number): [number, number] {
  let [x, y] = p;
  for (let i = 0; i < rot; i++) [x, y] = [1 - y, x];
  return [Math.round(x * 1000) / 1000, Math.round(y * 1000) / 1000];
}

function indexTile(def: TileDef, index: number): TileType {
  const features: LocalFeature[] = [];
  const local = new Map<string, number>();
  for (const c of def.cities) { local.set(c.id, features.length); features.push({ kind: CITY, id: c.id, pennants: c.pennants, adjacentCities: [], anchors: [] }); }
  for (const r of def.roads) { local.set(r.id, features.length); features.push({ kind: ROAD, id: r.id, pennants: 0, adjacentCities: [], anchors: [] }); }
  for (const f of def.fields) { local.set(f.id, features.length); features.push({ kind: FIELD, id: f.id, pennants: 0, adjacentCities: [], anchors: [] }); }
  if (def.cloister) { local.set('cloister', features.length); features.push({ kind: CLOISTER, id: 'cloister', pennants: 0, adjacentCities: [], anchors: [] }); }
  if (features.length > MAXF) throw new Error(`tile ${def.id} has more than ${MAXF} features`);
  for (const f of def.fields) features[local.get(f.id)!]!.adjacentCities = f.adjacentCities.map((c) => local.get(c)!);

  const seg0 = new Int8Array(12);
  SEGMENTS.forEach((s, i) => { const id = def.segments[s]; seg0[i] = id === null ? -1 : local.get(id)!; });

  // Anchors at rotation 0: the mean of the feature's thirds; the cloister in the centre.
  const base: [number, number][] = features.map((f, li) => {
    if (f.kind === CLOISTER) return [0.5, 0.5];
    let x = 0, y = 0, n = 0;
    for (let i = 0; i < 12; i++) if (seg0[i] === li) { x += SEG_POINT[i]![0]; y += SEG_POINT[i]![1]; n++; }
    if (n === 0) return [0.5, 0.5];
    return [x / n, y / n];
  });
  // Separate anchors that would overlap (e.g. the field around a cloister): push the later one to a corner of its own.
  for (let i = 0; i < base.length; i++) {
    for (let j = 0; j < i; j++) {
      const a = base[i]!, b = base[j]!;
      if (Math.hypot(a[0] - b[0], a[1] - b[1]) < 0.15) {
        const own = [0, 2, 3, 5, 6, 8, 9, 11].filter((s) => seg0[s] === i);
        const p = own.length > 0 ? SEG_POINT[own[0]!]! : [0.15, 0.15];
        base[i] = [(p[0]! + (p[0]! < 0.5 ? 0 : 0.02)), p[1]!];
      }
    }
  }

  const seg: Int8Array[] = [];
  const edgeCode = new Uint8Array(4);
  const kinds = SIDES.map((s) => EDGE_CODE[def.edges[s]]);
  for (let r = 0; r < 4; r++) {
    const sr = new Int8Array(12);
    for (let i = 0; i < 12; i++) sr[(i + 3 * r) % 12] = seg0[i]!;
    seg.push(sr);
    let code = 0;
    for (let s = 0; s < 4; s++) code |= kinds[s]! << (2 * ((s + r) % 4));
    edgeCode[r] = code;
  }
  features.forEach((f, li) => { f.anchors = [0, 1, 2, 3].map((r) => rotatePoint(base[li]!, r)); });

  // A rotation is a duplicate when the segment layout (features renumbered by first appearance, with kinds and pennants) repeats.
  const signature = (r: number): string => {
    const renum = new Map<number, number>();
    const parts: string[] = [];
    for (let i = 0; i < 12; i++) {
      const l = seg[r]![i]!;
      if (l < 0) { parts.push('-'); continue; }
      if (!renum.has(l)) renum.set(l, renum.size);
      const f = features[l]!;
      parts.push(`${renum.get(l)}${f.kind}${f.pennants}`);
    }
    return parts.join(',');
  };
  const seen = new Map<string, number>();
  const rotations: number[] = [];
  const canonical: number[] = [];
  for (let r = 0; r < 4; r++) {
    const sig = signature(r);
    if (!seen.has(sig)) { seen.set(sig, r); rotations.push(r); }
    canonical.push(seen.get(sig)!);
  }

  return {
    index, def, features, seg, edgeCode, rotations, canonical,
    cloister: def.cloister, hill: def.hill, vineyard: def.vineyard,
    hasField: features.some((f) => f.kind === FIELD),
  };
}

export const TILES: readonly TileType[] = TILE_DEFS.map(indexTile);
const byId = new Map(TILES.map((t) => [t.def.id, t.index]));

/** Tile type index by data id; throws on an unknown id. */
export function tileIndex(id: string): number {
  const i = byId.get(id);
  if (i === undefined) throw new Error(`unknown tile ${id}`);
  return i;
}

export const START_TILE = tileIndex('base-D');

/** The tiles of the draw pile (start tile removed) for the chosen sets, as type indices in data order. */
export function pileTiles(hillsAndSheep: boolean): number[] {
  const out: number[] = [];
  for (const t of TILES) {
    if (t.def.expansion === 'hills-and-sheep' && !hillsAndSheep) continue;
    let n = t.def.count;
    if (t.index === START_TILE) n -= 1;
    for (let i = 0; i < n; i++) out.push(t.index);
  }
  return out;
}

/** The side third of the neighbour across `third`: XL<->YR, XC<->YC, XR<->YL. */
export function oppositeThird(third: number): number {
  const side = (third / 3) | 0;
  const pos = third % 3;
  return ((side + 2) % 4) * 3 + (2 - pos);
}
