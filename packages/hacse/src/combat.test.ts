import { test } from 'node:test';
import assert from 'node:assert/strict';
import { blank, frontFallsWithCardsToTake, hand, has, play, put, unit } from './fixtures.test-support.js';
import { legalActions } from './game.js';
import type { HacseState } from './types.js';

const A = 'order.assault', M = 'order.maneuver', F = 'order.flank';

/** Plays the combat to its end: the defender never uses HQ fire, the attacker takes its first choice. */
function settle(s: HacseState): HacseState {
  while (s.combat) {
    const c = s.combat;
    const role = c.stage === 'block' || c.stage === 'hq' ? (c.attacker === 'axis' ? 'allies' : 'axis') : c.attacker;
    const acts = legalActions(s, role);
    s = play(s, acts.find((a) => a.type === 'hqPass' || a.type === 'blocked') ?? acts[0]!);
  }
  return s;
}

test('Formel: damage = attacker damage - max(0, armour - penetration); the defender deals its Taktieren damage back', () => {
  let s = blank();
  const pz3 = put(s, 'axis', 'de.pz3', 'front');
  const kv1 = put(s, 'allies', 'su.kv1', 'front');
  hand(s, 'axis', A);
  s = play(s, { type: 'attack' }, { type: 'commit', uid: pz3, order: A }, { type: 'declared' }, { type: 'assign', uid: pz3, target: kv1 }, { type: 'resolve', uid: pz3 });
  assert.equal(unit(s, kv1)!.damage, 1, 'Pz III assault 3 - (KV-1 armour 4 - pen 2) = 1');
  assert.equal(unit(s, pz3)!.damage, 2, 'KV-1 Taktieren 2 against armour 2 with pen 2');
  assert.equal(s.combat, null);
});

test('Formel: penetration above armour adds no damage', () => {
  let s = blank();
  const pak = put(s, 'axis', 'de.pak40', 'front'); // assault 1, pen 4
  const str = put(s, 'allies', 'su.strelki', 'front'); // armour 0
  hand(s, 'axis', A);
  s = play(s, { type: 'attack' }, { type: 'commit', uid: pak, order: A }, { type: 'declared' }, { type: 'assign', uid: pak, target: str }, { type: 'resolve', uid: pak });
  assert.equal(unit(s, str)!.damage, 1);
});

test('Schaden: an attacker without a combat order deals no damage (but is still fought back)', () => {
  let s = blank();
  const pz3 = put(s, 'axis', 'de.pz3', 'front');
  const str = put(s, 'allies', 'su.strelki', 'front');
  s = play(s, { type: 'attack' }, { type: 'commit', uid: pz3, order: null }, { type: 'declared' }, { type: 'assign', uid: pz3, target: str }, { type: 'resolve', uid: pz3 });
  assert.equal(unit(s, str)!.damage, 0);
  assert.equal(unit(s, pz3)!.damage, 0, 'Strelki Taktieren 1 against armour 1, pen 0: 0');
});

test('Schaden, Verteidiger: discarding a card (HQ) deals 1 extra damage to the engaged attacker, ignoring armour', () => {
  let s = blank();
  const kv = put(s, 'allies', 'su.kv1', 'front');
  const sch = put(s, 'axis', 'de.schuetzen', 'front');
  s.active = 'allies';
  hand(s, 'allies', A);
  hand(s, 'axis', 'de.nachschub');
  s = play(s, { type: 'attack' }, { type: 'commit', uid: kv, order: A }, { type: 'declared' }, { type: 'assign', uid: kv, target: sch }, { type: 'resolve', uid: kv });
  assert.equal(s.combat!.stage, 'hq');
  assert.ok(has(s, 'axis', { type: 'hqPass' }));
  s = play(s, { type: 'hq', card: 'de.nachschub', target: kv });
  assert.equal(unit(s, kv)!.damage, 1, 'Schützen Taktieren 1 vs armour 4 = 0, + 1 HQ');
  assert.deepEqual(s.players.axis.discard, ['de.nachschub']);
  assert.equal(unit(s, sch)!.damage, 3);
});

