/**
 * Worked scoring examples from the rulebooks (base game, Hills & Sheep) and Wikicarpedia, played move by
 * move through the public contract with a chosen draw pile. Every step is also checked by the independent
 * scorer (independent-scorer.test-support.ts), which recomputes scores and figures from the view.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GameTracker, type ActionLike } from './independent-scorer.test-support.js';
import { featureAt, game, scenario, type Deploy } from './scenario.test-support.js';
import type { CarcAction } from './rules.js';
import { ROLES, type CarcState } from './state.js';
import { TILES, type SegmentName } from './tiles.js';
import type { CarcView } from './view.js';

/** A scenario game whose every action is checked against the independent scorer. */
class Checked {
  s: CarcState;
  v: CarcView;
  readonly tracker: GameTracker;
  constructor(tiles: string[], opts: Parameters<typeof scenario>[1] = {}) {
    this.s = scenario(tiles, opts);
    this.v = game.view(this.s, null);
    const o = this.v.options;
    this.tracker = new GameTracker(this.v, { hs: o.hs, tinyCity: o.tinyCity, hillTie: o.hillTie, farmers: o.farmers, farmScoring: o.farmScoring });
  }

  act(a: CarcAction): void {
    const n = game.apply(this.s, ROLES[this.s.turn]!, a);
    const nv = game.view(n, null);
    assert.deepEqual(this.tracker.step(this.v, a as ActionLike, nv), [], `independent scorer disagrees after ${JSON.stringify(a)}`);
    this.s = n; this.v = nv;
  }

  /** Places the tile in hand at (x, y) turned `rot`, then deploys as asked (or skips). */
  put(x: number, y: number, rot: number, deploy: Deploy = null): this {
    assert.equal(this.s.phase, 'place');
    this.act({ type: 'place', x, y, rot: TILES[this.s.current]!.canonical[rot]! });
    if (deploy !== null) {
      assert.equal(this.s.phase, 'deploy');
      if (deploy.startsWith('shepherd:')) this.act({ type: 'shepherd', feature: featureAt(this.s, deploy.slice(9) as SegmentName) });
      else this.act({ type: 'follower', feature: featureAt(this.s, deploy as SegmentName | 'cloister') });
    } else if ((this.s.phase as string) === 'deploy') this.act({ type: 'skip' });
    return this;
  }

  score(role: string): number { return this.v.players[role]!.score; }
}

test('Carcassonne 3 (Wikicarpedia city example): a tile whose two city pieces both lie in the city counts once: 4 tiles, 8 points', () => {
  const g = new Checked(['base-P', 'base-I', 'base-N', 'base-N', 'base-B']);
  g.put(1, 0, 1, 'NC'); // red: city corner N-E east of the start road, road S-W joins it; knight
  g.put(1, -1, 2); // blue: two caps S and E, both ending on this tile
  g.put(2, -1, 3); // red: corner W-S
  g.put(2, 0, 0); // blue: corner N-W closes the ring through both caps
  assert.equal(g.score('red'), 8);
  assert.equal(g.score('blue'), 0);
  assert.equal(g.v.players.red!.followers, 7);
});

test('Carcassonne 3: a road that closes a loop is complete: 4 curves, 4 points', () => {
  const g = new Checked(['base-V', 'base-V', 'base-V', 'base-V', 'base-B']);
  g.put(0, 1, 3, 'EC'); // red: curve E-S below the start tile; thief
  g.put(1, 1, 0); // blue: curve W-S
  g.put(1, 2, 1); // red: curve N-W
  assert.equal(g.score('red'), 0);
  g.put(0, 2, 2); // blue: curve N-E closes the loop
  assert.equal(g.score('red'), 4);
  assert.equal(g.v.players.red!.followers, 7);
});

test('Carcassonne 4 (Wikicarpedia farm example): one tile joins three farms; two farmers against one take the farm: 3 per completed city', () => {
  const g = new Checked(['base-E', 'base-U', 'base-U', 'base-B', 'base-A', 'base-B']);
  g.put(0, -1, 2, 'NC'); // red: cap closes the start city (no knight); farmer in the field around the cap (farm 1)
  g.put(1, 0, 0, 'NC'); // blue: road; farmer north of the road, with the start tile's field by the city (farm 2)
  g.put(2, 0, 0, 'SC'); // red: road; farmer south of the road (farm 3, no city)
  g.put(0, 1, 0); // blue: cloister below the start tile, nothing deployed
  g.put(-1, 0, 3); // red: road ends at a cloister; its field joins farms 2 and 3 around the road end
  g.put(1, -1, 0); // blue (last tile): cloister joins farm 1 to the rest
  assert.equal(g.s.phase, 'over');
  assert.equal(g.score('red'), 3);
  assert.equal(g.score('blue'), 0);
});

