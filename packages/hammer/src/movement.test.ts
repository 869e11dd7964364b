import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MOVE1, MOVE2, MOVE3, TRUCE, cards, emptyMap, g, has, move, playAll, put, scene, where } from './fixtures.test-support.js';
import { areaOf } from './map.js';
import { F_RESERVE } from './state.js';
import { blockOf } from './blocks.js';

test('HotS 4.2: a Move 3 card gives three group moves; one group may split to several areas', () => {
  let t = scene({ blocks: { fife: ['S-douglas', 'S-barclay'], strathspey: ['S-grant'], england: ['E-york-infantry'] }, cards: [MOVE1, MOVE3] });
  assert.equal(t.moves, 3);
  t = move(t, 'Scotland', 'S-douglas', ['angus'], 'fife');
  t = move(t, 'Scotland', 'S-barclay', ['mentieth']);
  assert.equal(where(t, 'S-douglas'), areaOf('angus'));
  assert.equal(where(t, 'S-barclay'), areaOf('mentieth'));
  assert.equal(t.moves, 2);
  assert.equal(t.phase, 'move', 'the group is done when no block can move');
});

test('HotS 4.0: blocks move once per turn and pass through friendly or vacant areas up to their move rating', () => {
  let t = scene({ blocks: { fife: ['S-wallace'], england: ['E-york-infantry'] }, cards: [MOVE1, MOVE3] });
  t = playAll(t, 'Scotland', [
    { type: 'group', area: 'fife' },
    { type: 'block', block: 'S-wallace' },
    { type: 'to', area: 'angus' },
    { type: 'to', area: 'buchan' },
    { type: 'to', area: 'strathspey' },
  ]);
  assert.equal(where(t, 'S-wallace'), areaOf('strathspey'));
  assert.equal(t.phase, 'move', 'move rating 3 used up');
  assert.ok(!has(t, 'Scotland', { type: 'group', area: 'strathspey' }), 'a block moves once per turn');
});

test('HotS 4.3: 2 blocks over a red border per move phase, and a block crossing it must stop', () => {
  let t = scene({ blocks: { ross: ['S-douglas', 'S-barclay', 'S-grant'], england: ['E-york-infantry'] }, cards: [MOVE1, MOVE3] });
  t = playAll(t, 'Scotland', [{ type: 'group', area: 'ross' }, { type: 'block', block: 'S-douglas' }, { type: 'to', area: 'moray' }]);
  assert.equal(t.phase, 'group', 'stopped after the red border');
  t = move(t, 'Scotland', 'S-barclay', ['moray']);
  t = g.apply(t, 'Scotland', { type: 'block', block: 'S-grant' });
  assert.ok(!has(t, 'Scotland', { type: 'to', area: 'moray' }), 'third block may not cross Ross-Moray');
  assert.ok(has(t, 'Scotland', { type: 'to', area: 'garmoran' }));
});

test('HotS 4.3: 6 blocks over a green border per move phase', () => {
  const s = emptyMap();
  const ids = ['S-douglas', 'S-barclay', 'S-grant', 'S-campbell', 'S-graham', 'S-macdonald', 'S-lindsay'];
  for (const id of ids) put(s, id, 'buchan');
  put(s, 'E-york-infantry', 'england');
  let t = cards(s, MOVE1, MOVE3);
  t = g.apply(t, 'Scotland', { type: 'group', area: 'buchan' });
  for (const id of ids.slice(0, 6)) t = move(t, 'Scotland', id, ['angus']);
  t = g.apply(t, 'Scotland', { type: 'block', block: 'S-lindsay' });
  assert.ok(!has(t, 'Scotland', { type: 'to', area: 'angus' }));
  assert.ok(has(t, 'Scotland', { type: 'to', area: 'strathspey' }));
});

