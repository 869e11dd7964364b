import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Board, packPlacement } from './board.js';
import { put, scenario, score } from './scenario.test-support.js';
import { MAXF, SEGMENTS, TILES, tileIndex, type SegmentName } from './tiles.js';

/** A board from (tile id, rotation, x, y) placements. */
function board(...ps: [string, number, number, number][]): Board {
  return Board.from(ps.map(([id, r, x, y]) => packPlacement(tileIndex(id), r, x, y)));
}
/** Root of the feature of tile number t found at side third `seg`. */
function rootAt(b: Board, t: number, seg: SegmentName): number {
  const l = TILES[b.ttype[t]!]!.seg[b.trot[t]!]![SEGMENTS.indexOf(seg)]!;
  assert.ok(l >= 0, `nothing at ${seg}`);
  return b.find(t * MAXF + l);
}

test('Carcassonne: features grow by union-find; a city is complete when no side third is left open', () => {
  const b = board(['base-D', 0, 0, 0]);
  const city = rootAt(b, 0, 'NC');
  assert.equal(b.open[city], 3);
  b.place(tileIndex('base-E'), 2, 0, -1);
  assert.equal(rootAt(b, 1, 'SC'), rootAt(b, 0, 'NC'));
  assert.equal(b.open[rootAt(b, 0, 'NC')], 0);
  assert.equal(b.tileCount(rootAt(b, 0, 'NC')), 2);
  // The frontier follows: (0,-1) is taken, its three open sides are new positions.
  assert.ok(!b.fits(tileIndex('base-E'), 2, 0, -1));
  assert.ok(b.fits(tileIndex('base-B'), 0, 0, -2));
});

test('Carcassonne: a road closing a loop is complete and counts each tile once', () => {
  // Four curves around a point make a ring road.
  const b = board(['base-V', 3, 0, 0], ['base-V', 0, 1, 0], ['base-V', 1, 1, 1], ['base-V', 2, 0, 1]);
  const r = rootAt(b, 0, 'EC');
  assert.equal(b.open[r], 0);
  assert.equal(b.tileCount(r), 4);
  for (let t = 1; t < 4; t++) assert.equal(b.find(t * MAXF + 0), r);
});

test('H&S odd tile: a side with two separate city pieces: a city placed against it joins both into one city', () => {
  const b = board(['hs-split-city-side-vineyard', 0, 0, 0]);
  assert.notEqual(rootAt(b, 0, 'NL'), rootAt(b, 0, 'NR'), 'two cities before N is covered');
  b.place(tileIndex('base-E'), 2, 0, -1); // a city cap facing south
  assert.equal(rootAt(b, 0, 'NL'), rootAt(b, 0, 'NR'));
  assert.equal(rootAt(b, 0, 'EC'), rootAt(b, 1, 'SC'));
  assert.equal(b.tileCount(rootAt(b, 0, 'EC')), 2);
});

test('H&S odd tile: two split city sides facing each other join all four pieces into one city', () => {
  const b = board(['hs-split-city-side-vineyard', 0, 0, 0], ['hs-split-city-side-vineyard', 2, 0, -1]);
  const r = rootAt(b, 0, 'WC');
  assert.equal(rootAt(b, 0, 'EC'), r);
  assert.equal(rootAt(b, 1, 'WC'), r);
  assert.equal(rootAt(b, 1, 'EC'), r);
  assert.equal(b.tileCount(r), 2);
  assert.equal(b.open[r], 12, 'the four outer city sides stay open');
});

test('H&S odd tile: the city tongue does not cross the south side; the fields beside the tip join through a field tile below', () => {
  const b = board(['hs-city-tongue-vineyard', 0, 0, 0]);
  assert.notEqual(rootAt(b, 0, 'SL'), rootAt(b, 0, 'SR'));
  b.place(tileIndex('base-B'), 0, 0, 1);
  assert.equal(rootAt(b, 0, 'SL'), rootAt(b, 0, 'SR'));
  assert.notEqual(rootAt(b, 0, 'NC'), rootAt(b, 1, 'NC'));
});

