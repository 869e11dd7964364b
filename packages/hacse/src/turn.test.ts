import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hacseGame } from './game.js';
import { blank, hand, has, play, put, unit } from './fixtures.test-support.js';
import { legalActions } from './game.js';

test('Aufbau: the front die starts at 5; Early: the Allies start with 4 cards (then draw 1), the Axis holds 6', () => {
  const s = hacseGame.setup({ seed: 'a', scenario: 'early' });
  assert.equal(s.die, 5);
  assert.equal(s.start, 'allies');
  assert.equal(s.active, 'allies');
  assert.equal(s.players.allies.hand.length, 5);
  assert.equal(s.players.axis.hand.length, 6);
});

test('Aufbau: in the Late setting the Axis player starts', () => {
  const s = hacseGame.setup({ seed: 'a', scenario: 'late' });
  assert.equal(s.start, 'axis');
  assert.equal(s.players.axis.hand.length, 5);
  assert.equal(s.players.allies.hand.length, 6);
});

test('Aufbau: the start player may not attack in their first turn', () => {
  const s = blank();
  put(s, 'axis', 'de.schuetzen', 'front');
  assert.ok(has(s, 'axis', { type: 'attack' }));
  s.turn = 1; s.start = 'axis';
  assert.ok(!has(s, 'axis', { type: 'attack' }));
});

test('Aufbau: Early units may be used in Late decks and never need progress cards; Late units may need them', () => {
  const s = blank('late');
  hand(s, 'axis', 'de.schuetzen', 'de.panther', 'de.nachschub', 'de.nachschub', 'de.nachschub');
  assert.ok(has(s, 'axis', { type: 'place', card: 'de.schuetzen', zone: 'front' }));
  assert.ok(!has(s, 'axis', { type: 'place', card: 'de.panther', zone: 'front' }), 'Panther needs one progress card');
  s.players.axis.progress.push('de.schuerzen');
  assert.ok(has(s, 'axis', { type: 'place', card: 'de.panther', zone: 'front' }));
});

test('Aufbau: if both decks are of one side, the allies role plays the other side with the die mirrored at 5', () => {
  let s = blank('early', { decks: { axis: 'germany-early', allies: 'germany-early' } }, 'allies');
  assert.equal(s.rules.mirrored, true);
  const pz = put(s, 'allies', 'de.pz2', 'front');
  put(s, 'axis', 'de.schuetzen', 'front', { flipped: true });
  hand(s, 'allies', 'order.assault');
  s = play(s, { type: 'attack' }, { type: 'commit', uid: pz, order: 'order.assault' }, { type: 'declared' }, { type: 'resolve', uid: pz });
  while (s.combat) s = play(s, legalActions(s, 'allies')[0]!);
  assert.equal(s.die, 2, 'ground gain 3 lowers the die for the allies role');
  assert.equal(hacseGame.view(s, null).mirrored, true);
});

test('Spielablauf: a turn starts with a draw, 2 healing for each own hinterland unit and readying of flipped units', () => {
  let s = blank();
  const h = put(s, 'allies', 'su.strelki', 'hinterland', { damage: 3 });
  const f = put(s, 'allies', 'su.strelki', 'front', { damage: 3, flipped: true });
  const ax = put(s, 'axis', 'de.schuetzen', 'front', { flipped: true });
  s = play(s, { type: 'end' });
  assert.equal(s.active, 'allies');
  assert.equal(s.players.allies.hand.length, 1);
  assert.equal(unit(s, h)!.damage, 1);
  assert.equal(unit(s, f)!.damage, 3, 'only the hinterland heals');
  assert.equal(unit(s, f)!.flipped, false);
  assert.equal(unit(s, ax)!.flipped, true, 'the other side readies at its own turn');
  assert.equal(s.actionsLeft, 3);
});

test('Aktionen: three actions per turn (the same one may repeat), then the turn passes', () => {
  let s = blank();
  hand(s, 'allies', 'su.reserves');
  s = play(s, { type: 'draw' }, { type: 'draw' });
  assert.equal(s.active, 'axis');
  assert.equal(s.actionsLeft, 1);
  s = play(s, { type: 'draw' });
  assert.equal(s.active, 'allies');
  assert.equal(s.players.axis.hand.length, 3);
});