test('HotS 4.4: each group move lets one block cross the Anglo-Scottish border; more cost a group move each', () => {
  const s = scene({ blocks: { england: ['E-york-infantry', 'E-lancaster-infantry', 'E-durham-infantry'], fife: ['S-douglas'] } });
  let t = cards(s, MOVE3, MOVE1);
  t = g.apply(t, 'England', { type: 'group', area: 'england' });
  assert.equal(t.moves, 2);
  t = move(t, 'England', 'E-york-infantry', ['dunbar']);
  assert.equal(t.moves, 2, 'the first crossing is part of the group move');
  t = move(t, 'England', 'E-lancaster-infantry', ['dunbar']);
  assert.equal(t.moves, 1, 'the second crossing costs one more');
  t = move(t, 'England', 'E-durham-infantry', ['annan']);
  assert.deepEqual(g.active(t), ['Scotland'], 'the third crossing used the last group move');
  // With a "1" only one block crosses.
  let u = cards(s, MOVE1, 20);
  u = g.apply(u, 'England', { type: 'group', area: 'england' });
  u = move(u, 'England', 'E-york-infantry', ['dunbar']);
  assert.deepEqual(g.active(u), ['Scotland'], 'no second crossing with no group move left: the phase ends');
  assert.equal(where(u, 'E-lancaster-infantry'), areaOf('england'));
});

test('HotS 4.4: blocks entering England always stop; the Teviot crossing (red) stops', () => {
  let t = scene({ blocks: { annan: ['S-wallace'], england: ['E-hobelars'], lothian: ['E-york-infantry'] }, cards: [MOVE1, MOVE3] });
  t = playAll(t, 'Scotland', [{ type: 'group', area: 'annan' }, { type: 'block', block: 'S-wallace' }, { type: 'to', area: 'england' }]);
  assert.notEqual(t.phase, 'path');
  let u = cards(emptyWith('E-hobelars', 'england'), MOVE3, MOVE1);
  u = playAll(u, 'England', [{ type: 'group', area: 'england' }, { type: 'block', block: 'E-hobelars' }, { type: 'to', area: 'teviot' }]);
  assert.notEqual(u.phase, 'path', 'stopped after the red dashed border');
});

function emptyWith(id: string, area: string) {
  const s = emptyMap();
  put(s, id, area);
  put(s, 'S-douglas', 'ross');
  return s;
}

test('HotS 4.5/4.0: a block entering an enemy-occupied area stops and the area becomes contested', () => {
  let t = scene({ blocks: { fife: ['S-wallace'], angus: ['E-york-infantry'], england: ['E-lancaster-infantry'] }, cards: [MOVE1, MOVE3] });
  t = playAll(t, 'Scotland', [{ type: 'group', area: 'fife' }, { type: 'block', block: 'S-wallace' }, { type: 'to', area: 'angus' }]);
  assert.notEqual(t.phase, 'path');
  assert.equal(t.att[areaOf('angus')], 1);
  assert.equal(g.view(t, null).areas[areaOf('angus')]!.attacker, 'Scotland');
});

test('HotS 4.6: attackers pin as many defenders; unpinned blocks may not leave over the attack border', () => {
  let t = scene({
    blocks: { buchan: ['S-douglas', 'S-barclay', 'S-grant'], angus: ['E-york-infantry', 'E-lancaster-infantry'], england: ['E-durham-infantry'] },
    cards: [MOVE3, MOVE1],
  });
  t = g.apply(t, 'England', { type: 'group', area: 'angus' });
  t = move(t, 'England', 'E-york-infantry', ['buchan']);
  t = move(t, 'England', 'E-lancaster-infantry', ['buchan']);
  t = g.apply(t, 'England', { type: 'end' });
  assert.deepEqual(g.active(t), ['Scotland']);
  t = g.apply(t, 'Scotland', { type: 'group', area: 'buchan' });
  t = g.apply(t, 'Scotland', { type: 'block', block: 'S-douglas' });
  assert.ok(!has(t, 'Scotland', { type: 'to', area: 'angus' }), 'the border the enemy used is closed');
  t = g.apply(t, 'Scotland', { type: 'to', area: 'mar' });
  assert.equal(where(t, 'S-douglas'), areaOf('mar'));
  assert.ok(!has(t, 'Scotland', { type: 'block', block: 'S-barclay' }), 'the other two are pinned');
});

