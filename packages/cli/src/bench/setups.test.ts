import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getGame, listGames } from '@tabula/games';
import { BENCH_SETUPS } from './setups.js';
import { benchSetups } from './random-games.js';

test('bench setups: every game id in setups.ts is a registered game, and every setup is one the game accepts', () => {
  for (const [id, setups] of Object.entries(BENCH_SETUPS)) {
    const game = getGame(id);
    assert.ok(game, `${id} is a registered game`);
    assert.deepEqual(benchSetups(game), setups, `${id} is measured with its listed setups`);
    for (const b of setups) assert.doesNotThrow(() => game.setup({ ...b.setup, seed: 'b' }), `${id} ${b.label}`);
  }
});

test('bench setups: a game setups.ts does not list is measured on every scenario, 200 games each', () => {
  const game = { ...listGames()[0]!, id: 'not-listed', scenarios: ['a', 'b'] };
  assert.deepEqual(benchSetups(game), [
    { label: 'a', setup: { scenario: 'a' }, games: 200 },
    { label: 'b', setup: { scenario: 'b' }, games: 200 },
  ]);
});
