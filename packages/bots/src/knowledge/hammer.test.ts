import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng, isDeepStrictEqual, type Role } from '@tabula/engine';
import { hammerGame as g, type HammerAction, type HammerState, type HammerView } from '@tabula/hammer';
import { MctsBot } from '../mcts.js';
import { randomBot } from '../random.js';
import { evaluateHammer, hammerKnowledge, hammerTables, sideStrength } from './hammer.js';

function walk(seed: string, steps: number, scenario = 'braveheart'): HammerState {
  let s: HammerState = g.setup({ seed, scenario });
  const rng = new Rng(`walk:${seed}`);
  for (let i = 0; i < steps && g.active(s).length; i++) {
    const r = g.active(s).find((x: Role) => g.actions(s, x).length > 0)!;
    s = g.apply(s, r, randomBot.choose(g, s, r, rng) as HammerAction);
  }
  return s;
}

test('Hammer evaluation: noble control and steps move the estimate; the two sides sum to 1', () => {
  const s = walk('eval', 30);
  const ev = evaluateHammer(g, s);
  assert.ok(Math.abs(ev.England! + ev.Scotland! - 1) < 1e-9);
  assert.ok(ev.England! > 0 && ev.England! < 1);
  const v = g.view(s, 'England') as HammerView;
  assert.equal(sideStrength(hammerTables(g), s, 0).nobles, v.nobles.England);
  assert.equal(sideStrength(hammerTables(g), s, 1).nobles, v.nobles.Scotland);
  // one more English noble on the map (a Scottish noble defects) favours England
  const t = hammerTables(g);
  const sb = t.ids.findIndex((id, b) => t.noble[b] && id.startsWith('S-') && s.loc[b]! < t.areas.length && t.ids.includes(`E-${id.slice(2)}`));
  const eb = t.ids.indexOf(`E-${t.ids[sb]!.slice(2)}`);
  assert.ok(sb >= 0 && eb >= 0);
  {
    const loc = s.loc.slice();
    loc[eb] = loc[sb]!;
    loc[sb] = s.loc[eb]!; // the Scottish block goes where the unused English one was (off the map)
    const defected = { ...s, loc, steps: s.steps.map((x, b) => (b === eb ? s.steps[sb]! : x)) };
    assert.ok(evaluateHammer(g, defected).England! > ev.England!);
  }
});

test('Hammer fairness: another deal of the enemy blocks, hand and card gives the same decision', () => {
  let checked = 0, differing = 0;
  for (let i = 0; i < 4; i++) {
    const s = walk(`fair${i}`, 3 + 25 * i, i % 2 ? 'the-bruce' : 'braveheart');
    const me = g.active(s).find((x: Role) => g.actions(s, x).length > 1);
    if (!me) continue;
    const other: HammerState = g.determinize(s, me, new Rng(`x${i}`));
    assert.deepEqual(g.view(other, me), g.view(s, me));
    if (!isDeepStrictEqual(other, s)) differing++;
    // both map to one canonical state, so determinize starts from the same place
    assert.deepEqual(hammerKnowledge.canonical!(g, other, me), hammerKnowledge.canonical!(g, s, me));
    const bot = new MctsBot({ name: 'm', iterations: 40, knowledge: hammerKnowledge });
    const a = bot.choose(g, s, me, new Rng('same'));
    assert.equal(bot.last!.mismatches, 0, 'a sampled world had other legal actions');
    const b = new MctsBot({ name: 'm', iterations: 40, knowledge: hammerKnowledge }).choose(g, other, me, new Rng('same'));
    assert.deepEqual(a, b, `position ${i}`);
    checked++;
  }
  assert.ok(checked >= 3 && differing >= 3, `checked ${checked}, differing ${differing}`);
});

test('Hammer tables: every block index gets a distinct id and its side from the views', () => {
  const t = hammerTables(g);
  const s: HammerState = g.setup({ seed: 't', scenario: 'braveheart' });
  assert.equal(t.ids.length, s.loc.length);
  assert.equal(new Set(t.ids).size, t.ids.length);
  t.ids.forEach((id, b) => assert.equal(t.side[b], id.startsWith('E-') ? 0 : 1, id));
  assert.ok(t.noble.filter(Boolean).length >= 10);
  assert.equal(t.areas.length, 23);
});
