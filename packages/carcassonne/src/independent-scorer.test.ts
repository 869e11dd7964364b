/**
 * The engine's scores against an independent scorer (independent-scorer.test-support.ts) over random
 * games: 2-5 players, with and without Hills & Sheep, every variant; compared after every action.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { randInt, seedRng, type RngState } from '@tabula/engine';
import { carcassonneGame as game } from './game.js';
import { GameTracker, type ScorerOptions } from './independent-scorer.test-support.js';
import { scenario } from './scenario.test-support.js';
import type { CarcState } from './state.js';

export interface CompareResult { games: number; actions: number; scoreEvents: number; problems: string[]; kinds: Record<string, number> }

/** Plays `games` random games from `seed` (variants cycled) and compares after every action. */
export function compareRandomGames(games: number, seed: string): CompareResult {
  const rng: RngState = seedRng(seed);
  const variantsList: Record<string, unknown>[] = [];
  for (const hs of [true, false]) for (const farmScoring of ['current', 'second', 'first']) {
    variantsList.push({ hillsAndSheep: hs, farmScoring, tinyCity: farmScoring === 'second' ? 2 : 4, hillTiebreak: farmScoring === 'first' ? 'count' : 'presence', farmers: true });
  }
  variantsList.push({ hillsAndSheep: true, farmers: false }, { hillsAndSheep: false, farmers: false, tinyCity: 2 });
  const res: CompareResult = { games: 0, actions: 0, scoreEvents: 0, problems: [], kinds: {} };
  for (let g = 0; g < games; g++) {
    const variants = variantsList[g % variantsList.length]!;
    // Player counts shift against the variant cycle so that every variant meets every count over 32 games.
    const players = 2 + ((g + (g >> 3)) % 4);
    const compact = ((g + (g >> 4)) & 1) === 0;
    let s: CarcState = game.setup({ seed: `${seed}-${g}`, players, variants });
    let v = game.view(s, null);
    const o = v.options;
    const opts: ScorerOptions = { hs: o.hs, tinyCity: o.tinyCity, hillTie: o.hillTie, farmers: o.farmers, farmScoring: o.farmScoring };
    const tracker = new GameTracker(v, opts);
    while (s.phase !== 'over') {
      const role = game.active(s)[0]!;
      const acts = game.actions(s, role);
      // Favour deploying (more figures, more scoring) over skipping.
      let a = acts[randInt(rng, acts.length)]!;
      if (a.type === 'place' && compact && randInt(rng, 4) > 0) {
        // Half the games build compactly (the most neighbours first), so cloisters complete and fields close.
        const filled = new Set(v.tiles.map((t) => `${t.x},${t.y}`));
        const around = (x: number, y: number): number => {
          let n = 0;
          for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if (filled.has(`${x + dx},${y + dy}`)) n++;
          return n;
        };
        const best = Math.max(...acts.map((b) => (b.type === 'place' ? around(b.x, b.y) : 0)));
        const top = acts.filter((b) => b.type === 'place' && around(b.x, b.y) === best);
        a = top[randInt(rng, top.length)]!;
      }
      if (a.type === 'skip' && acts.length > 1 && randInt(rng, 3) > 0) a = acts[randInt(rng, acts.length - 1)]!;
      const n = game.apply(s, role, a);
      const nv = game.view(n, null);
      const problems = tracker.step(v, a, nv);
      res.actions++;
      if (problems.length > 0) {
        res.problems.push(`game ${g} (${players}p ${JSON.stringify(variants)}) action ${res.actions} ${JSON.stringify(a)}: ${problems.join('; ')}`);
        break;
      }
      s = n; v = nv;
    }
    if (res.problems.length === 0 || !res.problems[res.problems.length - 1]!.startsWith(`game ${g} `)) {
      const out = game.outcome(s)!;
      const best = Math.max(...tracker.sc.scores);
      const winners = v.roles.filter((_, i) => tracker.sc.scores[i] === best);
      if (JSON.stringify(out.winners) !== JSON.stringify(winners)) res.problems.push(`game ${g}: winners engine ${out.winners.join(',')}, independent ${winners.join(',')}`);
    }
    res.scoreEvents += tracker.sc.log.length;
    for (const [kind, ps] of tracker.sc.log) {
      const k = `${kind}${ps.length > 1 ? ' shared' : ''}`;
      res.kinds[k] = (res.kinds[k] ?? 0) + 1;
    }
    res.games++;
    if (res.problems.length >= 3) break;
  }
  return res;
}

test('Carcassonne scoring: the engine agrees with an independent brute-force scorer after every action of random games (2-5 players, all variants)', () => {
  const r = compareRandomGames(40, 'independent');
  assert.deepEqual(r.problems, []);
  assert.equal(r.games, 40);
  assert.ok(r.scoreEvents > 40 * 10, `only ${r.scoreEvents} scores`);
});

test('Carcassonne scoring check: the independent scorer reports a score, figure or flock choice the engine got wrong', () => {
  const s = scenario(['base-E', 'base-B', 'base-B']);
  const v = game.view(s, null);
  const tracker = (): GameTracker => new GameTracker(v, { hs: true, tinyCity: 4, hillTie: 'presence', farmers: true, farmScoring: 'current' });
  const placed = game.apply(s, 'red', { type: 'place', x: 0, y: -1, rot: 2 });
  const pv = game.view(placed, null);
  const a = { type: 'follower', feature: 0 } as const; // a knight on the cap that completes the tiny city: 4 points
  const done = game.view(game.apply(placed, 'red', a), null);
  let t = tracker();
  assert.deepEqual(t.step(v, { type: 'place' }, pv), []);
  assert.deepEqual(t.step(pv, a, done), []);
  assert.equal(done.players.red!.score, 4);
  t = tracker();
  t.step(v, { type: 'place' }, pv);
  assert.ok(t.step(pv, a, { ...done, players: { ...done.players, red: { ...done.players.red!, score: 5 } } }).some((p) => p.includes('red: engine 5, independent 4')));
  t = tracker();
  t.step(v, { type: 'place' }, pv);
  assert.ok(t.step(pv, a, { ...done, figures: [{ owner: 'red', kind: 'follower', x: 0, y: -1, feature: 0, featureId: 'c1' }] }).some((p) => p.startsWith('figures differ')));
  t = tracker();
  t.step(v, { type: 'place' }, pv);
  assert.ok(t.step(pv, a, { ...done, phase: 'flock' }).some((p) => p.startsWith('flock choice')));
});
