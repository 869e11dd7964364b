import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RuleError } from '@tabula/engine';
import { act, featureAt, game, put, scenario, score } from './scenario.test-support.js';
import { majority } from './scoring.js';
import type { CarcState } from './state.js';

const FILL = ['base-B', 'base-B', 'base-B', 'base-B'];
const hasAct = (s: CarcState, type: string, feature?: number) =>
  game.actions(s, game.active(s)[0]!).some((a) => a.type === type && (feature === undefined || ('feature' in a && a.feature === feature)));
const throwsCode = (f: () => unknown, code: string) => assert.throws(f, (e: unknown) => e instanceof RuleError && e.code === code);

test('H&S: the expansion adds its 18 tiles, one shepherd per player and the bag of 16 sheep and 2 wolves; off by variant', () => {
  const s = game.setup({ seed: 'hs', players: 3 });
  assert.equal(s.pile.length + s.discarded.length + 1, 89);
  assert.deepEqual(s.bag, [4, 5, 5, 2, 2]);
  const v = game.view(s, 'red');
  assert.deepEqual(v.bag, { sheep1: 4, sheep2: 5, sheep3: 5, sheep4: 2, wolf: 2 });
  assert.equal(v.players.red!.shepherdHome, true);
  const b = game.setup({ seed: 'hs', players: 3, variants: { hillsAndSheep: false } });
  assert.equal(b.pile.length + b.discarded.length + 1, 71);
  assert.equal(game.view(b, 'red').players.red!.shepherdHome, false);
  let u = act(scenario(['base-U', ...FILL], { variants: { hillsAndSheep: false } }), { type: 'place', x: 1, y: 0, rot: 0 });
  assert.ok(!hasAct(u, 'shepherd'));
  throwsCode(() => act(u, { type: 'shepherd', feature: featureAt(u, 'NC') }), 'shepherd-not-available');
  u = act(u, { type: 'skip' });
  assert.equal(u.phase, 'place');
});

test('H&S: the shepherd goes on a field of the placed tile instead of a follower and draws a token at once: a sheep stays by it', () => {
  let s = scenario(['base-U', ...FILL], { bag: [0, 1, 0, 0, 0] });
  s = act(s, { type: 'place', x: 1, y: 0, rot: 0 });
  throwsCode(() => act(s, { type: 'shepherd', feature: featureAt(s, 'WC') }), 'shepherd-needs-field');
  const before = s.draws;
  s = act(s, { type: 'shepherd', feature: featureAt(s, 'NC') });
  assert.deepEqual(s.flocks[0], [2]);
  assert.deepEqual(s.bag, [0, 0, 0, 0, 0]);
  assert.equal(s.supply[0], 7);
  assert.ok(s.draws > before);
  assert.equal(game.view(s, null).players.red!.shepherdHome, false);
  assert.ok(game.view(s, null).figures.some((f) => f.kind === 'shepherd' && f.owner === 'red' && f.x === 1 && f.y === 0));
});

test('H&S: a wolf drawn when placing the shepherd goes back into the bag and the shepherd goes home', () => {
  let s = scenario(['base-U', ...FILL], { bag: [0, 0, 0, 0, 2] });
  s = act(s, { type: 'place', x: 1, y: 0, rot: 0 });
  s = act(s, { type: 'shepherd', feature: featureAt(s, 'NC') });
  assert.deepEqual(s.flocks[0], []);
  assert.deepEqual(s.bag, [0, 0, 0, 0, 2]);
  assert.equal(s.meeples.length, 0);
  assert.ok(s.events.some((e) => e.e === 'wolf'));
  assert.equal(game.view(s, null).players.red!.shepherdHome, true);
});