test('H&S odd tile: two city tongues tip to tip: the cities stay apart and the fields either side are not joined', () => {
  const b = board(['hs-city-tongue-vineyard', 0, 0, 0], ['hs-city-tongue-vineyard', 2, 0, 1]);
  assert.notEqual(rootAt(b, 0, 'NC'), rootAt(b, 1, 'SC'));
  assert.notEqual(rootAt(b, 0, 'WC'), rootAt(b, 0, 'EC'), 'west and east fields stay separate');
  assert.equal(rootAt(b, 0, 'WC'), rootAt(b, 1, 'WC'), 'each side joins its own side');
  assert.equal(rootAt(b, 0, 'EC'), rootAt(b, 1, 'EC'));
});

test('H&S odd tile: the two cities almost meeting stay separate and cut the field into a north and a south part, each bordering both', () => {
  const b = board(['hs-two-cities-meeting-vineyard', 0, 0, 0]);
  assert.notEqual(rootAt(b, 0, 'WC'), rootAt(b, 0, 'EC'));
  assert.notEqual(rootAt(b, 0, 'NC'), rootAt(b, 0, 'SC'));
  const tt = TILES[tileIndex('hs-two-cities-meeting-vineyard')]!;
  for (const f of tt.features.filter((x) => x.kind === 2)) assert.equal(f.adjacentCities.length, 2);
  // Complete both cities with caps: a farm on the north part borders two completed cities.
  b.place(tileIndex('base-E'), 1, -1, 0);
  b.place(tileIndex('base-E'), 3, 1, 0);
  assert.equal(b.completedCitiesBordering(rootAt(b, 0, 'NC')).length, 2);
});

test('H&S odd tile: the cottage ends the road: two separate road ends on one tile', () => {
  const b = board(['hs-road-through-house-hill', 0, 0, 0]);
  assert.notEqual(rootAt(b, 0, 'NC'), rootAt(b, 0, 'SC'));
  assert.equal(b.open[rootAt(b, 0, 'NC')], 1);
  const d = board(['hs-road-and-dead-end-vineyard', 0, 0, 0]);
  assert.equal(rootAt(d, 0, 'WC'), rootAt(d, 0, 'EC'));
  assert.notEqual(rootAt(d, 0, 'WC'), rootAt(d, 0, 'SC'));
});

test('H&S odd tile in play: a road from the start tile into a cottage is complete once its other end stops: 3 points', () => {
  let s = scenario(['hs-road-through-house-hill', 'base-B', 'base-A', 'base-B', 'base-B']);
  s = put(s, 1, 0, 1, 'WC'); // red: cottage tile turned so its roads run W and E; thief on the west part
  s = put(s, -1, 0, 3); // blue closes the west end with a cloister's road
  assert.equal(score(s, 'red'), 3);
});