test('Kampfreihenfolge 1: combat orders are played face down and revealed engagement by engagement', async () => {
  const { hacseGame } = await import('./game.js');
  let s = blank();
  const a1 = put(s, 'axis', 'de.schuetzen', 'front');
  const a2 = put(s, 'axis', 'de.pioniere', 'front');
  put(s, 'allies', 'su.strelki', 'front');
  hand(s, 'axis', A, F);
  s = play(s, { type: 'attack' }, { type: 'commit', uid: a1, order: A }, { type: 'commit', uid: a2, order: F });
  assert.deepEqual(s.players.axis.hand, [], 'the orders left the hand');
  for (const viewer of ['allies', null] as const) {
    const v = hacseGame.view(s, viewer);
    assert.deepEqual(v.combat!.attackers.map((x) => [x.hasOrder, x.order]), [[true, null], [true, null]], 'face down to the defender and spectators');
  }
  assert.deepEqual(hacseGame.view(s, 'axis').combat!.attackers.map((x) => x.order), [A, F], 'the attacker sees its own orders');
  s = play(s, { type: 'declared' });
  const t = s.players.allies.units[0]!.uid;
  s = play(s, { type: 'assign', uid: a1, target: t }, { type: 'resolve', uid: a1 });
  const v = hacseGame.view(s, 'allies');
  assert.deepEqual(v.combat!.attackers.map((x) => x.order), [A, null], 'only the resolved engagement is revealed');
});

test('Kampfreihenfolge 2: the defender assigns one unflipped reserve unit to an attacking unit (more with support cards)', () => {
  let s = blank();
  const a1 = put(s, 'axis', 'de.schuetzen', 'front');
  const a2 = put(s, 'axis', 'de.schuetzen', 'front');
  const r1 = put(s, 'allies', 'su.maxim', 'reserve');
  const r2 = put(s, 'allies', 'su.maxim', 'reserve');
  const r3 = put(s, 'allies', 'su.maxim', 'reserve', { flipped: true });
  put(s, 'allies', 'su.strelki', 'front');
  s = play(s, { type: 'attack' }, { type: 'commit', uid: a1, order: null }, { type: 'commit', uid: a2, order: null }, { type: 'declared' });
  assert.equal(s.combat!.stage, 'block');
  assert.ok(has(s, 'allies', { type: 'block', uid: r1, attacker: a1 }));
  assert.ok(!has(s, 'allies', { type: 'block', uid: r3, attacker: a1 }), 'a flipped reserve unit cannot block');
  const after = play(s, { type: 'block', uid: r1, attacker: a1 });
  assert.equal(after.combat!.stage, 'assign', 'one reserve block in all, then the attacker assigns');
  // with a support card allowing one more block
  s.players.allies.supports.push('su.depth');
  const two = play(s, { type: 'block', uid: r1, attacker: a1 });
  assert.equal(two.combat!.stage, 'block');
  assert.ok(has(two, 'allies', { type: 'block', uid: r2, attacker: a2 }));
});

test('Kampfreihenfolge 3: the attacker assigns each remaining unit to an unflipped front unit of the defender', () => {
  let s = blank();
  const a1 = put(s, 'axis', 'de.schuetzen', 'front');
  const f1 = put(s, 'allies', 'su.strelki', 'front');
  const f2 = put(s, 'allies', 'su.strelki', 'front', { flipped: true });
  const r1 = put(s, 'allies', 'su.strelki', 'reserve', { flipped: true });
  s = play(s, { type: 'attack' }, { type: 'commit', uid: a1, order: null }, { type: 'declared' });
  assert.equal(s.combat!.stage, 'assign');
  assert.deepEqual(legalActions(s, 'axis'), [{ type: 'assign', uid: a1, target: f1 }]);
  void f2; void r1;
});

