import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MOVE1, MOVE3, cards, g, put, scene, where, winter } from './fixtures.test-support.js';
import { POOL_E, areaOf } from './map.js';
import type { State } from './state.js';

/** Runs a winter, finishing every prompt with 'done' (or the first choice), until the game ends or a new year starts. */
function winterToEnd(s: State): State {
  let t = winter(s);
  for (let i = 0; i < 200 && g.active(t).length > 0 && t.year === s.year; i++) {
    const role = g.active(t)[0]!;
    const acts = g.actions(t, role);
    t = g.apply(t, role, acts.find((a) => a.type === 'done') ?? acts[0]!);
  }
  return t;
}

function endTurn(s: State): State {
  let t = cards(s, MOVE3, MOVE1);
  while (g.active(t).length === 1 && t.phase === 'move') t = g.apply(t, g.active(t)[0]!, { type: 'end' });
  return t;
}

test('HotS 9.1: controlling every noble in play at the end of a Game Turn wins at once', () => {
  const s = scene({ blocks: { angus: ['E-noble-angus'], ross: ['E-noble-ross'], fife: ['S-douglas'] } });
  const t = endTurn(s);
  assert.deepEqual(g.outcome(t), { winners: ['England'], reason: 'all-nobles' });
  assert.deepEqual(g.active(t), []);
  assert.deepEqual(g.actions(t, 'England'), []);
});

test('HotS 9.1 (edge case 5): the all-nobles sudden death is also checked after each Winter', () => {
  const s = scene({ blocks: { fife: ['E-noble-angus'], angus: ['S-douglas'], ross: ['S-noble-ross'] } });
  const t = winterToEnd(s);
  // Angus goes home, finds the Scots there and defects: Scotland holds every noble.
  assert.deepEqual(g.outcome(t), { winners: ['Scotland'], reason: 'all-nobles' });
});

test('HotS 9.0: at the end of the last year the side with more nobles wins (counted after that Winter)', () => {
  const s = scene({ set: { year: 1305 }, blocks: { angus: ['E-noble-angus'], ross: ['E-noble-ross'], mar: ['S-noble-mar'], fife: ['S-douglas'] } });
  const t = winterToEnd(s);
  assert.deepEqual(g.outcome(t), { winners: ['England'], reason: 'nobles' });
});

test('HotS 9.0: a Braveheart 7-7 tie goes to Scotland if Wallace is on the map, else to England', () => {
  const s = scene({ set: { year: 1305 }, blocks: { angus: ['E-noble-angus'], mar: ['S-noble-mar'], fife: ['S-wallace'] } });
  assert.deepEqual(g.outcome(winterToEnd(s)), { winners: ['Scotland'], reason: 'nobles-tie' });
  put(s, 'S-wallace', 'pool-s');
  assert.deepEqual(g.outcome(winterToEnd(s)), { winners: ['England'], reason: 'nobles-tie' });
});

test('HotS 8.3: the Campaign plays on past 1314 (4th edition) or ends with a count in 1314 (variant)', () => {
  for (const [variant, ended] of [['4th', false], ['1314', true]] as const) {
    const s = scene({
      scenario: 'campaign',
      variants: { campaignEnd: variant },
      set: { year: 1314, edward2: true },
      blocks: { angus: ['E-noble-angus'], ross: ['E-noble-ross'], mar: ['S-noble-mar'], fife: ['S-douglas'] },
    });
    const t = winterToEnd(s);
    assert.equal(g.outcome(t) !== null, ended, variant);
  }
});

test('HotS 5.9: with Scots in England at the end of a Game Turn, England disbands a non-noble block of its choice', () => {
  const s = scene({
    blocks: { england: ['S-douglas'], lothian: ['E-york-infantry'], mentieth: ['E-york-knights'], angus: ['E-noble-angus'], mar: ['S-noble-mar'] },
  });
  const t = endTurn(s);
  assert.equal(t.phase, 'raid');
  const choices = g.actions(t, 'England').map((a) => (a as { block: string }).block).sort();
  assert.deepEqual(choices, ['E-york-infantry', 'E-york-knights'], 'never a noble');
  const u = g.apply(t, 'England', { type: 'raid', block: 'E-york-knights' });
  assert.equal(where(u, 'E-york-knights'), POOL_E);
  assert.equal(u.turn, 2);
  const logScot = g.describe!(t, u, 'England', { type: 'raid', block: 'E-york-knights' }, 'Scotland');
  assert.ok(!JSON.stringify(logScot).includes('york-knights'), 'England does not reveal which block');
});

test('HotS 5.9 (edge case 3): raids count only English non-nobles on the map; with none, the turn still ends', () => {
  const s = scene({ blocks: { england: ['S-douglas'], angus: ['E-noble-angus'], mar: ['S-noble-mar'], 'pool-e': ['E-york-infantry'] } });
  const t = endTurn(s);
  assert.equal(t.turn, 2);
  assert.equal(t.phase, 'cards');
  assert.equal(where(t, 'E-york-infantry'), POOL_E);
  assert.equal(where(t, 'S-douglas'), areaOf('england'));
});
