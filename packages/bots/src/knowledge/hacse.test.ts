import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng, isDeepStrictEqual } from '@tabula/engine';
import { hacseGame as g, type HacseAction, type HacseState, type Side } from '@tabula/hacse';
import { MctsBot } from '../mcts.js';
import { randomBot } from '../random.js';
import { evaluateHacse, hacseKnowledge, infoKeyHacse } from './hacse.js';

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