test('H&S: a shepherd may join a field with farmers but not one with a shepherd; a farmer may join a field with only a shepherd', () => {
  // Farmer first, then a shepherd joins.
  let s = scenario(['base-U', 'base-U', 'base-U', ...FILL], { bag: [5, 0, 0, 0, 0] });
  s = put(s, 1, 0, 0, 'NC'); // red farmer north of the road
  s = act(s, { type: 'place', x: 2, y: 0, rot: 0 }); // blue extends that field
  const f = featureAt(s, 'NC');
  assert.ok(hasAct(s, 'shepherd', f), 'shepherd allowed beside a farmer');
  assert.ok(!hasAct(s, 'follower', f), 'farmer not allowed: occupied');
  s = act(s, { type: 'shepherd', feature: f });
  s = act(s, { type: 'place', x: -1, y: 0, rot: 0 }); // red extends the same field again
  const g = featureAt(s, 'NC');
  assert.ok(!hasAct(s, 'shepherd', g), 'a second shepherd is not allowed');
  throwsCode(() => act(s, { type: 'shepherd', feature: g }), 'field-has-shepherd');
  // Shepherd first, then a farmer joins (the shepherd is no follower).
  let t = scenario(['base-U', 'base-U', ...FILL], { bag: [5, 0, 0, 0, 0] });
  t = put(t, 1, 0, 0, 'shepherd:NC');
  t = act(t, { type: 'place', x: 2, y: 0, rot: 0 });
  assert.ok(hasAct(t, 'follower', featureAt(t, 'NC')), 'a farmer may join a field holding only a shepherd');
  assert.ok(!hasAct(t, 'shepherd', featureAt(t, 'NC')));
});

test('H&S 7/2014: extending the own flock\'s field: deploy first (or skip), then choose grow or drive', () => {
  let s = scenario(['base-U', 'base-B', 'base-U', 'base-B', ...FILL], { bag: [0, 0, 1, 0, 0] });
  s = put(s, 1, 0, 0, 'shepherd:NC'); // red shepherd, draws the 3
  assert.deepEqual(s.flocks[0], [3]);
  s = put(s, 0, 1, 0); // blue, elsewhere
  s = act(s, { type: 'place', x: 2, y: 0, rot: 0 }); // red extends the flock's field
  assert.equal(s.phase, 'deploy');
  assert.ok(!hasAct(s, 'grow'), 'the flock choice comes after the deployment');
  s = act(s, { type: 'follower', feature: featureAt(s, 'WC') }); // a thief on the road
  assert.equal(s.phase, 'flock');
  assert.deepEqual(game.actions(s, 'red'), [{ type: 'grow' }, { type: 'drive' }]);
  throwsCode(() => act(s, { type: 'skip' }), 'wrong-phase');
  // Grow: a sheep joins.
  const grown = act({ ...s, bag: [0, 0, 0, 1, 0] }, { type: 'grow' });
  assert.deepEqual(grown.flocks[0], [3, 4]);
  assert.equal(game.active(grown)[0], 'blue');
  // Drive: 1 point per sheep, tokens back, shepherd home.
  const driven = act(s, { type: 'drive' });
  assert.equal(score(driven, 'red'), 3);
  assert.deepEqual(driven.flocks[0], []);
  assert.deepEqual(driven.bag, [0, 0, 1, 0, 0]);
  assert.ok(game.view(driven, null).players.red!.shepherdHome);
  // The deployment may be skipped and the choice still follows (JCZ #444).
  const skipped = act(act(scenarioAfterShepherd(), { type: 'place', x: 2, y: 0, rot: 0 }), { type: 'skip' });
  assert.equal(skipped.phase, 'flock');
});

function scenarioAfterShepherd(): CarcState {
  let s = scenario(['base-U', 'base-B', 'base-U', 'base-B', ...FILL], { bag: [0, 0, 1, 0, 0] });
  s = put(s, 1, 0, 0, 'shepherd:NC');
  return put(s, 0, 1, 0);
}

test('H&S: a player without followers still gets the flock choice (the deployment step is skipped)', () => {
  let s = scenarioAfterShepherd();
  s = { ...s, supply: [0, 7] };
  s = act(s, { type: 'place', x: 2, y: 0, rot: 0 });
  assert.equal(s.phase, 'flock');
});

