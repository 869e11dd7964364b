import { test } from 'node:test';
import assert from 'node:assert/strict';
import data from './data/hammer-of-the-scots.json' with { type: 'json' };
import { ADJ, ANGLO, AREA_COUNT, BORDER_COUNT, BORDER_LIMIT, CASTLE, CATHEDRALS, MINOR, areaOf, borderBetween, AREA_IDS } from './map.js';
import { HOMES, blockOf } from './blocks.js';

test('HotS 1.1: 23 areas and 49 borders (21 major, 28 minor) as in the data file', () => {
  assert.equal(AREA_COUNT, data.counts.areas);
  assert.equal(BORDER_COUNT, data.counts.borders);
  assert.equal(MINOR.filter((m) => !m).length, 21);
  assert.equal(MINOR.filter((m) => m).length, 28);
});

test('HotS 1.1: where no border is drawn there is no connection (Carrick-Argyll, Lothian-Fife)', () => {
  assert.equal(borderBetween(areaOf('carrick'), areaOf('argyll')), -1);
  assert.equal(borderBetween(areaOf('lothian'), areaOf('fife')), -1);
  assert.notEqual(borderBetween(areaOf('lothian'), areaOf('dunbar')), -1);
});

test('HotS 1.1: adjacency is symmetric and matches the border list', () => {
  let pairs = 0;
  for (let a = 0; a < AREA_COUNT; a++) {
    const adj = ADJ[a]!;
    for (let i = 0; i < adj.length; i += 2) {
      pairs++;
      assert.equal(borderBetween(adj[i]!, a), adj[i + 1]);
    }
  }
  assert.equal(pairs, 2 * BORDER_COUNT);
});

test('HotS 1.2/1.3: castle limits; cathedrals add +1 for the Scots only', () => {
  assert.deepEqual(CATHEDRALS.map((a) => AREA_IDS[a]).sort(), ['fife', 'lennox', 'strathspey']);
  const fife = areaOf('fife');
  assert.equal(CASTLE[0]![fife], 2);
  assert.equal(CASTLE[1]![fife], 3);
  assert.equal(CASTLE[0]![areaOf('mentieth')], 3);
  assert.equal(CASTLE[1]![areaOf('selkirk')], 0);
});

test('HotS 1.4: Bruce and Comyn have two home areas', () => {
  assert.deepEqual(HOMES[blockOf('S-noble-bruce')]!.map((a) => AREA_IDS[a]), ['carrick', 'annan']);
  assert.deepEqual(HOMES[blockOf('E-noble-comyn')]!.map((a) => AREA_IDS[a]), ['lochaber', 'badenoch']);
  assert.deepEqual(HOMES[blockOf('E-noble-steward')]!.map((a) => AREA_IDS[a]), ['lanark']);
});

test('HotS 4.3/4.4: limits 6 and 2; the Anglo-Scottish border is England-Annan, England-Dunbar and England-Teviot', () => {
  for (let b = 0; b < BORDER_COUNT; b++) assert.equal(BORDER_LIMIT[b], MINOR[b] ? 2 : 6);
  const anglo = data.borders.filter((_, i) => ANGLO[i]).map((b) => b.id).sort();
  assert.deepEqual(anglo, ['england--annan', 'england--dunbar', 'england--teviot']);
});
