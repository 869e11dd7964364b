import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng } from '@tabula/engine';
import { copy, fresh, g, run, scene } from './fixtures.test-support.js';
import { areaOf } from './map.js';
import { SIDE, blockOf } from './blocks.js';

test('HotS fog of war: own blocks in full, enemy blocks only as a block of that side in an area', () => {
  const s = fresh();
  const v = g.view(s, 'England');
  const fife = v.areas[areaOf('fife')]!;
  assert.equal(fife.blocks.length, 3);
  for (const b of fife.blocks) {
    assert.equal(b.side, 'Scotland');
    assert.equal(b.id, undefined);
    assert.equal(b.steps, undefined);
  }
  const mentieth = v.areas[areaOf('mentieth')]!;
  assert.deepEqual(mentieth.blocks.map((b) => b.id).sort(), ['E-noble-mentieth', 'E-northumber-infantry']);
  const spectator = JSON.stringify(g.view(s, null));
  assert.ok(!spectator.includes('"id":"E-') && !spectator.includes('"id":"S-'), 'spectators see no identities');
});

test('HotS fog of war: own pool contents, the enemy pool only as a count; own hand only', () => {
  const s = fresh();
  const v = g.view(s, 'Scotland');
  assert.equal(v.pools.Scotland.blocks!.length, 7);
  assert.equal(v.pools.England.blocks, undefined);
  assert.equal(v.pools.England.count, 9);
  assert.deepEqual(v.hand, s.hand[1]);
  assert.equal(v.handCounts.England, 5);
  assert.deepEqual(g.view(s, null).hand, []);
});

test('HotS fog of war: blocks are revealed only while fighting in a battle round', () => {
  const s = scene({ blocks: { lothian: ['S-douglas', 'E-york-infantry'], fife: ['S-barclay'] } });
  const n = copy(s);
  n.att = n.att.slice();
  n.att[areaOf('lothian')] = 0;
  n.p1 = 0;
  const t = run(n, ['battles', 'raid', 'endturn']);
  const v = g.view(t, 'England');
  const ids = v.areas[areaOf('lothian')]!.blocks.map((b) => b.id);
  assert.ok(ids.includes('S-douglas'), 'the enemy block in battle is revealed');
  assert.equal(g.view(t, null).areas[areaOf('fife')]!.blocks[0]!.id, undefined);
  assert.equal(g.view(t, null).battle!.area, 'lothian');
});

test('HotS determinize: re-deals enemy identities, strengths, hand and RNG, keeping what the viewer sees', () => {
  const s = fresh();
  const rng = new Rng('det');
  const d = g.determinize(s, 'England', rng);
  assert.deepEqual(g.view(d, 'England'), g.view(s, 'England'));
  assert.deepEqual(g.view(d, null), g.view(s, null));
  assert.deepEqual(d.hand[0], s.hand[0]);
  assert.notDeepEqual(d.rng, s.rng);
  for (let b = 0; b < 56; b++) if (SIDE[b] === 0) assert.equal(d.loc[b], s.loc[b]);
  let moved = false;
  for (let i = 0; i < 10 && !moved; i++) {
    const e = g.determinize(s, 'England', rng);
    if (e.loc[blockOf('S-wallace')] !== s.loc[blockOf('S-wallace')] || e.hand[1]!.join() !== s.hand[1]!.join()) moved = true;
  }
  assert.ok(moved, 'hidden facts are actually re-dealt');
});

test('HotS undo: dice, draws and reveals are barriers; a plain move step is not', () => {
  const s = scene({ blocks: { fife: ['S-douglas'], england: ['E-york-infantry'] } });
  const a = copy(s);
  a.hand = [[6, 7, 8, 9, 10], [19, 20, 21, 22, 23]];
  let t = g.apply(a, 'England', { type: 'card', card: 6 });
  t = g.apply(t, 'Scotland', { type: 'card', card: 19 });
  const u = g.apply(t, 'England', { type: 'group', area: 'england' });
  assert.equal(g.undoBarrier!(t, u, 'England', { type: 'group', area: 'england' }), false);
});

test('HotS log: describe gives i18n keys and hides the other side\'s secrets', () => {
  const s = copy(fresh());
  s.hand = [[6, 7, 8, 9, 10], [19, 20, 21, 22, 23]];
  const t = g.apply(s, 'England', { type: 'card', card: 6 });
  const own = g.describe!(s, t, 'England', { type: 'card', card: 6 }, 'England');
  const other = g.describe!(s, t, 'England', { type: 'card', card: 6 }, 'Scotland');
  assert.equal(own[0]!.key, 'log.card-own');
  assert.equal(other[0]!.key, 'log.card-hidden');
  assert.ok(!JSON.stringify(other).includes('move-3'));
});
