/**
 * Issue 49: the rules as written. Each test is named by the German sentence it checks
 * (shared/rules/hacse-kartenspiel.de.txt).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { blank, frontFallsWithCardsToTake, hand, has, play, put, unit } from './fixtures.test-support.js';
import { hacseGame, legalActions } from './game.js';
import { STALL_ROUNDS, quietRounds, stoppedMoving } from './flow.js';
import { viewState } from './view.js';

const A = 'order.assault';

test('Spielziele ("Durchbruch: der Würfel zeigt 10 oder 0"; "Gegner vernichten"): no turn limit by default, turn 200 passes without an armistice', () => {
  let s = blank();
  assert.equal(s.rules.turnLimit, null);
  put(s, 'axis', 'de.schuetzen', 'front');
  put(s, 'allies', 'su.strelki', 'front');
  hand(s, 'allies', 'su.reserves');
  s.turn = 200;
  s.die = 6;
  s = play(s, { type: 'end' });
  assert.equal(s.outcome, null);
  assert.equal(s.turn, 201);
  assert.equal(viewState(s, 'axis').turnLimit, null);
});

test('Aktionen ("Karte ziehen", no limit listed): the draw action is offered with 12 cards in hand by default', () => {
  const s = blank();
  put(s, 'allies', 'su.strelki', 'front');
  hand(s, 'axis', ...Array<string>(12).fill('de.nachschub'));
  assert.equal(s.rules.handLimit, null);
  assert.ok(has(s, 'axis', { type: 'draw' }));
});

test('Variants: the armistice and the hand limit are named variants, off by default, offered to the lobby with their values', () => {
  const v = new Map((hacseGame.variants ?? []).map((x) => [x.key, x]));
  assert.equal(v.get('armistice')?.default, false);
  assert.deepEqual(v.get('armistice')?.values, [false, true]);
  assert.equal(v.get('handLimit')?.default, false);
  assert.deepEqual(v.get('handLimit')?.values, [false, true]);
  const on = hacseGame.setup({ seed: 'v', scenario: 'early', variants: { armistice: true, handLimit: true } });
  assert.equal(on.rules.turnLimit, 60);
  assert.equal(on.rules.handLimit, 10);
  const off = hacseGame.setup({ seed: 'v', scenario: 'early' });
  assert.equal(off.rules.turnLimit, null);
  assert.equal(off.rules.handLimit, null);
  assert.throws(() => hacseGame.setup({ seed: 'v', scenario: 'early', variants: { armistice: 'yes' } }), /armistice/);
});

test('Kampfreihenfolge 4 ("Verteidiger verteilt Schaden durch HQ-Einsatz (Karten abwerfen)"): several cards may be discarded in one engagement, each for 1 damage', () => {
  let s = blank();
  const a1 = put(s, 'axis', 'de.pz3', 'front'); // armour 2
  const f = put(s, 'allies', 'su.strelki', 'front');
  hand(s, 'axis', A);
  hand(s, 'allies', 'su.reserves', 'su.siberia', 'su.maxim');
  s = play(s, { type: 'attack' }, { type: 'commit', uid: a1, order: A }, { type: 'declared' }, { type: 'assign', uid: a1, target: f }, { type: 'resolve', uid: a1 });
  s = play(s, { type: 'hq', card: 'su.reserves', target: a1 }, { type: 'hq', card: 'su.siberia', target: a1 });
  assert.equal(s.combat!.stage, 'hq', 'a third card may still follow');
  assert.deepEqual(viewState(s, 'axis').combat!.pending!.hqHits, [a1, a1]);
  assert.equal(unit(s, a1)!.damage, 0, 'HQ damage lands with the engagement');
  s = play(s, { type: 'hqPass' });
  assert.equal(s.combat, null);
  assert.equal(unit(s, a1)!.damage, 2, 'Strelki Taktieren 1 against armour 2: 0, plus 2 HQ');
  assert.equal(unit(s, a1)!.flipped, true);
  assert.equal(s.lastCombat!.results[0]!.hq, 2);
  assert.deepEqual(s.players.allies.hand, ['su.maxim']);
});

test('Schaden, Verteidiger ("kann eine Karte abwerfen, um einer Feindeinheit einen Schaden zuzufügen"): any enemy front or reserve unit, attacking or not; never the hinterland', () => {
  let s = blank();
  const a1 = put(s, 'axis', 'de.pz3', 'front');
  const res = put(s, 'axis', 'de.lefh18', 'reserve');
  const back = put(s, 'axis', 'de.schuetzen', 'hinterland');
  const f = put(s, 'allies', 'su.strelki', 'front');
  hand(s, 'axis', A);
  hand(s, 'allies', 'su.reserves', 'su.siberia');
  s = play(s, { type: 'attack' }, { type: 'commit', uid: a1, order: A }, { type: 'declared' }, { type: 'assign', uid: a1, target: f }, { type: 'resolve', uid: a1 });
  assert.ok(has(s, 'allies', { type: 'hq', card: 'su.reserves', target: res }), 'a reserve unit that does not attack');
  assert.ok(!has(s, 'allies', { type: 'hq', card: 'su.reserves', target: back }), 'not the hinterland');
  s = play(s, { type: 'hq', card: 'su.reserves', target: res }, { type: 'hq', card: 'su.siberia', target: res });
  assert.equal(s.combat, null, 'the hand is empty: the engagement goes on by itself');
  assert.equal(unit(s, res)!.damage, 2);
  assert.equal(unit(s, res)!.flipped, true, '2 damage in this combat flip it (Kampfreihenfolge 4.2)');
});

test('Angriff durchführen ("kann der Angreifer so viele Karten von der Hand des Feindes ziehen"): the attacker may decline, during the spread and at the end of the combat', () => {
  let s = frontFallsWithCardsToTake();
  assert.ok(!s.players.allies.units.some((u) => u.zone === 'front'), 'the Allied front is empty');
  assert.deepEqual(legalActions(s, 'axis'), [{ type: 'take' }, { type: 'keep' }]);
  s = play(s, { type: 'take' }, { type: 'keep' });
  assert.equal(s.combat, null);
  assert.equal(s.lastCombat!.stolen, 1);
  assert.equal(s.players.allies.hand.length, 3);
});

test('Spielziele (no turn limit): "stopped moving" counts full rounds with no die change, no unit destroyed and no card taken from a hand', () => {
  let s = blank();
  put(s, 'axis', 'de.schuetzen', 'front');
  put(s, 'allies', 'su.strelki', 'front');
  hand(s, 'axis', 'de.nachschub');
  hand(s, 'allies', 'su.reserves');
  s.calmSince = s.turn; // the fixture jumps to turn 5
  s = play(s, { type: 'end' });
  assert.equal(quietRounds(s), 0);
  for (let i = 0; i < 2 * STALL_ROUNDS - 2; i++) s = play(s, { type: 'end' });
  assert.equal(quietRounds(s), STALL_ROUNDS - 1);
  assert.equal(stoppedMoving(s), false);
  s = play(s, { type: 'end' });
  assert.equal(quietRounds(s), STALL_ROUNDS);
  assert.equal(stoppedMoving(s), true);
  assert.equal(viewState(s, null).quietRounds, STALL_ROUNDS);
  // The die moves: the count starts again (read at once, before the next turn start).
  const moved = structuredClone(s);
  moved.die = 6;
  assert.equal(quietRounds(moved), 0);
  assert.equal(stoppedMoving(moved), false);
  // A unit destroyed, or a card taken from a hand, counts as movement too.
  const lost = structuredClone(s);
  lost.players.allies.removed.push('su.strelki');
  assert.equal(quietRounds(lost), 0);
  const taken = structuredClone(s);
  taken.handTaken++;
  assert.equal(quietRounds(taken), 0);
  s = play(moved, { type: 'end' }, { type: 'end' }, { type: 'end' });
  assert.equal(quietRounds(s), 1, 'one full round (two turns) since the turn in which the die moved');
});

test('Spielziele (no turn limit): the engine hook `stalled`, which the platform\'s draw offers ask, is "stopped moving" and changes nothing', () => {
  let s = blank();
  put(s, 'axis', 'de.schuetzen', 'front');
  put(s, 'allies', 'su.strelki', 'front');
  hand(s, 'axis', 'de.nachschub');
  hand(s, 'allies', 'su.reserves');
  s.calmSince = s.turn;
  s = play(s, { type: 'end' });
  assert.equal(hacseGame.stalled!(s), false, 'a fresh quiet count');
  for (let i = 0; i < 2 * STALL_ROUNDS - 1; i++) s = play(s, { type: 'end' });
  const before = structuredClone(s);
  assert.equal(hacseGame.stalled!(s), true, `${STALL_ROUNDS} quiet rounds`);
  assert.deepEqual(s, before, 'pure: the state is unchanged');
  assert.equal(hacseGame.outcome(s), null, 'the game does not end by itself');
  assert.equal(hacseGame.stalled!(hacseGame.setup({ seed: 'fresh' })), false, 'a new game has not stalled');
});
