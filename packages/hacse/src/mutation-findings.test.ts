// Rules that the mutation run (scripts/mutate.mjs, docs/mutation.md) found no test pinning down.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { blank, hand, has, play, put, unit } from './fixtures.test-support.js';
import { legalActions } from './game.js';
import { canAttack } from './combat.js';
import { viewState } from './view.js';

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

const F = 'order.flank';

test('Tags, high range (Formel, flank point): a high-range unit in the front takes the free flank point from any attacker', () => {
  let s = blank();
  const pz3 = put(s, 'axis', 'de.pz3', 'front'); // flank 4, no range
  const str = put(s, 'allies', 'su.strelki', 'front');
  const m30 = put(s, 'allies', 'su.m30', 'front'); // high range, in the front
  const m30r = put(s, 'allies', 'su.m30', 'reserve'); // high range, in the reserve
  hand(s, 'axis', F);
  s = play(s, { type: 'attack' }, { type: 'commit', uid: pz3, order: F }, { type: 'declared' }, { type: 'blocked' }, { type: 'assign', uid: pz3, target: str }, { type: 'resolve', uid: pz3 });
  assert.equal(s.combat!.stage, 'flank');
  const targets = legalActions(s, 'axis').map((a) => (a as { target: string }).target).sort();
  assert.deepEqual(targets, [str, m30].sort(), 'not the high-range unit in the reserve');
  void m30r;
});

test('Kampfreihenfolge 4.2: the combat tally counts only damage dealt (an engagement dealing 0 both ways adds nothing)', () => {
  let s = blank();
  const a1 = put(s, 'axis', 'de.pz3', 'front');
  const a2 = put(s, 'axis', 'de.schuetzen', 'front');
  const f1 = put(s, 'allies', 'su.strelki', 'front');
  const f2 = put(s, 'allies', 'su.strelki', 'front');
  s = play(s, { type: 'attack' }, { type: 'commit', uid: a1, order: null }, { type: 'commit', uid: a2, order: null }, { type: 'declared' },
    { type: 'assign', uid: a1, target: f1 }, { type: 'assign', uid: a2, target: f2 }, { type: 'resolve', uid: a1 });
  assert.ok(s.combat, 'one engagement is left');
  assert.deepEqual(s.combat.taken, {}, 'no order: 0 damage; Strelki Taktieren 1 against armour 2: 0 back');
});

test('Formel: the combat report gives each engagement\'s damage both ways', () => {
  let s = blank();
  const pz3 = put(s, 'axis', 'de.pz3', 'front');
  const kv1 = put(s, 'allies', 'su.kv1', 'front');
  hand(s, 'axis', A);
  s = play(s, { type: 'attack' }, { type: 'commit', uid: pz3, order: A }, { type: 'declared' }, { type: 'assign', uid: pz3, target: kv1 }, { type: 'resolve', uid: pz3 });
  const r = s.lastCombat!.results[0]!;
  assert.deepEqual([r.hit, r.back, r.hq, r.stolen], [1, 2, 0, 0]);
});

test('Kampfreihenfolge 4.1: an unopposed attacker spreads its additional damage too', () => {
  let s = blank();
  const sch = put(s, 'axis', 'de.schuetzen', 'front');
  const lefh = put(s, 'axis', 'de.lefh18', 'reserve'); // assault 1, high range
  s.players.axis.supports.push('de.artillerie'); // +1 additional damage with assault for high range
  const str = put(s, 'allies', 'su.strelki', 'front');
  const mx = put(s, 'allies', 'su.maxim', 'reserve');
  hand(s, 'axis', A, A);
  s = play(s, { type: 'attack' }, { type: 'commit', uid: sch, order: A }, { type: 'commit', uid: lefh, order: A }, { type: 'declared' }, { type: 'blocked' },
    { type: 'assign', uid: sch, target: str }, { type: 'resolve', uid: lefh });
  assert.equal(s.combat!.stage, 'spread');
  assert.equal(s.combat!.spreadLeft, 2, '1 + 1 additional');
  s = play(s, { type: 'spread', target: mx }, { type: 'spread', target: mx });
  assert.equal(unit(s, mx)!.damage, 2);
});