test('HotS 4.7: the Norse move by sea between coastal areas as a group move of their own, never to England', () => {
  let t = scene({ blocks: { ross: ['S-norse', 'S-douglas'], lothian: ['E-york-infantry'], england: ['E-lancaster-infantry'] }, cards: [MOVE1, MOVE3] });
  assert.ok(has(t, 'Scotland', { type: 'norse', to: 'lothian' }));
  assert.ok(!has(t, 'Scotland', { type: 'norse', to: 'england' }));
  assert.ok(!has(t, 'Scotland', { type: 'norse', to: 'badenoch' }), 'inland');
  t = g.apply(t, 'Scotland', { type: 'group', area: 'ross' });
  assert.ok(!has(t, 'Scotland', { type: 'block', block: 'S-norse' }), 'never part of a group');
  t = g.apply(t, 'Scotland', { type: 'end' });
  t = g.apply(t, 'Scotland', { type: 'norse', to: 'lothian' });
  assert.equal(where(t, 'S-norse'), areaOf('lothian'));
  assert.equal(t.moves, 1);
  assert.equal(t.mainBorder[areaOf('lothian')], -2, 'the Norse are the main attack alone');
});

test('HotS 5.32: the main attack enters from one area over one border; other attackers are reserves', () => {
  let t = scene({
    blocks: { fife: ['S-douglas', 'S-barclay'], atholl: ['S-grant'], mentieth: ['E-york-infantry'], england: ['E-lancaster-infantry'] },
    cards: [MOVE1, MOVE3],
  });
  t = move(t, 'Scotland', 'S-douglas', ['mentieth'], 'fife');
  t = move(t, 'Scotland', 'S-barclay', ['mentieth']);
  t = move(t, 'Scotland', 'S-grant', ['mentieth'], 'atholl');
  assert.equal(t.flags[blockOf('S-douglas')]! & F_RESERVE, 0);
  assert.equal(t.flags[blockOf('S-barclay')]! & F_RESERVE, 0);
  assert.equal(t.flags[blockOf('S-grant')]! & F_RESERVE, F_RESERVE);
});

test('HotS 5.33: blocks Player 2 moves into a contested area it defends are reserves', () => {
  let t = scene({ blocks: { fife: ['S-douglas'], mentieth: ['E-york-infantry'], lanark: ['E-lancaster-infantry'] }, cards: [MOVE1, MOVE3] });
  t = move(t, 'Scotland', 'S-douglas', ['mentieth'], 'fife');
  t = g.apply(t, 'Scotland', { type: 'end' });
  t = move(t, 'England', 'E-lancaster-infantry', ['mentieth'], 'lanark');
  assert.equal(t.flags[blockOf('E-lancaster-infantry')]! & F_RESERVE, F_RESERVE);
});

test('HotS Truce: the opponent may move but not attack, and Scots may not enter England', () => {
  let t = scene({ blocks: { annan: ['S-douglas'], carrick: ['E-york-infantry'], england: ['E-lancaster-infantry'] }, cards: [TRUCE, MOVE3] });
  t = g.apply(t, 'England', { type: 'truce' });
  assert.deepEqual(g.active(t), ['Scotland']);
  t = g.apply(t, 'Scotland', { type: 'group', area: 'annan' });
  t = g.apply(t, 'Scotland', { type: 'block', block: 'S-douglas' });
  assert.ok(!has(t, 'Scotland', { type: 'to', area: 'carrick' }), 'no attack');
  assert.ok(!has(t, 'Scotland', { type: 'to', area: 'england' }), 'no raid');
  assert.ok(has(t, 'Scotland', { type: 'to', area: 'lanark' }));
});

