// A schematic map from the areas' board positions: Voronoi cells (half-plane clipping) inside an
// expanded convex hull of the positions.
export type P = [number, number];

function cross(o: P, a: P, b: P): number { return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]); }

export function convexHull(points: P[]): P[] {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const lower: P[] = [], upper: P[] = [];
  for (const p of pts) { while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop(); lower.push(p); }
  for (const p of [...pts].reverse()) { while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop(); upper.push(p); }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/** Pushes every hull vertex `by` units away from the centroid, with extra points to round the corners. */
export function expand(hull: P[], by: number): P[] {
  const cx = hull.reduce((a, p) => a + p[0], 0) / hull.length, cy = hull.reduce((a, p) => a + p[1], 0) / hull.length;
  const out: P[] = [];
  hull.forEach((p, i) => {
    const prev = hull[(i + hull.length - 1) % hull.length]!, next = hull[(i + 1) % hull.length]!;
    for (const q of [prev, next]) {
      const dx = p[0] - q[0], dy = p[1] - q[1], l = Math.hypot(dx, dy) || 1;
      // Outward normal of the edge p-q.
      let nx = dy / l, ny = -dx / l;
      if ((p[0] - cx) * nx + (p[1] - cy) * ny < 0) { nx = -nx; ny = -ny; }
      out.push([p[0] + nx * by, p[1] + ny * by]);
    }
  });
  return convexHull(out);
}

/** Keeps the part of `poly` closer to a than to b. */
function clip(poly: P[], a: P, b: P): P[] {
  const mx = (a[0] + b[0]) / 2, my = (a[1] + b[1]) / 2, nx = b[0] - a[0], ny = b[1] - a[1];
  const side = (p: P) => (p[0] - mx) * nx + (p[1] - my) * ny;
  const out: P[] = [];
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i]!, q = poly[(i + 1) % poly.length]!;
    const sp = side(p), sq = side(q);
    if (sp <= 0) out.push(p);
    if ((sp < 0 && sq > 0) || (sp > 0 && sq < 0)) {
      const t = sp / (sp - sq);
      out.push([p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t]);
    }
  }
  return out;
}

export function voronoi(sites: P[], bounds: P[]): P[][] {
  return sites.map((s, i) => {
    let cell = bounds;
    sites.forEach((o, j) => { if (i !== j) cell = clip(cell, s, o); });
    return cell;
  });
}

export function pathOf(poly: P[]): string {
  return poly.length ? `M${poly.map((p) => `${p[0].toFixed(1)} ${p[1].toFixed(1)}`).join('L')}Z` : '';
}

/** A wobbly closed coastline around a convex hull: edges subdivided, points nudged in and out, drawn smooth. */
export function coastPath(hull: P[], amplitude = 28, steps = 7): string {
  const pts: P[] = [];
  hull.forEach((p, i) => {
    const q = hull[(i + 1) % hull.length]!;
    const dx = q[0] - p[0], dy = q[1] - p[1], l = Math.hypot(dx, dy) || 1;
    const nx = dy / l, ny = -dx / l;
    const n = Math.max(2, Math.round((l / 400) * steps));
    for (let k = 0; k < n; k++) {
      const t = k / n;
      // Deterministic "noise": a few sines of the position along the coast.
      const w = k === 0 ? 0 : amplitude * (Math.sin(i * 12.9898 + k * 78.233) * 0.6 + Math.sin((i + k) * 3.7) * 0.4);
      pts.push([p[0] + dx * t + nx * w, p[1] + dy * t + ny * w]);
    }
  });
  const mid = (a: P, b: P): P => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  const start = mid(pts[pts.length - 1]!, pts[0]!);
  let d = `M${start[0].toFixed(1)} ${start[1].toFixed(1)}`;
  pts.forEach((p, i) => {
    const m = mid(p, pts[(i + 1) % pts.length]!);
    d += `Q${p[0].toFixed(1)} ${p[1].toFixed(1)} ${m[0].toFixed(1)} ${m[1].toFixed(1)}`;
  });
  return `${d}Z`;
}