test('Aktionen: shuffle the discard pile into the deck', () => {
  let s = blank();
  s.players.axis.discard.push('de.pz2', 'de.pz3');
  const n = s.players.axis.deck.length;
  s = play(s, { type: 'shuffle' });
  assert.equal(s.players.axis.deck.length, n + 2);
  assert.deepEqual(s.players.axis.discard, []);
});

test('Aktionen: disbanding a unit clears its damage and puts it on the discard pile', () => {
  let s = blank();
  const u = put(s, 'axis', 'de.pz3', 'front', { damage: 4 });
  s = play(s, { type: 'disband', uid: u });
  assert.equal(unit(s, u), undefined);
  assert.deepEqual(s.players.axis.discard, ['de.pz3']);
  assert.deepEqual(s.players.axis.removed, []);
});

test('Aktionen: changing a unit\'s position (front / reserve / hinterland) costs one action', () => {
  let s = blank();
  const u = put(s, 'axis', 'de.pz3', 'front');
  s = play(s, { type: 'move', uid: u, to: 'hinterland' });
  assert.equal(unit(s, u)!.zone, 'hinterland');
  assert.equal(s.actionsLeft, 2);
});

test('Aktionen: using a card\'s action (Nachschub: draw 2) costs one action', () => {
  let s = blank();
  hand(s, 'axis', 'de.nachschub');
  s = play(s, { type: 'play', card: 'de.nachschub' });
  assert.equal(s.players.axis.hand.length, 2);
  assert.deepEqual(s.players.axis.discard, ['de.nachschub']);
  assert.equal(s.actionsLeft, 2);
});

test('Einheiten platzieren: a unit enters the front or reserve; its cost is paid by discarding hand cards', () => {
  let s = blank();
  hand(s, 'axis', 'de.pz3', 'order.assault', 'de.nachschub');
  hand(s, 'allies', 'su.reserves');
  assert.ok(has(s, 'axis', { type: 'place', card: 'de.pz3', zone: 'reserve' }));
  s = play(s, { type: 'place', card: 'de.pz3', zone: 'reserve' });
  assert.equal(s.phase, 'pay');
  s = play(s, { type: 'pay', card: 'de.nachschub' }, { type: 'pay', card: 'order.assault' });
  assert.equal(s.phase, 'main');
  assert.equal(s.players.axis.units[0]!.zone, 'reserve');
  assert.deepEqual(s.players.axis.discard.sort(), ['de.nachschub', 'order.assault']);
  assert.equal(s.actionsLeft, 2);
  const t = blank();
  hand(t, 'axis', 'de.pz3', 'order.assault');
  assert.ok(!has(t, 'axis', { type: 'place', card: 'de.pz3', zone: 'front' }), 'cannot pay 2 with one card');
});

test('Einheiten platzieren: hinterland units may be sacrificed to pay for a unit (and are discarded, not destroyed)', () => {
  let s = blank('late');
  const vs = put(s, 'axis', 'de.volkssturm', 'hinterland');
  hand(s, 'axis', 'de.pz4h');
  hand(s, 'allies', 'su.reserves');
  s = play(s, { type: 'place', card: 'de.pz4h', zone: 'front' }, { type: 'sacrifice', uid: vs });
  assert.equal(s.phase, 'main', 'Volkssturm (sacrifice fodder) pays 2');
  assert.deepEqual(s.players.axis.discard, ['de.volkssturm']);
  assert.deepEqual(s.players.axis.removed, []);
});

test('Einsatz: "E: sacrifice a unit" discards one of your units in play; it does not count as destroyed', () => {
  let s = blank('late');
  s.players.axis.progress.push('de.schuerzen');
  const g = put(s, 'axis', 'de.grenadiere', 'front');
  const h = put(s, 'axis', 'de.grenadiere', 'hinterland');
  put(s, 'axis', 'de.volkssturm', 'hinterland');
  put(s, 'axis', 'de.volkssturm', 'hinterland');
  hand(s, 'axis', 'de.tiger');
  s = play(s, { type: 'place', card: 'de.tiger', zone: 'front' });
  while (s.phase === 'pay') s = play(s, legalActions(s, 'axis').find((a) => a.type === 'sacrifice')!);
  assert.equal(s.phase, 'effect');
  assert.ok(has(s, 'axis', { type: 'target', uid: g }));
  s = play(s, { type: 'target', uid: g });
  assert.equal(unit(s, g), undefined);
  assert.ok(s.players.axis.discard.includes('de.grenadiere'));
  assert.deepEqual(s.players.axis.removed, []);
  void h;
});

