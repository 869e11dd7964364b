import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkConformance } from '@tabula/engine/conformance';
import { LANGUAGES } from '@tabula/engine';
import { TEST_GAME_ID, catalog, gameIds, getGame, load, manifestOf, registerTestGame } from './index.js';
import { nimGame } from './test-game/nim.js';

test('the test game is offered only once registered', () => {
  assert.equal(process.env.TABULA_TEST_GAME, undefined, 'this test needs the flag unset');
  assert.ok(!gameIds().includes(TEST_GAME_ID));
  assert.ok(!catalog().some((c) => c.id === TEST_GAME_ID));
  assert.equal(getGame(TEST_GAME_ID), undefined);
});

test('registering the test game through its manifest puts it in the catalog, the registry and load', async () => {
  registerTestGame();
  registerTestGame();
  assert.deepEqual(gameIds().filter((id) => id === TEST_GAME_ID), [TEST_GAME_ID]);
  assert.equal(gameIds().at(-1), TEST_GAME_ID);
  const entry = catalog().find((c) => c.id === TEST_GAME_ID);
  assert.deepEqual(entry, {
    id: TEST_GAME_ID, scenarios: ['standard'], players: { min: 2, max: 2, default: 2 }, roles: { 2: ['first', 'second'] },
    variants: nimGame.variants,
  });
  assert.equal(getGame(TEST_GAME_ID), nimGame);
  const loaded = await load(TEST_GAME_ID);
  assert.equal(loaded.game, nimGame);
  assert.equal(loaded.manifest, manifestOf(TEST_GAME_ID));
});

test('the test game keeps the engine contract', () => {
  const r = checkConformance(nimGame, { setups: [{}, { variants: { pile: 7 } }], playouts: 5 });
  assert.equal(r.playouts, 10);
});

test('the test game has a name and every message in the four languages', async () => {
  registerTestGame();
  const { messages } = await load(TEST_GAME_ID);
  for (const l of LANGUAGES) {
    assert.notEqual(manifestOf(TEST_GAME_ID)?.names[l] ?? '', '');
    for (const k of ['role.first', 'role.second', 'prompt.take', 'log.took_other']) assert.ok(messages[l][k], `${l} ${k}`);
  }
});

test('the test game refuses a pile it does not offer', () => {
  assert.throws(() => nimGame.setup({ seed: 's', variants: { pile: 8 } }), /pile/);
});
