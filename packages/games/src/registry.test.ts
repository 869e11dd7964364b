import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LANGUAGES } from '@tabula/engine';
import { GAME_IDS, MANIFESTS, gameIds, gameName, load, manifestOf, registerManifest } from './registry.js';
import { getGame, listGames } from './catalog.js';

test('every shipped game has a manifest under its own id', () => {
  for (const id of GAME_IDS) assert.equal(MANIFESTS[id].id, id);
  assert.deepEqual(gameIds(), [...GAME_IDS]);
});

test('the node catalog lists the shipped engines in menu order', () => {
  assert.deepEqual(listGames().map((g) => g.id), [...GAME_IDS]);
});

test('load gives each shipped game the engine the node catalog has, with its manifest and messages in every language', async () => {
  for (const id of GAME_IDS) {
    const g = await load(id);
    assert.equal(g.game, getGame(id), id);
    assert.equal(g.manifest, MANIFESTS[id]);
    for (const l of LANGUAGES) assert.ok(Object.keys(g.messages[l]).length > 0, `${id} ${l}`);
  }
});

test('load refuses an unknown id', async () => {
  await assert.rejects(load('chess'), /unknown game chess/);
  assert.equal(manifestOf('chess'), undefined);
});

test('manifestOf does not take inherited object keys for games', () => {
  assert.equal(manifestOf('toString'), undefined);
  assert.equal(manifestOf('constructor'), undefined);
});

test('a run-time manifest may not take a shipped id', () => {
  assert.throws(() => registerManifest({ ...MANIFESTS.hacse }), /shipped game/);
});

test('every manifest names its game and has an analysis budget', () => {
  for (const id of GAME_IDS) {
    const m = MANIFESTS[id];
    for (const l of LANGUAGES) assert.notEqual(m.names[l].trim(), '', `${id} ${l}`);
    assert.ok(Number.isInteger(m.analysisIterations) && m.analysisIterations > 0, id);
    for (const link of m.links) assert.match(link.href, /^https?:\/\//);
  }
});

test('every shipped game has a rules reference with the same sections in every language', async () => {
  for (const id of GAME_IDS) {
    const rules = MANIFESTS[id].rules;
    assert.ok(rules, id);
    const ids = async (l: (typeof LANGUAGES)[number]) => (await rules[l]()).sections.map((s) => s.id);
    const en = await ids('en');
    assert.ok(en.length > 10, id);
    for (const l of LANGUAGES) assert.deepEqual(await ids(l), en, `${id} ${l}`);
  }
});

test('gameName gives the manifest\'s name in a language, and nothing for an unknown game', () => {
  assert.equal(gameName('hacse', 'de'), 'HACSE-Kartenspiel');
  assert.equal(gameName('carcassonne', 'zh-Hans'), '卡卡颂');
  assert.equal(gameName('chess', 'en'), undefined);
});