test('HotS 4.2: with a 3 card, after activating three areas the remaining blocks of the first group can still move, at no cost', () => {
  let t = scene({
    blocks: { fife: ['S-douglas', 'S-barclay'], strathspey: ['S-grant'], ross: ['S-campbell'], england: ['E-york-infantry'] },
    cards: [MOVE1, MOVE3],
  });
  t = move(t, 'Scotland', 'S-douglas', ['angus'], 'fife');
  t = g.apply(t, 'Scotland', { type: 'end' }); // leave Barclay for now
  t = move(t, 'Scotland', 'S-grant', ['buchan'], 'strathspey');
  t = move(t, 'Scotland', 'S-campbell', ['garmoran'], 'ross');
  assert.equal(t.moves, 0);
  assert.equal(t.phase, 'move', 'the Move Phase goes on: Fife can still move');
  assert.deepEqual(g.view(t, 'Scotland').activated, ['ross', 'strathspey', 'fife']);
  assert.deepEqual(g.actions(t, 'Scotland'), [{ type: 'block', block: 'S-barclay' }, { type: 'end' }], 'only the unmoved blocks of activated groups');
  t = move(t, 'Scotland', 'S-barclay', ['mentieth']);
  assert.equal(where(t, 'S-barclay'), areaOf('mentieth'));
  assert.deepEqual(g.active(t), ['England'], 'nothing activated can move any more: the phase ends');
});

test('HotS 4.2: coming back to a group already activated this Move Phase (by picking one of its blocks) costs no group move; a new group does', () => {
  let t = scene({ blocks: { fife: ['S-douglas', 'S-barclay', 'S-graham'], strathspey: ['S-grant'], england: ['E-york-infantry'] }, cards: [MOVE1, MOVE3] });
  t = move(t, 'Scotland', 'S-douglas', ['angus'], 'fife');
  t = g.apply(t, 'Scotland', { type: 'end' });
  assert.equal(t.moves, 2);
  assert.ok(!has(t, 'Scotland', { type: 'group', area: 'fife' }), 'no second activation of Fife');
  t = move(t, 'Scotland', 'S-barclay', ['mentieth']);
  assert.equal(t.moves, 2, 'Fife was activated already');
  assert.equal(t.phase, 'group', 'the Fife group goes on: Graham may move too');
  t = g.apply(t, 'Scotland', { type: 'end' });
  t = g.apply(t, 'Scotland', { type: 'group', area: 'strathspey' });
  assert.equal(t.moves, 1, 'Strathspey is a new group');
});

test('HotS 4.2/4.4: a group come back to has used its Anglo-Scottish crossing: another crossing block costs a group move', () => {
  const s = scene({
    blocks: { england: ['E-york-infantry', 'E-lancaster-infantry', 'E-durham-infantry'], lothian: ['E-hobelars', 'E-york-knights'], fife: ['S-douglas'] },
  });
  let t = cards(s, MOVE3, MOVE1);
  t = move(t, 'England', 'E-york-infantry', ['dunbar'], 'england');
  t = g.apply(t, 'England', { type: 'end' });
  t = move(t, 'England', 'E-hobelars', ['mentieth'], 'lothian');
  t = g.apply(t, 'England', { type: 'end' }); // the knights stay for now
  assert.equal(t.moves, 1);
  assert.deepEqual(g.view(t, 'England').crossed, ['england']);
  t = g.apply(t, 'England', { type: 'block', block: 'E-lancaster-infantry' });
  assert.equal(t.moves, 1, 'coming back is free');
  t = g.apply(t, 'England', { type: 'to', area: 'annan' });
  assert.equal(t.moves, 0, 'the group\'s crossing was used: this one costs a group move');
  t = g.apply(t, 'England', { type: 'stop' });
  assert.deepEqual(g.actions(t, 'England'), [{ type: 'block', block: 'E-york-knights' }, { type: 'end' }], 'no group move left for a third crossing from England');
});

