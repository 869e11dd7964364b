/**
 * Test scaffolding: a game whose draw pile is a chosen sequence of tiles, and short-hands to place a
 * tile and deploy on the feature found at a side third (rotation-proof) in one step.
 */
import assert from 'node:assert/strict';
import { carcassonneGame as game } from './game.js';
import { boardOf, packPlacement } from './board.js';
import type { CarcAction } from './rules.js';
import { ROLES, type CarcState } from './state.js';
import { SEGMENTS, TILES, tileIndex, type SegmentName } from './tiles.js';

export { game };

/** A game where the tiles come in exactly this order (the first is in hand). Hills take the next tile under them. */
export function scenario(tiles: string[], opts: { players?: number; variants?: Record<string, unknown>; bag?: number[]; board?: [string, number, number, number][] } = {}): CarcState {
  const s = game.setup({ seed: 'scenario', players: opts.players ?? 2, variants: opts.variants ?? {} });
  const types = tiles.map(tileIndex);
  const out: CarcState = { ...s, current: types[0]!, pile: types.slice(1).reverse(), events: [] };
  if (opts.bag) out.bag = [...opts.bag];
  if (opts.board) out.tiles = opts.board.map(([id, rot, x, y]) => packPlacement(tileIndex(id), rot, x, y));
  return out;
}

export type Deploy = SegmentName | 'cloister' | `shepherd:${SegmentName}` | null;

/** The local feature of the last placed tile found at a side third (or its cloister). */
export function featureAt(s: CarcState, where: SegmentName | 'cloister'): number {
  const board = boardOf(s.tiles);
  const t = board.n - 1;
  const tt = TILES[board.ttype[t]!]!;
  if (where === 'cloister') return tt.features.findIndex((f) => f.kind === 3);
  const l = tt.seg[board.trot[t]!]![SEGMENTS.indexOf(where)]!;
  assert.ok(l >= 0, `no feature at ${where}`);
  return l;
}

export function act(s: CarcState, action: CarcAction): CarcState {
  return game.apply(s, ROLES[s.turn]!, action);
}

/** Places the tile in hand at (x, y) turned `rot` quarter turns, then deploys (or skips when a deployment is asked). */
export function put(s: CarcState, x: number, y: number, rot: number, deploy: Deploy = null): CarcState {
  assert.equal(s.phase, 'place', 'not in the place phase');
  const canon = TILES[s.current]!.canonical[rot]!;
  let n = act(s, { type: 'place', x, y, rot: canon });
  if (deploy !== null) {
    assert.equal(n.phase, 'deploy', `no deployment possible after placing ${TILES[s.current]!.def.id}`);
    if (deploy.startsWith('shepherd:')) n = act(n, { type: 'shepherd', feature: featureAt(n, deploy.slice(9) as SegmentName) });
    else n = act(n, { type: 'follower', feature: featureAt(n, deploy as SegmentName | 'cloister') });
  } else if (n.phase === 'deploy') {
    n = act(n, { type: 'skip' });
  }
  return n;
}

export function score(s: CarcState, role: string): number {
  return s.scores[ROLES.indexOf(role)]!;
}