test('Formel (flank point): a flank point on the engaged defender destroys it only when the engagement resolves', () => {
  let s = blank();
  const pz = put(s, 'axis', 'de.pz4kurz', 'front'); // flank 3
  const f1 = put(s, 'allies', 'su.strelki', 'front', { damage: 5 });
  hand(s, 'axis', F);
  hand(s, 'allies', 'su.reserves');
  s = play(s, { type: 'attack' }, { type: 'commit', uid: pz, order: F }, { type: 'declared' }, { type: 'assign', uid: pz, target: f1 }, { type: 'resolve', uid: pz }, { type: 'flank', target: f1 });
  assert.equal(s.combat!.stage, 'hq');
  assert.equal(unit(s, f1)!.damage, 6, 'still in play, its engagement not yet resolved');
  s = play(s, { type: 'hqPass' });
  assert.equal(unit(s, f1), undefined);
  assert.deepEqual(s.players.allies.removed, ['su.strelki']);
  assert.deepEqual(s.lastCombat!.results[0]!.destroyed, [f1]);
});

test('A17 (variant handLimit, not in the rules): the draw action is offered with 9 cards in hand, not with 10', () => {
  const s = blank('early', { handLimit: true });
  put(s, 'allies', 'su.strelki', 'front');
  hand(s, 'axis', ...Array<string>(9).fill('de.nachschub'));
  assert.ok(has(s, 'axis', { type: 'draw' }));
  hand(s, 'axis', 'de.nachschub');
  assert.ok(!has(s, 'axis', { type: 'draw' }));
});

test('A17: the shuffle action needs a card in the discard pile; with autoReshuffle the draw action needs a card in the deck or the discard pile', () => {
  const s = blank();
  hand(s, 'axis', 'de.nachschub');
  s.players.axis.discard = [];
  assert.ok(!has(s, 'axis', { type: 'shuffle' }));
  s.players.axis.discard = ['de.schuetzen'];
  assert.ok(has(s, 'axis', { type: 'shuffle' }));
  const v = blank('early', { autoReshuffle: true });
  hand(v, 'axis', 'de.nachschub');
  v.players.axis.deck = [];
  v.players.axis.discard = [];
  assert.ok(!has(v, 'axis', { type: 'draw' }), 'nothing to draw');
  v.players.axis.discard = ['de.schuetzen'];
  assert.ok(has(v, 'axis', { type: 'draw' }), 'the discard pile refills the deck');
});

test('Einheiten platzieren: a unit may be placed with exactly enough other cards in hand to pay for it, not with one fewer', () => {
  const s = blank();
  hand(s, 'axis', 'de.pz4kurz', 'de.nachschub'); // cost 2
  assert.ok(!has(s, 'axis', { type: 'place', card: 'de.pz4kurz', zone: 'front' }));
  hand(s, 'axis', 'de.nachschub');
  assert.ok(has(s, 'axis', { type: 'place', card: 'de.pz4kurz', zone: 'front' }));
});

test('Cards (ours): the discount (Evacuated factories) is not used up by a unit that costs nothing anyway', () => {
  let s = blank('early', undefined, 'allies');
  s.players.allies.progress.push('su.factories');
  hand(s, 'axis', 'de.nachschub');
  hand(s, 'allies', 'su.opolcheniye', 'su.strelki', 'su.reserves');
  s = play(s, { type: 'place', card: 'su.opolcheniye', zone: 'front' });
  assert.equal(s.discountUsed, false);
  s = play(s, { type: 'place', card: 'su.strelki', zone: 'front' });
  assert.equal(s.phase, 'main', 'cost 1 - 1 = 0: nothing to pay');
  assert.equal(s.discountUsed, true);
});

test('Cards (ours): healing (Elastic defence) stops at 0 damage', () => {
  let s = blank('late');
  hand(s, 'axis', 'de.elastisch');
  hand(s, 'allies', 'su.reserves');
  const u = put(s, 'axis', 'de.pz4h', 'front', { damage: 1 });
  const v = put(s, 'axis', 'de.pz4h', 'front');
  s = play(s, { type: 'play', card: 'de.elastisch' });
  assert.equal(unit(s, u)!.damage, 0);
  assert.equal(unit(s, v)!.damage, 0);
});

test('Formel: damage from a card action that reaches exactly the destruction threshold destroys the unit', () => {
  let s = blank('early', undefined, 'allies');
  const f = put(s, 'axis', 'de.pz3', 'front', { damage: 5 });
  const k = put(s, 'allies', 'su.katyusha', 'reserve');
  s = play(s, { type: 'ability', uid: k }, { type: 'target', uid: f });
  assert.equal(unit(s, f), undefined);
  assert.deepEqual(s.players.axis.removed, ['de.pz3']);
  assert.ok(!s.players.axis.discard.includes('de.pz3'));
});

