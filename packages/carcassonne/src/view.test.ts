import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng } from '@tabula/engine';
import { act, game, put, scenario } from './scenario.test-support.js';
import { messages } from './i18n.js';
import { RULE } from './rules.js';
import { tileIndex } from './tiles.js';
import type { CarcState } from './state.js';

function playRandom(seed: string, steps: number, variants: Record<string, unknown> = {}): CarcState {
  const rng = new Rng(seed);
  let s = game.setup({ seed, players: 3, variants });
  for (let i = 0; i < steps && game.active(s).length > 0; i++) {
    const r = game.active(s)[0]!;
    const acts = game.actions(s, r);
    s = game.apply(s, r, acts[rng.int(acts.length)]!);
  }
  return s;
}

test('Carcassonne hidden info: the pile order, the tiles under hills and the RNG are in no view; unseen tiles are shown as a multiset', () => {
  let s = scenario(['hs-city-corner-hill', 'base-X', 'base-E', 'base-B', 'base-B']);
  s = act(s, { type: 'place', x: 0, y: -1, rot: 2 });
  const v = game.view(s, 'red');
  const json = JSON.stringify(v);
  for (const k of ['"pile"', '"under"', '"rng"']) assert.ok(!json.includes(k), `view shows ${k}`);
  assert.equal(v.unseen['base-X'], 1, 'the tile under the hill is counted among the unseen tiles');
  assert.equal(v.pileCount, 3);
  assert.deepEqual(game.view(s, 'blue'), game.view(s, null));
});

test('Carcassonne determinize: re-deals exactly the pile order and the tiles under the hills (and the RNG)', () => {
  let s = scenario(['hs-city-corner-hill', 'base-X', 'base-E', 'base-B', 'base-C', 'base-U']);
  s = act(s, { type: 'place', x: 0, y: -1, rot: 2 });
  const rng = new Rng('det');
  const sorted = (a: number[]) => [...a].sort((x, y) => x - y);
  let sawUnderChange = false;
  for (let i = 0; i < 30; i++) {
    const d = game.determinize(s, 'red', rng);
    assert.deepEqual(sorted([...d.pile, ...d.under]), sorted([...s.pile, ...s.under]));
    assert.equal(d.pile.length, s.pile.length);
    assert.deepEqual(game.view(d, 'red'), game.view(s, 'red'));
    assert.deepEqual(game.view(d, null), game.view(s, null));
    assert.deepEqual(game.actions(d, 'red'), game.actions(s, 'red'));
    assert.deepEqual({ ...d, pile: 0, under: 0, rng: 0 }, { ...s, pile: 0, under: 0, rng: 0 });
    if (d.under[0] !== tileIndex('base-X')) sawUnderChange = true;
  }
  assert.ok(sawUnderChange, 'the tile under the hill is re-dealt');
  // Over random positions too.
  const r = playRandom('det-random', 60);
  const d = game.determinize(r, 'blue', rng);
  assert.deepEqual(game.view(d, 'blue'), game.view(r, 'blue'));
});

test('Carcassonne undo: barriers at every tile or token draw, not within a turn before one', () => {
  const s = scenario(['base-U', 'base-B', 'base-B', 'base-B'], { bag: [1, 1, 1, 1, 2] });
  const placed = act(s, { type: 'place', x: 1, y: 0, rot: 0 });
  assert.equal(game.undoBarrier!(s, placed, 'red', { type: 'place', x: 1, y: 0, rot: 0 }), false);
  const skipped = act(placed, { type: 'skip' });
  assert.equal(game.undoBarrier!(placed, skipped, 'red', { type: 'skip' }), true, 'the next tile is drawn');
  const sheep = act(placed, { type: 'shepherd', feature: 2 });
  assert.equal(game.undoBarrier!(placed, sheep, 'red', { type: 'shepherd', feature: 2 }), true);
  const h = scenario(['hs-city-corner-hill', 'base-B', 'base-B']);
  const hp = act(h, { type: 'place', x: 0, y: -1, rot: 2 });
  assert.equal(game.undoBarrier!(h, hp, 'red', { type: 'place', x: 0, y: -1, rot: 2 }), true, 'a tile went under the hill');
});

