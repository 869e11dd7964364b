import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng, listedActions } from '@tabula/engine';
import { hacseGame, legalActions } from './game.js';
import { blank, hand, put } from './fixtures.test-support.js';
import type { HacseAction, HacseState, Side } from './types.js';

function actor(s: HacseState): Side | undefined {
  return hacseGame.active(s).find((r) => legalActions(s, r).length > 0) as Side | undefined;
}

test('Kept legal actions: in random games of both eras the list kept for a state is the list the rules derive, and a JSON copy of a listed action plays the same', () => {
  for (const scenario of ['early', 'late']) {
    for (let g = 0; g < 6; g++) {
      const rng = new Rng(`hot:${scenario}:${g}`);
      let s = hacseGame.setup({ seed: `hot:${scenario}:${g}`, scenario });
      for (let n = 0; n < 400; n++) {
        const role = actor(s);
        if (role === undefined) break;
        const fresh = legalActions(s, role);
        assert.deepEqual(listedActions(hacseGame, s, role), fresh);
        assert.deepEqual(hacseGame.actions(s, role), fresh);
        const a = fresh[rng.int(fresh.length)]!;
        const viaJson = JSON.parse(JSON.stringify(a)) as HacseAction;
        const next = hacseGame.apply(s, role, a);
        assert.deepEqual(hacseGame.apply(s, role, viaJson), next);
        s = next;
      }
    }
  }
});

test('Kept legal actions: each action is one frozen object, listed again as the same object', () => {
  const s = blank();
  put(s, 'axis', 'de.pz3', 'front');
  hand(s, 'axis', 'de.schuetzen');
  const first = legalActions(s, 'axis');
  const again = legalActions(s, 'axis');
  assert.ok(first.length > 3);
  first.forEach((a, i) => {
    assert.ok(Object.isFrozen(a));
    assert.equal(again[i], a);
  });
});

test('Kept legal actions: a position edited in place after listing (a test position, not a state the engine made) is listed afresh', () => {
  const s = blank();
  hand(s, 'axis', 'de.schuetzen', 'order.assault', 'order.flank', 'order.maneuver');
  assert.ok(hacseGame.actions(s, 'axis').some((a) => a.type === 'place'));
  s.players.axis.hand = [];
  assert.ok(!hacseGame.actions(s, 'axis').some((a) => a.type === 'place'));
  assert.ok(!listedActions(hacseGame, s, 'axis').some((a) => a.type === 'place'));
});