test('Kampfreihenfolge 4: engagements are resolved in the attacker\'s chosen order', () => {
  let s = blank();
  const a1 = put(s, 'axis', 'de.schuetzen', 'front');
  const a2 = put(s, 'axis', 'de.pioniere', 'front');
  const f = put(s, 'allies', 'su.strelki', 'front');
  const g = put(s, 'allies', 'su.strelki', 'front');
  s = play(s, { type: 'attack' }, { type: 'commit', uid: a1, order: null }, { type: 'commit', uid: a2, order: null }, { type: 'declared' },
    { type: 'assign', uid: a1, target: f }, { type: 'assign', uid: a2, target: g });
  assert.deepEqual(legalActions(s, 'axis'), [{ type: 'resolve', uid: a1 }, { type: 'resolve', uid: a2 }]);
  s = play(s, { type: 'resolve', uid: a2 });
  assert.equal(s.combat!.results[0]!.attacker, a2);
});

test('Kampfreihenfolge 4.1: unopposed attackers spread their damage over front and reserve units, ignoring armour and range', () => {
  let s = blank();
  const a1 = put(s, 'axis', 'de.pz3', 'front'); // assault 3
  const kv = put(s, 'allies', 'su.kv1', 'front', { flipped: true }); // armour 4, flipped: cannot be assigned
  const m30 = put(s, 'allies', 'su.m30', 'reserve'); // high range, in reserve
  put(s, 'allies', 'su.strelki', 'hinterland');
  s.players.allies.supports.push('su.maskirovka');
  hand(s, 'axis', A);
  s = play(s, { type: 'attack' }, { type: 'commit', uid: a1, order: A }, { type: 'declared' }, { type: 'blocked' });
  assert.equal(s.combat!.stage, 'resolve', 'no unflipped front unit: the attacker stays unopposed');
  s = play(s, { type: 'resolve', uid: a1 });
  assert.equal(s.combat!.stage, 'spread');
  assert.deepEqual(legalActions(s, 'axis').map((a) => (a as { target: string }).target).sort(), [kv, m30].sort(), 'never the hinterland');
  s = play(s, { type: 'spread', target: kv }, { type: 'spread', target: kv }, { type: 'spread', target: m30 });
  assert.equal(unit(s, kv)!.damage, 2, 'armour 4 (+1 support) ignored');
  assert.equal(unit(s, m30)!.damage, 1, 'high range ignored');
});

test('Angriff durchführen ("kann"): once every front unit is destroyed, each point of unopposed damage may take a card from the enemy hand instead', () => {
  let s = blank();
  const a1 = put(s, 'axis', 'de.pioniere', 'front'); // assault 3
  const f = put(s, 'allies', 'su.strelki', 'front', { damage: 5 });
  const r = put(s, 'allies', 'su.maxim', 'reserve');
  const a2 = put(s, 'axis', 'de.pz4kurz', 'front'); // assault 3
  hand(s, 'axis', A, A);
  hand(s, 'allies', 'su.reserves', 'su.siberia', 'su.strelki', 'su.maxim');
  s = play(s, { type: 'attack' }, { type: 'commit', uid: a1, order: A }, { type: 'commit', uid: a2, order: A }, { type: 'declared' }, { type: 'blocked' },
    { type: 'assign', uid: a1, target: f });
  assert.equal(s.combat!.stage, 'resolve', 'one front unit: the second attacker is left over, unopposed');
  s = play(s, { type: 'resolve', uid: a1 }, { type: 'hqPass' });
  assert.equal(unit(s, f), undefined, 'the only front unit is destroyed');
  s = play(s, { type: 'resolve', uid: a2 }, { type: 'hqPass' });
  assert.equal(s.combat!.stage, 'spread');
  assert.ok(has(s, 'axis', { type: 'take' }), 'the front is empty: taking a card is offered');
  assert.ok(has(s, 'axis', { type: 'spread', target: r }), 'placing the damage is still allowed');
  s = play(s, { type: 'spread', target: r }, { type: 'take' }, { type: 'take' });
  assert.equal(s.combat, null);
  assert.equal(unit(s, r)!.damage, 1);
  assert.equal(s.lastCombat!.stolen, 2);
  assert.equal(s.players.allies.hand.length, 2);
  assert.equal(s.players.axis.hand.length, 2);
});