test('H&S: grow with a wolf: every shepherd and sheep in the field goes back, nobody scores', () => {
  let s = scenarioAfterShepherd();
  s = act(s, { type: 'place', x: 2, y: 0, rot: 0 });
  s = act(s, { type: 'skip' });
  s = act({ ...s, bag: [0, 0, 0, 0, 2] }, { type: 'grow' });
  assert.deepEqual(s.scores, [0, 0]);
  assert.deepEqual(s.flocks[0], []);
  assert.deepEqual(s.bag, [0, 0, 1, 0, 2]);
  assert.equal(s.meeples.length, 0);
});

/** Red's shepherd east of the start road, blue's shepherd north of the tiny city; red's next tile joins the two fields. */
function mergedFlocks(): CarcState {
  let s = scenario(['base-U', 'base-E', 'base-B', ...FILL], { bag: [1, 0, 0, 0, 0] });
  s = put(s, 1, 0, 0, 'shepherd:NC'); // red: 1 sheep
  s = { ...s, bag: [0, 1, 0, 0, 0] };
  s = put(s, 0, -1, 2, 'shepherd:NC'); // blue: city cap closing the tiny city, shepherd on the field beyond: 2 sheep
  // Grow both flocks to the rulebook example: 4 tokens with 8 sheep in all.
  s = { ...s, flocks: [[1, 3], [2, 2]], bag: [3, 3, 4, 2, 2] };
  return act(s, { type: 'place', x: 1, y: -1, rot: 0 }); // red: cloister tile joins both fields
}

test('H&S: fields that merge make one flock; whoever drives, every shepherd there scores the whole flock (rulebook: 8 each)', () => {
  let s = mergedFlocks();
  s = act(s, { type: 'skip' });
  assert.equal(s.phase, 'flock');
  s = act(s, { type: 'drive' });
  assert.equal(score(s, 'red'), 8);
  assert.equal(score(s, 'blue'), 8);
  assert.deepEqual(s.flocks, [[], []]);
  assert.deepEqual(s.bag, [4, 5, 5, 2, 2]);
  assert.equal(s.meeples.filter((_, i) => i % 4 === 3).filter((k) => k === 1).length, 0);
});

test('H&S: a wolf in a merged flock ends it for every shepherd (rulebook: nobody scores)', () => {
  let s = mergedFlocks();
  s = act(s, { type: 'skip' });
  s = act({ ...s, bag: [0, 0, 0, 0, 2] }, { type: 'grow' });
  assert.deepEqual(s.scores, [0, 0]);
  assert.deepEqual(s.flocks, [[], []]);
  assert.deepEqual(s.bag, [1, 2, 1, 0, 2]);
});

test('H&S (Big Box 5, 12/2015): a field closed on every side drives its flock to the stable at once, on anyone\'s turn', () => {
  // Four city corners enclose one field; red's shepherd stands in it, blue lays the closing tile.
  let s = scenario(['base-N', 'base-N', 'base-N', 'base-N', ...FILL], { bag: [0, 0, 1, 0, 0], board: [['base-N', 0, 0, 0]] });
  s = put(s, 1, 0, 1, 'shepherd:WC'); // red: corner city N-E, shepherd on the field (3 sheep)
  s = put(s, 0, 1, 3); // blue: corner W-S, extends red's field
  s = put(s, -1, 0, 1); // red: elsewhere
  assert.deepEqual(s.flocks[0], [3]);
  s = put(s, 1, 1, 2); // blue closes the field
  assert.equal(score(s, 'red'), 3);
  assert.equal(score(s, 'blue'), 0);
  assert.deepEqual(s.flocks[0], []);
  assert.deepEqual(s.bag, [0, 0, 1, 0, 0]);
  assert.ok(s.events.some((e) => e.e === 'stable' && e.pts === 3));
});

