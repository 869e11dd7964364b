/**
 * What a viewer sees. Everything is public except the draw pile order, the tiles under the hills
 * and the RNG; the unseen tiles are shown as a multiset (what is neither placed, discarded nor in hand).
 */
import type { Role } from '@tabula/engine';
import { boardOf, placementRot, placementType, placementX, placementY } from './board.js';
import { deploySpots, shepherdOnBoard } from './rules.js';
import { ROLES, type CarcState, type GameEvent, type Options, type Phase } from './state.js';
import { KIND_NAMES, TILES } from './tiles.js';

export interface ViewTile {
  /** Tile type id (see TILE_DEFS). */
  id: string;
  x: number;
  y: number;
  /** Clockwise quarter turns. */
  rot: number;
  /** Hill tiles only: whether a face-down tile lies under it. */
  covered?: boolean;
}

export interface ViewFigure {
  owner: Role;
  kind: 'follower' | 'shepherd';
  /** The tile (board coordinates) and the local feature index on it. */
  x: number;
  y: number;
  feature: number;
  featureKind: string;
  /** The feature's id in the tile data (`c1`, `r2`, `f1`, `cloister`), for the tile at rotation 0. */
  featureId: string;
  /** Where to draw it on its tile, in tile units (0..1, y down), rotation applied. */
  at: [number, number];
}

export interface ViewSpot {
  feature: number;
  kind: string;
  follower: boolean;
  shepherd: boolean;
  at: [number, number];
}

export interface CarcView {
  roles: Role[];
  options: Options;
  phase: Phase;
  /** The player to move (null once over). */
  turn: Role | null;
  /** Tile in hand (id), null when none. */
  current: string | null;
  tiles: ViewTile[];
  figures: ViewFigure[];
  /** Per player: followers in supply, shepherd at home, sheep tokens by the shepherd, score. */
  players: Record<Role, { followers: number; shepherdHome: boolean; flock: number[]; score: number }>;
  /** Sheep bag contents (public): tokens of 1, 2, 3, 4 sheep and wolves. */
  bag: { sheep1: number; sheep2: number; sheep3: number; sheep4: number; wolf: number };
  /** Tiles left in the draw pile (order hidden). */
  pileCount: number;
  /** Tiles not yet seen (draw pile plus the tiles under hills), by type id. */
  unseen: Record<string, number>;
  discarded: string[];
  /** Place phase: every open position where the tile in hand fits, with the rotations that fit. */
  placements: { x: number; y: number; rots: number[] }[];
  /** Deploy phase: the tile just placed and what may go on each of its features. */
  lastTile: { x: number; y: number } | null;
  spots: ViewSpot[];
  /** Flock phase: the active player chooses grow or drive. */
  tending: boolean;
  /** What the last action caused (scores with their reason, draws, discards, sheep and wolves). */
  events: GameEvent[];
}

export function viewOf(s: CarcState, _viewer: Role | null): CarcView {
  const board = boardOf(s.tiles);
  const roles = ROLES.slice(0, s.players);
  const tiles: ViewTile[] = s.tiles.map((p, i) => {
    const t: ViewTile = { id: TILES[placementType(p)]!.def.id, x: placementX(p), y: placementY(p), rot: placementRot(p) };
    const h = s.hills.indexOf(i);
    if (h >= 0) t.covered = s.under[h]! >= 0;
    return t;
  });
  const figures: ViewFigure[] = [];
  for (let i = 0; i < s.meeples.length; i += 4) {
    const p = s.tiles[s.meeples[i + 1]!]!;
    const tt = TILES[placementType(p)]!;
    const f = tt.features[s.meeples[i + 2]!]!;
    figures.push({
      owner: roles[s.meeples[i]!]!, kind: s.meeples[i + 3] === 1 ? 'shepherd' : 'follower',
      x: placementX(p), y: placementY(p), feature: s.meeples[i + 2]!, featureKind: KIND_NAMES[f.kind]!, featureId: f.id,
      at: f.anchors[placementRot(p)]!,
    });
  }
  const players: CarcView['players'] = {};
  roles.forEach((r, i) => {
    players[r] = { followers: s.supply[i]!, shepherdHome: s.opts.hs && !shepherdOnBoard(s.meeples, i), flock: [...s.flocks[i]!], score: s.scores[i]! };
  });
  const unseen: Record<string, number> = {};
  const add = (t: number): void => { const id = TILES[t]!.def.id; unseen[id] = (unseen[id] ?? 0) + 1; };
  for (const t of s.pile) add(t);
  for (const t of s.under) if (t >= 0) add(t);
  const sorted: Record<string, number> = {};
  for (const k of Object.keys(unseen).sort()) sorted[k] = unseen[k]!;

  const placements: CarcView['placements'] = [];
  if (s.phase === 'place') {
    const at = new Map<string, number[]>();
    board.forEachPlacement(s.current, (x, y, rot) => {
      const k = `${x},${y}`;
      let rots = at.get(k);
      if (!rots) { rots = []; at.set(k, rots); placements.push({ x, y, rots }); }
      rots.push(rot);
    });
    placements.sort((a, b) => a.y - b.y || a.x - b.x);
  }
  let lastTile: CarcView['lastTile'] = null;
  const spots: ViewSpot[] = [];
  if (s.phase === 'deploy' || s.phase === 'flock') {
    const p = s.tiles[s.tiles.length - 1]!;
    lastTile = { x: placementX(p), y: placementY(p) };
    if (s.phase === 'deploy') {
      const tt = TILES[placementType(p)]!;
      for (const d of deploySpots(s, board)) spots.push({ ...d, at: tt.features[d.feature]!.anchors[placementRot(p)]! });
    }
  }
  return {
    roles,
    options: { ...s.opts },
    phase: s.phase,
    turn: s.phase === 'over' ? null : roles[s.turn]!,
    current: s.current >= 0 ? TILES[s.current]!.def.id : null,
    tiles,
    figures,
    players,
    bag: { sheep1: s.bag[0]!, sheep2: s.bag[1]!, sheep3: s.bag[2]!, sheep4: s.bag[3]!, wolf: s.bag[4]! },
    pileCount: s.pile.length,
    unseen: sorted,
    discarded: s.discarded.map((t) => TILES[t]!.def.id),
    placements,
    lastTile,
    spots,
    tending: s.phase === 'flock',
    events: s.events.map((e) => ({ ...e, ...(e.ps ? { ps: [...e.ps] } : {}) })),
  };
}
