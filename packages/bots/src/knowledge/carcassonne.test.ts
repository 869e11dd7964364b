import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng, isDeepStrictEqual } from '@tabula/engine';
import { carcassonneGame as g, type CarcAction, type CarcState } from '@tabula/carcassonne';
import { MctsBot } from '../mcts.js';
import { randomBot } from '../random.js';
import { playGame } from '../selfplay.js';
import { carcassonneKnowledge, evaluateCarcassonne, scoresIfEndedNow } from './carcassonne.js';

function midgame(seed: string, steps: number): CarcState {
  let s: CarcState = g.setup({ seed, players: 2 });
  const rng = new Rng(`walk:${seed}`);
  for (let i = 0; i < steps && g.active(s).length; i++) {
    const r = g.active(s)[0]!;
    s = g.apply(s, r, randomBot.choose(g, s, r, rng) as CarcAction);
  }
  return s;
}

test('Carcassonne fairness: another order of the unseen tiles gives the same decision', () => {
  for (const [i, steps] of [[0, 10], [1, 31], [2, 50]] as const) {
    const s = midgame(`fair${i}`, steps);
    const me = g.active(s)[0]!;
    const other = g.determinize(s, me, new Rng(`x${i}`));
    assert.deepEqual(g.view(other, me), g.view(s, me));
    assert.ok(!isDeepStrictEqual(other.pile, s.pile));
    const bot = new MctsBot({ name: 'm', iterations: 150, knowledge: carcassonneKnowledge });
    const a = bot.choose(g, s, me, new Rng('same'));
    assert.equal(bot.last!.mismatches, 0, 'a sampled world had other legal actions');
    const b = new MctsBot({ name: 'm', iterations: 150, knowledge: carcassonneKnowledge }).choose(g, other, me, new Rng('same'));
    assert.deepEqual(a, b);
    // the canonical form keeps the information set
    assert.deepEqual(g.view(carcassonneKnowledge.canonical!(g, s, me) as CarcState, me), g.view(s, me));
  }
});

test('Carcassonne evaluation: end-now scores include incomplete features; the leader is rated above 1/2', () => {
  const s = midgame('eval', 60);
  const now = scoresIfEndedNow(g, s);
  for (let p = 0; p < 2; p++) assert.ok(now[p]! >= s.scores[p]!);
  const ev = evaluateCarcassonne(g, s);
  const lead = now[0]! + s.supply[0]! > now[1]! + s.supply[1]! + 6 ? 'red' : now[1]! + s.supply[1]! > now[0]! + s.supply[0]! + 6 ? 'blue' : null;
  if (lead) assert.ok(ev[lead]! > 0.5);
  assert.ok(Math.abs(ev.red! + ev.blue! - 1) < 1e-9);
});

test('Carcassonne: MCTS at 100 iterations beats random (2 games, both seats)', () => {
  for (let i = 0; i < 2; i++) {
    const bot = new MctsBot({ name: 'm', iterations: 100, knowledge: carcassonneKnowledge });
    const me = i === 0 ? 'red' : 'blue';
    const r = playGame(g, { seed: `vs${i}`, players: 2 }, me === 'red' ? { red: bot, blue: randomBot } : { red: randomBot, blue: bot });
    assert.equal(r.error, undefined);
    assert.deepEqual(r.outcome!.winners, [me], JSON.stringify(r.outcome!.scores));
  }
});

test('Carcassonne rollout depth: a whole number of rounds of two actions a turn for any player count (2 players: 12 as before)', () => {
  const depth = carcassonneKnowledge.rolloutDepth as (s: unknown) => number;
  assert.equal(typeof depth, 'function');
  for (const players of [2, 3, 4, 5]) {
    const d = depth(g.setup({ seed: 'd', players }));
    assert.equal(d % (2 * players), 0, `${players} players: depth ${d}`);
    assert.ok(d >= 12 && d <= 20, `${players} players: depth ${d}`);
  }
  assert.equal(depth(g.setup({ seed: 'd', players: 2 })), 12, 'the 2-player depth is unchanged');
});
