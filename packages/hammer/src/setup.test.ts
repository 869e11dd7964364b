import { test } from 'node:test';
import assert from 'node:assert/strict';
import data from './data/hammer-of-the-scots.json' with { type: 'json' };
import { isRuleError } from '@tabula/engine';
import { BLOCK_COUNT, BLOCK_IDS, MAX, blockOf } from './blocks.js';
import { AREA_IDS, ENGLAND, OFF, POOL_E, POOL_S } from './map.js';
import { g } from './fixtures.test-support.js';

for (const sc of data.scenarios) {
  test(`HotS 8.0: the ${sc.id} set-up matches the data file`, () => {
    const s = g.setup({ seed: `setup-${sc.id}`, scenario: sc.id });
    for (const [area, ids] of Object.entries(sc.englishDeployment)) for (const id of ids) assert.equal(AREA_IDS[s.loc[blockOf(id)]!], area, id);
    for (const [area, ids] of Object.entries(sc.scottishDeployment)) for (const id of ids) assert.equal(AREA_IDS[s.loc[blockOf(id)]!], area, id);
    for (const id of sc.scottishDrawPool) assert.equal(s.loc[blockOf(id)], POOL_S, id);
    for (const id of [...sc.scottishOffMap, ...sc.inactiveNobleBlocks]) assert.equal(s.loc[blockOf(id)], OFF, id);
    const drawn = sc.englishDrawPool.filter((id) => s.loc[blockOf(id)] === ENGLAND);
    assert.equal(drawn.length, sc.englishRandomDrawToEngland);
    assert.equal(sc.englishDrawPool.filter((id) => s.loc[blockOf(id)] === POOL_E).length, sc.englishDrawPool.length - drawn.length);
    for (let b = 0; b < BLOCK_COUNT; b++) assert.equal(s.steps[b], MAX[b], `${BLOCK_IDS[b]} at full strength`);
    assert.equal(s.year, sc.firstYear);
    assert.equal(s.kingCrowned, sc.scottishKingCrowned);
    assert.equal(s.hand[0]!.length, 5);
    assert.equal(s.hand[1]!.length, 5);
    assert.deepEqual(g.active(s), ['England', 'Scotland']);
  });
}

test('HotS 8.0: Braveheart is the default scenario; The Bruce ends 1314; Campaign plays on (cut off 1400) or ends 1314 by variant', () => {
  assert.equal(g.scenarios[0], 'braveheart');
  assert.equal(g.setup({ seed: 'x' }).scenario, 'braveheart');
  assert.equal(g.setup({ seed: 'x' }).lastYear, 1305);
  assert.equal(g.setup({ seed: 'x', scenario: 'the-bruce' }).lastYear, 1314);
  assert.equal(g.setup({ seed: 'x', scenario: 'campaign' }).lastYear, 1400);
  assert.equal(g.setup({ seed: 'x', scenario: 'campaign', variants: { campaignEnd: '1314' } }).lastYear, 1314);
});

test('HotS 8.0: the random English draw depends on the seed and is reproducible', () => {
  const a = g.setup({ seed: 'one' }), b = g.setup({ seed: 'one' });
  assert.deepEqual(a, b);
});

test('HotS setup: unknown scenarios and variants are rule errors', () => {
  assert.throws(() => g.setup({ seed: 'x', scenario: 'nope' }), (e) => isRuleError(e));
  assert.throws(() => g.setup({ seed: 'x', variants: { hits: 'sometimes' } }), (e) => isRuleError(e));
  assert.throws(() => g.setup({ seed: 'x', variants: { colour: 1 } }), (e) => isRuleError(e));
});
