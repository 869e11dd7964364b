// Rules that the mutation run (scripts/mutate.mjs, docs/mutation.md) found no test pinning down.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RuleError } from '@tabula/engine';
import { act, featureAt, game, put, scenario, score } from './scenario.test-support.js';
import { majority } from './scoring.js';
import { ROLES, type CarcState } from './state.js';

const FILL = ['base-B', 'base-B', 'base-B', 'base-B'];
const throwsCode = (f: () => unknown, code: string) => assert.throws(f, (e: unknown) => e instanceof RuleError && e.code === code, `expected ${code}`);
const legal = (s: CarcState) => game.actions(s, ROLES[s.turn]!);

test('Carcassonne scoring: a single player with the most followers wins by majority, whatever the hills', () => {
  assert.deepEqual(majority([2, 1], [0, 1], 'presence'), { winners: [0], why: 'majority' });
  assert.deepEqual(majority([2, 1], [0, 1], 'count'), { winners: [0], why: 'majority' });
  assert.deepEqual(majority([0, 0], [0, 0], 'count'), { winners: [], why: 'none' });
});

test('H&S fn. 8 (hillTiebreak count): among tied players the most followers on hills win; equal hill counts share', () => {
  assert.deepEqual(majority([2, 2, 1], [1, 2, 1], 'count'), { winners: [1], why: 'hill' });
  assert.deepEqual(majority([2, 2], [1, 1], 'count'), { winners: [0, 1], why: 'tie' });
  assert.deepEqual(majority([2, 2], [0, 0], 'count'), { winners: [0, 1], why: 'tie' });
  assert.deepEqual(majority([2, 2], [1, 1], 'presence'), { winners: [0, 1], why: 'tie' });
  assert.deepEqual(majority([2, 2], [0, 1], 'presence'), { winners: [1], why: 'hill' });
  assert.deepEqual(majority([2, 2], [1, 0], 'count'), { winners: [0], why: 'hill' }, 'one follower on a hill is the most');
});

// The farm of the rules.test scenario: red's two farmers border the one completed city.
function farmGame(farmScoring: string): CarcState {
  let s = scenario(['base-E', 'base-B', 'base-U'], { variants: { farmScoring } });
  s = put(s, 0, -1, 2, 'NC');
  s = put(s, 0, 1, 0);
  s = put(s, 1, 0, 0, 'NC');
  assert.equal(s.phase, 'over');
  assert.equal(s.current, -1, 'no tile in hand at the end');
  return s;
}

test('Carcassonne farmScoring first (1st edition): each completed city pays its farm majority 4, logged as an incomplete field score', () => {
  const s = farmGame('first');
  const fields = s.events.filter((e) => e.e === 'score' && e.kind === 'field');
  assert.deepEqual(fields, [{ e: 'score', kind: 'field', ps: [0], pts: 4, why: 'majority', complete: false }]);
  assert.equal(score(s, 'red'), 4);
  // the final scoring is framed by its own log events: 'final' before the end-of-game scores, 'end' last
  const final = s.events.findIndex((e) => e.e === 'final');
  assert.ok(final >= 0 && final < s.events.findIndex((e) => e.e === 'score' && e.kind === 'field'));
  assert.equal(s.events.at(-1)!.e, 'end');
});

test('Carcassonne farmScoring second (2nd edition): the city is paid once and the farm score is logged as an incomplete field score', () => {
  const s = farmGame('second');
  const fields = s.events.filter((e) => e.e === 'score' && e.kind === 'field');
  assert.ok(fields.length >= 1);
  for (const e of fields) assert.equal((e as { complete: boolean }).complete, false);
  assert.equal(fields.reduce((n, e) => n + (e as { pts: number }).pts, 0), 3);
});

test('Carcassonne: a skip with an extra field is refused as malformed', () => {
  let s = scenario(['base-U', ...FILL]);
  s = act(s, { type: 'place', x: 1, y: 0, rot: 0 });
  assert.equal(s.phase, 'deploy');
  throwsCode(() => act(s, { type: 'skip', x: 1 } as never), 'malformed-action');
  assert.equal(act(s, { type: 'skip' }).phase, 'place');
});

test('Carcassonne: a feature index equal to the number of features of the tile is no-such-feature, not a TypeError', () => {
  let s = scenario(['base-U', ...FILL]);
  s = act(s, { type: 'place', x: 1, y: 0, rot: 0 });
  const n = Math.max(...legal(s).filter((a) => a.type === 'follower').map((a) => (a as { feature: number }).feature)) + 1;
  // base-U (straight road) has 3 features: two fields and the road
  assert.equal(n, 3);
  throwsCode(() => act(s, { type: 'follower', feature: n }), 'no-such-feature');
  throwsCode(() => act(s, { type: 'follower', feature: -1 }), 'no-such-feature');
});