test('H&S (rulebook: hill rules apply in the final scoring too): tied farmers, red\'s on a hill: red alone scores the farm', () => {
  const g = new Checked(['hs-city-road-to-gate-hill', 'base-B', 'base-U', 'base-B']);
  g.put(0, -1, 2, 'WC'); // red: hill tile closes the start city (a face-down tile goes under it); farmer west of its road
  g.put(-1, 0, 0, 'NC'); // blue: road; farmer north of it, in the start tile's field by the city
  g.put(-1, -1, 0); // red (last tile): cloister joins both farms
  assert.equal(g.s.phase, 'over');
  assert.equal(g.score('red'), 3);
  assert.equal(g.score('blue'), 0);
  assert.ok(g.v.events.some((e) => e.e === 'score' && e.kind === 'field' && e.why === 'hill'));
});

test('H&S with farmScoring first (1st edition, hill rules apply in the final scoring): farmers tied across the farms bordering a city, red\'s on a hill: red alone scores that city, 4', () => {
  const play = (farmScoring: string) => {
    const g = new Checked(['hs-city-road-to-gate-hill', 'base-B', 'base-U'], { variants: { farmScoring } });
    g.put(0, -1, 2, 'WC'); // red: hill tile closes the start city (base-B goes under it); farmer west of its road
    g.put(-1, 0, 0, 'NC'); // blue (last tile): road; farmer north of it, in the start tile's field by the city: a separate farm
    assert.equal(g.s.phase, 'over');
    return g;
  };
  const first = play('first');
  assert.equal(first.score('red'), 4);
  assert.equal(first.score('blue'), 0);
  assert.deepEqual(first.v.events.filter((e) => e.e === 'score' && e.kind === 'field').map((e) => [e.ps, e.pts, e.why]), [[[0], 4, 'hill']]);
  // per farm (current rules) each farm has its own single farmer: both score the city, no tie to break
  const current = play('current');
  assert.equal(current.score('red'), 3);
  assert.equal(current.score('blue'), 3);
});

test('H&S (tending step, Big Box 5): the own tile closing the own flock\'s field extends it: grow or drive first, then the closure stables the flock (2 grown by 3 scores 5)', () => {
  const g = new Checked(['base-V', 'base-V', 'base-V', 'base-V', 'base-B'], { players: 3, bag: [0, 1, 0, 0, 0] });
  g.put(0, 1, 3, 'shepherd:ER'); // red: curve E-S; shepherd inside the curve (2 sheep)
  assert.deepEqual(g.v.players.red!.flock, [2]);
  g.put(1, 1, 0); // blue: curve W-S, extends the field
  g.put(1, 2, 1); // green: curve N-W
  g.act({ type: 'place', x: 0, y: 2, rot: TILES[g.s.current]!.canonical[2]! }); // red closes the road loop and the field inside it
  if (g.s.phase === 'deploy') g.act({ type: 'skip' });
  assert.equal(g.s.phase, 'flock');
  g.s = { ...g.s, bag: [0, 0, 1, 0, 0] }; // the next token is a 3
  g.v = game.view(g.s, null);
  g.act({ type: 'grow' });
  assert.equal(g.s.phase, 'place');
  assert.equal(g.v.turn, 'blue');
  assert.equal(g.score('red'), 5);
  assert.ok(g.v.players.red!.shepherdHome);
});

test('H&S: a shepherd placed on a field its own tile closes scores its first token at once', () => {
  const g = new Checked(['base-V', 'base-V', 'base-V', 'base-V', 'base-B'], { bag: [0, 0, 1, 0, 0] });
  g.put(0, 1, 3, 'EC'); // red: thief on the loop
  g.put(1, 1, 0);
  g.put(1, 2, 1);
  g.put(0, 2, 2, 'shepherd:NR'); // blue closes the loop; shepherd inside it draws 3 sheep, straight to the stable
  assert.equal(g.score('red'), 4);
  assert.equal(g.score('blue'), 3);
  assert.ok(g.v.players.blue!.shepherdHome);
  assert.deepEqual(g.v.bag, { sheep1: 0, sheep2: 0, sheep3: 1, sheep4: 0, wolf: 0 });
});
