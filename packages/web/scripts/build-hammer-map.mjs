#!/usr/bin/env node
// Builds the Hammer of the Scots map geometry once, at build time, into a JSON the board loads lazily:
//   node packages/web/scripts/build-hammer-map.mjs      (npm run map -w @tabula/web)
//
// 1. The coastline: Natural Earth land (world-atlas land-10m), transverse Mercator centred on Scotland.
// 2. Into board coordinates (the areas' `boardPosition` in the game data, which follow the published map):
//    an affine least-squares fit from each area's geographic anchor (below) to its board position, plus a
//    smooth Gaussian correction so that every anchor lands exactly on its board position.
// 3. The 23 areas: the land is rasterised and grown from each area's board position (nearest first); a cell
//    joins an area only if every area it already touches borders that area in the data. So no two areas
//    touch unless the data has a border between them; the check at the end fails the build if a border of
//    the data is missing or too short to see.
// 4. The cell boundaries are traced into chains between junctions, each chain smoothed once, so that two
//    neighbours share exactly the same points along their border.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { geoTransverseMercator } from 'd3-geo';
import { feature } from 'topojson-client';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const data = JSON.parse(readFileSync(resolve(here, '../../hammer/src/data/hammer-of-the-scots.json'), 'utf8'));
const OUT = resolve(here, '../src/boards/hammer-of-the-scots/map-geometry.json');

// Where each area is on the ground (longitude, latitude), from the historical regions' extent.
const ANCHOR = {
  ross: [-4.75, 57.85], garmoran: [-5.55, 56.95], moray: [-4.35, 57.35], strathspey: [-3.25, 57.55], buchan: [-2.2, 57.45],
  lochaber: [-5.05, 56.8], badenoch: [-4.05, 57.05], mar: [-2.9, 57.1], angus: [-2.85, 56.7], argyll: [-5.35, 56.2],
  atholl: [-3.9, 56.72], lennox: [-4.5, 56.02], mentieth: [-4.1, 56.25], fife: [-3.05, 56.25], carrick: [-4.6, 55.3],
  lanark: [-3.8, 55.65], lothian: [-3.25, 55.88], selkirk: [-3.0, 55.55], dunbar: [-2.45, 55.85], galloway: [-4.4, 54.98],
  annan: [-3.45, 55.15], teviot: [-2.6, 55.42], england: [-2.2, 54.75],
};
// Extra growth seeds [x, y, head start] (board coordinates) that pull an area over ground its board position alone
// would lose; a seed with a head start of d grows as if it were d units further away.
const HINTS = {
  strathspey: [[830, 500]],
  badenoch: [[990, 555], [1075, 500, 60], [660, 720]],
  lochaber: [[580, 745]],
  atholl: [[610, 1040], [835, 965], [888, 1048], [885, 1060]],
  lennox: [[600, 1130]],
  mentieth: [[858, 1108]],
  angus: [[930, 950], [898, 1037, 10], [920, 1039, 25], [942, 1030, 25], [1230, 700]],
  mar: [[1040, 600], [870, 790]],
  england: [[1430, 1460], [1000, 1760], [930, 1880]],
};
// The frame of the board, in board coordinates, and the raster cell.
const FRAME = { x: 180, y: 150, w: 1460, h: 1800 };
const CELL = 3;
const MIN_BORDER = 24; // board units: a shared edge shorter than this does not read as a border

const areas = data.areas;
const idx = new Map(areas.map((a, i) => [a.id, i]));
const borderOf = new Map();
for (const b of data.borders) {
  const [i, j] = b.areas.map((id) => idx.get(id));
  borderOf.set(`${Math.min(i, j)}-${Math.max(i, j)}`, b);
}
const borders = (i, j) => borderOf.has(`${Math.min(i, j)}-${Math.max(i, j)}`);

