import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getGame } from '@tabula/games';
import { botBenchSetups, botName } from './bots.js';

test('bot benchmark setups: Carcassonne 2 players, Hammer Braveheart and The Bruce, HACSE Early and Late', () => {
  assert.deepEqual(botBenchSetups(getGame('carcassonne')!).map((b) => b.setup), [{ players: 2 }]);
  assert.deepEqual(botBenchSetups(getGame('hammer-of-the-scots')!).map((b) => b.label), ['braveheart', 'the-bruce']);
  assert.deepEqual(botBenchSetups(getGame('hacse')!).map((b) => b.label), ['early', 'late']);
});

test('bot benchmark budgets: time, the levels\' iteration budgets, or hard at N and medium at N/4', () => {
  assert.equal(botName('mcts-hard', 'time'), 'mcts-hard');
  assert.equal(botName('mcts-hard', 'iterations'), 'mcts-hard@1200');
  assert.equal(botName('mcts-medium', '400'), 'mcts-medium@100');
  assert.throws(() => botName('mcts-hard', 'lots'));
});
