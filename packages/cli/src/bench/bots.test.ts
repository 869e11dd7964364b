import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getGame } from '@tabula/games';
import { botBenchSetups, botName, gamesFor } from './bots.js';

test('bot benchmark setups: Carcassonne 2 and 4 players, Hammer Braveheart and The Bruce, HACSE Early and Late', () => {
  assert.deepEqual(botBenchSetups(getGame('carcassonne')!).map((b) => b.setup), [{ players: 2 }, { players: 4 }]);
  assert.deepEqual(botBenchSetups(getGame('hammer-of-the-scots')!).map((b) => b.label), ['braveheart', 'the-bruce']);
  assert.deepEqual(botBenchSetups(getGame('hacse')!).map((b) => b.label), ['early', 'late']);
});

test('bot benchmark budgets: time, the levels\' iteration budgets, or hard at N and medium at N/4', () => {
  assert.equal(botName('mcts-hard', 'time'), 'mcts-hard');
  assert.equal(botName('mcts-hard', 'iterations'), 'mcts-hard@1200');
  assert.equal(botName('mcts-medium', '400'), 'mcts-medium@100');
  assert.throws(() => botName('mcts-hard', 'lots'));
});

test('bots bench: TABULA_BENCH_BOT_GAMES gives games per pairing, overall or per game/setup label', () => {
  assert.equal(gamesFor('40', 'hacse/late', 200), 40);
  const spec = 'carcassonne=100,hacse/late=60,hacse=30,20';
  assert.equal(gamesFor(spec, 'carcassonne/2 players', 200), 100);
  assert.equal(gamesFor(spec, 'hacse/late', 200), 60);
  assert.equal(gamesFor(spec, 'hacse/early', 200), 30);
  assert.equal(gamesFor(spec, 'hammer-of-the-scots/braveheart', 200), 20);
  assert.equal(gamesFor('hacse=10', 'carcassonne/2 players', 200), 200);
  assert.throws(() => gamesFor('hacse=0', 'hacse/early', 200));
  assert.throws(() => gamesFor('many', 'hacse/early', 200));
});
