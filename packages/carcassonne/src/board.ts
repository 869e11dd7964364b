/**
 * The board: placed tiles on a grid, the frontier of open positions with the edges each one
 * demands, and every road, city and field as a union-find over the tiles' local features.
 *
 * A Board is derived data: it is rebuilt from the state's list of placements whenever needed and
 * carried forward (mutated) from one state to the next along a line of play, so a placement costs
 * a few unions instead of a rebuild of every feature. It is never part of the JSON state.
 */
import { CLOISTER, DX, DY, MAXF, TILES, oppositeThird } from './tiles.js';

/**
 * The grid wraps around every GRID cells: 90 tiles and their open neighbours span fewer than
 * GRID positions on either axis, so (x mod GRID, y mod GRID) names a position uniquely.
 * Coordinates themselves stay within -OFF..OFF-1.
 */
export const GRID = 128;
export const OFF = 100;
const MAX_TILES = 96;

export function cellKey(x: number, y: number): number {
  return ((y & (GRID - 1)) << 7) | (x & (GRID - 1));
}

/** A placement packed in one number: type (7 bits), rotation (2), x and y (8 bits each, offset). */
export function packPlacement(type: number, rot: number, x: number, y: number): number {
  return type | (rot << 7) | ((x + OFF) << 9) | ((y + OFF) << 17);
}
export function placementType(p: number): number { return p & 127; }
export function placementRot(p: number): number { return (p >> 7) & 3; }
export function placementX(p: number): number { return ((p >> 9) & 255) - OFF; }
export function placementY(p: number): number { return ((p >> 17) & 255) - OFF; }

export class Board {
  /** Tiles placed so far. */
  n = 0;
  /** cell[key] = tile number + 1, 0 when empty. */
  readonly cell = new Int8Array(GRID * GRID);
  /** frontierPos[key] = index in frontier + 1, 0 when not open (the frontier never exceeds 2n + 2 < 255). */
  readonly frontierPos = new Uint8Array(GRID * GRID);
  /** Keys of the open positions. */
  frontier: number[] = [];
  /** Required edges of each open position: low byte mask, high byte value (2 bits per side, N lowest). */
  frontierReq: number[] = [];
  /**
   * Built for a state met again (a search revisiting a position): the next placement from it copies
   * the board instead of taking it, so the state keeps its board for the next visit.
   */
  sticky = false;
  /** Coordinates of the open positions, parallel to frontier. */
  frontierX: number[] = [];
  frontierY: number[] = [];
  readonly tx = new Int16Array(MAX_TILES);
  readonly ty = new Int16Array(MAX_TILES);
  readonly ttype = new Uint8Array(MAX_TILES);
  readonly trot = new Uint8Array(MAX_TILES);
  /** Union-find over nodes tile * MAXF + local feature. */
  readonly parent = new Int32Array(MAX_TILES * MAXF);
  readonly size = new Int16Array(MAX_TILES * MAXF);
  /** Circular list of the members of each set. */
  readonly next = new Int32Array(MAX_TILES * MAXF);
  /** Per root: side thirds of the feature not yet covered by a neighbouring tile (0 = closed). */
  readonly open = new Int16Array(MAX_TILES * MAXF);
  private readonly stamp = new Int32Array(MAX_TILES);
  private stampNo = 0;

  /** An independent copy (typed arrays copied in bulk). */
  clone(): Board {
    const b = new Board();
    b.n = this.n;
    b.cell.set(this.cell); b.frontierPos.set(this.frontierPos);
    b.frontier = this.frontier.slice(); b.frontierX = this.frontierX.slice(); b.frontierY = this.frontierY.slice();
    b.frontierReq = this.frontierReq.slice();
    b.tx.set(this.tx); b.ty.set(this.ty); b.ttype.set(this.ttype); b.trot.set(this.trot);
    const m = this.n * MAXF;
    b.parent.set(this.parent.subarray(0, m)); b.size.set(this.size.subarray(0, m));
    b.next.set(this.next.subarray(0, m)); b.open.set(this.open.subarray(0, m));
    return b;
  }

  /** Empties the board for reuse (clears only the grid cells it used). */
  reset(): void {
    for (let t = 0; t < this.n; t++) this.cell[cellKey(this.tx[t]!, this.ty[t]!)] = 0;
    for (const k of this.frontier) this.frontierPos[k] = 0;
    this.frontier = []; this.frontierX = []; this.frontierY = []; this.frontierReq = [];
    this.n = 0;
    this.sticky = false;
  }

  static from(placements: readonly number[]): Board {
    const b = spare.pop() ?? new Board();
    for (const p of placements) b.place(placementType(p), placementRot(p), placementX(p), placementY(p));
    return b;
  }

