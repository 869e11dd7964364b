import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HERALD, MOVE1, PILLAGE, SEA_MOVE, VICTUALS, cards, copy, g, has, playAll, rig, scene, stepsOf, where } from './fixtures.test-support.js';
import { OFF, POOL_S, areaOf } from './map.js';
import type { State } from './state.js';

function heraldBoard(): State {
  const s = scene({
    blocks: { galloway: ['S-noble-galloway'], annan: ['S-noble-bruce', 'S-douglas'], moray: ['S-noble-moray'], angus: ['E-noble-angus'], england: ['E-york-infantry'] },
  });
  return s;
}

test('HotS Herald: name an enemy noble (never Moray); 1-4 he changes sides at current strength', () => {
  const s = heraldBoard();
  let t = cards(s, HERALD, MOVE1);
  assert.equal(t.phase, 'event');
  const names = g.actions(t, 'England').filter((a) => a.type === 'herald').map((a) => (a as { noble: string }).noble).sort();
  assert.deepEqual(names, ['Bruce', 'Galloway']);
  rig(t, [4]);
  t = g.apply(t, 'England', { type: 'herald', noble: 'Galloway' });
  assert.equal(where(t, 'E-noble-galloway'), areaOf('galloway'));
  assert.equal(where(t, 'S-noble-galloway'), OFF);
  assert.equal(t.battle, null, 'alone in his area: no battle');
  assert.deepEqual(g.active(t), ['Scotland'], 'then Player 2 moves');
});

test('HotS Herald: a 5 or 6 fails', () => {
  let t = cards(heraldBoard(), HERALD, MOVE1);
  rig(t, [5]);
  t = g.apply(t, 'England', { type: 'herald', noble: 'Galloway' });
  assert.equal(where(t, 'S-noble-galloway'), areaOf('galloway'));
});

test('HotS Herald: a defection that leaves the area contested is fought at once, the defector attacking', () => {
  let t = cards(heraldBoard(), HERALD, MOVE1);
  rig(t, [1]);
  t = g.apply(t, 'England', { type: 'herald', noble: 'Bruce' });
  assert.equal(where(t, 'E-noble-bruce'), areaOf('annan'));
  assert.ok(t.battle);
  assert.equal(t.battle!.area, areaOf('annan'));
  assert.equal(t.battle!.att, 0);
});

test('HotS Pillage: the enemy group takes 2 hits (strongest first); the pillager adds as many steps to the adjacent group', () => {
  let t = scene({
    blocks: { lothian: ['S-douglas', 'S-barclay'], dunbar: ['E-york-infantry'], england: ['E-durham-infantry'] },
    steps: { 'S-barclay': 2, 'E-york-infantry': 2 },
    cards: [PILLAGE, MOVE1],
  });
  assert.ok(has(t, 'England', { type: 'pillage', area: 'lothian', from: 'dunbar' }));
  t = g.apply(t, 'England', { type: 'pillage', area: 'lothian', from: 'dunbar' });
  assert.equal(stepsOf(t, 'S-douglas'), 2, 'Douglas 4 -> 3 -> 2 (always the strongest)');
  assert.equal(stepsOf(t, 'S-barclay'), 2);
  assert.deepEqual(g.active(t), ['England']);
  assert.deepEqual(g.actions(t, 'England'), [{ type: 'step', block: 'E-york-infantry' }], 'the steps must be placed');
  t = g.apply(t, 'England', { type: 'step', block: 'E-york-infantry' });
  t = g.apply(t, 'England', { type: 'step', block: 'E-york-infantry' });
  assert.equal(stepsOf(t, 'E-york-infantry'), 4);
  assert.deepEqual(g.active(t), ['Scotland']);
});

test('HotS Pillage: a non-noble reduced to 0 goes to the pool; a noble reduced to 0 defects', () => {
  const s = scene({
    blocks: { lothian: ['S-douglas'], dunbar: ['S-noble-dunbar'], mentieth: ['E-york-infantry'], selkirk: ['E-durham-infantry'] },
    steps: { 'S-douglas': 1, 'S-noble-dunbar': 1 },
  });
  let t = cards(s, PILLAGE, MOVE1);
  t = g.apply(t, 'England', { type: 'pillage', area: 'lothian', from: 'mentieth' });
  assert.equal(where(t, 'S-douglas'), POOL_S);
  t = cards(s, PILLAGE, MOVE1);
  t = g.apply(t, 'England', { type: 'pillage', area: 'dunbar', from: 'selkirk' });
  assert.equal(where(t, 'E-noble-dunbar'), areaOf('dunbar'));
});

