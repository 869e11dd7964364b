import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RuleError } from '@tabula/engine';
import { Board, packPlacement } from './board.js';
import { act, featureAt, game, put, scenario, score } from './scenario.test-support.js';
import { majority } from './scoring.js';
import { drawFitting, type CarcState } from './state.js';
import { tileIndex } from './tiles.js';

const FILL = ['base-B', 'base-B', 'base-B', 'base-B'];

function throwsCode(f: () => unknown, code: string): void {
  assert.throws(f, (e: unknown) => e instanceof RuleError && e.code === code);
}

test('Carcassonne 1: the start tile lies at the origin, city north, road west-east', () => {
  const s = game.setup({ seed: 'x' });
  const v = game.view(s, null);
  assert.deepEqual(v.tiles, [{ id: 'base-D', x: 0, y: 0, rot: 0 }]);
  assert.equal(v.turn, 'red');
  assert.equal(s.pile.length + 1, 89 - s.discarded.length);
});

test('Carcassonne 1: a tile must touch a placed tile and match every touching edge (corners do not count)', () => {
  const s = scenario(['base-E', ...FILL]); // city cap
  const acts = game.actions(s, 'red');
  assert.ok(acts.some((a) => a.type === 'place' && a.x === 0 && a.y === -1 && a.rot === 2), 'city cap facing the start city');
  assert.ok(!acts.some((a) => a.type === 'place' && a.x === 0 && a.y === -1 && a.rot !== 2), 'only the city side may face a city side');
  assert.ok(!acts.some((a) => a.type === 'place' && a.x === 1 && a.y === -1), 'a corner alone is no contact');
  throwsCode(() => act(s, { type: 'place', x: 0, y: -1, rot: 0 }), 'tile-does-not-fit');
  throwsCode(() => act(s, { type: 'place', x: 1, y: -1, rot: 0 }), 'tile-does-not-fit');
  throwsCode(() => act(s, { type: 'place', x: 0, y: 0, rot: 2 }), 'tile-does-not-fit');
  throwsCode(() => act(s, { type: 'place', x: 0, y: -1, rot: 2, extra: 1 } as never), 'malformed-action');
  throwsCode(() => act(s, { type: 'place', x: 0, y: -1, rot: 1.5 }), 'malformed-action');
  throwsCode(() => act(s, { type: 'place', x: 0, y: -1, rot: 4 }), 'bad-rotation');
  throwsCode(() => game.apply(s, 'blue', { type: 'place', x: 0, y: -1, rot: 2 }), 'not-your-turn');
  // Every legal placement matches: a road tile goes east of the road with the road facing west.
  const u = scenario(['base-U', ...FILL]);
  assert.ok(game.actions(u, 'red').some((a) => a.type === 'place' && a.x === 1 && a.y === 0 && a.rot === 0));
  assert.ok(!game.actions(u, 'red').some((a) => a.type === 'place' && a.x === 1 && a.y === 0 && a.rot === 1));
});

test('Carcassonne 1: a drawn tile that fits nowhere is discarded and another drawn', () => {
  // Around a lone cloister every open side demands a field: a city on all four sides fits nowhere.
  const board = Board.from([packPlacement(tileIndex('base-B'), 0, 0, 0)]);
  const pile = [tileIndex('base-E'), tileIndex('base-C')];
  const discarded: number[] = [];
  const events: CarcState['events'] = [];
  assert.equal(drawFitting(board, pile, discarded, events), tileIndex('base-E'));
  assert.deepEqual(discarded, [tileIndex('base-C')]);
  assert.deepEqual(events, [{ e: 'discard', tile: 'base-C' }]);
  // In play: the next player is dealt the next fitting tile and the discard is public.
  let s = scenario(['base-U', 'base-C', 'base-E', ...FILL], { board: [['base-B', 0, 0, 0]] });
  s = put(s, 0, 1, 0); // road W-E below the cloister: its open ends demand roads, the rest fields
  assert.deepEqual(game.view(s, null).discarded, ['base-C']);
  assert.equal(game.view(s, null).current, 'base-E');
  assert.equal(game.active(s)[0], 'blue');
});

test('H&S (hills) with Carcassonne 1: a drawn hill tile that fits nowhere is discarded and takes no tile under it', () => {
  // Around cities on every side each open side demands a city: the road-and-house hill has no city edge.
  let s = scenario(['base-C', 'hs-road-through-house-hill', 'base-C', 'base-B'], { board: [['base-C', 0, 0, 0]] });
  s = put(s, 1, 0, 0);
  assert.deepEqual(game.view(s, null).discarded, ['hs-road-through-house-hill']);
  assert.equal(game.view(s, null).current, 'base-C', 'the next tile is dealt, not put under the discarded hill');
  assert.deepEqual(s.hills, []);
  assert.deepEqual(s.under, []);
  assert.equal(s.pile.length, 1);
});