  find(a: number): number {
    const parent = this.parent;
    while (parent[a] !== a) {
      const g = parent[parent[a]!]!;
      parent[a] = g;
      a = g;
    }
    return a;
  }

  tileAt(x: number, y: number): number {
    return this.cell[cellKey(x, y)]! - 1;
  }

  /** True when a tile of `type` at rotation `rot` may go on the open position (x, y). */
  fits(type: number, rot: number, x: number, y: number): boolean {
    if (x < -OFF || y < -OFF || x >= OFF || y >= OFF) return false;
    const k = cellKey(x, y);
    const pos = this.frontierPos[k]!;
    if (pos === 0 || this.frontierX[pos - 1] !== x || this.frontierY[pos - 1] !== y) return false;
    const r = this.frontierReq[pos - 1]!;
    return (TILES[type]!.edgeCode[rot]! & (r & 255)) === r >> 8;
  }

  /** Every legal (x, y, rot) for `type`, calling `out` for each. */
  forEachPlacement(type: number, out: (x: number, y: number, rot: number) => void): void {
    const t = TILES[type]!;
    const codes = t.edgeCode;
    const f = this.frontier;
    for (let i = 0; i < f.length; i++) {
      const r = this.frontierReq[i]!;
      const mask = r & 255, val = r >> 8;
      for (const rot of t.rotations) {
        if ((codes[rot]! & mask) === val) out(this.frontierX[i]!, this.frontierY[i]!, rot);
      }
    }
  }

  canPlace(type: number): boolean {
    const t = TILES[type]!;
    const codes = t.edgeCode;
    const req = this.frontierReq;
    for (let i = 0; i < req.length; i++) {
      const r = req[i]!;
      const mask = r & 255, val = r >> 8;
      for (const rot of t.rotations) if ((codes[rot]! & mask) === val) return true;
    }
    return false;
  }

  private removeFrontier(k: number): void {
    const pos = this.frontierPos[k]!;
    if (pos === 0) return;
    const last = this.frontier.pop()!;
    const lx = this.frontierX.pop()!, ly = this.frontierY.pop()!, lr = this.frontierReq.pop()!;
    if (last !== k) {
      this.frontier[pos - 1] = last;
      this.frontierReq[pos - 1] = lr;
      this.frontierX[pos - 1] = lx;
      this.frontierY[pos - 1] = ly;
      this.frontierPos[last] = pos;
    }
    this.frontierPos[k] = 0;
  }

  /** Places a tile (legality is the caller's business); returns its tile number. */
  place(type: number, rot: number, x: number, y: number): number {
    const t = this.n++;
    const tt = TILES[type]!;
    const k = cellKey(x, y);
    this.cell[k] = t + 1;
    this.tx[t] = x; this.ty[t] = y; this.ttype[t] = type; this.trot[t] = rot;
    this.removeFrontier(k);
    const seg = tt.seg[rot]!;
    const base = t * MAXF;
    const nf = tt.features.length;
    for (let l = 0; l < nf; l++) {
      const node = base + l;
      this.parent[node] = node; this.next[node] = node; this.size[node] = 1; this.open[node] = 0;
    }
    for (let i = 0; i < 12; i++) { const l = seg[i]!; if (l >= 0) this.open[base + l]!++; }
    const code = tt.edgeCode[rot]!;
    for (let s = 0; s < 4; s++) {
      const nx = x + DX[s]!, ny = y + DY[s]!;
      const nk = cellKey(nx, ny);
      const other = this.cell[nk]! - 1;
      if (other < 0) {
        if (this.frontierPos[nk] === 0) {
          this.frontier.push(nk); this.frontierX.push(nx); this.frontierY.push(ny); this.frontierReq.push(0);
          this.frontierPos[nk] = this.frontier.length;
        }
        const os = (s + 2) % 4;
        const kind = (code >> (2 * s)) & 3;
        const fi = this.frontierPos[nk]! - 1;
        this.frontierReq[fi] = this.frontierReq[fi]! | (3 << (2 * os)) | (kind << (8 + 2 * os));
        continue;
      }
      const oseg = TILES[this.ttype[other]!]!.seg[this.trot[other]!]!;
      const obase = other * MAXF;
      for (let p = 0; p < 3; p++) {
        const third = 3 * s + p;
        const a = seg[third]!, b = oseg[oppositeThird(third)]!;
        const ra = a >= 0 ? this.find(base + a) : -1;
        const rb = b >= 0 ? this.find(obase + b) : -1;
        if (ra >= 0) this.open[ra]!--;
        if (rb >= 0) this.open[rb]!--;
        if (ra >= 0 && rb >= 0 && ra !== rb) this.union(ra, rb);
      }
    }
    return t;
  }

