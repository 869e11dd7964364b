/** The pure pairing and bracket code over many sizes: properties that must hold for every tournament, and determinism. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { bracketDefs, bracketState, championOf, eliminationRanks } from './bracket.js';
import { roundRobinSchedule, swissRound, tableSizes, type Entrant, type PastPairing } from './pairing.js';
import { placementPoints } from './standings.js';

const entrants = (n: number, rating = (i: number) => 2000 - i * 10): Entrant[] => Array.from({ length: n }, (_, i) => ({ name: `p${i + 1}`, rating: rating(i), active: true }));

/** Plays a swiss of `rounds` rounds where the first-listed player of each pairing wins (deterministic). */
function playSwiss(id: string, players: Entrant[], rounds: number): PastPairing[] {
  const history: PastPairing[] = [];
  for (let r = 1; r <= rounds; r++) {
    for (const p of swissRound(id, players, history)) {
      history.push({ round: r, players: p.players, bye: p.bye, points: p.bye ? [1] : [1, 0], seats: p.bye ? [] : [[0, 1]] });
    }
  }
  return history;
}

describe('round robin schedule', () => {
  it('for 2-10 players: everyone meets everyone exactly once, one bye a round when odd, and each player\'s sides differ by at most one', () => {
    for (let n = 2; n <= 10; n++) {
      const schedule = roundRobinSchedule('rr', entrants(n));
      assert.equal(schedule.length, n % 2 === 0 ? n - 1 : n);
      const met = new Map<string, number>();
      const first = new Map<string, number>(), games = new Map<string, number>();
      for (const round of schedule) {
        const seen = round.flat();
        assert.equal(new Set(seen).size, seen.length, `n=${n}: nobody twice in a round`);
        assert.equal(round.filter((p) => p.length === 1).length, n % 2, `n=${n}: byes`);
        for (const p of round) {
          if (p.length !== 2) continue;
          const key = [...p].sort().join('-');
          met.set(key, (met.get(key) ?? 0) + 1);
          first.set(p[0]!, (first.get(p[0]!) ?? 0) + 1);
          for (const x of p) games.set(x, (games.get(x) ?? 0) + 1);
        }
      }
      assert.equal(met.size, (n * (n - 1)) / 2, `n=${n}: every pair`);
      for (const [k, c] of met) assert.equal(c, 1, `n=${n}: ${k} once`);
      for (const [x, g] of games) {
        const f = first.get(x) ?? 0;
        assert.ok(Math.abs(f - (g - f)) <= 1, `n=${n}: ${x} first ${f} of ${g}`);
      }
    }
  });
});

describe('swiss pairing', () => {
  it('for 2-40 players over up to 7 rounds: everyone paired once a round, byes to different players, no repeat while rounds < players / 2', () => {
    for (let n = 2; n <= 40; n++) {
      const rounds = Math.min(7, Math.max(1, Math.floor(n / 2) - 1));
      const h = playSwiss(`s${n}`, entrants(n), rounds);
      for (let r = 1; r <= rounds; r++) {
        const names = h.filter((p) => p.round === r).flatMap((p) => p.players);
        assert.equal(names.length, n);
        assert.equal(new Set(names).size, n);
      }
      const byes = h.filter((p) => p.bye).map((p) => p.players[0]);
      assert.equal(new Set(byes).size, byes.length, `n=${n}: no second bye`);
      const pairs = h.filter((p) => !p.bye).map((p) => [...p.players].sort().join('-'));
      assert.equal(new Set(pairs).size, pairs.length, `n=${n}: no repeat pairing`);
    }
  });

  it('is deterministic: the same state gives the same pairing; the first round pairs the top half against the bottom half', () => {
    const a = swissRound('t', entrants(8), []);
    assert.deepEqual(a, swissRound('t', entrants(8), []));
    assert.deepEqual(a.map((p) => [...p.players].sort((x, y) => Number(x.slice(1)) - Number(y.slice(1)))), [['p1', 'p5'], ['p2', 'p6'], ['p3', 'p7'], ['p4', 'p8']]);
    // Equal ratings: the order among equals comes from the tournament id, not from the names.
    const flat = entrants(8, () => 1500);
    assert.deepEqual(swissRound('x', flat, []), swissRound('x', flat, []));
  });

  it('pairs a round of 64 players quickly (measured: the time is printed)', () => {
    const players = entrants(64);
    const h = playSwiss('big', players, 6);
    const t0 = performance.now();
    const round = swissRound('big', players, h);
    const ms = performance.now() - t0;
    console.log(`swiss round 7 of 64 players paired in ${ms.toFixed(1)} ms`);
    assert.equal(round.length, 32);
  });
});

describe('elimination brackets', () => {
  it('single and double elimination for 2-64 players reach one champion with every player placed; byes go to the top seeds', () => {
    for (const double of [false, true]) {
      for (let n = 2; n <= 64; n++) {
        const seeds = Array.from({ length: n }, (_, i) => `s${i + 1}`);
        const defs = bracketDefs(n, double);
        const played = new Map<string, string>();
        const rank = (x: string): number => Number(x.slice(1));
        let rounds = 0;
        for (;;) {
          const st = bracketState(defs, seeds, played);
          if (championOf(st, double) !== null) break;
          const ready = [...st.values()].filter((m) => m.ready);
          assert.ok(ready.length > 0, `n=${n} double=${double}: stuck`);
          // The lower seed wins (an upset every time), so the losers' bracket and the reset are used.
          for (const m of ready) played.set(m.def.key, rank(m.a!) > rank(m.b!) ? m.a! : m.b!);
          rounds++;
          assert.ok(rounds < 200);
        }
        const st = bracketState(defs, seeds, played);
        const ranks = eliminationRanks(defs, st, seeds, double);
        assert.equal([...ranks.values()].filter((r) => r === 1).length, 1, `n=${n}: one champion`);
        const first = defs.filter((d) => d.key.startsWith('W1-'));
        const byes = first.filter((d) => 'seed' in d.b && d.b.seed > n).map((d) => ('seed' in d.a ? d.a.seed : 0));
        assert.deepEqual(byes.sort((x, y) => x - y), Array.from({ length: byes.length }, (_, i) => i + 1), `n=${n}: byes to seeds 1..k`);
      }
    }
  });
});

describe('tables of 3-5', () => {
  it('table sizes differ by at most one; placement points give 1 to the winner, 0 to the last and share ties', () => {
    for (let n = 3; n <= 64; n++) {
      for (const size of [3, 4, 5]) {
        const t = tableSizes(n, size);
        assert.equal(t.reduce((a, b) => a + b, 0), n);
        assert.ok(Math.max(...t) - Math.min(...t) <= 1);
        assert.ok(Math.max(...t) <= size);
      }
    }
    assert.deepEqual(placementPoints([30, 20, 10]), [1, 0.5, 0]);
    assert.deepEqual(placementPoints([30, 30, 10, 5]).map((x) => Math.round(x * 1e9) / 1e9), [0.833333333, 0.833333333, 0.333333333, 0]);
  });
});