test('Angriff durchführen: while the defender still has a front unit, unopposed damage cannot take hand cards', () => {
  let s = blank();
  const a1 = put(s, 'axis', 'de.pioniere', 'front');
  put(s, 'allies', 'su.strelki', 'front', { flipped: true });
  hand(s, 'axis', A);
  hand(s, 'allies', 'su.reserves');
  s = play(s, { type: 'attack' }, { type: 'commit', uid: a1, order: A }, { type: 'declared' }, { type: 'resolve', uid: a1 }, { type: 'hqPass' });
  assert.equal(s.combat!.stage, 'spread');
  assert.ok(!has(s, 'axis', { type: 'take' }));
});

test('Angriff durchführen ("kann der Angreifer so viele Karten von der Hand des Feindes ziehen"): unopposed damage with no unit to go to may take hand cards once the front is empty (3 points: up to 3 cards)', () => {
  let s = frontFallsWithCardsToTake();
  assert.deepEqual(legalActions(s, 'axis'), [{ type: 'take' }, { type: 'keep' }], 'taking is a choice ("kann")');
  s = play(s, { type: 'take' }, { type: 'take' }, { type: 'take' });
  assert.equal(s.combat, null);
  assert.equal(s.lastCombat!.stolen, 3);
  assert.equal(s.players.allies.hand.length, 1);
  assert.equal(s.players.axis.hand.length, 3);
});

test('Formel: Flankenangriff places one damage freely within its own engagement, never on units with an unresolved engagement or in the hinterland', () => {
  let s = blank();
  const a1 = put(s, 'axis', 'de.pz4kurz', 'front'); // flank 3
  const a2 = put(s, 'axis', 'de.schuetzen', 'front');
  const f1 = put(s, 'allies', 'su.strelki', 'front');
  const f2 = put(s, 'allies', 'su.strelki', 'front');
  const r1 = put(s, 'allies', 'su.maxim', 'reserve', { flipped: true });
  put(s, 'allies', 'su.maxim', 'hinterland');
  hand(s, 'axis', F);
  s = play(s, { type: 'attack' }, { type: 'commit', uid: a1, order: F }, { type: 'commit', uid: a2, order: null }, { type: 'declared' },
    { type: 'assign', uid: a1, target: f1 }, { type: 'assign', uid: a2, target: f2 }, { type: 'resolve', uid: a1 });
  assert.equal(s.combat!.stage, 'flank');
  const targets = legalActions(s, 'axis').map((a) => (a as { target: string }).target).sort();
  assert.deepEqual(targets, [f1, r1].sort(), 'not f2 (engagement pending), not the hinterland');
  s = play(s, { type: 'flank', target: r1 });
  assert.equal(unit(s, r1)!.damage, 1);
  assert.equal(unit(s, f1)!.damage, 2, 'the other 2 points go to the engaged unit');
});

test('Formel: "additional damage" from a card ignores armour', () => {
  let s = blank();
  const lefh = put(s, 'axis', 'de.lefh18', 'reserve'); // assault 1, pen 1, high range
  const kv = put(s, 'allies', 'su.kv1', 'front'); // armour 4
  s.players.axis.supports.push('de.artillerie'); // +1 additional damage with assault for high range
  hand(s, 'axis', A);
  s = play(s, { type: 'attack' }, { type: 'commit', uid: lefh, order: A }, { type: 'declared' }, { type: 'assign', uid: lefh, target: kv }, { type: 'resolve', uid: lefh });
  assert.equal(unit(s, kv)!.damage, 1, '1 - (4 - 1) -> 0, plus 1 additional');
});