test('Kampfreihenfolge 4.1: an unopposed attacker without a combat order has no damage to spread', () => {
  let s = blank();
  const a1 = put(s, 'axis', 'de.schuetzen', 'front');
  const a2 = put(s, 'axis', 'de.pioniere', 'front');
  const str = put(s, 'allies', 'su.strelki', 'front');
  const mx = put(s, 'allies', 'su.maxim', 'reserve');
  s = play(s, { type: 'attack' }, { type: 'commit', uid: a1, order: null }, { type: 'commit', uid: a2, order: null }, { type: 'declared' }, { type: 'blocked' },
    { type: 'assign', uid: a1, target: str }, { type: 'resolve', uid: a2 });
  assert.equal(s.combat!.stage, 'resolve', 'nothing to spread: the next engagement');
  assert.equal(unit(s, mx)!.damage, 0);
});

test('Formel: armour at or above the damage left after penetration absorbs it all (0 damage, never less)', () => {
  let s = blank();
  const sch = put(s, 'axis', 'de.schuetzen', 'front'); // assault 2, pen 0
  const kv1 = put(s, 'allies', 'su.kv1', 'front'); // armour 4
  hand(s, 'axis', A);
  s = play(s, { type: 'attack' }, { type: 'commit', uid: sch, order: A }, { type: 'declared' }, { type: 'assign', uid: sch, target: kv1 }, { type: 'resolve', uid: sch });
  assert.equal(unit(s, kv1)!.damage, 0);
  assert.equal(s.lastCombat!.results[0]!.hit, 0);
});

test('Schaden, Verteidiger (HQ): HQ fire that brings an unopposed attacker to 6 destroys it when its engagement resolves', () => {
  let s = blank();
  const a1 = put(s, 'axis', 'de.pz3', 'front');
  const a2 = put(s, 'axis', 'de.schuetzen', 'front', { damage: 5 });
  const f1 = put(s, 'allies', 'su.strelki', 'front');
  hand(s, 'allies', 'su.reserves');
  s = play(s, { type: 'attack' }, { type: 'commit', uid: a1, order: null }, { type: 'commit', uid: a2, order: null }, { type: 'declared' },
    { type: 'assign', uid: a1, target: f1 }, { type: 'resolve', uid: a2 });
  assert.equal(s.combat!.stage, 'hq', 'a2 is unopposed: no front unit is left for it');
  s = play(s, { type: 'hq', card: 'su.reserves', target: a2 });
  assert.equal(s.combat!.stage, 'resolve', 'the engagement of a1 is still to come');
  assert.equal(unit(s, a2), undefined);
  assert.deepEqual(s.players.axis.removed, ['de.schuetzen']);
});

test('Kampfreihenfolge 4 (view): between engagements none is current; an unopposed engagement shows no damage pending from the one before', () => {
  let s = blank();
  const a1 = put(s, 'axis', 'de.pz3', 'front');
  const a2 = put(s, 'axis', 'de.schuetzen', 'front');
  const f1 = put(s, 'allies', 'su.strelki', 'front');
  hand(s, 'axis', A, A);
  hand(s, 'allies', 'su.reserves', 'su.reserves');
  s = play(s, { type: 'attack' }, { type: 'commit', uid: a1, order: A }, { type: 'commit', uid: a2, order: A }, { type: 'declared' },
    { type: 'assign', uid: a1, target: f1 }, { type: 'resolve', uid: a1 });
  assert.deepEqual(viewState(s, 'allies').combat!.pending, { hit: 3, back: 0, hq: 0, hqTarget: null, hqHits: [] });
  s = play(s, { type: 'hqPass' });
  assert.equal(s.combat!.stage, 'resolve');
  assert.equal(viewState(s, 'allies').combat!.current, null);
  s = play(s, { type: 'resolve', uid: a2 });
  assert.equal(s.combat!.stage, 'hq');
  assert.deepEqual(viewState(s, 'allies').combat!.pending, { hit: 0, back: 0, hq: 0, hqTarget: null, hqHits: [] });
  assert.equal(viewState(s, 'allies').combat!.current, a2);
});