/** Red's shepherd (2 sheep) in a field of four city corners; blue extends it; red's tile (in hand) closes it. */
function ownFieldToClose(): CarcState {
  let s = scenario(['base-N', 'base-N', 'base-N', ...FILL], { bag: [0, 1, 0, 0, 0], board: [['base-N', 0, 0, 0]] });
  s = put(s, 1, 0, 1, 'shepherd:WC');
  s = put(s, 0, 1, 3);
  assert.deepEqual(s.flocks[0], [2]);
  return s;
}

test('H&S (tending step, Big Box 5): closing the field of your own shepherd also extends it: grow or drive first, then the closed field scores the flock (2 grown by 3 scores 5)', () => {
  let s = act(ownFieldToClose(), { type: 'place', x: 1, y: 1, rot: 2 }); // red closes the field
  assert.equal(s.phase, 'deploy');
  s = act(s, { type: 'skip' });
  assert.equal(s.phase, 'flock', 'the closing tile extends the field, so the flock choice is due');
  assert.deepEqual(game.actions(s, 'red'), [{ type: 'grow' }, { type: 'drive' }]);
  const grown = act({ ...s, bag: [0, 0, 1, 0, 0] }, { type: 'grow' });
  assert.equal(score(grown, 'red'), 5);
  assert.deepEqual(grown.flocks[0], []);
  assert.equal(grown.meeples.filter((_, i) => i % 4 === 3).filter((k) => k === 1).length, 0, 'the closure sent the shepherd home');
  assert.ok(grown.events.some((e) => e.e === 'stable' && e.pts === 5));
  const driven = act(s, { type: 'drive' });
  assert.equal(score(driven, 'red'), 2);
  const wolf = act({ ...s, bag: [0, 0, 0, 0, 2] }, { type: 'grow' });
  assert.equal(score(wolf, 'red'), 0, 'a wolf ends the flock before the closure can score it');
});

test('H&S: flocks still on the board at game end score nothing; the shepherd does not count as a farmer', () => {
  let s = scenario(['base-E', 'base-U'], { bag: [0, 0, 0, 2, 0] });
  s = put(s, 0, -1, 2); // red completes the tiny city (no knight)
  s = put(s, 1, 0, 0, 'shepherd:NC'); // blue: shepherd on the field bordering that completed city
  assert.equal(s.phase, 'over');
  assert.deepEqual(s.scores, [0, 0]);
});

test('H&S: a hill tile takes the next tile face down under it; the last tile gets none (10/2014)', () => {
  let s = scenario(['hs-city-corner-hill', 'base-B', 'base-E', ...FILL]);
  const pile = s.pile.length;
  const before = s.draws;
  s = act(s, { type: 'place', x: 0, y: -1, rot: 2 });
  assert.deepEqual(s.under, [s.under[0]]);
  assert.equal(s.pile.length, pile - 1);
  assert.ok(s.draws > before);
  const v = game.view(s, 'red');
  assert.equal(v.tiles[1]!.covered, true);
  assert.equal(JSON.stringify(v).includes('under'), false);
  s = act(s, { type: 'skip' });
  assert.equal(game.view(s, null).current, 'base-E', 'the tile under the hill is not the next one drawn');
  let last = scenario(['hs-city-corner-hill']);
  last = put(last, 0, -1, 2);
  assert.deepEqual(last.under, [-1]);
  assert.equal(game.view(last, null).tiles[1]!.covered, false);
  assert.equal(last.phase, 'over');
});

