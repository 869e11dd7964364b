import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CITY, FIELD, ROAD, SEGMENTS, TILES, oppositeThird, pileTiles, tileIndex, START_TILE } from './tiles.js';

const t = (id: string) => TILES[tileIndex(id)]!;

test('Carcassonne: the base set has 72 tiles with the start tile (4 of type D), Hills & Sheep adds 18 (8 hills, 8 vineyards)', () => {
  const base = TILES.filter((x) => x.def.expansion === 'base');
  const hs = TILES.filter((x) => x.def.expansion === 'hills-and-sheep');
  assert.equal(base.reduce((n, x) => n + x.def.count, 0), 72);
  assert.equal(hs.reduce((n, x) => n + x.def.count, 0), 18);
  assert.equal(hs.filter((x) => x.hill).reduce((n, x) => n + x.def.count, 0), 8);
  assert.equal(hs.filter((x) => x.vineyard).reduce((n, x) => n + x.def.count, 0), 8);
  assert.equal(t('base-D').def.count, 4);
  assert.equal(START_TILE, tileIndex('base-D'));
  assert.equal(pileTiles(false).length, 71);
  assert.equal(pileTiles(true).length, 89);
});

test('Carcassonne: turning a tile 90 degrees clockwise moves each side third three places (NL->EL) and each side N->E', () => {
  const d = t('base-D'); // city N, road W-E
  const NL = SEGMENTS.indexOf('NL'), EL = SEGMENTS.indexOf('EL'), EC = SEGMENTS.indexOf('EC'), SC = SEGMENTS.indexOf('SC');
  assert.equal(d.features[d.seg[0]![NL]!]!.kind, CITY);
  assert.equal(d.features[d.seg[1]![EL]!]!.kind, CITY);
  assert.equal(d.features[d.seg[1]![SC]!]!.kind, ROAD);
  assert.equal(d.features[d.seg[1]![EC]!]!.kind, CITY);
  // Edge code: 2 bits per side, N lowest; city 1, road 2, field 3.
  assert.equal(d.edgeCode[0], 1 | (2 << 2) | (3 << 4) | (2 << 6));
  assert.equal(d.edgeCode[1], 2 | (1 << 2) | (2 << 4) | (3 << 6));
});

test('Carcassonne: symmetric rotations are offered once (cloister 1, straight road 2, start tile 4)', () => {
  assert.deepEqual(t('base-B').rotations, [0]);
  assert.deepEqual(t('base-C').rotations, [0]);
  assert.deepEqual(t('base-X').rotations, [0]);
  assert.deepEqual(t('base-U').rotations, [0, 1]);
  assert.deepEqual(t('base-H').rotations, [0, 1]);
  assert.deepEqual(t('base-D').rotations, [0, 1, 2, 3]);
  assert.deepEqual(t('base-U').canonical, [0, 1, 0, 1]);
  // The split city side is asymmetric on purpose: all four rotations differ.
  assert.deepEqual(t('hs-split-city-side-vineyard').rotations, [0, 1, 2, 3]);
});

test('Carcassonne: touching thirds pair mirrored (B north of A: NL-SR, NC-SC, NR-SL)', () => {
  const idx = (n: string) => SEGMENTS.indexOf(n as never);
  assert.equal(oppositeThird(idx('NL')), idx('SR'));
  assert.equal(oppositeThird(idx('NC')), idx('SC'));
  assert.equal(oppositeThird(idx('NR')), idx('SL'));
  assert.equal(oppositeThird(idx('EL')), idx('WR'));
  assert.equal(oppositeThird(idx('WL')), idx('ER'));
});

test('Carcassonne: every tile is indexed with its features, fields know the cities they border', () => {
  for (const x of TILES) {
    assert.ok(x.features.length > 0 && x.features.length <= 8, x.def.id);
    for (const f of x.features) {
      if (f.kind === FIELD) for (const c of f.adjacentCities) assert.equal(x.features[c]!.kind, CITY);
      for (const [ax, ay] of f.anchors) assert.ok(ax >= 0 && ax <= 1 && ay >= 0 && ay <= 1);
    }
  }
  assert.deepEqual(t('base-D').features.map((f) => f.kind), [CITY, ROAD, FIELD, FIELD]);
  assert.equal(t('base-F').features[0]!.pennants, 1);
});