test('Einsatz: "E:" effects apply when the card is played (Opolcheniye: draw 1 card)', () => {
  let s = blank('early', undefined, 'allies');
  hand(s, 'allies', 'su.opolcheniye');
  s = play(s, { type: 'place', card: 'su.opolcheniye', zone: 'front' });
  assert.equal(s.players.allies.hand.length, 1);
  assert.equal(s.actionsLeft, 2);
});

test('Aktionen, "Eine Aktion einer Karte durchführen": the Katyusha\'s card action costs one action and deals 1 damage; it cannot attack or act again that turn, nor on the turn placed', () => {
  let s = blank('early', undefined, 'allies');
  const f = put(s, 'axis', 'de.pz3', 'front');
  const k = put(s, 'allies', 'su.katyusha', 'reserve');
  const fresh = put(s, 'allies', 'su.katyusha', 'reserve', { placed: 5 });
  assert.ok(!has(s, 'allies', { type: 'ability', uid: fresh }), 'not on the turn it was placed');
  s = play(s, { type: 'ability', uid: k });
  assert.equal(s.phase, 'effect');
  s = play(s, { type: 'target', uid: f });
  assert.equal(unit(s, f)!.damage, 1);
  assert.equal(unit(s, f)!.flipped, false, 'damage outside a combat never flips');
  assert.equal(s.actionsLeft, 2);
  assert.ok(!has(s, 'allies', { type: 'ability', uid: k }), 'once a turn');
  assert.equal(unit(s, k)!.attacked, true, 'the unit has used its turn: it cannot attack');
});

test('Einheiten platzieren: hinterland units cannot be damaged by their own side\'s cards, enemy Partisans can', () => {
  let s = blank('early', undefined, 'allies');
  const h = put(s, 'axis', 'de.pz3', 'hinterland');
  hand(s, 'allies', 'su.partisans');
  s = play(s, { type: 'play', card: 'su.partisans' });
  assert.deepEqual(legalActions(s, 'allies'), [{ type: 'target', uid: h }]);
  s = play(s, { type: 'target', uid: h });
  assert.equal(unit(s, h)!.damage, 1);
});

test('Spielziele: annihilation: a player with no cards in hand and no front units loses', () => {
  let s = blank();
  put(s, 'allies', 'su.strelki', 'reserve');
  put(s, 'axis', 'de.schuetzen', 'front');
  s = play(s, { type: 'draw' });
  assert.deepEqual(s.outcome, { winners: ['axis'], reason: 'annihilation' });
  assert.deepEqual(hacseGame.active(s), []);
});

test('Spielziele: breakthrough for the Allies when the die reaches 0', () => {
  let s = blank('early', undefined, 'allies');
  s.die = 1;
  const bt = put(s, 'allies', 'su.bt7', 'front');
  put(s, 'axis', 'de.schuetzen', 'front', { flipped: true });
  hand(s, 'allies', 'order.maneuver');
  hand(s, 'axis', 'de.nachschub');
  s = play(s, { type: 'attack' }, { type: 'commit', uid: bt, order: 'order.maneuver' }, { type: 'declared' }, { type: 'resolve', uid: bt });
  while (s.combat) {
    const acts = legalActions(s, hacseGame.active(s)[0]!);
    s = play(s, acts.find((a) => a.type === 'hqPass') ?? acts[0]!);
  }
  assert.equal(s.die, 0);
  assert.deepEqual(s.outcome, { winners: ['allies'], reason: 'breakthrough' });
});

test('A17 (variant armistice, not in the rules): past the turn limit an armistice decides by the side of the die', () => {
  let s = blank('early', { armistice: true, turnLimit: 5 });
  s.die = 6;
  put(s, 'axis', 'de.schuetzen', 'front');
  s = play(s, { type: 'end' });
  assert.deepEqual(s.outcome, { winners: ['axis'], reason: 'armistice' });
});