test('Kampfreihenfolge 4.2: units with 2 or more damage in this combat are flipped; damage from before does not count', () => {
  let s = blank();
  const a1 = put(s, 'axis', 'de.schuetzen', 'front');
  const f1 = put(s, 'allies', 'su.strelki', 'front', { damage: 3 });
  const f2 = put(s, 'allies', 'su.strelki', 'front');
  const a2 = put(s, 'axis', 'de.pioniere', 'front');
  hand(s, 'axis', M, A);
  s = play(s, { type: 'attack' }, { type: 'commit', uid: a1, order: M }, { type: 'commit', uid: a2, order: A }, { type: 'declared' },
    { type: 'assign', uid: a1, target: f1 }, { type: 'assign', uid: a2, target: f2 }, { type: 'resolve', uid: a1 }, { type: 'resolve', uid: a2 });
  assert.equal(unit(s, f1)!.damage, 4);
  assert.equal(unit(s, f1)!.flipped, false, '1 damage in this combat');
  assert.equal(unit(s, f2)!.flipped, true, '3 damage in this combat');
});

test('Formel: a unit with 6 or more damage is destroyed and removed from the game, not discarded', () => {
  let s = blank();
  const a1 = put(s, 'axis', 'de.pioniere', 'front');
  const f1 = put(s, 'allies', 'su.strelki', 'front', { damage: 3 });
  hand(s, 'axis', A);
  s = play(s, { type: 'attack' }, { type: 'commit', uid: a1, order: A }, { type: 'declared' }, { type: 'assign', uid: a1, target: f1 }, { type: 'resolve', uid: a1 });
  assert.equal(unit(s, f1), undefined);
  assert.deepEqual(s.players.allies.removed, ['su.strelki']);
  assert.ok(!s.players.allies.discard.includes('su.strelki'));
});

test('Früh gegen Spät, option 2: the Early deck\'s units are destroyed only at 7 damage', () => {
  let s = blank('late', { decks: { axis: 'germany-late', allies: 'soviet-early' }, earlyVsLate: 'numbers' });
  assert.deepEqual(s.rules.destroyAt, { axis: 6, allies: 7 });
  const a1 = put(s, 'axis', 'de.pzgren', 'front'); // assault 3
  const f1 = put(s, 'allies', 'su.strelki', 'front', { damage: 3 });
  hand(s, 'axis', A);
  s = play(s, { type: 'attack' }, { type: 'commit', uid: a1, order: A }, { type: 'declared' }, { type: 'assign', uid: a1, target: f1 }, { type: 'resolve', uid: a1 });
  assert.equal(unit(s, f1)!.damage, 6, 'still alive at 6');
});

test('Geländegewinn: the die moves by the lowest ground gain of the attackers; Axis raises it', () => {
  let s = blank();
  const a1 = put(s, 'axis', 'de.pz2', 'front'); // gain 3
  const a2 = put(s, 'axis', 'de.schuetzen', 'front'); // gain 1
  const f1 = put(s, 'allies', 'su.strelki', 'front');
  const f2 = put(s, 'allies', 'su.strelki', 'front');
  hand(s, 'axis', A, A);
  s = play(s, { type: 'attack' }, { type: 'commit', uid: a1, order: A }, { type: 'commit', uid: a2, order: A }, { type: 'declared' },
    { type: 'assign', uid: a1, target: f1 }, { type: 'assign', uid: a2, target: f2 }, { type: 'resolve', uid: a1 }, { type: 'resolve', uid: a2 });
  assert.equal(s.die, 6);
  assert.equal(s.lastCombat!.gain, 1);
});

