/**
 * "Why can't I?" for a tile spot (2.2): why the tile in hand cannot go on cell (x, y): the tile is
 * already placed this turn, the cell is taken, it touches no tile, or, turned every way it may be, one
 * of its edges always meets an edge of another kind (the reason names the side and both kinds, for
 * the turn that comes closest).
 */
import { boardOf } from './board.js';
import { DX, DY, SIDES, TILES } from './tiles.js';
import type { CarcState } from './state.js';

export interface SpotWhy { code: string; args: Record<string, string | number> }

const KIND_OF_CODE = ['', 'city', 'road', 'field'] as const;
const edge = (code: number, side: number): number => (code >> (2 * side)) & 3;

export function whyNotSpot(s: CarcState, x: number, y: number): SpotWhy | null {
  const at = { x, y };
  if (s.phase !== 'place' || s.current < 0) return { code: 'why-tile-placed', args: at };
  const board = boardOf(s.tiles);
  if (board.tileAt(x, y) >= 0) return { code: 'why-spot-taken', args: at };
  const tt = TILES[s.current]!;
  const neighbours: { side: number; code: number }[] = [];
  for (let side = 0; side < 4; side++) {
    const t = board.tileAt(x + DX[side]!, y + DY[side]!);
    if (t < 0) continue;
    // The neighbour's edge that faces this cell: its side opposite to `side`.
    const code = TILES[board.ttype[t]!]!.edgeCode[board.trot[t]!]!;
    neighbours.push({ side, code: edge(code, (side + 2) % 4) });
  }
  if (neighbours.length === 0) return { code: 'why-spot-alone', args: at };
  let best: { misses: number; side: number; mine: number; theirs: number } | null = null;
  for (const rot of tt.rotations) {
    const mineCode = tt.edgeCode[rot]!;
    let misses = 0, first: { side: number; mine: number; theirs: number } | null = null;
    for (const n of neighbours) {
      const mine = edge(mineCode, n.side);
      if (mine === n.code) continue;
      misses++;
      first ??= { side: n.side, mine, theirs: n.code };
    }
    if (misses === 0) return null; // it fits turned this way
    if (!best || misses < best.misses) best = { misses, ...first! };
  }
  return { code: 'why-spot-edge', args: { ...at, side: SIDES[best!.side]!, mine: KIND_OF_CODE[best!.mine]!, theirs: KIND_OF_CODE[best!.theirs]! } };
}
