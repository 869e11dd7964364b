import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng, isDeepStrictEqual } from '@tabula/engine';
import { hacseGame as g, type HacseAction, type HacseState, type Side } from '@tabula/hacse';
import { MctsBot } from '../mcts.js';
import { randomBot } from '../random.js';
import { actionWeight, canonicalHacse, evaluateHacse, hacseKnowledge, infoKeyHacse, settle } from './hacse.js';

function walk(seed: string, steps: number, scenario = 'early'): HacseState {
  let s: HacseState = g.setup({ seed, scenario });
  const rng = new Rng(`walk:${seed}`);
  for (let i = 0; i < steps && g.active(s).length; i++) {
    const r = g.active(s)[0]!;
    s = g.apply(s, r, randomBot.choose(g, s, r, rng) as HacseAction);
  }
  return s;
}

test('HACSE fairness: another deal of the hidden cards (decks, enemy hand, face-down orders) gives the same decision', () => {
  let checked = 0;
  for (let i = 0; i < 6; i++) {
    const s = walk(`fair${i}`, 6 + 7 * i, i % 2 ? 'late' : 'early');
    if (!g.active(s).length) continue;
    const me = g.active(s)[0]! as Side;
    const other: HacseState = g.determinize(s, me, new Rng(`x${i}`));
    assert.deepEqual(g.view(other, me), g.view(s, me));
    assert.equal(infoKeyHacse(other, me), infoKeyHacse(s, me));
    assert.ok(!isDeepStrictEqual(other.players, s.players));
    const bot = new MctsBot({ name: 'm', iterations: 40, knowledge: hacseKnowledge });
    const a = bot.choose(g, s, me, new Rng('same'));
    assert.equal(bot.last!.mismatches, 0, 'a sampled world had other legal actions');
    const b = new MctsBot({ name: 'm', iterations: 40, knowledge: hacseKnowledge }).choose(g, other, me, new Rng('same'));
    assert.deepEqual(a, b, `position ${i}`);
    checked++;
  }
  assert.ok(checked >= 4);
});

test('HACSE info key: tells apart positions the viewer can tell apart', () => {
  const s = walk('key', 20);
  const me = g.active(s)[0]! as Side;
  const next = g.apply(s, me, g.actions(s, me)[0]!);
  assert.notEqual(infoKeyHacse(next, me), infoKeyHacse(s, me));
  // a different own hand is a different information set
  const swapped = structuredClone(s);
  swapped.players[me as 'axis'].hand.pop();
  assert.notEqual(infoKeyHacse(swapped, me), infoKeyHacse(s, me));
});

test('HACSE evaluation: the front die moves the estimate toward the side it favours', () => {
  const s = walk('eval', 10);
  const up = { ...s, die: 8 }, down = { ...s, die: 2 };
  assert.ok(evaluateHacse(up).axis! > evaluateHacse(s).axis!);
  assert.ok(evaluateHacse(down).allies! > evaluateHacse(s).allies!);
  assert.ok(Math.abs(evaluateHacse(s).axis! + evaluateHacse(s).allies! - 1) < 1e-9);
});

/** A main-phase position of the given scenario with units on both sides (random play from a seed). */
function withUnits(seed: string, scenario = 'early'): HacseState {
  for (let i = 0; i < 40; i++) {
    const s = walk(`${seed}${i}`, 30 + i, scenario);
    if (s.phase === 'main' && !s.outcome && s.players.axis.units.length >= 2 && s.players.allies.units.length >= 2) return s;
  }
  throw new Error('no position with units');
}

test('HACSE rollout policy: a free damage point goes to the unit it destroys rather than to an undamaged one', () => {
  const s = structuredClone(withUnits('spread'));
  const [a, b] = s.players.allies.units;
  a!.damage = s.rules.destroyAt.allies - 1;
  b!.damage = 0;
  assert.ok(actionWeight(s, 'axis', { type: 'spread', target: a!.uid }) > 2 * actionWeight(s, 'axis', { type: 'spread', target: b!.uid }));
  assert.ok(actionWeight(s, 'axis', { type: 'flank', target: a!.uid }) > actionWeight(s, 'axis', { type: 'flank', target: b!.uid }));
});