test('H&S (rulebook example): tied knights, red\'s on a hill: red alone scores the city, 10 points', () => {
  const play = (first: string) => {
    let s = scenario([first, ...(first.startsWith('hs') ? ['base-B'] : []), 'base-K', 'base-M', ...FILL]);
    s = put(s, 0, -1, 2, 'SC'); // red: city corner (on a hill or not) joined to the start city; knight
    s = put(s, 1, 0, 0, 'NC'); // blue: separate city cap east of the start road; knight
    return put(s, 1, -1, 3); // red: corner with pennant joins both: 4 tiles + 1 pennant
  };
  const hill = play('hs-city-corner-hill');
  assert.equal(score(hill, 'red'), 10);
  assert.equal(score(hill, 'blue'), 0);
  assert.ok(hill.events.some((e) => e.e === 'score' && e.why === 'hill'));
  const flat = play('base-N');
  assert.equal(score(flat, 'red'), 10);
  assert.equal(score(flat, 'blue'), 10);
  // House rule variant: same here (1 on a hill against 0).
  assert.deepEqual(majority([1, 1], [1, 0], 'count').winners, [0]);
});

test('H&S 5/2014: tied players who all have a follower on a hill still share; the hill count decides only as a house rule', () => {
  assert.deepEqual(majority([2, 2], [1, 1], 'presence').winners, [0, 1]);
  assert.deepEqual(majority([2, 2], [2, 1], 'presence').winners, [0, 1]);
  assert.deepEqual(majority([2, 2, 2], [1, 1, 0], 'presence').winners, [0, 1]);
  assert.deepEqual(majority([2, 2], [2, 1], 'count').winners, [0]);
  assert.deepEqual(majority([2, 2], [1, 1], 'count').winners, [0, 1]);
  assert.deepEqual(majority([2, 2], [0, 0], 'count').winners, [0, 1]);
  assert.deepEqual(majority([3, 2], [0, 2], 'count').winners, [0]);
});

function cloisterAmongVineyards(last: number): CarcState {
  let s = scenario(['base-B', 'base-U', 'base-U', 'base-B', 'base-B', 'base-B', 'hs-city-corner-vineyard', 'hs-city-tongue-vineyard'].slice(0, last));
  s = put(s, 0, 1, 0, 'cloister'); // red monk
  const moves: [number, number, number][] = [[1, 0, 0], [-1, 0, 0], [1, 1, 0], [-1, 1, 0], [0, 2, 0], [-1, 2, 3], [1, 2, 2]];
  for (const [x, y, r] of moves.slice(0, last - 1)) s = put(s, x, y, r);
  return s;
}

test('H&S (rulebook example): a completed cloister scores +3 per vineyard among its 8 neighbours: 9 + 3 + 3 = 15', () => {
  const s = cloisterAmongVineyards(8);
  assert.equal(score(s, 'red'), 15);
});

test('H&S 5/2014: no vineyard bonus for a cloister left incomplete at game end', () => {
  const s = cloisterAmongVineyards(7); // the pile ends with one vineyard placed, one square still empty
  assert.equal(s.phase, 'over');
  assert.equal(score(s, 'red'), 1 + 7);
});

test('H&S: one vineyard feeds every completed cloister next to it (12 each for two cloisters sharing one)', async () => {
  const { Board, packPlacement } = await import('./board.js');
  const { featureValue } = await import('./scoring.js');
  const { tileIndex, MAXF, CLOISTER } = await import('./tiles.js');
  const ps: number[] = [packPlacement(tileIndex('base-B'), 0, 0, 0), packPlacement(tileIndex('base-B'), 0, 2, 0), packPlacement(tileIndex('hs-city-tongue-vineyard'), 0, 1, 0)];
  for (let x = -1; x <= 3; x++) for (let y = -1; y <= 1; y++) {
    if (y === 0 && x >= 0 && x <= 2) continue;
    ps.push(packPlacement(tileIndex('base-B'), 0, x, y));
  }
  const b = Board.from(ps);
  const s = scenario(['base-B']);
  for (const t of [0, 1]) {
    assert.equal(b.neighbours8(t), 8);
    assert.equal(featureValue(s, b, b.find(t * MAXF + b.cloisterLocal(t)), CLOISTER, true), 12);
    assert.equal(featureValue(s, b, b.find(t * MAXF + b.cloisterLocal(t)), CLOISTER, false), 9, 'incomplete (end) value: no bonus');
  }
});