test('Früh gegen Spät, option 1: the Early player picks one support card before the start and counts as having unlimited progress cards', () => {
  let s = hacseGame.setup({ seed: 'd', scenario: 'late', variants: { decks: { axis: 'germany-early', allies: 'soviet-late' }, earlyVsLate: 'doctrine' } });
  assert.equal(s.phase, 'doctrine');
  assert.deepEqual(hacseGame.active(s), ['axis']);
  assert.deepEqual(hacseGame.actions(s, 'axis'), [{ type: 'doctrine', card: 'de.artillerie' }, { type: 'doctrine', card: 'de.kampferfahrung' }, { type: 'doctrine', card: 'de.tarnung' }]);
  s = hacseGame.apply(s, 'axis', { type: 'doctrine', card: 'de.artillerie' });
  assert.deepEqual(s.players.axis.supports, ['de.artillerie']);
  assert.equal(s.phase, 'main');
  assert.equal(s.turn, 1);
  assert.equal(s.rules.doctrine, 'axis');
  const t = blank('late', { decks: { axis: 'germany-early', allies: 'soviet-late' }, earlyVsLate: 'doctrine' });
  t.phase = 'main';
  hand(t, 'axis', 'de.artillerie');
  assert.ok(has(t, 'axis', { type: 'play', card: 'de.artillerie' }), 'needs 1 progress card, granted by doctrine');
});

test('Aktionen: disbanding is possible only once the previous action (an attack in particular) is fully resolved', () => {
  let s = blank();
  const u = put(s, 'axis', 'de.schuetzen', 'front');
  const v = put(s, 'axis', 'de.schuetzen', 'reserve');
  put(s, 'allies', 'su.strelki', 'front');
  hand(s, 'axis', 'de.pz3', 'de.nachschub', 'de.nachschub');
  assert.ok(has(s, 'axis', { type: 'disband', uid: u }));
  const inCombat = play(s, { type: 'attack' }, { type: 'commit', uid: u, order: null });
  assert.ok(legalActions(inCombat, 'axis').every((a) => a.type !== 'disband'));
  s = play(s, { type: 'place', card: 'de.pz3', zone: 'front' });
  assert.equal(s.phase, 'pay');
  assert.ok(legalActions(s, 'axis').every((a) => a.type !== 'disband' && a.type !== 'draw'));
  void v;
});

test('Spielziele, "Gegner vernichten": checked at the start of each turn, so emptying your own hand with no front unit loses even if you end the turn at once', () => {
  let s = blank('early', undefined, 'allies');
  put(s, 'axis', 'de.schuetzen', 'front');
  put(s, 'allies', 'su.strelki', 'reserve');
  hand(s, 'axis', 'de.nachschub');
  hand(s, 'allies', 'su.reserves');
  s = play(s, { type: 'end' });
  assert.equal(s.outcome, null, 'with a card in hand the Allies are not annihilated');
  let t = blank('early', undefined, 'allies');
  put(t, 'axis', 'de.schuetzen', 'front');
  put(t, 'allies', 'su.strelki', 'reserve');
  hand(t, 'axis', 'de.nachschub');
  t = play(t, { type: 'end' }); // the Allies end their turn with no hand and no front unit
  assert.deepEqual(t.outcome, { winners: ['axis'], reason: 'annihilation' });
});