test('Carcassonne view: placement spots with their rotations, deployment spots with drawing positions, figures with anchors', () => {
  let s = scenario(['base-E', 'base-U', 'base-B']);
  const v = game.view(s, null);
  assert.ok(v.placements.some((p) => p.x === 0 && p.y === -1 && p.rots.includes(2)));
  assert.equal(v.placements.reduce((n, p) => n + p.rots.length, 0), game.actions(s, 'red').length);
  s = act(s, { type: 'place', x: 0, y: -1, rot: 2 });
  const w = game.view(s, 'blue');
  assert.deepEqual(w.lastTile, { x: 0, y: -1 });
  assert.ok(w.spots.some((p) => p.kind === 'city' && p.follower));
  assert.ok(w.spots.some((p) => p.kind === 'field' && p.shepherd));
  for (const p of w.spots) assert.ok(p.at[0] >= 0 && p.at[0] <= 1 && p.at[1] >= 0 && p.at[1] <= 1);
  s = act(s, { type: 'follower', feature: w.spots.find((p) => p.kind === 'field')!.feature });
  const f = game.view(s, null).figures;
  assert.equal(f.length, 1);
  assert.equal(f[0]!.owner, 'red');
  assert.equal(f[0]!.featureKind, 'field');
});

test('Carcassonne describe: log lines for placements, scores and draws, all with texts in every language', () => {
  let s = scenario(['base-E', 'base-U', 'base-B']);
  const before = s;
  s = put(s, 0, -1, 2, 'SC');
  const lines = game.describe!(before, act(before, { type: 'place', x: 0, y: -1, rot: 2 }), 'red', { type: 'place', x: 0, y: -1, rot: 2 }, null);
  assert.equal(lines[0]!.key, 'log.placeAt');
  const placed = act(before, { type: 'place', x: 0, y: -1, rot: 2 });
  const dl = game.describe!(placed, s, 'red', { type: 'follower', feature: 0 }, 'blue');
  const keys = dl.map((l) => l.key);
  assert.ok(keys.includes('log.follower'));
  assert.ok(keys.includes('log.score'));
  assert.ok(keys.includes('log.draw'));
  // Random games: every described key has a text.
  const rng = new Rng('describe');
  let g = game.setup({ seed: 'describe', players: 3 });
  while (game.active(g).length > 0) {
    const r = game.active(g)[0]!;
    const acts = game.actions(g, r);
    const a = acts[rng.int(acts.length)]!;
    const n = game.apply(g, r, a);
    for (const l of game.describe!(g, n, r, a, null)) assert.ok(messages.en[l.key] ?? messages.en[`${l.key}_other`], `no text for ${l.key}`);
    g = n;
  }
});

test('Carcassonne i18n: every rule code and every key exists in en, de, es and zh-Hans', () => {
  const en = Object.keys(messages.en).sort();
  for (const lang of ['de', 'es', 'zh-Hans'] as const) assert.deepEqual(Object.keys(messages[lang]).sort(), en, lang);
  for (const code of Object.values(RULE)) assert.ok(messages.en[`rule.${code}`], `rule.${code}`);
});

test('Carcassonne undo (engine undoDepth): a placement can be taken back before the deployment, a finished turn cannot', async () => {
  const { undoDepth } = await import('@tabula/engine');
  const s0 = scenario(['base-U', 'base-B', 'base-B', 'base-B'], { variants: { hillsAndSheep: false } });
  const a1 = { type: 'place', x: 1, y: 0, rot: 0 } as const;
  const s1 = act(s0, a1);
  assert.equal(undoDepth(game, [s0, s1], [{ role: 'red', action: a1 }], 'red'), 1);
  const a2 = { type: 'skip' } as const;
  const s2 = act(s1, a2);
  assert.equal(undoDepth(game, [s0, s1, s2], [{ role: 'red', action: a1 }, { role: 'red', action: a2 }], 'red'), 0);
});