test('Formel (flank point): a flank point that brings another unit to 6 destroys it at once; the report names the point\'s target; HQ fire uses up the card', () => {
  let s = blank();
  const pz = put(s, 'axis', 'de.pz4kurz', 'front'); // flank 3
  const f1 = put(s, 'allies', 'su.strelki', 'front');
  const r1 = put(s, 'allies', 'su.maxim', 'reserve', { damage: 5 });
  hand(s, 'axis', F);
  hand(s, 'allies', 'su.reserves');
  s = play(s, { type: 'attack' }, { type: 'commit', uid: pz, order: F }, { type: 'declared' }, { type: 'blocked' }, { type: 'assign', uid: pz, target: f1 }, { type: 'resolve', uid: pz }, { type: 'flank', target: r1 });
  assert.equal(s.combat!.stage, 'hq');
  assert.equal(unit(s, r1), undefined, 'destroyed before the engagement resolves');
  assert.deepEqual(s.combat!.results[0]!.flank, { uid: r1, card: 'su.maxim' });
  assert.deepEqual(s.combat!.results[0]!.destroyed, [r1]);
  s = play(s, { type: 'hq', card: 'su.reserves', target: pz });
  assert.deepEqual(s.players.allies.hand, []);
  assert.deepEqual(s.players.allies.discard.filter((id) => id === 'su.reserves'), ['su.reserves']);
  assert.equal(unit(s, f1)!.damage, 2);
});

test('Kampfreihenfolge 4.1: each spread point is reported and destroys a unit it brings to 6 at once', () => {
  let s = blank();
  const sch = put(s, 'axis', 'de.schuetzen', 'front');
  const lefh = put(s, 'axis', 'de.lefh18', 'reserve');
  s.players.axis.supports.push('de.artillerie');
  const str = put(s, 'allies', 'su.strelki', 'front');
  const mx = put(s, 'allies', 'su.maxim', 'reserve', { damage: 5 });
  const mx2 = put(s, 'allies', 'su.maxim', 'reserve');
  hand(s, 'axis', A, A);
  s = play(s, { type: 'attack' }, { type: 'commit', uid: sch, order: A }, { type: 'commit', uid: lefh, order: A }, { type: 'declared' }, { type: 'blocked' },
    { type: 'assign', uid: sch, target: str }, { type: 'resolve', uid: lefh }, { type: 'spread', target: mx });
  assert.equal(unit(s, mx), undefined);
  assert.deepEqual(legalActions(s, 'axis'), [{ type: 'spread', target: mx2 }]);
  const r = s.combat!.results[0]!;
  assert.deepEqual([r.spread, r.hit, r.destroyed], [[{ uid: mx, card: 'su.maxim' }], 1, [mx]]);
});

/** a2 (1 point, unopposed) resolves while the only front unit still waits for a1: its point has nowhere to go. */
function undistributedCombat(frontDamage: number) {
  let s = blank();
  const a1 = put(s, 'axis', 'de.pioniere', 'front'); // assault 3
  const a2 = put(s, 'axis', 'de.pak40', 'front'); // assault 1
  const f = put(s, 'allies', 'su.strelki', 'front', { damage: frontDamage });
  put(s, 'allies', 'su.maxim', 'hinterland');
  hand(s, 'axis', A, A);
  hand(s, 'allies', 'su.reserves');
  s = play(s, { type: 'attack' }, { type: 'commit', uid: a1, order: A }, { type: 'commit', uid: a2, order: A }, { type: 'declared' },
    { type: 'assign', uid: a1, target: f }, { type: 'resolve', uid: a2 }, { type: 'hqPass' });
  assert.equal(s.combat!.undistributed, 1, 'the waiting front unit takes no spread point; the hinterland is out of reach');
  return play(s, { type: 'resolve', uid: a1 }, { type: 'hqPass' });
}

test('Angriff durchführen ("kann der Angreifer so viele Karten von der Hand des Feindes ziehen"): undistributed damage may take a hand card at the end of the combat if the front is empty by then (1 point, 1 card)', () => {
  let s = undistributedCombat(5);
  assert.equal(s.combat!.stage, 'take');
  assert.deepEqual(legalActions(s, 'axis'), [{ type: 'take' }, { type: 'keep' }]);
  s = play(s, { type: 'take' });
  assert.equal(s.combat, null);
  assert.equal(s.lastCombat!.stolen, 1);
  assert.deepEqual(s.players.allies.hand, []);
  assert.ok(s.players.axis.hand.includes('su.reserves'));
});

test('Angriff durchführen: undistributed damage takes no hand card while a front unit is left', () => {
  const s = undistributedCombat(0);
  assert.equal(s.combat, null);
  assert.equal(s.lastCombat!.stolen, 0);
  assert.deepEqual(s.players.allies.hand, ['su.reserves']);
});