test('Einsatz, "opfere eine Einheit": Tiger and ISU-152 can be placed only if another own unit can be sacrificed; payment keeps that unit back', () => {
  const s = blank('late');
  s.players.axis.progress.push('de.schuerzen');
  hand(s, 'axis', 'de.tiger', 'de.nachschub', 'de.nachschub', 'de.nachschub');
  assert.ok(!has(s, 'axis', { type: 'place', card: 'de.tiger', zone: 'front' }), 'alone it cannot be placed');
  const h = put(s, 'axis', 'de.grenadiere', 'hinterland');
  assert.ok(has(s, 'axis', { type: 'place', card: 'de.tiger', zone: 'front' }), 'cost 3 from hand, the Grenadiere is sacrificed on deploy');
  let t = play(s, { type: 'place', card: 'de.tiger', zone: 'front' });
  assert.ok(!has(t, 'axis', { type: 'sacrifice', uid: h }), 'paying with the only other unit would leave nothing to sacrifice');
  t = play(t, { type: 'pay', card: 'de.nachschub' }, { type: 'pay', card: 'de.nachschub' }, { type: 'pay', card: 'de.nachschub' });
  assert.equal(t.phase, 'effect');
  assert.deepEqual(legalActions(t, 'axis'), [{ type: 'target', uid: h }]);
  t = play(t, { type: 'target', uid: h });
  assert.deepEqual(t.players.axis.units.map((u) => u.card), ['de.tiger']);
  assert.ok(t.players.axis.discard.includes('de.grenadiere'), 'sacrificed, not destroyed');
  // with only hinterland units, the cheapest is kept back and the rest may pay
  const u = blank('late');
  u.players.allies.progress.push('su.stavka');
  u.active = 'allies';
  hand(u, 'allies', 'su.isu152');
  put(u, 'allies', 'su.guardsrifles', 'hinterland');
  assert.ok(!has(u, 'allies', { type: 'place', card: 'su.isu152', zone: 'front' }), 'one unit, no cards: it could pay or be sacrificed, not both');
  put(u, 'allies', 'su.t34_85', 'hinterland'); // worth 2: pays the cost
  assert.ok(has(u, 'allies', { type: 'place', card: 'su.isu152', zone: 'front' }));
});

test('Aktionen, "Abgelegte Karten in den Stapel mischen": an empty deck stays empty until shuffled: no draw at turn start, no draw action; the shuffle refills it', () => {
  let s = blank();
  put(s, 'axis', 'de.schuetzen', 'front');
  put(s, 'allies', 'su.strelki', 'front');
  hand(s, 'allies', 'su.reserves');
  s.players.allies.discard = [...s.players.allies.deck];
  s.players.allies.deck = [];
  s = play(s, { type: 'end' });
  assert.equal(s.active, 'allies');
  assert.equal(s.players.allies.hand.length, 1, 'nothing drawn from the empty deck');
  assert.ok(!has(s, 'allies', { type: 'draw' }));
  assert.ok(has(s, 'allies', { type: 'shuffle' }));
  const discarded = s.players.allies.discard.length;
  s = play(s, { type: 'shuffle' }, { type: 'draw' });
  assert.equal(s.players.allies.deck.length, discarded - 1);
  assert.equal(s.players.allies.hand.length, 2);
  // The old rule as a variant: the deck refills itself when drawing.
  let v = blank('early', { autoReshuffle: true });
  put(v, 'axis', 'de.schuetzen', 'front');
  put(v, 'allies', 'su.strelki', 'front');
  v.players.allies.discard = [...v.players.allies.deck];
  v.players.allies.deck = [];
  v = play(v, { type: 'end' });
  assert.equal(v.players.allies.hand.length, 1, 'drawn after a free reshuffle');
});

test('Früh gegen Spät: the Early deck\'s player chooses the option in the game, as its first decision (doctrine, then its support card; or numbers)', () => {
  const opts = { seed: 'evl', scenario: 'late', variants: { decks: { axis: 'germany-late', allies: 'soviet-early' } } };
  let s = hacseGame.setup(opts);
  assert.equal(s.phase, 'balance');
  assert.deepEqual(hacseGame.active(s), ['allies'], 'the Soviet Early player decides, though the Axis starts in Late');
  assert.deepEqual(hacseGame.actions(s, 'allies'), [{ type: 'balance', option: 'doctrine' }, { type: 'balance', option: 'numbers' }]);
  const numbers = hacseGame.apply(s, 'allies', { type: 'balance', option: 'numbers' });
  assert.deepEqual(numbers.rules.destroyAt, { axis: 6, allies: 7 });
  assert.equal(numbers.phase, 'main');
  assert.deepEqual(hacseGame.active(numbers), ['axis']);
  s = hacseGame.apply(s, 'allies', { type: 'balance', option: 'doctrine' });
  assert.equal(s.phase, 'doctrine');
  assert.equal(s.rules.doctrine, 'allies');
  assert.deepEqual(s.rules.destroyAt, { axis: 6, allies: 6 });
  // Decks of one era: no option to choose.
  assert.equal(hacseGame.setup({ seed: 'evl', scenario: 'late' }).phase, 'main');
  // A preset option skips the choice.
  assert.equal(hacseGame.setup({ ...opts, variants: { ...opts.variants, earlyVsLate: 'numbers' } }).phase, 'main');
});