test('Carcassonne: the incremental board equals a rebuild and a brute-force check after random games (features, open sides, frontier)', async () => {
  const { carcassonneGame: game } = await import('./game.js');
  const { boardOf } = await import('./board.js');
  const { Rng } = await import('@tabula/engine');
  const { DX, DY, oppositeThird: opp } = await import('./tiles.js');
  for (const seed of ['inc-1', 'inc-2', 'inc-3']) {
    const rng = new Rng(seed);
    let s = game.setup({ seed, players: 2 });
    while (game.active(s).length > 0) {
      const r = game.active(s)[0]!;
      const acts = game.actions(s, r);
      s = game.apply(s, r, acts[rng.int(acts.length)]!);
    }
    const inc = boardOf(s.tiles);
    const fresh = Board.from(s.tiles);
    assert.equal(inc.n, s.tiles.length);
    const openByRoot = new Map<number, number>();
    for (let t = 0; t < inc.n; t++) {
      const tt = TILES[inc.ttype[t]!]!;
      const seg = tt.seg[inc.trot[t]!]!;
      for (let l = 0; l < tt.features.length; l++) {
        for (let u = 0; u < inc.n; u++) {
          const tu = TILES[inc.ttype[u]!]!;
          for (let m = 0; m < tu.features.length; m++) {
            const a = inc.find(t * MAXF + l) === inc.find(u * MAXF + m);
            const b = fresh.find(t * MAXF + l) === fresh.find(u * MAXF + m);
            if (a !== b) assert.fail(`partition differs at ${t}/${l} ${u}/${m}`);
          }
        }
      }
      for (let side = 0; side < 4; side++) {
        const o = inc.tileAt(inc.tx[t]! + DX[side]!, inc.ty[t]! + DY[side]!);
        for (let p = 0; p < 3; p++) {
          const third = 3 * side + p;
          const l = seg[third]!;
          if (o < 0) {
            if (l >= 0) { const root = inc.find(t * MAXF + l); openByRoot.set(root, (openByRoot.get(root) ?? 0) + 1); }
            continue;
          }
          const m = TILES[inc.ttype[o]!]!.seg[inc.trot[o]!]![opp(third)]!;
          if (l >= 0 && m >= 0) assert.equal(inc.find(t * MAXF + l), inc.find(o * MAXF + m), 'touching thirds are one feature');
        }
      }
    }
    for (let t = 0; t < inc.n; t++) {
      const nf = TILES[inc.ttype[t]!]!.features.length;
      for (let l = 0; l < nf; l++) {
        const root = inc.find(t * MAXF + l);
        assert.equal(inc.open[root], openByRoot.get(root) ?? 0, `open count of ${t}/${l}`);
      }
    }
    assert.deepEqual([...inc.frontier].sort(), [...fresh.frontier].sort());
  }
});

test('Carcassonne: branching from one state (as a search does) gives the same states, actions and views as fresh copies', async () => {
  const { carcassonneGame: game } = await import('./game.js');
  const { Rng } = await import('@tabula/engine');
  const rng = new Rng('branch');
  let s = game.setup({ seed: 'branch', players: 3 });
  for (let i = 0; i < 60; i++) {
    const r = game.active(s)[0]!;
    const acts = game.actions(s, r);
    s = game.apply(s, r, acts[rng.int(acts.length)]!);
  }
  while (s.phase !== 'place') s = game.apply(s, game.active(s)[0]!, game.actions(s, game.active(s)[0]!).at(-1)!);
  const role = game.active(s)[0]!;
  const places = game.actions(s, role);
  for (const a of places.slice(0, 6)) {
    const branched = game.apply(s, role, a); // s keeps (or rebuilds) its board each time
    const fresh = game.apply(JSON.parse(JSON.stringify(s)) as typeof s, role, a);
    assert.deepEqual(branched, fresh);
    assert.deepEqual(game.actions(branched, role), game.actions(fresh, role));
    assert.deepEqual(game.view(branched, null), game.view(fresh, null));
  }
  assert.deepEqual(game.actions(s, role), places);
});

test('Carcassonne board: a clone is an exact and independent copy (the same features and roots after the same placements)', async () => {
  const { carcassonneGame: game } = await import('./game.js');
  const { Rng } = await import('@tabula/engine');
  const rng = new Rng('clone');
  let s = game.setup({ seed: 'clone', players: 2 });
  while (game.active(s).length > 0) {
    const r = game.active(s)[0]!;
    const acts = game.actions(s, r);
    s = game.apply(s, r, acts[rng.int(acts.length)]!);
  }
  const half = s.tiles.length >> 1;
  const a = Board.from(s.tiles.slice(0, half));
  const c = a.clone();
  const before = a.n;
  const rest = s.tiles.slice(half);
  for (const p of rest) c.place(p & 127, (p >> 7) & 3, ((p >> 9) & 255) - 100, ((p >> 17) & 255) - 100);
  assert.equal(a.n, before, 'placing on the clone leaves the original alone');
  for (const p of rest) a.place(p & 127, (p >> 7) & 3, ((p >> 9) & 255) - 100, ((p >> 17) & 255) - 100);
  for (let t = 0; t < a.n; t++) {
    for (let l = 0; l < TILES[a.ttype[t]!]!.features.length; l++) {
      const node = t * MAXF + l;
      assert.equal(c.find(node), a.find(node), `root of ${t}/${l}`);
      assert.equal(c.open[c.find(node)], a.open[a.find(node)]);
      assert.equal(c.tileCount(c.find(node)), a.tileCount(a.find(node)));
    }
  }
  assert.deepEqual(c.frontier, a.frontier);
});

