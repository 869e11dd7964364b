import { test } from 'node:test';
import assert from 'node:assert/strict';
import { blank, hand, play, put, unit } from './fixtures.test-support.js';
import { legalActions } from './game.js';

test('Cards (ours): freeMove progress (Funk in jedem Panzer) makes the first position change each turn free', () => {
  let s = blank();
  s.players.axis.progress.push('de.funk');
  hand(s, 'allies', 'su.reserves');
  const u = put(s, 'axis', 'de.pz3', 'front');
  s = play(s, { type: 'move', uid: u, to: 'reserve' });
  assert.equal(s.actionsLeft, 3);
  s = play(s, { type: 'move', uid: u, to: 'front' });
  assert.equal(s.actionsLeft, 2);
  assert.equal(unit(s, u)!.zone, 'front');
});

test('Cards (ours): discount progress (Evacuated factories) lowers the first unit\'s cost each turn by 1', () => {
  let s = blank('early', undefined, 'allies');
  s.players.allies.progress.push('su.factories');
  hand(s, 'axis', 'de.nachschub');
  hand(s, 'allies', 'su.strelki', 'su.strelki', 'su.strelki');
  s = play(s, { type: 'place', card: 'su.strelki', zone: 'front' });
  assert.equal(s.phase, 'main', 'cost 1 - 1 = 0: nothing to pay');
  assert.deepEqual(s.players.allies.hand, ['su.strelki', 'su.strelki']);
  s = play(s, { type: 'place', card: 'su.strelki', zone: 'front' });
  assert.equal(s.phase, 'pay', 'only the first unit each turn is cheaper');
});

test('Cards (ours): drawIfLow progress (Stavka reserve) draws one more card at turn start with 2 or fewer in hand', () => {
  let s = blank();
  s.players.allies.progress.push('su.stavka');
  put(s, 'allies', 'su.strelki', 'front');
  put(s, 'axis', 'de.schuetzen', 'front');
  s = play(s, { type: 'end' });
  assert.equal(s.players.allies.hand.length, 2);
});

test('Cards (ours): gain support (Deep battle) adds 1 ground gain to attacks with 3 or more units', () => {
  let s = blank('late', undefined, 'allies');
  s.players.allies.supports.push('su.deepbattle');
  const ids = [put(s, 'allies', 'su.guardsrifles', 'front'), put(s, 'allies', 'su.guardsrifles', 'front'), put(s, 'allies', 'su.guardsrifles', 'front')];
  put(s, 'axis', 'de.grenadiere', 'front', { flipped: true });
  hand(s, 'allies', 'order.maneuver', 'order.maneuver', 'order.maneuver');
  s = play(s, { type: 'attack' }, ...ids.map((uid) => ({ type: 'commit' as const, uid, order: 'order.maneuver' })), { type: 'declared' });
  while (s.combat) s = play(s, legalActions(s, 'allies')[0]!);
  assert.equal(s.lastCombat!.gain, 2);
  assert.equal(s.die, 3);
});

test('Cards (ours): armour progress (Schürzen) gives +1 armour to units with armour 2 or more', () => {
  let s = blank('late', undefined, 'allies');
  s.players.axis.progress.push('de.schuerzen');
  const a = put(s, 'allies', 'su.t34_85', 'front'); // assault 3, pen 3
  const d = put(s, 'axis', 'de.panther', 'front'); // armour 4 (+1)
  hand(s, 'allies', 'order.assault');
  s = play(s, { type: 'attack' }, { type: 'commit', uid: a, order: 'order.assault' }, { type: 'declared' }, { type: 'assign', uid: a, target: d }, { type: 'resolve', uid: a });
  assert.equal(unit(s, d)!.damage, 1, '3 - (5 - 3)');
});

test('Cards (ours): plain damage bonus (Guards designation) is subject to armour', () => {
  let s = blank('early', undefined, 'allies');
  s.players.allies.progress.push('su.guards');
  const a = put(s, 'allies', 'su.strelki', 'front'); // assault 2 (+1), pen 0
  const d = put(s, 'axis', 'de.pz3', 'front'); // armour 2
  hand(s, 'allies', 'order.assault');
  s = play(s, { type: 'attack' }, { type: 'commit', uid: a, order: 'order.assault' }, { type: 'declared' }, { type: 'assign', uid: a, target: d }, { type: 'resolve', uid: a });
  assert.equal(unit(s, d)!.damage, 1, '(2 + 1) - (2 - 0)');
});

test('Cards (ours): actions card (Blitzkrieg) gives 2 more actions; heal card (Elastic defence) removes 2 damage from each own unit', () => {
  let s = blank('late');
  hand(s, 'axis', 'de.blitzkrieg', 'de.elastisch');
  hand(s, 'allies', 'su.reserves');
  const u = put(s, 'axis', 'de.pz4h', 'front', { damage: 3 });
  s = play(s, { type: 'play', card: 'de.blitzkrieg' });
  assert.equal(s.actionsLeft, 4);
  s = play(s, { type: 'play', card: 'de.elastisch' });
  assert.equal(unit(s, u)!.damage, 1);
  assert.equal(s.actionsLeft, 3);
});
