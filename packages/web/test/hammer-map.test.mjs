// The Hammer map's geometry (built by scripts/build-hammer-map.mjs) against the game data.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const map = JSON.parse(readFileSync(new URL('../src/boards/hammer-of-the-scots/map-geometry.json', import.meta.url), 'utf8'));
const data = JSON.parse(readFileSync(new URL('../../hammer/src/data/hammer-of-the-scots.json', import.meta.url), 'utf8'));
const MIN_SHARED = 24; // board units: shorter than this a border cannot be seen

/** Length of boundary two areas share, from the segments that appear in both areas' rings. */
function sharedLengths() {
  const owners = new Map();
  for (const [id, rings] of Object.entries(map.areas)) for (const ring of rings) for (let i = 0; i < ring.length; i++) {
    const a = ring[i], b = ring[(i + 1) % ring.length];
    const k = [a.join(','), b.join(',')].sort().join('|');
    const list = owners.get(k) ?? { len: Math.hypot(a[0] - b[0], a[1] - b[1]), ids: new Set() };
    list.ids.add(id);
    owners.set(k, list);
  }
  const shared = new Map();
  for (const { len, ids } of owners.values()) if (ids.size === 2) {
    const k = [...ids].sort().join('|');
    shared.set(k, (shared.get(k) ?? 0) + len);
  }
  return shared;
}

function inside([x, y], rings) { // even-odd over all rings
  let c = false;
  for (const r of rings) for (let i = 0, j = r.length - 1; i < r.length; j = i++) {
    const [xi, yi] = r[i], [xj, yj] = r[j];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c;
  }
  return c;
}

test('HotS 4.0 map: two areas share a visible edge exactly when the data has a border between them (49 borders)', () => {
  const shared = sharedLengths();
  const want = new Set(data.borders.map((b) => [...b.areas].sort().join('|')));
  assert.equal(want.size, 49);
  const got = new Set([...shared].filter(([, len]) => len >= MIN_SHARED).map(([k]) => k));
  assert.deepEqual([...got].sort(), [...want].sort());
  // And no two areas without a border touch along any length at all.
  for (const k of shared.keys()) assert.ok(want.has(k), `${k} touch without a border`);
});

test('HotS map: every one of the 23 areas has a region, and its board position lies inside it', () => {
  assert.equal(Object.keys(map.areas).length, 23);
  for (const a of data.areas) {
    assert.ok(map.areas[a.id]?.length, `${a.id} has no region`);
    assert.ok(inside([a.boardPosition.x, a.boardPosition.y], map.areas[a.id]), `${a.id}'s board position is outside its region`);
  }
});

test('HotS map: every border has a drawn line and a marker point on it', () => {
  for (const b of data.borders) {
    const m = map.borders[b.id];
    assert.ok(m && m.lines.length > 0 && m.mid.length === 2, b.id);
  }
});