test('Einheiten platzieren: a placed unit enters unflipped, undamaged and ready next turn, with an id of its side (x for Axis, a for Allies)', () => {
  let s = blank();
  hand(s, 'axis', 'de.schuetzen', 'de.nachschub');
  hand(s, 'allies', 'su.reserves');
  s = play(s, { type: 'place', card: 'de.schuetzen', zone: 'front' }, { type: 'pay', card: 'de.nachschub' });
  const [u] = s.players.axis.units;
  assert.deepEqual({ ...u, uid: u!.uid[0] }, { uid: 'x', card: 'de.schuetzen', zone: 'front', damage: 0, flipped: false, placed: s.turn, attacked: false });
  let t = blank('early', undefined, 'allies');
  hand(t, 'allies', 'su.strelki', 'su.reserves');
  hand(t, 'axis', 'de.nachschub');
  t = play(t, { type: 'place', card: 'su.strelki', zone: 'reserve' }, { type: 'pay', card: 'su.reserves' });
  assert.equal(t.players.allies.units[0]!.uid[0], 'a');
  assert.equal(t.players.allies.units[0]!.flipped, false);
});

test('Einheiten platzieren: a sacrificed hinterland unit that costs nothing (I-16) still pays 1', () => {
  let s = blank('early', undefined, 'allies');
  const i16 = put(s, 'allies', 'su.i16', 'hinterland');
  hand(s, 'allies', 'su.zis3');
  hand(s, 'axis', 'de.nachschub');
  assert.ok(!has(s, 'allies', { type: 'place', card: 'su.zis3', zone: 'front' }), 'the I-16 alone does not pay 2');
  hand(s, 'allies', 'su.reserves');
  assert.ok(has(s, 'allies', { type: 'place', card: 'su.zis3', zone: 'front' }), 'the I-16 and one hand card pay 2');
  s = play(s, { type: 'place', card: 'su.zis3', zone: 'front' }, { type: 'sacrifice', uid: i16 });
  assert.equal(s.phase, 'pay');
  assert.deepEqual(s.pending, { kind: 'pay', card: 'su.zis3', zone: 'front', left: 1 });
  s = play(s, { type: 'pay', card: 'su.reserves' });
  assert.equal(s.phase, 'main');
  assert.deepEqual(s.players.allies.units.map((u) => u.card), ['su.zis3']);
});

test('Einsatz, "opfere eine Einheit": the unit kept back for the sacrifice may be one in play, so every hinterland unit may then pay', () => {
  const s = blank('late', undefined, 'allies');
  s.players.allies.progress.push('su.stavka');
  hand(s, 'allies', 'su.isu152');
  hand(s, 'axis', 'de.nachschub');
  const a = put(s, 'allies', 'su.guardsrifles', 'hinterland');
  const b = put(s, 'allies', 'su.strelki', 'hinterland');
  assert.ok(!has(s, 'allies', { type: 'place', card: 'su.isu152', zone: 'front' }), 'both units in the hinterland: one is kept back, the other pays only 1 of 2');
  const r = put(s, 'allies', 'su.maxim', 'reserve');
  assert.ok(has(s, 'allies', { type: 'place', card: 'su.isu152', zone: 'front' }), 'the reserve unit is kept back: both hinterland units pay');
  let t = play(s, { type: 'place', card: 'su.isu152', zone: 'front' });
  assert.deepEqual(legalActions(t, 'allies').filter((x) => x.type === 'sacrifice'), [{ type: 'sacrifice', uid: a }, { type: 'sacrifice', uid: b }], 'either one first: the other still pays the last point');
  t = play(t, { type: 'sacrifice', uid: a });
  assert.deepEqual(t.players.allies.units.map((u) => u.uid), [b, r], 'one unit sacrificed, the others stay');
  assert.equal(t.pending?.kind === 'pay' && t.pending.left, 1);
  t = play(t, { type: 'sacrifice', uid: b });
  assert.equal(t.phase, 'effect');
  assert.deepEqual(legalActions(t, 'allies'), [{ type: 'target', uid: r }]);
});

test('Aktionen: shuffling costs one action', () => {
  let s = blank();
  s.players.axis.discard.push('de.pz2', 'de.pz3');
  s = play(s, { type: 'shuffle' });
  assert.equal(s.actionsLeft, 2);
});

test('Einheiten platzieren: unit ids count up from 1 over both sides (stored game logs name units by these ids)', () => {
  let s = blank();
  hand(s, 'axis', 'de.schuetzen', 'de.schuetzen', 'de.nachschub', 'de.nachschub');
  hand(s, 'allies', 'su.reserves');
  s = play(s, { type: 'place', card: 'de.schuetzen', zone: 'front' }, { type: 'pay', card: 'de.nachschub' });
  s = play(s, { type: 'place', card: 'de.schuetzen', zone: 'reserve' }, { type: 'pay', card: 'de.nachschub' });
  assert.deepEqual(s.players.axis.units.map((u) => u.uid), ['x1', 'x2']);
  assert.equal(s.nextUid, 3);
});