test('HotS 4.2/4.3: border limits count over the whole Move Phase when a group is come back to', () => {
  let t = scene({ blocks: { ross: ['S-douglas', 'S-barclay', 'S-grant'], fife: ['S-campbell'], england: ['E-york-infantry'] }, cards: [MOVE1, MOVE3] });
  t = move(t, 'Scotland', 'S-douglas', ['moray'], 'ross');
  t = g.apply(t, 'Scotland', { type: 'end' });
  t = move(t, 'Scotland', 'S-campbell', ['angus'], 'fife');
  t = move(t, 'Scotland', 'S-barclay', ['moray']);
  t = g.apply(t, 'Scotland', { type: 'block', block: 'S-grant' });
  assert.ok(!has(t, 'Scotland', { type: 'to', area: 'moray' }), 'the red border took two blocks this phase');
  assert.ok(has(t, 'Scotland', { type: 'to', area: 'garmoran' }));
});

test('HotS 4.7/4.2: the last group move spent on the Norse ends the Move Phase, unless an activated group can still move', () => {
  const s = scene({ blocks: { ross: ['S-norse'], fife: ['S-douglas', 'S-barclay'], england: ['E-york-infantry'] } });
  let t = cards(s, MOVE3, MOVE1);
  t = g.apply(t, 'England', { type: 'end' });
  const u = g.apply(t, 'Scotland', { type: 'norse', to: 'buchan' });
  assert.notEqual(u.phase, 'move', 'one group move, spent on the Norse');
  let v = cards(s, MOVE1, MOVE2);
  v = move(v, 'Scotland', 'S-douglas', ['angus'], 'fife');
  v = g.apply(v, 'Scotland', { type: 'end' });
  v = g.apply(v, 'Scotland', { type: 'norse', to: 'buchan' });
  assert.equal(v.moves, 0);
  assert.equal(v.phase, 'move', 'Barclay may still move with the Fife group');
  assert.ok(has(v, 'Scotland', { type: 'block', block: 'S-barclay' }));
});

test('HotS 4.6: once the blocks left in a contested area are pinned, their group ends on its own', () => {
  let t = scene({ blocks: { buchan: ['S-douglas', 'S-barclay', 'S-grant'], fife: ['S-keith'], angus: ['E-york-infantry'] }, cards: [MOVE3, MOVE2] });
  t = move(t, 'England', 'E-york-infantry', ['buchan'], 'angus');
  t = g.apply(t, 'England', { type: 'end' });
  t = move(t, 'Scotland', 'S-douglas', ['strathspey'], 'buchan');
  assert.equal(t.phase, 'group', 'two left against one attacker: one more may go');
  t = move(t, 'Scotland', 'S-barclay', ['strathspey']);
  assert.equal(t.phase, 'move', 'Grant is pinned: the group is over');
  assert.deepEqual(g.active(t), ['Scotland']);
  assert.ok(!has(t, 'Scotland', { type: 'block', block: 'S-grant' }));
});

test('HotS 4.4: a block entering England over the Anglo-Scottish border must stop, even with move points left', () => {
  let t = scene({ blocks: { annan: ['S-wallace'], lothian: ['E-york-infantry'] }, cards: [MOVE1, MOVE3] });
  t = playAll(t, 'Scotland', [{ type: 'group', area: 'annan' }, { type: 'block', block: 'S-wallace' }, { type: 'to', area: 'england' }]);
  assert.equal(where(t, 'S-wallace'), areaOf('england'));
  assert.notEqual(t.phase, 'path', 'England is empty, yet Wallace stops');
});

test('HotS 5.32: blocks of one group entering over another border than the main attack are reserves', () => {
  let t = scene({ blocks: { mentieth: ['E-york-infantry', 'E-durham-infantry'], lothian: ['S-douglas'] }, cards: [MOVE3, MOVE1] });
  t = move(t, 'England', 'E-york-infantry', ['lothian'], 'mentieth');
  t = move(t, 'England', 'E-durham-infantry', ['lanark', 'lothian']);
  assert.equal(t.flags[blockOf('E-york-infantry')]! & F_RESERVE, 0, 'first in: the main attack');
  assert.equal(t.flags[blockOf('E-durham-infantry')]! & F_RESERVE, F_RESERVE, 'same area, another border: reserve');
});