test('Geländegewinn: Allied ground gain lowers the die', () => {
  let s = blank('early', undefined, 'allies');
  const a1 = put(s, 'allies', 'su.bt7', 'front'); // gain 3
  const f1 = put(s, 'axis', 'de.schuetzen', 'front', { flipped: true });
  void f1;
  s = play(s, { type: 'attack' }, { type: 'commit', uid: a1, order: null }, { type: 'declared' });
  // without an order there is no gain
  s = play(s, { type: 'resolve', uid: a1 });
  assert.equal(s.die, 5, 'an attacker without an order cannot produce ground gain');
  let t = blank('early', undefined, 'allies');
  const b = put(t, 'allies', 'su.bt7', 'front');
  put(t, 'axis', 'de.schuetzen', 'front', { flipped: true });
  hand(t, 'allies', M);
  t = play(t, { type: 'attack' }, { type: 'commit', uid: b, order: M }, { type: 'declared' }, { type: 'resolve', uid: b });
  t = play(t, { type: 'spread', target: t.players.axis.units[0]!.uid });
  assert.equal(t.die, 2);
});

test('Geländegewinn: a bracketed value counts for the minimum but cannot gain alone', () => {
  const s = blank();
  const mg = put(s, 'axis', 'de.stug3g', 'front', { damage: 0 }); // (1)
  put(s, 'allies', 'su.maxim', 'front', { flipped: true });
  hand(s, 'axis', M);
  let t = play(s, { type: 'attack' }, { type: 'commit', uid: mg, order: M }, { type: 'declared' }, { type: 'resolve', uid: mg });
  while (t.combat) t = play(t, { type: 'spread', target: t.players.allies.units[0]!.uid });
  assert.equal(t.die, 5, 'only a bracketed value: no gain');
  const pz = put(s, 'axis', 'de.pz2', 'front'); // 3
  hand(s, 'axis', A);
  t = play(s, { type: 'attack' }, { type: 'commit', uid: mg, order: M }, { type: 'commit', uid: pz, order: A }, { type: 'declared' }, { type: 'resolve', uid: mg });
  while (t.combat) {
    const acts = legalActions(t, 'axis');
    t = play(t, acts[0]!);
  }
  assert.equal(t.die, 6, 'min(1, 3) = 1, produced by the Panzer II');
});

test('Geländegewinn: no gain if every attacker that gains ground is flipped', () => {
  let s = blank();
  const a1 = put(s, 'axis', 'de.schuetzen', 'front'); // gain 1, armour 0
  const f1 = put(s, 'allies', 'su.maxim', 'front'); // Taktieren 3
  hand(s, 'axis', A);
  s = play(s, { type: 'attack' }, { type: 'commit', uid: a1, order: A }, { type: 'declared' }, { type: 'assign', uid: a1, target: f1 }, { type: 'resolve', uid: a1 });
  assert.equal(unit(s, a1)!.flipped, true);
  assert.equal(s.die, 5);
});

test('Spielziele: breakthrough when the die reaches 10', () => {
  let s = blank();
  s.die = 9;
  const a1 = put(s, 'axis', 'de.schuetzen', 'front');
  put(s, 'allies', 'su.strelki', 'front', { flipped: true });
  put(s, 'allies', 'su.strelki', 'reserve', { flipped: true });
  hand(s, 'axis', A);
  hand(s, 'allies', 'su.maxim');
  s = settle(play(s, { type: 'attack' }, { type: 'commit', uid: a1, order: A }, { type: 'declared' }, { type: 'resolve', uid: a1 }));
  assert.equal(s.die, 10);
  assert.deepEqual(s.outcome, { winners: ['axis'], reason: 'breakthrough' });
});