test('Carcassonne 2: one follower on a feature of the tile just placed; never on a feature already occupied, yours included', () => {
  let s = scenario(['base-A', 'base-V', ...FILL]);
  s = put(s, 1, 0, 1, 'WC'); // red: road end from the start road, thief on it
  assert.equal(s.supply[0], 6);
  s = act(s, { type: 'place', x: -1, y: 0, rot: 3 }); // blue: curve E-S extending the same road
  assert.equal(s.phase, 'deploy');
  const road = featureAt(s, 'EC');
  assert.ok(!game.actions(s, 'blue').some((a) => a.type === 'follower' && a.feature === road));
  throwsCode(() => act(s, { type: 'follower', feature: road }), 'feature-occupied');
  throwsCode(() => act(s, { type: 'follower', feature: 99 }), 'no-such-feature');
  const field = featureAt(s, 'NL');
  assert.ok(game.actions(s, 'blue').some((a) => a.type === 'follower' && a.feature === field));
  assert.ok(game.actions(s, 'blue').some((a) => a.type === 'skip'));
});

test('Carcassonne 3: completed road scores 1 per tile and the thief goes home', () => {
  let s = scenario(['base-A', 'base-B', 'base-A', ...FILL]);
  s = put(s, 1, 0, 1, 'WC'); // red thief on road end at the east
  s = put(s, 0, 1, 0); // blue: cloister below
  s = put(s, -1, 0, 3); // red closes the west end: A-D-A = 3 tiles
  assert.equal(score(s, 'red'), 3);
  assert.equal(s.supply[0], 7);
  assert.ok(s.events.some((e) => e.e === 'score' && e.kind === 'road' && e.pts === 3 && e.complete === true));
});

test('Carcassonne 3: completed city scores 2 per tile and 2 per pennant', () => {
  let s = scenario(['base-M', 'base-E', ...FILL]);
  s = put(s, 0, -1, 2, 'SC'); // red: city corner with pennant, facing S and E; knight
  s = put(s, 1, -1, 3); // blue closes the east side with a city cap
  assert.equal(score(s, 'red'), 2 * 3 + 2 * 1);
  assert.equal(score(s, 'blue'), 0);
  assert.equal(s.supply[0], 7);
});

test('Carcassonne 3: the tiny 2-tile city scores 4; variant tinyCity=2 gives the early first-edition 2', () => {
  let s = scenario(['base-E', ...FILL]);
  s = put(s, 0, -1, 2, 'SC'); // knight placed on the city it completes: scores at once and returns
  assert.equal(score(s, 'red'), 4);
  assert.equal(s.supply[0], 7);
  let o = scenario(['base-E', ...FILL], { variants: { tinyCity: 2 } });
  o = put(o, 0, -1, 2, 'SC');
  assert.equal(score(o, 'red'), 2);
});

test('Carcassonne 3: a completed feature without followers scores nothing', () => {
  let s = scenario(['base-E', ...FILL]);
  s = put(s, 0, -1, 2);
  assert.deepEqual(s.scores, [0, 0]);
  assert.ok(!s.events.some((e) => e.e === 'score'));
});

test('Carcassonne 3: joined features are shared; tied leaders each score the full value', () => {
  let s = scenario(['base-A', 'base-V', 'base-V', 'base-V', 'base-A', ...FILL]);
  s = put(s, 1, 0, 1, 'WC'); // red thief on the east road end
  s = put(s, 0, 1, 0, 'SC'); // blue thief on a separate curve below (W and S ends)
  s = put(s, -1, 0, 3); // red: curve E-S from the start road
  s = put(s, -1, 1, 2); // blue: curve N-E joins both roads
  assert.deepEqual(s.scores, [0, 0]);
  s = put(s, 0, 2, 2); // red closes the south end: 6 tiles
  assert.equal(score(s, 'red'), 6);
  assert.equal(score(s, 'blue'), 6);
  assert.deepEqual(s.supply, [7, 7]);
});

test('Carcassonne 3: players without a follower on a completed feature score nothing from it', () => {
  let s = scenario(['base-A', 'base-V', 'base-A', 'base-V', 'base-V', ...FILL], { players: 3 });
  s = put(s, 1, 0, 1, 'WC'); // red thief east
  s = put(s, 0, 1, 0, 'SC'); // blue thief on the curve
  s = put(s, 0, 2, 2, 'cloister'); // green: road end under the curve, monk
  s = put(s, -1, 0, 3); // red curve
  s = put(s, -1, 1, 2); // blue joins the roads: A-D-V-V-V-A is closed
  assert.equal(score(s, 'red'), 6);
  assert.equal(score(s, 'blue'), 6);
  assert.equal(score(s, 'green'), 0);
  assert.equal(s.supply[2], 6, 'the monk stays');
});

