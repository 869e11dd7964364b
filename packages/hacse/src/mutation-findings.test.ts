// Rules that the mutation run (scripts/mutate.mjs, docs/mutation.md) found no test pinning down.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { blank, hand, play, put, unit } from './fixtures.test-support.js';
import { legalActions } from './game.js';
import { canAttack } from './combat.js';

const A = 'order.assault';

test('A5: a unit cannot attack on the turn it was placed; one placed the turn before can', () => {
  const s = blank();
  put(s, 'axis', 'de.pz3', 'front', { placed: s.turn });
  put(s, 'allies', 'su.kv1', 'front');
  assert.equal(canAttack(s, 'axis'), false);
  assert.ok(!legalActions(s, 'axis').some((a) => a.type === 'attack'));
  const t = blank();
  put(t, 'axis', 'de.pz3', 'front', { placed: t.turn - 1 });
  put(t, 'allies', 'su.kv1', 'front');
  assert.equal(canAttack(t, 'axis'), true);
});

test('A5: a unit attacks at most once a turn', () => {
  const s = blank();
  put(s, 'axis', 'de.pz3', 'front', { attacked: true });
  put(s, 'allies', 'su.kv1', 'front');
  assert.equal(canAttack(s, 'axis'), false);
  assert.ok(!legalActions(s, 'axis').some((a) => a.type === 'attack'));
});

test('Kampfreihenfolge 4.2: exactly 2 damage in one combat flips the unit; 1 does not', () => {
  let s = blank();
  const pz3 = put(s, 'axis', 'de.pz3', 'front');
  const kv1 = put(s, 'allies', 'su.kv1', 'front');
  hand(s, 'axis', A);
  s = play(s, { type: 'attack' }, { type: 'commit', uid: pz3, order: A }, { type: 'declared' }, { type: 'assign', uid: pz3, target: kv1 }, { type: 'resolve', uid: pz3 });
  assert.equal(unit(s, pz3)!.damage, 2, 'KV-1 Taktieren 2 against armour 2 with pen 2');
  assert.equal(unit(s, pz3)!.flipped, true);
  assert.equal(unit(s, kv1)!.damage, 1);
  assert.equal(unit(s, kv1)!.flipped, false);
});

test('Aktionen: used combat orders go to the discard pile', () => {
  let s = blank();
  const pz3 = put(s, 'axis', 'de.pz3', 'front');
  const kv1 = put(s, 'allies', 'su.kv1', 'front');
  hand(s, 'axis', A);
  s = play(s, { type: 'attack' }, { type: 'commit', uid: pz3, order: A }, { type: 'declared' }, { type: 'assign', uid: pz3, target: kv1 }, { type: 'resolve', uid: pz3 });
  assert.ok(s.players.axis.discard.includes(A));
  assert.ok(!s.players.axis.hand.includes(A));
});