test('H&S: a player whose shepherd is on the board cannot deploy a second one (shepherd-not-available)', () => {
  let s = scenario(['base-U', 'base-U', 'base-U', ...FILL], { bag: [5, 0, 0, 0, 0] });
  s = put(s, 1, 0, 0, 'shepherd:NC'); // red's shepherd
  s = put(s, 2, 0, 0); // blue
  s = act(s, { type: 'place', x: -1, y: 0, rot: 0 }); // red again, beside its shepherd's field
  if (s.phase === 'flock') s = act(s, { type: 'grow' });
  if (s.phase === 'deploy') throwsCode(() => act(s, { type: 'shepherd', feature: featureAt(s, 'SC') }), 'shepherd-not-available');
  else assert.fail(`expected a deploy phase, got ${s.phase}`);
});

test('Carcassonne: a placement 128 cells away (the same cell of the wrapped grid) is refused', () => {
  const s = scenario(['base-U', ...FILL]);
  assert.ok(legal(s).some((a) => a.type === 'place' && a.x === 1 && a.y === 0 && a.rot === 0));
  throwsCode(() => act(s, { type: 'place', x: 129, y: 0, rot: 0 }), 'tile-does-not-fit');
  throwsCode(() => act(s, { type: 'place', x: 1, y: 128, rot: 0 }), 'tile-does-not-fit');
});

test('Carcassonne: placing the tile empties the hand; drawing a sheep token is an undo barrier', () => {
  let s = scenario(['base-U', ...FILL], { bag: [0, 1, 0, 0, 0] });
  s = act(s, { type: 'place', x: 1, y: 0, rot: 0 });
  assert.equal(s.current, -1);
  const placed = s;
  s = act(s, { type: 'shepherd', feature: featureAt(s, 'NC') });
  assert.equal(game.undoBarrier!(placed, s, 'red', { type: 'shepherd', feature: featureAt(placed, 'NC') }), true);
});

test('Carcassonne: legal placements keep their own coordinates when two games use the same cell of the wrapped grid (128 rows or columns apart)', () => {
  // Games whose start tiles lie 128 rows apart (the tiles' own coordinates stay within -100..99).
  const a = scenario(['base-B', ...FILL], { board: [['base-D', 0, 0, 60]] });
  const b = scenario(['base-B', ...FILL], { board: [['base-D', 0, 0, -68]] });
  assert.deepEqual(legal(a), [{ type: 'place', x: 0, y: 61, rot: 0 }]);
  assert.deepEqual(legal(b), [{ type: 'place', x: 0, y: -67, rot: 0 }]);
  assert.deepEqual(legal(a), [{ type: 'place', x: 0, y: 61, rot: 0 }]);
  assert.equal(act(b, { type: 'place', x: 0, y: -67, rot: 0 }).phase, 'deploy');
  // and 128 columns apart
  const c = scenario(['base-B', ...FILL], { board: [['base-D', 0, 60, 0]] });
  const d = scenario(['base-B', ...FILL], { board: [['base-D', 0, -68, 0]] });
  assert.deepEqual(legal(c), [{ type: 'place', x: 60, y: 1, rot: 0 }]);
  assert.deepEqual(legal(d), [{ type: 'place', x: -68, y: 1, rot: 0 }]);
});

test('Carcassonne 2: a player with one follower left may still deploy it', () => {
  let s = scenario(['base-U', ...FILL], { variants: { hillsAndSheep: false } });
  s = { ...s, supply: [1, 7] };
  s = act(s, { type: 'place', x: 1, y: 0, rot: 0 });
  assert.equal(s.phase, 'deploy');
  assert.ok(legal(s).some((a) => a.type === 'follower' && a.feature === featureAt(s, 'EC')));
  s = act(s, { type: 'follower', feature: featureAt(s, 'EC') });
  assert.deepEqual(s.supply, [0, 7]);
});

test('Carcassonne: a place action whose x or y is not an integer is refused as malformed', () => {
  const s = scenario(['base-U', ...FILL]);
  throwsCode(() => act(s, { type: 'place', x: 0.5, y: 0, rot: 0 }), 'malformed-action');
  throwsCode(() => act(s, { type: 'place', x: 1, y: '0', rot: 0 } as never), 'malformed-action');
  throwsCode(() => act(s, { type: 'place', x: 1, y: 0, rot: 1 }), 'tile-does-not-fit');
});

test('Carcassonne log: a placement is an event naming the player and the tile placed (shown in every view)', () => {
  const s = act(scenario(['base-U', ...FILL]), { type: 'place', x: 1, y: 0, rot: 0 });
  assert.deepEqual(s.events, [{ e: 'place', p: 0, tile: 'base-U' }]);
  assert.deepEqual(game.view(s, 'blue').events, s.events);
});

test('H&S with farmScoring first (1st edition): a shepherd is no farmer: a completed city with only a shepherd beside it pays nobody and logs no farm score', () => {
  let s = scenario(['base-E', 'base-U'], { variants: { farmScoring: 'first' }, bag: [1, 0, 0, 0, 0] });
  s = put(s, 0, -1, 2, 'shepherd:NC'); // red: cap completes the start city; shepherd in the field north of it
  s = put(s, 1, 0, 0); // blue (last tile)
  assert.equal(s.phase, 'over');
  assert.deepEqual(s.events.filter((e) => e.e === 'score' && e.kind === 'field'), []);
  assert.deepEqual(s.scores, [0, 0]);
});