test('Kampfreihenfolge 3: each remaining attacker goes to a different unflipped front unit; attackers left over are unopposed and spread freely', () => {
  let s = blank();
  const a1 = put(s, 'axis', 'de.pz3', 'front');
  const a2 = put(s, 'axis', 'de.pioniere', 'front');
  const a3 = put(s, 'axis', 'de.schuetzen', 'front');
  const f1 = put(s, 'allies', 'su.kv1', 'front');
  const f2 = put(s, 'allies', 'su.strelki', 'front');
  hand(s, 'axis', A, A, A);
  s = play(s, { type: 'attack' }, { type: 'commit', uid: a1, order: A }, { type: 'commit', uid: a2, order: A }, { type: 'commit', uid: a3, order: A },
    { type: 'declared' }, { type: 'assign', uid: a1, target: f1 });
  assert.equal(s.combat!.stage, 'assign');
  assert.ok(!has(s, 'axis', { type: 'assign', uid: a2, target: f1 }), 'KV-1 already has an attacker');
  assert.deepEqual(legalActions(s, 'axis'), [{ type: 'assign', uid: a2, target: f2 }, { type: 'assign', uid: a3, target: f2 }]);
  s = play(s, { type: 'assign', uid: a2, target: f2 });
  assert.equal(s.combat!.stage, 'resolve', 'every front unit has its attacker: the third is left over');
  assert.equal(s.combat!.attackers.find((x) => x.uid === a3)!.vs, null);
  s = play(s, { type: 'resolve', uid: a1 }, { type: 'resolve', uid: a2 }, { type: 'resolve', uid: a3 });
  assert.equal(s.combat!.stage, 'spread');
  assert.deepEqual(legalActions(s, 'axis').map((x) => (x as { target: string }).target).sort(), [f1, f2].sort());
  const kvBefore = unit(s, f1)!.damage;
  s = play(s, { type: 'spread', target: f1 }, { type: 'spread', target: f1 });
  assert.equal(unit(s, f1)!.damage, kvBefore + 2, 'the KV-1 armour 4 is ignored');
});

test('Kampfreihenfolge 3: a front unit that blocked an obsolete-tactics attacker cannot also be assigned another attacker', () => {
  let s = blank('early', undefined, 'allies');
  const t26 = put(s, 'allies', 'su.t26', 'front'); // obsolete tactics
  const bt = put(s, 'allies', 'su.bt7', 'front');
  const f = put(s, 'axis', 'de.schuetzen', 'front');
  s = play(s, { type: 'attack' }, { type: 'commit', uid: t26, order: null }, { type: 'commit', uid: bt, order: null }, { type: 'declared' },
    { type: 'block', uid: f, attacker: t26 });
  assert.equal(s.combat!.stage, 'resolve', 'the only front unit is engaged: the BT-7 is unopposed');
  assert.equal(s.combat!.attackers.find((x) => x.uid === bt)!.vs, null);
});

test('Schaden, Verteidiger ("kann eine Karte abwerfen, um einer Feindeinheit einen Schaden zuzufügen"): the discard may hit any attacking unit, an unopposed one included', () => {
  let s = blank();
  const a1 = put(s, 'axis', 'de.pz3', 'front');
  const a2 = put(s, 'axis', 'de.schuetzen', 'front');
  const f = put(s, 'allies', 'su.strelki', 'front');
  hand(s, 'axis', A, A);
  hand(s, 'allies', 'su.reserves', 'su.siberia');
  s = play(s, { type: 'attack' }, { type: 'commit', uid: a1, order: A }, { type: 'commit', uid: a2, order: A }, { type: 'declared' },
    { type: 'assign', uid: a1, target: f }, { type: 'resolve', uid: a1 });
  assert.equal(s.combat!.stage, 'hq');
  assert.ok(has(s, 'allies', { type: 'hq', card: 'su.reserves', target: a1 }));
  assert.ok(has(s, 'allies', { type: 'hq', card: 'su.reserves', target: a2 }), 'any attacker, not only the engaged one');
  s = play(s, { type: 'hq', card: 'su.siberia', target: a2 });
  assert.equal(s.combat!.stage, 'hq', 'more discards may follow');
  s = play(s, { type: 'hqPass' });
  assert.equal(unit(s, a2)!.damage, 1, 'the unopposed Schützen takes the HQ damage');
  assert.equal(unit(s, a1)!.damage, 0, 'Strelki Taktieren 1 against the Panzer III armour 2');
  s = play(s, { type: 'resolve', uid: a2 });
  assert.equal(s.combat!.stage, 'hq', 'HQ fire is offered in an unopposed engagement too');
  s = play(s, { type: 'hq', card: 'su.reserves', target: a2 }, { type: 'spread', target: f }, { type: 'spread', target: f });
  assert.equal(s.combat, null);
  assert.equal(unit(s, a2)!.damage, 2);
  assert.equal(unit(s, a2)!.flipped, true, '2 HQ hits in this combat flip it');
  assert.equal(unit(s, f)!.damage, 5);
});