test('HACSE rollout policy: an attacker commits an order with damage rather than no order, and rarely ends a turn early', () => {
  const s = withUnits('commit');
  const u = s.players.axis.units[0]!;
  const withOrder = actionWeight(s, 'axis', { type: 'commit', uid: u.uid, order: 'order.assault' });
  assert.ok(withOrder > 3 * actionWeight(s, 'axis', { type: 'commit', uid: u.uid, order: null }));
  assert.ok(actionWeight(s, 'axis', { type: 'end' }) < actionWeight(s, 'axis', { type: 'play', card: 'x' }));
  assert.ok(actionWeight(s, 'axis', { type: 'disband', uid: u.uid }) < 0.1);
});

test('HACSE rollout policy: a badly damaged unit is rested in the hinterland, a healthy one is not', () => {
  const s = structuredClone(withUnits('rest'));
  const [hurt, fine] = s.players.axis.units;
  hurt!.zone = 'front'; hurt!.damage = 4;
  fine!.zone = 'front'; fine!.damage = 0;
  assert.ok(actionWeight(s, 'axis', { type: 'move', uid: hurt!.uid, to: 'hinterland' }) > 10 * actionWeight(s, 'axis', { type: 'move', uid: fine!.uid, to: 'hinterland' }));
});

test('HACSE settle: a combat in progress is played to its end (main phase or game over) without touching the input', () => {
  let found = 0;
  for (let i = 0; i < 30 && found < 3; i++) {
    let s: HacseState = g.setup({ seed: `settle${i}`, scenario: i % 2 ? 'late' : 'early' });
    const rng = new Rng(`settle${i}`);
    while (g.active(s).length && s.phase !== 'combat') {
      const r = g.active(s)[0]!;
      s = g.apply(s, r, randomBot.choose(g, s, r, rng) as HacseAction);
    }
    if (s.phase !== 'combat') continue;
    const before = structuredClone(s);
    const t = settle(s);
    assert.ok(t.outcome || t.phase === 'main', `phase ${t.phase}`);
    assert.deepEqual(s, before);
    found++;
  }
  assert.ok(found >= 3);
});

test('HACSE evaluation: an extra healthy unit or more hand cards raise the estimate of their side', () => {
  const s = withUnits('worth');
  const more = structuredClone(s);
  more.players.axis.units.push({ ...more.players.axis.units[0]!, uid: 'x999', damage: 0 });
  assert.ok(evaluateHacse(more).axis! > evaluateHacse(s).axis!);
  const cards = structuredClone(s);
  cards.players.allies.hand.push('order.assault', 'order.flank');
  assert.ok(evaluateHacse(cards).allies! > evaluateHacse(s).allies!);
});

test('HACSE canonical order: cards the viewer knows to be in the opponent hand (taken by a hand draw) stay in that hand', () => {
  const s = structuredClone(withUnits('known'));
  const me: Side = s.active, foe: Side = me === 'axis' ? 'allies' : 'axis';
  // the card that sorts last among the foe's hidden cards, put into its hand: a plain sorted re-deal would put it in the deck
  const fp = s.players[foe];
  const taken = [...fp.hand, ...fp.deck].sort().pop()!;
  if (!fp.hand.includes(taken)) { fp.deck[fp.deck.indexOf(taken)] = fp.hand[0]!; fp.hand[0] = taken; }
  assert.ok(fp.hand.includes(taken) && fp.deck.length >= 6); // at most 6 copies of a card
  fp.known = [taken];
  for (let i = 0; i < 5; i++) {
    const other: HacseState = g.determinize(s, me, new Rng(`k${i}`));
    const c = canonicalHacse(other, me);
    assert.ok(c.players[foe].hand.includes(taken));
    assert.deepEqual(c.players[foe], canonicalHacse(s, me).players[foe]);
  }
  const withoutKnown = structuredClone(s);
  withoutKnown.players[foe].known = [];
  assert.notEqual(infoKeyHacse(withoutKnown, me), infoKeyHacse(s, me));
});