test('HotS 4.0/4.2: a block that moved into an area does not move again with that area\'s group; when only such blocks are left the group and then the Move Phase end', () => {
  let t = scene({ blocks: { angus: ['S-douglas'], fife: ['S-barclay'], england: ['E-york-infantry'] }, cards: [MOVE1, MOVE2] });
  t = move(t, 'Scotland', 'S-douglas', ['fife'], 'angus');
  t = g.apply(t, 'Scotland', { type: 'group', area: 'fife' });
  assert.deepEqual(g.actions(t, 'Scotland').filter((a) => a.type === 'block'), [{ type: 'block', block: 'S-barclay' }]);
  t = move(t, 'Scotland', 'S-barclay', ['mentieth']);
  assert.equal(where(t, 'S-douglas'), areaOf('fife'));
  assert.deepEqual(g.active(t), ['England'], 'Scotland\'s Move Phase is over');
});

test('HotS 4.7: the Norse sail once per turn, only from the map, and only for Scotland', () => {
  let t = scene({ blocks: { ross: ['S-norse'], fife: ['S-douglas'], england: ['E-york-infantry'] }, cards: [MOVE1, MOVE3] });
  const sail = { type: 'norse', to: 'buchan' } as const;
  const before = t;
  t = g.apply(t, 'Scotland', sail);
  assert.equal(t.moves, 2);
  assert.deepEqual(g.describe!(before, t, 'Scotland', sail, 'England').find((l) => l.key === 'log.norse-move')?.args, { from: 'ross', to: 'buchan' }, 'a public log line');
  assert.ok(!g.actions(t, 'Scotland').some((a) => a.type === 'norse'), 'moved once');
  const e = scene({ blocks: { ross: ['S-norse'], fife: ['S-douglas'], england: ['E-york-infantry'] }, cards: [MOVE3, MOVE1] });
  assert.deepEqual(g.active(e), ['England']);
  assert.ok(!g.actions(e, 'England').some((a) => a.type === 'norse'), 'never England\'s');
  const pool = scene({ blocks: { 'pool-s': ['S-norse'], fife: ['S-douglas'], england: ['E-york-infantry'] }, cards: [MOVE1, MOVE3] });
  assert.ok(!g.actions(pool, 'Scotland').some((a) => a.type === 'norse'), 'not from the pool');
});

test('HotS 4.6/4.7: the Norse in a contested area are pinned like any defender: they may sail only while the Scots there outnumber the attackers', () => {
  const free = scene({ blocks: { buchan: ['S-norse', 'S-wallace', 'E-york-infantry'], fife: ['S-douglas'], england: ['E-durham-infantry'] }, cards: [MOVE1, MOVE3] });
  assert.ok(has(free, 'Scotland', { type: 'norse', to: 'fife' }), 'two Scots against one');
  const pinned = scene({ blocks: { buchan: ['S-norse', 'E-york-infantry'], fife: ['S-douglas'], england: ['E-durham-infantry'] }, cards: [MOVE1, MOVE3] });
  assert.ok(!g.actions(pinned, 'Scotland').some((a) => a.type === 'norse'), 'one against one');
});

test('HotS Truce/4.7: under England\'s Truce the Norse may sail, but not into an English-held area', () => {
  let t = scene({ blocks: { ross: ['S-norse'], annan: ['S-douglas'], lothian: ['E-york-infantry'], england: ['E-lancaster-infantry'] }, cards: [TRUCE, MOVE3] });
  t = g.apply(t, 'England', { type: 'truce' });
  assert.ok(!has(t, 'Scotland', { type: 'norse', to: 'lothian' }), 'no attack');
  assert.ok(has(t, 'Scotland', { type: 'norse', to: 'buchan' }));
});

test('HotS 4.6: English blocks outnumbering the Scots in a contested area may move out (Edward among them); the Scots never move Edward\'s group', () => {
  const e = scene({ blocks: { lothian: ['E-edward', 'E-york-infantry', 'S-douglas'], fife: ['S-barclay'] }, cards: [MOVE3, MOVE1] });
  assert.ok(has(e, 'England', { type: 'group', area: 'lothian' }), 'two English against one Scot');
  const s = scene({ blocks: { mentieth: ['E-edward'], fife: ['S-barclay'], england: ['E-york-infantry'] }, cards: [MOVE1, MOVE3] });
  assert.deepEqual(g.actions(s, 'Scotland').filter((a) => a.type === 'group'), [{ type: 'group', area: 'fife' }]);
});