test('Carcassonne 3: majority: most followers take all; tied leaders all score', () => {
  assert.deepEqual(majority([2, 1, 0], [0, 0, 0], 'presence').winners, [0]);
  assert.deepEqual(majority([1, 1, 0], [0, 0, 0], 'presence').winners, [0, 1]);
  assert.deepEqual(majority([1, 2, 2], [0, 0, 0], 'presence').winners, [1, 2]);
  assert.deepEqual(majority([0, 0], [0, 0], 'presence').winners, []);
  // A follower on a hill does not beat a real majority.
  assert.deepEqual(majority([1, 2], [1, 0], 'presence').winners, [1]);
});

test('Carcassonne 3: a cloister surrounded by 8 tiles scores 9', () => {
  let s = scenario(['base-B', 'base-U', 'base-U', 'base-B', 'base-B', 'base-B', 'base-B', 'base-B', ...FILL], { variants: { hillsAndSheep: false } });
  s = put(s, 0, 1, 0, 'cloister');
  s = put(s, 1, 0, 0);
  s = put(s, -1, 0, 0);
  s = put(s, 1, 1, 0);
  s = put(s, -1, 1, 0);
  s = put(s, 0, 2, 0);
  s = put(s, -1, 2, 0);
  assert.equal(score(s, 'red'), 0);
  s = put(s, 1, 2, 0);
  assert.equal(score(s, 'red'), 9);
  assert.equal(s.supply[0], 7);
});

test('Carcassonne 4: at game end incomplete roads score 1/tile, cities 1/tile + 1/pennant, cloisters 1 + neighbours', () => {
  let s = scenario(['base-F', 'base-A', 'base-B'], { players: 3 });
  s = put(s, 0, -1, 1, 'NC'); // red: city W-E turned N-S with pennant: joins the start city, knight
  s = put(s, 1, 0, 1, 'WC'); // blue: road end east, thief
  s = put(s, 0, 1, 0, 'cloister'); // green: cloister below, monk; the pile is empty: final scoring
  assert.equal(s.phase, 'over');
  assert.equal(score(s, 'red'), 2 + 1); // 2 tiles + 1 pennant
  assert.equal(score(s, 'blue'), 2); // A + D
  assert.equal(score(s, 'green'), 1 + 2); // itself + D and A diagonal
  const out = game.outcome(s)!;
  assert.deepEqual(out.winners, ['red', 'green']);
  assert.deepEqual(out.scores, { red: 3, blue: 2, green: 3 });
  assert.deepEqual(game.active(s), []);
  assert.deepEqual(game.actions(s, 'red'), []);
});

test('Carcassonne 4: a farm scores 3 per completed city it borders; each farm on its own, so one city pays several farms', () => {
  let s = scenario(['base-E', 'base-U']);
  s = put(s, 0, -1, 2, 'NC'); // red: city cap completing the tiny city; farmer north of it
  s = put(s, 1, 0, 0, 'NC'); // blue: road east; farmer on the field between road and city
  assert.equal(s.phase, 'over');
  assert.equal(score(s, 'red'), 3);
  assert.equal(score(s, 'blue'), 3);
  // Farmers never go home.
  assert.deepEqual(s.supply, [6, 6]);
});

test('Carcassonne 4: incomplete cities do not pay farms; variant farmers=false removes farmers', () => {
  let s = scenario(['base-U', 'base-B']);
  s = put(s, 1, 0, 0, 'NC'); // farmer north of the road, next to the open start city
  s = put(s, 0, 1, 0);
  assert.equal(score(s, 'red'), 0);
  const o = act(scenario(['base-U', 'base-B'], { variants: { farmers: false } }), { type: 'place', x: 1, y: 0, rot: 0 });
  assert.ok(!game.actions(o, 'red').some((a) => a.type === 'follower' && a.feature === featureAt(o, 'NC')));
  throwsCode(() => act(o, { type: 'follower', feature: featureAt(o, 'NC') }), 'farmers-off');
});

test('Carcassonne 2: a player with no follower left may not deploy one', () => {
  let s = scenario(['base-U', ...FILL]);
  s = { ...s, supply: [0, 7] };
  s = act(s, { type: 'place', x: 1, y: 0, rot: 0 });
  // No follower, and with Hills & Sheep the shepherd may still go on a field.
  assert.ok(!game.actions(s, 'red').some((a) => a.type === 'follower'));
  throwsCode(() => act(s, { type: 'follower', feature: featureAt(s, 'WC') }), 'no-follower-left');
  let b = scenario(['base-U', ...FILL], { variants: { hillsAndSheep: false } });
  b = { ...b, supply: [0, 7] };
  b = act(b, { type: 'place', x: 1, y: 0, rot: 0 });
  assert.equal(b.phase, 'place', 'nothing to deploy: the deployment step is skipped');
  assert.equal(game.active(b)[0], 'blue');
});

