// Carcassonne tiles drawn procedurally from the tile data (our own drawing: fields, cities with
// walls and pennants, roads, cloisters, hills, vineyards). 100 x 100 units, rotation 0 = as in the data.
import { memo } from 'react';
import { TILE_DEFS, type TileDef, type Side } from '@tabula/carcassonne';

const SIDE_ORDER: Side[] = ['N', 'E', 'S', 'W'];
const CORNERS: Record<Side, [[number, number], [number, number]]> = {
  N: [[0, 0], [100, 0]], E: [[100, 0], [100, 100]], S: [[100, 100], [0, 100]], W: [[0, 100], [0, 0]],
};
const MID: Record<Side, [number, number]> = { N: [50, 0], E: [100, 50], S: [50, 100], W: [0, 50] };

export const DEFS: Map<string, TileDef> = new Map(TILE_DEFS.map((d) => [d.id, d]));

/** The outline of a city touching `sides`: its edges, joined by curves that bow into the tile. */
export function cityPath(sides: Side[]): string {
  const idx = sides.map((s) => SIDE_ORDER.indexOf(s)).sort((a, b) => a - b);
  if (idx.length === 4) return 'M0 0H100V100H0Z';
  const inSet = (i: number) => idx.includes(((i % 4) + 4) % 4);
  const start = idx.find((i) => !inSet(i - 1))!;
  let d = '';
  let i = start;
  const first = CORNERS[SIDE_ORDER[start]!][0];
  d += `M${first[0]} ${first[1]}`;
  for (let n = 0; n < idx.length; n++) {
    const side = SIDE_ORDER[i]!;
    const end = CORNERS[side][1];
    d += `L${end[0]} ${end[1]}`;
    // Skip the sides not in the city up to the next one that is.
    const skipped: Side[] = [];
    let j = (i + 1) % 4;
    while (!inSet(j)) { skipped.push(SIDE_ORDER[j]!); j = (j + 1) % 4; }
    if (skipped.length > 0) {
      const mx = skipped.reduce((a, s) => a + MID[s][0], 0) / skipped.length;
      const my = skipped.reduce((a, s) => a + MID[s][1], 0) / skipped.length;
      const k = skipped.length === 3 ? 0.25 : 0.45;
      const cx = 50 + (mx - 50) * k, cy = 50 + (my - 50) * k;
      const to = CORNERS[SIDE_ORDER[j]!][0];
      d += `Q${cx.toFixed(1)} ${cy.toFixed(1)} ${to[0]} ${to[1]}`;
    }
    i = j;
    if (i === start) break;
  }
  return `${d}Z`;
}

/** How far from the centre toward its side a cottage stands when another road crosses the centre (0..1). */
const HOUSE_OFF_CENTRE = 0.45;

function roadPath(sides: Side[], endAt = 0.18): string {
  if (sides.length === 1) {
    const [x, y] = MID[sides[0]!];
    return `M${x} ${y}L${50 + (x - 50) * endAt} ${50 + (y - 50) * endAt}`;
  }
  const [a, b] = [MID[sides[0]!], MID[sides[1]!]];
  return `M${a[0]} ${a[1]}Q50 50 ${b[0]} ${b[1]}`;
}

/** A point inside a city, for its pennant: between the tile centre and the city's sides. */
function cityPoint(sides: Side[]): [number, number] {
  if (sides.length === 4) return [50, 50];
  const mx = sides.reduce((a, s) => a + MID[s][0], 0) / sides.length;
  const my = sides.reduce((a, s) => a + MID[s][1], 0) / sides.length;
  const k = sides.length === 1 ? 0.72 : sides.length === 2 && mx === 50 && my === 50 ? 0 : 0.5;
  return [50 + (mx - 50) * k, 50 + (my - 50) * k];
}

/** A cottage (Hills & Sheep: a road ends at a house), centred at x, y in tile units of 100. */
function House({ x, y, rot }: { x: number; y: number; rot: number }) {
  return (
    <g data-house="" transform={`translate(${x} ${y}) rotate(${-rot * 90})`}>
      <rect x={-8} y={-4} width={16} height={11} fill="#efe3c4" stroke="#5e5648" strokeWidth={1.5} />
      <path d="M-10 -3L0 -12L10 -3Z" fill="#b5462e" stroke="#5e5648" strokeWidth={1.5} />
      <rect x={-2} y={1} width={4} height={6} fill="#5e5648" />
    </g>
  );
}

