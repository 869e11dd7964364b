/**
 * Where the follower spots of the tile just placed are drawn as tap targets: square targets of one side
 * that never overlap (WCAG 2.5.8), each as near its place on the tile as the others allow. Pure geometry
 * in tile units (the tile spans 0..100).
 */
export type Point = [number, number];

/**
 * Pushes squares of side `side` centred on `anchors` apart until no two overlap, keeping each inside
 * [lo, hi]; null when they do not settle (too many for the room).
 */
function relax(anchors: readonly Point[], side: number, lo: number, hi: number): Point[] | null {
  const p: Point[] = anchors.map(([x, y]) => [x, y]);
  const min = lo + side / 2, max = hi - side / 2;
  const clamp = (v: number) => Math.min(max, Math.max(min, v));
  for (const q of p) { q[0] = clamp(q[0]); q[1] = clamp(q[1]); }
  for (let round = 0; round < 400; round++) {
    let overlapped = false;
    for (let i = 0; i < p.length; i++) {
      for (let j = i + 1; j < p.length; j++) {
        const a = p[i]!, b = p[j]!;
        const dx = b[0] - a[0], dy = b[1] - a[1];
        const ox = side - Math.abs(dx), oy = side - Math.abs(dy);
        if (ox <= 0.01 || oy <= 0.01) continue;
        overlapped = true;
        // Apart along the axis that needs the shorter push; equal positions part by their order.
        const axis = ox < oy || (ox === oy && Math.abs(dx) >= Math.abs(dy)) ? 0 : 1;
        const d = axis === 0 ? dx : dy;
        const push = (axis === 0 ? ox : oy) / 2 + 0.05;
        const dir = d > 0 ? 1 : d < 0 ? -1 : (i % 2 === 0 ? 1 : -1);
        a[axis] = clamp(a[axis] - dir * push);
        b[axis] = clamp(b[axis] + dir * push);
      }
    }
    if (!overlapped) return p;
  }
  return null;
}

/** A grid of cells of at least `side` over [lo, hi]: each spot takes the free cell nearest its anchor (always fits up to the cell count). */
function grid(anchors: readonly Point[], side: number, lo: number, hi: number): Point[] {
  const n = Math.max(1, Math.floor((hi - lo) / side));
  const cell = (hi - lo) / n;
  const cells: Point[] = [];
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) cells.push([lo + cell * (c + 0.5), lo + cell * (r + 0.5)]);
  const taken = new Set<number>();
  return anchors.map(([x, y]) => {
    let best = -1, bestD = Infinity;
    cells.forEach(([cx, cy], k) => {
      const d = (cx - x) ** 2 + (cy - y) ** 2;
      if (!taken.has(k) && d < bestD) { best = k; bestD = d; }
    });
    taken.add(best);
    return cells[best] ?? [x, y];
  });
}

/**
 * The centres and the side of the spot targets for `anchors`: the largest side from `sides` (largest first)
 * at which they settle apart within [lo, hi], else a grid of the smallest.
 */
export function spreadSpots(anchors: readonly Point[], sides: readonly number[], lo: number, hi: number): { at: Point[]; side: number } {
  for (const side of sides) {
    const at = relax(anchors, side, lo, hi);
    if (at) return { at, side };
  }
  const side = sides[sides.length - 1]!;
  return { at: grid(anchors, side, lo, hi), side };
}