// --- 1. projection and fit --------------------------------------------------------------------------
const proj = geoTransverseMercator().rotate([4, -56]).scale(1).translate([0, 0]);
const src = areas.map((a) => proj(ANCHOR[a.id]));
const dst = areas.map((a) => [a.boardPosition.x, a.boardPosition.y]);

function solve(A, b) { // Gaussian elimination with partial pivoting; A is n×n, b is n×k
  const n = A.length, M = A.map((r, i) => [...r, ...b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r][c]) > Math.abs(M[p][c])) p = r;
    [M[c], M[p]] = [M[p], M[c]];
    for (let r = 0; r < n; r++) if (r !== c) {
      const f = M[r][c] / M[c][c];
      for (let k = c; k < M[r].length; k++) M[r][k] -= f * M[c][k];
    }
  }
  return M.map((r, i) => r.slice(n).map((v) => v / r[i]));
}
// Affine: [x y 1] · P = [X Y], least squares via the normal equations.
const X = src.map(([x, y]) => [x, y, 1]);
const XtX = [0, 1, 2].map((i) => [0, 1, 2].map((j) => X.reduce((s, r) => s + r[i] * r[j], 0)));
const XtY = [0, 1, 2].map((i) => [0, 1].map((k) => X.reduce((s, r, n) => s + r[i] * dst[n][k], 0)));
const P = solve(XtX, XtY);
const affine = ([x, y]) => [x * P[0][0] + y * P[1][0] + P[2][0], x * P[0][1] + y * P[1][1] + P[2][1]];
const fitted = src.map(affine);
const resid = fitted.map((f, i) => [dst[i][0] - f[0], dst[i][1] - f[1]]);
const SIGMA = 170; // board units: how far an anchor's correction reaches
const phi = (a, b) => Math.exp(-((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) / (2 * SIGMA * SIGMA));
const W = solve(fitted.map((a) => fitted.map((b) => phi(a, b))), resid);
const toBoard = (lonlat) => {
  const f = affine(proj(lonlat));
  let dx = 0, dy = 0;
  fitted.forEach((c, i) => { const w = phi(f, c); dx += W[i][0] * w; dy += W[i][1] * w; });
  return [f[0] + dx, f[1] + dy];
};
const worst = Math.max(...resid.map(([x, y]) => Math.hypot(x, y)));
console.log(`affine fit: worst residual ${worst.toFixed(0)} board units (corrected to 0)`);

// --- 2. the coastline in board coordinates ----------------------------------------------------------
const land = feature(require('world-atlas/land-10m.json'), 'land');
const inBox = ([lon, lat]) => lon > -9.5 && lon < 1 && lat > 53.3 && lat < 59.2;
const rings = [];
const polys = (land.features ?? [land]).flatMap((f) => (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates));
for (const poly of polys) for (const ring of poly) {
  if (!ring.some(inBox)) continue;
  const pts = ring.filter(inBox).map(toBoard);
  if (pts.length > 2) rings.push(pts);
}

function rdp(pts, eps) {
  if (pts.length < 3) return pts;
  const keep = new Uint8Array(pts.length); keep[0] = keep[pts.length - 1] = 1;
  const stack = [[0, pts.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop();
    const [ax, ay] = pts[a], [bx, by] = pts[b];
    const dx = bx - ax, dy = by - ay, l = Math.hypot(dx, dy) || 1;
    let m = -1, md = eps;
    for (let i = a + 1; i < b; i++) {
      const d = Math.abs((pts[i][0] - ax) * dy - (pts[i][1] - ay) * dx) / l;
      if (d > md) { md = d; m = i; }
    }
    if (m >= 0) { keep[m] = 1; stack.push([a, m], [m, b]); }
  }
  return pts.filter((_, i) => keep[i]);
}
const r1 = (v) => Math.round(v * 10) / 10;
const coast = rings.map((r) => rdp(r, 0.8)).filter((r) => r.length > 3).map((r) => r.map(([x, y]) => [r1(x), r1(y)]));

// --- 3. raster and constrained growth ---------------------------------------------------------------
const GW = Math.ceil(FRAME.w / CELL), GH = Math.ceil(FRAME.h / CELL);
const SEA = -1, GAP = -2;
const isLand = new Uint8Array(GW * GH);
for (let j = 0; j < GH; j++) { // even-odd scanline fill of all rings at the cell centres
  const y = FRAME.y + (j + 0.5) * CELL, xs = [];
  for (const r of rings) for (let k = 0; k < r.length; k++) {
    const [ax, ay] = r[k], [bx, by] = r[(k + 1) % r.length];
    if ((ay > y) !== (by > y)) xs.push(ax + ((y - ay) / (by - ay)) * (bx - ax));
  }
  xs.sort((a, b) => a - b);
  for (let k = 0; k + 1 < xs.length; k += 2) {
    const i0 = Math.max(0, Math.ceil((xs[k] - FRAME.x) / CELL - 0.5)), i1 = Math.min(GW - 1, Math.floor((xs[k + 1] - FRAME.x) / CELL - 0.5));
    for (let i = i0; i <= i1; i++) isLand[j * GW + i] = 1;
  }
}
const lab = new Int16Array(GW * GH).fill(SEA);
for (let k = 0; k < lab.length; k++) if (isLand[k]) lab[k] = GAP;
const cellOf = ([x, y]) => [Math.floor((x - FRAME.x) / CELL), Math.floor((y - FRAME.y) / CELL)];

// Binary heap of [dist, cell, label].
const heap = [];
const push = (e) => { heap.push(e); let i = heap.length - 1; while (i > 0) { const p = (i - 1) >> 1; if (heap[p][0] <= heap[i][0]) break; [heap[p], heap[i]] = [heap[i], heap[p]]; i = p; } };
const pop = () => {
  const top = heap[0], last = heap.pop();
  if (heap.length) { heap[0] = last; let i = 0; for (;;) { const l = 2 * i + 1, r = l + 1; let m = i; if (l < heap.length && heap[l][0] < heap[m][0]) m = l; if (r < heap.length && heap[r][0] < heap[m][0]) m = r; if (m === i) break; [heap[m], heap[i]] = [heap[i], heap[m]]; i = m; } }
  return top;
};
const seeds = areas.map((a) => [[a.boardPosition.x, a.boardPosition.y], ...(HINTS[a.id] ?? [])]);
seeds.forEach((list, l) => {
  for (const p of list) {
    const [i, j] = cellOf(p);
    if (!isLand[j * GW + i]) throw new Error(`${areas[l].id}: seed ${p} is not on land`);
    push([p[2] ?? 0, j * GW + i, l, p[0], p[1], p[2] ?? 0]);
  }
});
const nbrs = (k) => { const i = k % GW, j = (k / GW) | 0, out = []; if (i > 0) out.push(k - 1); if (i < GW - 1) out.push(k + 1); if (j > 0) out.push(k - GW); if (j < GH - 1) out.push(k + GW); return out; };
// A smooth, per-area ripple on the growth distance, so that borders wind as rivers and ridges do instead of
// running as straight bisectors.
const wobble = (l, x, y) => 11 * Math.sin(x / 41 + l * 1.7) + 8 * Math.sin(y / 33 - l * 2.3) + 5 * Math.sin((x + y) / 19 + l);
while (heap.length) {
  const [, k, l, sx, sy, head] = pop();
  if (lab[k] !== GAP) continue;
  if (nbrs(k).some((n) => lab[n] >= 0 && lab[n] !== l && !borders(lab[n], l))) continue;
  lab[k] = l;
  for (const n of nbrs(k)) if (lab[n] === GAP) {
    const cx = FRAME.x + ((n % GW) + 0.5) * CELL, cy = FRAME.y + (((n / GW) | 0) + 0.5) * CELL;
    push([head + Math.hypot(cx - sx, cy - sy) + wobble(l, cx, cy), n, l, sx, sy, head]);
  }
}
// Land no area reached (islands, slivers between areas that may not touch) stays neutral land.
let gaps = 0; for (const v of lab) if (v === GAP) gaps++;

// --- 4. trace the boundaries into shared chains ----------------------------------------------------
const VW = GW + 1;
const L = (i, j) => (i < 0 || j < 0 || i >= GW || j >= GH ? SEA : lab[j * GW + i]);
const edges = []; // [v0, v1, a, b]
for (let j = 0; j < GH; j++) for (let i = 0; i <= GW; i++) { const a = L(i - 1, j), b = L(i, j); if (a !== b) edges.push([j * VW + i, (j + 1) * VW + i, a, b]); }
for (let j = 0; j <= GH; j++) for (let i = 0; i < GW; i++) { const a = L(i, j - 1), b = L(i, j); if (a !== b) edges.push([j * VW + i, j * VW + i + 1, a, b]); }
const key = (e) => `${Math.min(e[2], e[3])}:${Math.max(e[2], e[3])}`;
const at = new Map();
edges.forEach((e, n) => { for (const v of [e[0], e[1]]) { const l = at.get(v) ?? []; l.push(n); at.set(v, l); } });
const isNode = (v) => { const l = at.get(v); return l.length !== 2 || key(edges[l[0]]) !== key(edges[l[1]]); };
const used = new Uint8Array(edges.length);
const chains = [];
const walk = (start, n0) => {
  const vs = [start]; let v = start, n = n0;
  for (;;) {
    used[n] = 1;
    const e = edges[n]; v = e[0] === v ? e[1] : e[0]; vs.push(v);
    if (v === start || isNode(v)) break;
    const next = at.get(v).find((m) => !used[m]);
    if (next === undefined) break;
    n = next;
  }
  const [a, b] = key(edges[n0]).split(':').map(Number);
  chains.push({ a, b, vs });
};
for (const [v, list] of at) if (isNode(v)) for (const n of list) if (!used[n]) walk(v, n);
edges.forEach((e, n) => { if (!used[n]) walk(e[0], n); });

const vxy = (v) => [FRAME.x + (v % VW) * CELL, FRAME.y + Math.floor(v / VW) * CELL];
function smooth(pts, closed) {
  let p = rdp(pts, CELL * 0.75);
  for (let it = 0; it < 3; it++) {
    const out = closed ? [] : [p[0]];
    const n = p.length;
    for (let k = 0; k < (closed ? n : n - 1); k++) {
      const a = p[k], b = p[(k + 1) % n];
      out.push([a[0] * 0.75 + b[0] * 0.25, a[1] * 0.75 + b[1] * 0.25], [a[0] * 0.25 + b[0] * 0.75, a[1] * 0.25 + b[1] * 0.75]);
    }
    if (!closed) out.push(p[n - 1]);
    p = out;
  }
  if (closed) p.push(p[0]);
  return rdp(p, 0.35).map(([x, y]) => [r1(x), r1(y)]);
}
const chainLen = (pts) => pts.slice(1).reduce((s, p, k) => s + Math.hypot(p[0] - pts[k][0], p[1] - pts[k][1]), 0);
for (const c of chains) {
  const closed = c.vs[0] === c.vs[c.vs.length - 1];
  c.pts = smooth(c.vs.map(vxy), closed);
  c.len = chainLen(c.pts);
}
// Smoothing can fold a sliver between two nodes flat, so that two chains end up sharing a segment (two areas
// would then touch where the raster has them apart): such chains keep their cell edges.
for (let round = 0; round < 4; round++) {
  const seen = new Map(), bad = new Set();
  chains.forEach((c, i) => {
    for (let k = 1; k < c.pts.length; k++) {
      const key = [c.pts[k - 1].join(','), c.pts[k].join(',')].sort().join('|');
      const j = seen.get(key);
      if (j !== undefined && j !== i) { bad.add(i); bad.add(j); } else seen.set(key, i);
    }
  });
  if (!bad.size) break;
  for (const i of bad) { chains[i].pts = chains[i].vs.map(vxy); chains[i].len = chainLen(chains[i].pts); }
}

// Rings per area: chains linked end to end (even-odd fill needs only the set of edges, so any pairing works).
const ringsOf = areas.map((_, l) => {
  const mine = chains.filter((c) => c.a === l || c.b === l).map((c) => c.pts);
  const out = [];
  const ptKey = (p) => `${p[0]},${p[1]}`;
  const left = new Set(mine.keys());
  while (left.size) {
    const first = left.values().next().value; left.delete(first);
    const ring = [...mine[first]];
    while (ptKey(ring[0]) !== ptKey(ring[ring.length - 1])) {
      const end = ptKey(ring[ring.length - 1]);
      let found = -1, rev = false;
      for (const n of left) {
        if (ptKey(mine[n][0]) === end) { found = n; break; }
        if (ptKey(mine[n][mine[n].length - 1]) === end) { found = n; rev = true; break; }
      }
      if (found < 0) throw new Error(`${areas[l].id}: open ring`);
      left.delete(found);
      const seg = rev ? [...mine[found]].reverse() : mine[found];
      ring.push(...seg.slice(1));
    }
    out.push(ring.slice(0, -1));
  }
  return out;
});

// --- 5. checks: every border of the data is a visible shared edge -----------------------------------
const shared = new Map();
for (const c of chains) if (c.a >= 0 && c.b >= 0) { const k = `${c.a}-${c.b}`; shared.set(k, (shared.get(k) ?? 0) + c.len); }
const problems = [];
for (const b of data.borders) {
  const [i, j] = b.areas.map((id) => idx.get(id));
  const len = shared.get(`${Math.min(i, j)}-${Math.max(i, j)}`) ?? 0;
  if (len < MIN_BORDER) problems.push(`${b.id}: shared edge ${len.toFixed(0)}`);
}
for (const k of shared.keys()) { const [i, j] = k.split('-').map(Number); if (!borders(i, j)) problems.push(`${areas[i].id}/${areas[j].id} touch without a border`); }
console.log(`${GW}x${GH} cells, ${gaps} neutral land cells, ${chains.length} chains`);
if (problems.length) { console.error(problems.join('\n')); if (!process.argv.includes('--force')) process.exit(1); }

// Per border: its drawn chains and the middle of its longest one (where the board marks crossings).
const borderOut = {};
for (const b of data.borders) {
  const [i, j] = b.areas.map((id) => idx.get(id));
  const mine = chains.filter((c) => Math.min(c.a, c.b) === Math.min(i, j) && Math.max(c.a, c.b) === Math.max(i, j)).sort((x, y) => y.len - x.len);
  if (!mine.length) continue;
  const p = mine[0].pts;
  let acc = 0, mid = p[0];
  for (let k = 1; k < p.length; k++) { acc += Math.hypot(p[k][0] - p[k - 1][0], p[k][1] - p[k - 1][1]); if (acc >= mine[0].len / 2) { mid = p[k]; break; } }
  borderOut[b.id] = { lines: mine.map((c) => c.pts), mid };
}
// Labelled seas, placed on open water.
const seas = [
  { id: 'north-sea', at: toBoard([-0.9, 56.9]) },
  { id: 'irish-sea', at: toBoard([-5.4, 54.55]) },
];

const out = {
  source: 'Natural Earth 1:10m land (world-atlas 2.0.2, public domain), projected and fitted to the board by packages/web/scripts/build-hammer-map.mjs',
  frame: FRAME,
  coast,
  areas: Object.fromEntries(areas.map((a, l) => [a.id, ringsOf[l]])),
  borders: borderOut,
  seas: seas.map((s) => ({ id: s.id, at: s.at.map(r1) })),
};
writeFileSync(OUT, JSON.stringify(out));
console.log(`wrote ${OUT} (${(JSON.stringify(out).length / 1024).toFixed(0)} KiB)`);