test('Carcassonne 4 (rulebook farm example): a farm bordering two completed cities scores 6; the farm beyond one of them scores 3 for it again', () => {
  let s = scenario(['base-H', 'base-E', 'base-E']);
  s = put(s, 0, 1, 1, 'NC'); // red: two city caps (E and W) below the start tile; farmer on the field between them
  s = put(s, 1, 1, 3, 'EC'); // blue: city cap closing the east city; farmer on the field outside it
  s = put(s, -1, 1, 1); // red closes the west city; the pile is empty
  assert.equal(s.phase, 'over');
  assert.equal(score(s, 'red'), 6);
  assert.equal(score(s, 'blue'), 3);
  assert.ok(s.events.some((e) => e.e === 'score' && e.kind === 'field' && e.pts === 6));
});

test('Carcassonne: followers, shepherds and sheep tokens are conserved through random games (2-5 players)', async () => {
  const { Rng } = await import('@tabula/engine');
  for (const players of [2, 3, 4, 5]) {
    const rng = new Rng(`conserve-${players}`);
    let s = game.setup({ seed: `conserve-${players}`, players });
    let sawFlock = false;
    while (game.active(s).length > 0) {
      const r = game.active(s)[0]!;
      const acts = game.actions(s, r);
      s = game.apply(s, r, acts[rng.int(acts.length)]!);
      const onBoard = new Array<number>(players).fill(0);
      const shepherds = new Array<number>(players).fill(0);
      for (let i = 0; i < s.meeples.length; i += 4) (s.meeples[i + 3] === 0 ? onBoard : shepherds)[s.meeples[i]!]!++;
      for (let p = 0; p < players; p++) {
        assert.equal(onBoard[p]! + s.supply[p]!, 7);
        assert.ok(shepherds[p]! <= 1);
        assert.equal(shepherds[p] === 0, s.flocks[p]!.length === 0, 'a flock lies by a shepherd on the board');
      }
      const tokens = [0, 0, 0, 0];
      for (const f of s.flocks) for (const v of f) { tokens[v - 1]!++; sawFlock = true; }
      assert.deepEqual(s.bag.map((n, i) => n + (tokens[i] ?? 0)), [4, 5, 5, 2, 2]);
      assert.ok(s.scores.every((v) => v >= 0));
    }
    assert.equal(s.tiles.length + s.discarded.length + s.under.filter((t) => t >= 0).length, 90);
    assert.ok(sawFlock);
  }
});

test('Carcassonne variant farmScoring (Wikicarpedia, historical scoring): current 3 per city per farm; 2nd edition one city pays a player once; 1st edition 4 per city', () => {
  const play = (farmScoring: string) => {
    let s = scenario(['base-E', 'base-B', 'base-U'], { variants: { farmScoring } });
    s = put(s, 0, -1, 2, 'NC'); // red: completes the tiny city; farmer in the farm north of it
    s = put(s, 0, 1, 0); // blue: cloister south, nothing deployed
    s = put(s, 1, 0, 0, 'NC'); // red: a second farmer, in the farm between the city and the road
    assert.equal(s.phase, 'over');
    return s;
  };
  assert.equal(score(play('current'), 'red'), 6);
  assert.equal(score(play('second'), 'red'), 3);
  assert.equal(score(play('first'), 'red'), 4);
  assert.throws(() => game.setup({ seed: 'x', variants: { farmScoring: 'third' } }), (e: unknown) => e instanceof RuleError && e.code === 'bad-options');
});

test('listed actions: one list per state, derived once; a new state or a state changed in place is listed afresh; actions is a copy', () => {
  const s = game.setup({ seed: 'listed' });
  const first = game.listed!(s, 'red');
  assert.ok(first.length > 0);
  assert.equal(game.listed!(s, 'red'), first, 'the same state gives the same list');
  assert.deepEqual(game.listed!(s, 'blue'), [], 'not blue\'s turn');
  assert.notEqual(game.listed!(s, 'red'), first, 'another role in between: listed afresh');
  const copy = game.actions(s, 'red');
  assert.notEqual(copy, game.listed!(s, 'red'));
  assert.deepEqual(copy, [...game.listed!(s, 'red')]);
  copy.length = 0;
  assert.ok(game.listed!(s, 'red').length > 0, 'changing the copy leaves the list');
  const next = game.apply(s, 'red', game.listed!(s, 'red')[0]!);
  assert.equal(next.phase, 'deploy');
  assert.ok(game.listed!(next, 'red').some((a) => a.type === 'skip'));
  const changed = { ...s } as CarcState;
  assert.deepEqual(game.listed!(changed, 'red'), first, 'a copy of the state lists the same');
  changed.phase = 'over';
  assert.deepEqual(game.listed!(changed, 'red'), [], 'a state changed in place is listed afresh');
});
