import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng } from '@tabula/engine';
import { hacseGame } from './game.js';
import { blank, hand, play, put } from './fixtures.test-support.js';

test('Hidden information: hands and deck contents are shown only to their owner; counts are public', () => {
  const s = hacseGame.setup({ seed: 'h', scenario: 'early' });
  const va = hacseGame.view(s, 'axis');
  assert.equal(va.players.axis.hand!.length, 6);
  assert.equal(va.players.allies.hand, null);
  assert.equal(va.players.allies.handCount, 5);
  assert.equal(va.players.allies.deckContents, null);
  assert.equal(va.players.axis.deckContents!.length, va.players.axis.deckCount);
  const sp = hacseGame.view(s, null);
  assert.equal(sp.players.axis.hand, null);
  assert.ok(!JSON.stringify(sp).includes('rng'));
});

test('Hidden information: determinize re-deals the opponent\'s hand and deck and the face-down orders, keeping what the viewer sees', () => {
  let s = blank();
  const a1 = put(s, 'axis', 'de.schuetzen', 'front');
  put(s, 'allies', 'su.strelki', 'front');
  hand(s, 'axis', 'order.assault', 'de.pz2', 'de.pz3');
  hand(s, 'allies', 'su.t26', 'su.bt7');
  s = play(s, { type: 'attack' }, { type: 'commit', uid: a1, order: 'order.assault' });
  const rng = new Rng('det');
  let handChanged = false, rngChanged = false;
  for (let i = 0; i < 20; i++) {
    const d = hacseGame.determinize(s, 'allies', rng);
    assert.deepEqual(hacseGame.view(d, 'allies'), hacseGame.view(s, 'allies'));
    assert.deepEqual(hacseGame.actions(d, 'axis').length > 0, true);
    assert.equal(d.players.axis.hand.length, 2);
    assert.equal(d.combat!.attackers[0]!.order!.startsWith('order.'), true, 'a face-down order stays an order card');
    if (d.players.axis.hand.join() !== s.players.axis.hand.join()) handChanged = true;
    if (d.rng.join() !== s.rng.join()) rngChanged = true;
    assert.deepEqual(d.players.allies.hand, s.players.allies.hand, 'the viewer\'s own hand is kept');
  }
  assert.ok(handChanged && rngChanged);
});

test('Hidden information: undo stops at draws, shuffles and reveals, not at a unit move', () => {
  const s = blank();
  const u = put(s, 'axis', 'de.pz3', 'front');
  hand(s, 'allies', 'su.reserves');
  const moved = play(s, { type: 'move', uid: u, to: 'reserve' });
  assert.equal(hacseGame.undoBarrier!(s, moved, 'axis', { type: 'move', uid: u, to: 'reserve' }), false);
  const drawn = play(s, { type: 'draw' });
  assert.equal(hacseGame.undoBarrier!(s, drawn, 'axis', { type: 'draw' }), true);
  s.players.axis.discard.push('de.pz2');
  const shuffled = play(s, { type: 'shuffle' });
  assert.equal(hacseGame.undoBarrier!(s, shuffled, 'axis', { type: 'shuffle' }), true);
});

test('Hidden information: the log never names a face-down order or a drawn card to anyone but its owner', () => {
  let s = blank();
  const a1 = put(s, 'axis', 'de.schuetzen', 'front');
  put(s, 'allies', 'su.strelki', 'front');
  hand(s, 'axis', 'order.flank');
  hand(s, 'allies', 'su.reserves');
  const prev = play(s, { type: 'attack' });
  const act = { type: 'commit', uid: a1, order: 'order.flank' } as const;
  const next = play(prev, act);
  const own = hacseGame.describe!(prev, next, 'axis', act, 'axis');
  assert.equal(own[0]!.args!.order, 'order.flank');
  for (const viewer of ['allies', null] as const) {
    const l = hacseGame.describe!(prev, next, 'axis', act, viewer);
    assert.equal(l[0]!.key, 'log.commit');
    assert.equal(l[0]!.args!.order, null);
    assert.equal(l[0]!.args!.hasOrder, true);
  }
  s = blank();
  hand(s, 'allies', 'su.reserves');
  const d = play(s, { type: 'draw' });
  assert.ok(typeof hacseGame.describe!(s, d, 'axis', { type: 'draw' }, 'axis')[0]!.args!.card === 'string');
  assert.deepEqual(hacseGame.describe!(s, d, 'axis', { type: 'draw' }, 'allies')[0]!.args, {});
});

test('Hidden information: the cards taken from an empty front\'s hand are random and hidden from spectators', () => {
  let s = blank();
  const a1 = put(s, 'axis', 'de.pioniere', 'front');
  hand(s, 'axis', 'order.assault');
  hand(s, 'allies', 'su.reserves', 'su.siberia', 'su.maxim');
  s = play(s, { type: 'attack' }, { type: 'commit', uid: a1, order: 'order.assault' }, { type: 'declared' }, { type: 'resolve', uid: a1 }, { type: 'hqPass' },
    { type: 'take' }, { type: 'take' }, { type: 'take' });
  assert.equal(s.lastCombat!.stolen, 3);
  assert.equal(hacseGame.view(s, null).players.axis.hand, null);
  assert.equal(hacseGame.view(s, null).players.axis.handCount, 3);
});

test('Hidden information (A11): cards taken from the hand stay known to their old owner until they are seen to leave; determinize keeps them there', () => {
  let s = blank();
  const a1 = put(s, 'axis', 'de.pioniere', 'front');
  hand(s, 'axis', 'order.assault');
  hand(s, 'allies', 'su.reserves', 'su.siberia');
  s = play(s, { type: 'attack' }, { type: 'commit', uid: a1, order: 'order.assault' }, { type: 'declared' }, { type: 'resolve', uid: a1 }, { type: 'hqPass' },
    { type: 'take' }, { type: 'take' });
  assert.equal(s.lastCombat!.stolen, 2);
  const taken = ['su.reserves', 'su.siberia'];
  // The loser sees what it lost; spectators do not.
  assert.deepEqual(hacseGame.view(s, 'allies').players.axis.known, taken);
  assert.deepEqual(hacseGame.view(s, 'axis').players.axis.known, taken);
  assert.equal(hacseGame.view(s, null).players.axis.known, null);
  // Many re-deals from the loser's side: the known cards are always in the taker's hand.
  for (let i = 0; i < 50; i++) {
    const d = hacseGame.determinize(s, 'allies', new Rng(`k${i}`));
    for (const id of taken) assert.ok(d.players.axis.hand.includes(id), `re-deal ${i} lost ${id}`);
    assert.equal(d.players.axis.hand.length, s.players.axis.hand.length);
    assert.deepEqual(hacseGame.view(d, 'allies'), hacseGame.view(s, 'allies'));
  }
  // Without the memory the re-deal would scatter them into the deck: the check above can fail.
  const forgetful = { ...s, players: { ...s.players, axis: { ...s.players.axis, known: [] } } };
  let scattered = false;
  for (let i = 0; i < 50 && !scattered; i++) {
    const d = hacseGame.determinize(forgetful, 'allies', new Rng(`k${i}`));
    scattered = taken.some((id) => !d.players.axis.hand.includes(id));
  }
  assert.ok(scattered);
});