test('Angriff durchführen (abilities "unmittelbar nach dem Kampf"): an after-combat strike is dealt after the engagements and counts for the flip', () => {
  let s = blank();
  const fw = put(s, 'axis', 'de.fw190f', 'reserve'); // assault 3, pen 2; after combat: 1 damage
  const kv = put(s, 'allies', 'su.kv1', 'front'); // armour 4
  hand(s, 'axis', A);
  s = play(s, { type: 'attack' }, { type: 'commit', uid: fw, order: A }, { type: 'declared' }, { type: 'assign', uid: fw, target: kv }, { type: 'resolve', uid: fw });
  assert.equal(s.combat!.stage, 'after');
  assert.deepEqual(legalActions(s, 'axis'), [{ type: 'strike', target: kv }]);
  assert.equal(unit(s, kv)!.damage, 1, '3 - (4 - 2)');
  s = play(s, { type: 'strike', target: kv });
  assert.equal(s.combat, null);
  assert.equal(unit(s, kv)!.damage, 2, 'the strike ignores armour');
  assert.equal(unit(s, kv)!.flipped, true, '1 in the engagement + 1 right after it = 2 in this combat');
  assert.deepEqual(s.lastCombat!.afterHits.map((h) => h.target), [kv]);
});

test('Angriff durchführen: an attacker destroyed in the combat has no after-combat ability; a draw ability draws at once', () => {
  let s = blank();
  const fw = put(s, 'axis', 'de.fw190f', 'reserve', { damage: 5 });
  const pz = put(s, 'axis', 'de.pz3', 'front'); // after combat: draw 1
  const flak = put(s, 'allies', 'su.aa61k', 'front'); // anti-air: hurts the Fw 190
  const f2 = put(s, 'allies', 'su.strelki', 'front');
  hand(s, 'axis', A, A);
  s = play(s, { type: 'attack' }, { type: 'commit', uid: fw, order: A }, { type: 'commit', uid: pz, order: A }, { type: 'declared' },
    { type: 'assign', uid: fw, target: flak }, { type: 'assign', uid: pz, target: f2 }, { type: 'resolve', uid: fw });
  assert.equal(unit(s, fw), undefined, 'the flak destroyed the damaged Fw 190');
  const before = s.players.axis.hand.length;
  s = play(s, { type: 'resolve', uid: pz });
  assert.equal(s.combat, null, 'no strike left to choose');
  assert.equal(s.players.axis.hand.length, before + 1, 'the Panzer III drew a card');
});

test('Schaden, Verteidiger (HQ): an attacker destroyed by HQ fire before its own engagement has no engagement left', () => {
  let s = blank();
  const a1 = put(s, 'axis', 'de.pz3', 'front');
  const a2 = put(s, 'axis', 'de.schuetzen', 'front', { damage: 5 });
  const f1 = put(s, 'allies', 'su.strelki', 'front');
  const f2 = put(s, 'allies', 'su.strelki', 'front');
  hand(s, 'axis', A, A);
  hand(s, 'allies', 'su.reserves');
  s = play(s, { type: 'attack' }, { type: 'commit', uid: a1, order: A }, { type: 'commit', uid: a2, order: A }, { type: 'declared' },
    { type: 'assign', uid: a1, target: f1 }, { type: 'assign', uid: a2, target: f2 }, { type: 'resolve', uid: a1 }, { type: 'hq', card: 'su.reserves', target: a2 });
  assert.equal(unit(s, a2), undefined, 'destroyed at 6');
  assert.equal(s.combat, null, 'the combat ends: no engagement is left');
  assert.equal(unit(s, f2)!.damage, 0);
});