  private union(ra: number, rb: number): void {
    let big = ra, small = rb;
    if (this.size[ra]! < this.size[rb]!) { big = rb; small = ra; }
    this.parent[small] = big;
    this.size[big] = this.size[big]! + this.size[small]!;
    this.open[big] = this.open[big]! + this.open[small]!;
    const nb = this.next[big]!;
    this.next[big] = this.next[small]!;
    this.next[small] = nb;
  }

  node(tile: number, local: number): number {
    return tile * MAXF + local;
  }

  /** Number of distinct tiles the set of `root` covers. */
  tileCount(root: number): number {
    const stamp = ++this.stampNo;
    let n = 0, m = root;
    do {
      const t = (m / MAXF) | 0;
      if (this.stamp[t] !== stamp) { this.stamp[t] = stamp; n++; }
      m = this.next[m]!;
    } while (m !== root);
    return n;
  }

  /** Sum of pennants over the local cities in the set of `root`. */
  pennants(root: number): number {
    let n = 0, m = root;
    do {
      const t = (m / MAXF) | 0;
      n += TILES[this.ttype[t]!]!.features[m - t * MAXF]!.pennants;
      m = this.next[m]!;
    } while (m !== root);
    return n;
  }

  /** Roots of the completed cities bordering the field set of `root`. */
  completedCitiesBordering(root: number): number[] {
    const out: number[] = [];
    let m = root;
    do {
      const t = (m / MAXF) | 0;
      const f = TILES[this.ttype[t]!]!.features[m - t * MAXF]!;
      for (const c of f.adjacentCities) {
        const cr = this.find(t * MAXF + c);
        if (this.open[cr] === 0 && !out.includes(cr)) out.push(cr);
      }
      m = this.next[m]!;
    } while (m !== root);
    return out;
  }

  /** Tiles among the 8 around tile t (for cloisters). */
  neighbours8(t: number): number {
    const x = this.tx[t]!, y = this.ty[t]!;
    let n = 0;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      if ((dx !== 0 || dy !== 0) && this.cell[cellKey(x + dx, y + dy)] !== 0) n++;
    }
    return n;
  }

  /** Vineyard tiles among the 8 around tile t. */
  vineyards8(t: number): number {
    const x = this.tx[t]!, y = this.ty[t]!;
    let n = 0;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      if (dx === 0 && dy === 0) continue;
      const c = this.cell[cellKey(x + dx, y + dy)]! - 1;
      if (c >= 0 && TILES[this.ttype[c]!]!.vineyard) n++;
    }
    return n;
  }

  /** Cloister tiles among the 9 positions centred on tile t (itself included), as tile numbers. */
  cloistersAround(t: number): number[] {
    const x = this.tx[t]!, y = this.ty[t]!;
    const out: number[] = [];
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      const c = this.cell[cellKey(x + dx, y + dy)]! - 1;
      if (c >= 0 && TILES[this.ttype[c]!]!.cloister) out.push(c);
    }
    return out;
  }

  /** Local index of the cloister of tile t, or -1. */
  cloisterLocal(t: number): number {
    const fs = TILES[this.ttype[t]!]!.features;
    for (let i = 0; i < fs.length; i++) if (fs[i]!.kind === CLOISTER) return i;
    return -1;
  }
}

/** Boards cached by the identity of a state's placement list; moved forward along a line of play. */
const cache = new WeakMap<readonly number[], Board>();
/** Boards given back by finished games, reused by the next ones (a board's grid is costly to allocate). */
const spare: Board[] = [];

/**
 * Gives back the board of a finished game's placement list (which will rebuild one if ever asked
 * again). Only a board that was moved along a line of play is reused; sticky ones stay put.
 */
export function releaseBoard(placements: readonly number[]): void {
  const b = cache.get(placements);
  if (b === undefined || b.sticky || spare.length >= 4) return;
  cache.delete(placements);
  b.reset();
  spare.push(b);
}

/** The board for a placement list (built on a miss; `sticky` marks it as a revisited position). */
export function boardOf(placements: readonly number[], sticky = true): Board {
  let b = cache.get(placements);
  if (b === undefined || b.n !== placements.length) {
    b = Board.from(placements);
    b.sticky = sticky;
    cache.set(placements, b);
  }
  return b;
}

/**
 * Takes the board of `placements` for mutation into `nextPlacements` (which must extend it by one
 * tile) and places that tile on it. The old list loses its board and will rebuild one if asked again,
 * unless its board is sticky (then it is copied).
 */
export function advanceBoard(placements: readonly number[], nextPlacements: readonly number[]): Board {
  let b = cache.get(placements);
  if (b === undefined || b.n !== placements.length) b = Board.from(placements);
  else if (b.sticky) b = b.clone();
  else cache.delete(placements);
  const p = nextPlacements[nextPlacements.length - 1]!;
  b.place(placementType(p), placementRot(p), placementX(p), placementY(p));
  cache.set(nextPlacements, b);
  return b;
}