test('Carcassonne board: no tile fits outside the coordinates -100..99', () => {
  const b = board(['base-D', 0, 0, 0]);
  const t = tileIndex('base-B');
  let fitsSomewhere = false;
  b.forEachPlacement(t, () => { fitsSomewhere = true; });
  assert.ok(fitsSomewhere);
  for (const [x, y] of [[1000, 0], [0, 1000], [-1000, 0], [0, -1000], [100, 0], [0, 100], [-101, 0], [0, -101]] as const) {
    for (let r = 0; r < 4; r++) assert.ok(!b.fits(t, r, x, y), `(${x}, ${y}) rotation ${r}`);
  }
});

test('H&S vineyards (board): a cloister counts the vineyard tiles among its 8 neighbours, straight and diagonal, and none 2 away', () => {
  // Board.from does not check edges: only the positions matter here.
  const b = board(
    ['base-D', 0, 0, 0],
    ['base-B', 0, 5, 5], // the cloister, tile 1
    ['hs-city-corner-vineyard', 0, 4, 5], ['hs-city-corner-vineyard', 0, 6, 5], // W, E
    ['hs-city-corner-vineyard', 0, 5, 4], ['hs-city-corner-vineyard', 0, 5, 6], // N, S
    ['hs-city-corner-vineyard', 0, 6, 6], // SE
    ['base-E', 0, 4, 4], // NW: no vineyard
    ['hs-city-corner-vineyard', 0, 3, 5], ['hs-city-corner-vineyard', 0, 7, 5], // 2 away W and E
    ['hs-city-corner-vineyard', 0, 5, 3], ['hs-city-corner-vineyard', 0, 5, 7], // 2 away N and S
  );
  assert.equal(b.vineyards8(1), 5);
  assert.equal(b.neighbours8(1), 6, 'six of the eight neighbours are filled; tiles 2 away do not count');
  b.place(tileIndex('base-E'), 0, 6, 4);
  b.place(tileIndex('base-E'), 0, 4, 6);
  assert.equal(b.neighbours8(1), 8);
  assert.equal(b.vineyards8(1), 5);
});

test('Carcassonne board: the cloisters a placement may complete are those on the 9 positions centred on it (itself included), none 2 away', () => {
  const b = board(
    ['base-D', 0, 0, 0],
    ['base-E', 0, 20, 20], // tile 1, the placement looked around
    ['base-B', 0, 19, 19], ['base-B', 0, 21, 21], ['base-B', 0, 20, 21], ['base-B', 0, 19, 20], // tiles 2-5: NW, SE, S, W
    ['base-E', 0, 21, 19], // NE: no cloister
    ['base-B', 0, 22, 20], ['base-B', 0, 18, 20], ['base-B', 0, 20, 22], ['base-B', 0, 20, 18], // 2 away E, W, S, N
  );
  assert.deepEqual(b.cloistersAround(1).sort((x, y) => x - y), [2, 3, 4, 5]);
  assert.deepEqual(b.cloistersAround(4).sort((x, y) => x - y), [3, 4, 5, 9], 'a cloister tile finds itself');
});

test('Carcassonne: a listed action performed on a state read back from JSON (no board built for it yet) gives the same state as on the original', async () => {
  const { carcassonneGame: game } = await import('./game.js');
  const { Rng } = await import('@tabula/engine');
  const rng = new Rng('perform-json');
  let s = game.setup({ seed: 'perform-json', players: 3 });
  let steps = 0;
  while (game.active(s).length > 0) {
    const r = game.active(s)[0]!;
    const acts = game.actions(s, r);
    const a = acts[rng.int(acts.length)]!;
    const copy = JSON.parse(JSON.stringify(s)) as typeof s;
    const viaCopy = game.perform!(copy, r, a);
    s = game.apply(s, r, a);
    assert.deepEqual(viaCopy, s, `step ${steps}`);
    steps++;
  }
  assert.ok(steps > 70);
});