/** rot: the quarter turns the tile is drawn with, so that buildings stay upright. */
export const TileArt = memo(function TileArt({ id, rot = 0 }: { id: string; rot?: number }) {
  const def = DEFS.get(id);
  if (!def) return <rect width={100} height={100} fill="#ccc" />;
  // Hills & Sheep cottages: a road that "endsAt" a house stops at a small house. Where another road crosses the
  // centre, the house stands part way along its own road; else one house in the centre ends them all.
  const houseRoads = def.roads.filter((r) => r.endsOnTile && r.endsAt === 'house');
  const throughCentre = def.roads.some((r) => r.sides.length >= 2 && !r.endsOnTile);
  const houseAt = new Set(throughCentre ? houseRoads.map((r) => r.id) : []);
  const houses: [number, number][] = throughCentre
    ? houseRoads.map((r) => { const [x, y] = MID[r.sides[0]!]; return [50 + (x - 50) * HOUSE_OFF_CENTRE, 50 + (y - 50) * HOUSE_OFF_CENTRE]; })
    : houseRoads.length ? [[50, 50]] : [];
  const villageRoads = def.roads.filter((r) => r.endsOnTile && (!r.endsAt || r.endsAt === 'village' || r.endsAt === 'junction')).length;
  return (
    <g>
      <rect width={100} height={100} fill="#8dbb5a" />
      {/* A hill: a raised mound with contour lines and a dark rim, clear against the meadow. */}
      {def.hill && <path d="M8 92Q50 10 92 92Z" fill="#c8b86a" stroke="#5b4a1a" strokeWidth={2.5} />}
      {def.hill && <path d="M22 84Q50 32 78 84" fill="none" stroke="#7a6526" strokeWidth={1.6} />}
      {def.hill && <path d="M36 78Q50 52 64 78" fill="none" stroke="#7a6526" strokeWidth={1.4} />}
      {def.vineyard && (
        <g fill="#7b3f8c" stroke="#4a2456" strokeWidth={0.6}>
          {[0, 1, 2].map((r) => [0, 1, 2, 3].map((c) => <circle key={`${r}-${c}`} cx={62 + c * 7} cy={64 + r * 8} r={2.6} />))}
          {[0, 1, 2].map((r) => <line key={r} x1={58} x2={86} y1={64 + r * 8} y2={64 + r * 8} stroke="#4a6b2a" />)}
        </g>
      )}
      {def.roads.map((r) => {
        const d = houseAt.has(r.id) ? roadPath(r.sides, HOUSE_OFF_CENTRE) : roadPath(r.sides);
        return (
          <g key={r.id}>
            <path d={d} fill="none" stroke="#5e5648" strokeWidth={11} strokeLinecap="butt" />
            <path d={d} fill="none" stroke="#f2ead6" strokeWidth={7.5} strokeLinecap="butt" />
          </g>
        );
      })}
      {houses.map(([x, y], i) => <House key={`h-${i}`} x={x} y={y} rot={rot} />)}
      {villageRoads >= 1 && !def.cloister && def.roads.length !== 2 && (
        <g>
          <rect x={42} y={44} width={16} height={13} fill="#d9c9a6" stroke="#5e5648" strokeWidth={1.5} />
          <path d="M40 45L50 36L60 45Z" fill="#b5462e" stroke="#5e5648" strokeWidth={1.5} />
        </g>
      )}
      {def.cities.map((c) => (
        <path key={c.id} d={cityPath(c.sides)} fill="#c99d5b" stroke="#6e4c22" strokeWidth={3} strokeLinejoin="round" />
      ))}
      {def.cities.map((c) => {
        if (c.pennants <= 0) return null;
        const [x, y] = cityPoint(c.sides);
        return (
          <g key={`p-${c.id}`} transform={`translate(${x - 7} ${y - 8})`}>
            <path d="M0 0H14V9Q14 15 7 18Q0 15 0 9Z" fill="#0072B2" stroke="#fff" strokeWidth={1.5} />
            <path d="M7 3V14M3 7H11" stroke="#fff" strokeWidth={1.6} />
          </g>
        );
      })}
      {def.cloister && (
        <g transform={`rotate(${-rot * 90} 50 50)`}>
          <rect x={36} y={40} width={28} height={24} fill="#e8dcc0" stroke="#5e5648" strokeWidth={1.8} />
          <path d="M33 41L50 27L67 41Z" fill="#b5462e" stroke="#5e5648" strokeWidth={1.8} />
          <rect x={47} y={52} width={6} height={12} fill="#5e5648" />
          <path d="M50 18V27M46 21H54" stroke="#5e5648" strokeWidth={1.8} />
        </g>
      )}
    </g>
  );
});

/** A tile at board position (in tile units), rotated clockwise by rot quarter turns. */
export function PlacedTile({ id, x, y, rot, covered }: { id: string; x: number; y: number; rot: number; covered?: boolean }) {
  return (
    <g transform={`translate(${x * 100} ${y * 100}) rotate(${rot * 90} 50 50)`}>
      <TileArt id={id} rot={rot} />
      <rect width={100} height={100} fill="none" stroke="#4f6b33" strokeWidth={0.8} />
      {covered && <circle cx={86} cy={14} r={6} fill="#5e5648" stroke="#fff" strokeWidth={1.5}><title>+1</title></circle>}
    </g>
  );
}
