/** Regression tests for the edge cases in the implementer notes (§9) not covered elsewhere. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HERALD, MOVE1, PILLAGE, copy, g, has, run, scene, where } from './fixtures.test-support.js';
import { POOL_S, areaOf } from './map.js';
import { retreatTargets } from './battle.js';
import { blockOf } from './blocks.js';
import { WINTER_STEPS } from './winter.js';
import type { State } from './state.js';

test('HotS 4.7 (edge case 6): the Norse retreat only to a friendly coastal area other than England', () => {
  const s = scene({ blocks: { lothian: ['S-norse', 'E-york-infantry'], ross: ['S-douglas'], badenoch: ['S-barclay'], england: ['S-grant'] } });
  const n = copy(s);
  n.att[areaOf('lothian')] = 0;
  n.p1 = 0;
  const t = run(n, ['battles', 'raid', 'endturn']);
  const to = retreatTargets(t, blockOf('S-norse'), false);
  assert.deepEqual(to, [areaOf('ross')], 'not inland Badenoch, not England, not vacant areas');
  // with no friendly coastal area the Norse cannot retreat at all
  const m = copy(n);
  m.loc[blockOf('S-douglas')] = areaOf('mar');
  const u = run(m, ['battles', 'raid', 'endturn']);
  assert.deepEqual(retreatTargets(u, blockOf('S-norse'), true), []);
  // and the English never get the Norse's sea retreat
  assert.ok(retreatTargets(u, blockOf('E-york-infantry'), false).every((a) => a !== areaOf('ross')));
});

test('HotS 6.2 (edge case 14): a King removed outside battle (Pillage) goes to the Scottish pool, the game goes on', () => {
  let t = scene({
    scenario: 'the-bruce',
    blocks: { lothian: ['S-scottish-king'], fife: ['S-douglas'], mentieth: ['E-york-infantry'], angus: ['E-noble-angus'] },
    steps: { 'S-scottish-king': 1 },
    cards: [PILLAGE, MOVE1],
  });
  t = g.apply(t, 'England', { type: 'pillage', area: 'lothian', from: 'mentieth' });
  assert.equal(where(t, 'S-scottish-king'), POOL_S);
  assert.equal(g.outcome(t), null);
});

test('HotS 6.21 (edge cases 8, 12): after a defection battle and its regroup, borders and reserves are clean and play goes on', () => {
  let t = scene({
    blocks: { annan: ['S-noble-bruce', 'S-wallace'], mar: ['S-noble-mar'], england: ['E-york-infantry'] },
    steps: { 'S-noble-bruce': 1 },
    cards: [HERALD, MOVE1],
    dice: [1, 1, 6, 6, 6],
  });
  t = g.apply(t, 'England', { type: 'herald', noble: 'Bruce' });
  assert.ok(t.battle && t.battle.att === 0);
  // Wallace (A, defender) kills the 1-step defector, who is captured back at strength 1.
  t = g.apply(t, 'Scotland', { type: 'fire', block: 'S-wallace' });
  assert.equal(where(t, 'S-noble-bruce'), areaOf('annan'));
  assert.equal(t.battle?.stage, 'regroup');
  t = g.apply(t, 'Scotland', { type: 'regroup', block: 'S-wallace', to: 'carrick' });
  t = g.apply(t, 'Scotland', { type: 'done' });
  assert.equal(t.battle, null);
  assert.ok(t.bUsed.every((x) => x === 0));
  assert.ok(t.att.every((x) => x === -1));
  assert.equal(t.flags[blockOf('S-noble-bruce')]! & 2, 0, 'no reserve mark left');
  assert.deepEqual(g.active(t), ['Scotland'], 'Player 2 now moves');
  assert.ok(has(t, 'Scotland', { type: 'group', area: 'annan' }), 'the captured noble may move');
});

test('HotS 9.0 (edge case 5): the last winter ends the game right after Scottish disbanding', () => {
  const s: State = scene({
    set: { year: 1305 },
    blocks: { mar: ['S-noble-mar'], ross: ['S-noble-ross'], angus: ['E-noble-angus'], 'pool-s': ['S-douglas', 'S-barclay'] },
  });
  const t = run(s, WINTER_STEPS.slice());
  assert.deepEqual(g.outcome(t), { winners: ['Scotland'], reason: 'nobles' });
  assert.equal(where(t, 'S-douglas'), POOL_S, 'no builds after the count');
});
