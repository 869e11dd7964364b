/** Arrow-key movement between places on a board (Hammer areas, Carcassonne spots): pure geometry, board coordinates (y grows down). */
export interface Place { id: string; x: number; y: number }

/** The unit direction of an arrow key, or undefined for any other key. */
export const ARROW_DIRECTIONS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0],
};

/** Where `p` lies seen from `from` along `d`: `along` the ray (> 0: ahead) and `off` it (distance to the ray's line). */
function project(from: Place, d: readonly [number, number], p: Place): { along: number; off: number } {
  const dx = p.x - from.x, dy = p.y - from.y;
  return { along: dx * d[0] + dy * d[1], off: Math.abs(dx * d[1] - dy * d[0]) };
}

/** Of the places ahead of `from` (strictly in the half-plane `d` points into), the one nearest the ray; ties: the nearer along it. */
export function nearestToRay(from: Place, d: readonly [number, number], places: readonly Place[]): Place | null {
  let best: Place | null = null, bestOff = Infinity, bestAlong = Infinity;
  for (const p of places) {
    if (p.id === from.id) continue;
    const { along, off } = project(from, d, p);
    if (along <= 0) continue;
    if (off < bestOff || (off === bestOff && along < bestAlong)) { best = p; bestOff = off; bestAlong = along; }
  }
  return best;
}

/** Of the places ahead of `from`, the nearest one (straight-line distance). */
export function nearestInHalfPlane(from: Place, d: readonly [number, number], places: readonly Place[]): Place | null {
  let best: Place | null = null, bestDist = Infinity;
  for (const p of places) {
    if (p.id === from.id || project(from, d, p).along <= 0) continue;
    const dist = Math.hypot(p.x - from.x, p.y - from.y);
    if (dist < bestDist) { best = p; bestDist = dist; }
  }
  return best;
}

/**
 * The place an arrow leads to: among `neighbours` (e.g. the areas across a border) the one nearest the
 * direction's ray; when no neighbour lies that way, the nearest of `all` in that half-plane.
 */
export function arrowTarget(from: Place, d: readonly [number, number], neighbours: readonly Place[], all: readonly Place[]): Place | null {
  return nearestToRay(from, d, neighbours) ?? nearestInHalfPlane(from, d, all);
}