test('HotS 4.7/4.2: once the group moves are spent the Norse may not sail, even while an activated group can still move', () => {
  let t = scene({ blocks: { ross: ['S-norse'], fife: ['S-douglas', 'S-barclay'], england: ['E-york-infantry'] }, cards: [MOVE1, MOVE1] });
  t = g.apply(t, 'England', { type: 'end' });
  t = move(t, 'Scotland', 'S-douglas', ['angus'], 'fife');
  t = g.apply(t, 'Scotland', { type: 'end' });
  assert.equal(t.moves, 0);
  assert.equal(t.phase, 'move');
  assert.deepEqual(g.actions(t, 'Scotland'), [{ type: 'block', block: 'S-barclay' }, { type: 'end' }]);
});

test('HotS 4.3/4.4: each step counts on the border it crosses, red borders stop, and the step is logged', () => {
  let t = scene({ blocks: { garmoran: ['S-douglas'], dunbar: ['S-wallace'], lothian: ['E-york-infantry'] }, cards: [MOVE1, MOVE3] });
  t = playAll(t, 'Scotland', [{ type: 'group', area: 'garmoran' }, { type: 'block', block: 'S-douglas' }]);
  const step = { type: 'to', area: 'lochaber' } as const;
  const u = g.apply(t, 'Scotland', step);
  assert.notEqual(u.phase, 'path', 'Garmoran-Lochaber is red: Douglas stops');
  assert.deepEqual(g.view(u, 'Scotland').borderCount, { 'garmoran--lochaber': 1 });
  assert.deepEqual(g.describe!(t, u, 'Scotland', step, 'England').find((l) => l.key === 'log.step')?.args, { from: 'garmoran', to: 'lochaber' });
  const v = move(u, 'Scotland', 'S-wallace', ['england'], 'dunbar');
  assert.deepEqual(g.view(v, 'Scotland').borderCount, { 'garmoran--lochaber': 1, 'england--dunbar': 1 });
  assert.deepEqual(g.view(v, 'Scotland').crossed, ['dunbar']);
});

test('HotS 5.32: a second group entering over the main attack\'s border, but from another area, is a reserve', () => {
  let t = scene({ blocks: { mentieth: ['E-york-infantry'], lennox: ['E-durham-infantry'], lothian: ['S-douglas'] }, cards: [MOVE3, MOVE1] });
  t = move(t, 'England', 'E-york-infantry', ['lothian'], 'mentieth');
  t = move(t, 'England', 'E-durham-infantry', ['mentieth', 'lothian'], 'lennox');
  assert.equal(where(t, 'E-durham-infantry'), areaOf('lothian'));
  assert.equal(t.flags[blockOf('E-york-infantry')]! & F_RESERVE, 0);
  assert.equal(t.flags[blockOf('E-durham-infantry')]! & F_RESERVE, F_RESERVE);
});

test('HotS log 4.5: an attack is told to both sides, with the attacker and the area; the move leaves the state it started from unchanged', () => {
  const t = playAll(scene({ blocks: { mentieth: ['E-york-infantry'], lothian: ['S-douglas'] }, cards: [MOVE3, MOVE1] }), 'England', [{ type: 'group', area: 'mentieth' }, { type: 'block', block: 'E-york-infantry' }]);
  const before = structuredClone(t);
  const step = { type: 'to', area: 'lothian' } as const;
  const u = g.apply(t, 'England', step);
  assert.deepEqual(t, before, 'apply does not write into its input (arrays are shared copy-on-write)');
  assert.equal(u.att[areaOf('lothian')], 0);
  for (const viewer of ['England', 'Scotland'] as const) {
    assert.deepEqual(g.describe!(t, u, 'England', step, viewer).find((l) => l.key === 'log.attack')?.args, { side: 'England', area: 'lothian' }, viewer);
  }
});