test('HotS Sea Move: 1 or 2 blocks from a friendly coastal area to another friendly (not vacant) one, never the Norse', () => {
  let t = scene({
    blocks: { fife: ['S-douglas', 'S-barclay', 'S-grant', 'S-norse'], moray: ['S-keith'], england: ['E-york-infantry'] },
    cards: [MOVE1, SEA_MOVE],
  });
  assert.ok(has(t, 'Scotland', { type: 'sea', from: 'fife', to: 'moray' }));
  assert.ok(!has(t, 'Scotland', { type: 'sea', from: 'fife', to: 'ross' }), 'vacant');
  t = g.apply(t, 'Scotland', { type: 'sea', from: 'fife', to: 'moray' });
  assert.ok(!has(t, 'Scotland', { type: 'block', block: 'S-norse' }));
  t = g.apply(t, 'Scotland', { type: 'block', block: 'S-douglas' });
  t = g.apply(t, 'Scotland', { type: 'block', block: 'S-barclay' });
  assert.equal(where(t, 'S-barclay'), areaOf('moray'));
  assert.equal(where(t, 'S-grant'), areaOf('fife'));
  assert.deepEqual(g.active(t), ['England']);
});

test('HotS Victuals: up to 3 steps to blocks of one friendly group', () => {
  let t = scene({
    blocks: { fife: ['S-douglas', 'S-barclay'], england: ['E-york-infantry'] },
    steps: { 'S-douglas': 1, 'S-barclay': 3 },
    cards: [MOVE1, VICTUALS],
  });
  t = playAll(t, 'Scotland', [{ type: 'victuals', area: 'fife' }, { type: 'step', block: 'S-douglas' }, { type: 'step', block: 'S-barclay' }]);
  assert.ok(!has(t, 'Scotland', { type: 'step', block: 'S-barclay' }), 'never above maximum');
  t = g.apply(t, 'Scotland', { type: 'step', block: 'S-douglas' });
  assert.equal(stepsOf(t, 'S-douglas'), 3);
  assert.deepEqual(g.active(t), ['England']);
});

test('HotS 6.21: crowning Bruce needs Wallace dead and Bruce in Fife; the Comyn nobles defect and attack at once', () => {
  const s = scene({
    blocks: { fife: ['S-noble-bruce'], lothian: ['S-wallace'], angus: ['S-noble-angus', 'S-douglas'], ross: ['S-noble-ross'], england: ['E-york-infantry'] },
  });
  let t = cards(s, MOVE1, HERALD);
  assert.ok(!has(t, 'Scotland', { type: 'crown', king: 'Bruce' }), 'Wallace alive');
  const n = copy(s);
  n.loc[0] = OFF; // Wallace dead
  t = cards(n, MOVE1, HERALD);
  assert.ok(has(t, 'Scotland', { type: 'crown', king: 'Bruce' }));
  assert.ok(!has(t, 'Scotland', { type: 'crown', king: 'Comyn' }));
  t = g.apply(t, 'Scotland', { type: 'crown', king: 'Bruce' });
  assert.equal(where(t, 'S-scottish-king'), areaOf('fife'));
  assert.equal(stepsOf(t, 'S-scottish-king'), 4);
  assert.equal(t.kingCrowned, true);
  assert.equal(where(t, 'E-noble-angus'), areaOf('angus'));
  assert.equal(where(t, 'E-noble-ross'), areaOf('ross'));
  assert.ok(t.battle, 'Angus attacks Douglas at once');
  assert.equal(t.battle!.att, 0);
});

test('HotS 6.22: King Balliol (1301+, French knights on the map) enters with them; the Bruce nobles defect', () => {
  const s = scene({
    set: { year: 1301 },
    blocks: { lothian: ['S-french-knights'], mar: ['S-noble-mar'], angus: ['S-noble-angus'], england: ['E-york-infantry'] },
  });
  let t = cards(s, MOVE1, HERALD);
  t = g.apply(t, 'Scotland', { type: 'crown', king: 'Balliol' });
  assert.equal(where(t, 'S-scottish-king'), areaOf('lothian'));
  assert.equal(where(t, 'E-noble-mar'), areaOf('mar'));
  assert.equal(where(t, 'S-noble-angus'), areaOf('angus'));
  const early = copy(s);
  early.year = 1300;
  assert.ok(!has(cards(early, MOVE1, HERALD), 'Scotland', { type: 'crown', king: 'Balliol' }));
  const crowned = copy(s);
  crowned.kingCrowned = true;
  assert.ok(!has(cards(crowned, MOVE1, HERALD), 'Scotland', { type: 'crown', king: 'Balliol' }), 'once per game');
});
