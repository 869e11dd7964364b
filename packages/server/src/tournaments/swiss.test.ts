/**
 * A 9-player Swiss of 4 rounds through the API, on SQLite and PostgreSQL: a bye in the rounds with nine players, a
 * withdrawal during round 2 (the running game resigned), a forfeit in round 3 (a seat that never makes its first
 * move), a cooling-off after it; the final standings checked against numbers worked out by hand.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type Running } from '../harness/fixtures.js';
import { startPostgres, type Service } from '../harness/services.js';
import { TALLY } from '../harness/testgame.js';
import { assertError } from '../harness/api-support.js';
import { pastRound, player, playRound, view, waitFor, type Player, type Result } from './test-support.js';

const dir = mkdtempSync(join(tmpdir(), 'tabula-swiss-'));
let pg: Service | undefined;
after(async () => {
  await pg?.stop();
  rmSync(dir, { recursive: true, force: true });
});

function suite(label: string, db: () => Promise<string>): void {
  describe(`a 9-player swiss on ${label}`, () => {
    let run: Running;
    let clock = Date.now();
    before(async () => {
      run = await startServer(await db(), { now: () => clock, sweepMs: false });
    });
    after(async () => { await run?.server.close(); });

    it('4 rounds with a bye, a withdrawal and a forfeit end with the standings worked out by hand', async () => {
      const org = await player(run, 'org', { verified: true });
      // P1..P9 by rating: 2000, 1950, ..., 1600 (distinct ratings make the seeding, and so the pairing, known).
      const P: Player[] = [];
      for (let i = 0; i < 9; i++) P.push(await player(run, `p${i + 1}`, { rating: 2000 - 50 * i, game: TALLY }));
      const label = new Map(P.map((p, i) => [p.name, `P${i + 1}`]));
      const tokens = new Map(P.map((p) => [p.name, p.token]));
      const c = await run.api.post('/api/tournaments', {
        name: 'Spring Swiss', game: TALLY, format: 'swiss', rounds: 4, timeControl: { kind: 'live', baseSeconds: 600, incrementSeconds: 0 },
        rated: false, capacity: { min: 4, max: 16 }, startsAt: new Date(clock + 3_600_000).toISOString(),
      }, org.token);
      assert.equal(c.status, 201, JSON.stringify(c.body));
      const id = c.body.id as string;
      for (const p of P) assert.equal((await run.api.post(`/api/tournaments/${id}/join`, {}, p.token)).status, 200);
      const started = await run.api.post(`/api/tournaments/${id}/start`, {}, org.token);
      assert.equal(started.status, 200, JSON.stringify(started.body));

      const byRating = (players: string[]): string[] => [...players].sort((a, b) => P.findIndex((p) => p.name === a) - P.findIndex((p) => p.name === b));
      const higherWins = (players: string[]): Result => ({ winner: byRating(players)[0]! });
      const has = (players: string[], l: string): boolean => players.some((n) => label.get(n) === l);
      const rounds: string[][] = [];
      const record = (v: Awaited<ReturnType<typeof view>>, r: number): void => {
        rounds.push(v.roundsPlayed.find((x) => x.number === r)!.pairings.map((p) => p.players.map((n) => label.get(n)).join('-')));
      };

      // Round 1: the higher rated wins, except that P3's game is drawn.
      record(await playRound(run, id, 1, tokens, (ps) => (has(ps, 'P3') ? { draw: true } : higherWins(ps))), 1);
      await pastRound(run, id, 1);
      // Round 2: P6 withdraws while their game runs (it is resigned: the opponent wins); the others: the higher rated wins.
      const r2 = await waitFor(async () => {
        const v = await view(run, id);
        return v.roundsPlayed.find((x) => x.number === 2)?.pairings.every((p) => p.games.every((g) => g.status === 'active')) ? v : null;
      }, 'round 2 games');
      record(r2, 2);
      const w = await run.api.post(`/api/tournaments/${id}/withdraw`, {}, P[5]!.token);
      assert.equal(w.status, 200, JSON.stringify(w.body));
      await playRound(run, id, 2, tokens, (ps) => higherWins(ps));
      await pastRound(run, id, 2);
      // Round 3: the lower rated player of the pairing with P1 never makes a first move (a forfeit); others: the higher rated wins.
      const r3 = await playRound(run, id, 3, tokens, (ps) => (has(ps, 'P1') ? { forfeit: byRating(ps)[1]! } : higherWins(ps)));
      record(r3, 3);
      const top = r3.roundsPlayed.find((x) => x.number === 3)!.pairings.find((p) => has(p.players, 'P1'))!;
      const forfeiter = byRating(top.players)[1]!;
      const g = top.games[0]!;
      if (g.sides![forfeiter] !== 'north') {
        // The other seat moves first; the forfeiter's window then runs from that move.
        const other = top.players.find((n) => n !== forfeiter)!;
        const st = (await run.api.get(`/api/games/${g.id}`)).body;
        assert.equal((await run.api.post(`/api/games/${g.id}/actions`, { version: st.version, action: { type: 'pass' }, role: g.sides![other] }, tokens.get(other))).status, 200);
      }
      clock += 31_000;
      await run.server.games.timeouts.sweep();
      const after3 = await pastRound(run, id, 3);
      assert.equal(after3.roundsPlayed.find((x) => x.number === 3)!.pairings.find((p) => has(p.players, 'P1'))!.result, 'forfeit');
      // Round 4: the higher rated wins, except that P2's game is drawn.
      record(await playRound(run, id, 4, tokens, (ps) => (has(ps, 'P2') ? { draw: true } : higherWins(ps))), 4);
      const end = await pastRound(run, id, 4);
      assert.equal(end.status, 'finished');

      const table = end.standings.map((s) => [s.rank, label.get(s.name), s.score, s.tieBreaks.buchholz, s.tieBreaks.sonnebornBerger, s.played, s.withdrawn]);
      // The pairing: R1 the top half against the bottom half, the bye to P9 (the lowest); R2 the bye to P8 (lowest
      // without one), P3 and P7 (½ each, met already) pair down; R3 eight players (P6 withdrew), no bye.
      assert.deepEqual(rounds, [
        ['P1-P5', 'P2-P6', 'P3-P7', 'P4-P8', 'P9'],
        ['P1-P4', 'P9-P2', 'P6-P3', 'P7-P5', 'P8'],
        ['P2-P1', 'P8-P3', 'P4-P7', 'P5-P9'],
        ['P3-P1', 'P8-P2', 'P5-P4', 'P7-P9'],
      ]);
      // By hand. Results: R1 P1>P5, P2>P6, P3=P7, P4>P8, P9 bye; R2 P1>P4, P2>P9, P3>P6 (P6 withdrew: resigned),
      // P5>P7, P8 bye; R3 P1>P2 (P2 forfeits), P3>P8, P4>P7, P5>P9; R4 P1>P3, P2=P8, P4>P5, P7>P9.
      // Scores: P1 4, P4 3, P3 .5+1+1+0 = 2.5, P2 1+1+0+.5 = 2.5, P5 2, P7 .5+0+0+1 = 1.5, P8 0+1+0+.5 = 1.5, P9 1, P6 0.
      // Buchholz (opponents' scores): P1 P5 2 + P4 3 + P2 2.5 + P3 2.5 = 10; P4 P8 1.5 + P1 4 + P7 1.5 + P5 2 = 9;
      //   P3 P7 1.5 + P6 0 + P8 1.5 + P1 4 = 7; P2 P6 0 + P9 1 + P1 4 + P8 1.5 = 6.5; P5 4 + 1.5 + 1 + 3 = 9.5;
      //   P7 2.5 + 2 + 3 + 1 = 8.5; P8 3 + 2.5 + 2.5 = 8; P9 2.5 + 2 + 1.5 = 6; P6 2.5 + 2.5 = 5.
      // Sonneborn-Berger (beaten + half drawn): P1 2 + 3 + 2.5 + 2.5 = 10; P4 1.5 + 1.5 + 2 = 5; P3 1.5/2 + 0 + 1.5 = 2.25;
      //   P2 0 + 1 + 1.5/2 = 1.75; P5 1.5 + 1 = 2.5; P7 2.5/2 + 1 = 2.25; P8 2.5/2 = 1.25; P9 0; P6 0.
      // Ranks: P3 before P2 and P7 before P8 on Buchholz.
      assert.deepEqual(table, [
        [1, 'P1', 4, 10, 10, 4, false],
        [2, 'P4', 3, 9, 5, 4, false],
        [3, 'P3', 2.5, 7, 2.25, 4, false],
        [4, 'P2', 2.5, 6.5, 1.75, 4, false],
        [5, 'P5', 2, 9.5, 2.5, 4, false],
        [6, 'P7', 1.5, 8.5, 2.25, 4, false],
        [7, 'P8', 1.5, 8, 1.25, 3, false],
        [8, 'P9', 1, 6, 0, 3, false],
        [9, 'P6', 0, 5, 0, 2, true],
      ]);
      assert.equal(end.champion, P[0]!.name);
      // Sides: over four games nobody sat first more than three times or fewer than one.
      const firsts = new Map<string, number>();
      for (const r of end.roundsPlayed) for (const p of r.pairings) for (const g of p.games) firsts.set(p.players[0]!, (firsts.get(p.players[0]!) ?? 0) + (g.sides?.[p.players[0]!] === 'north' ? 1 : 0));
      for (const p of P.slice(0, 5)) assert.ok([1, 2, 3].includes(firsts.get(p.name) ?? 0), `${label.get(p.name)} sat first ${firsts.get(p.name)} times`);
      // Cooling-off: the forfeiter may not join another tournament for 24 hours.
      const other = await run.api.post('/api/tournaments', {
        name: 'Next', game: TALLY, format: 'swiss', rounds: 1, timeControl: { kind: 'none' }, rated: false, capacity: { min: 2, max: 4 },
        startsAt: new Date(clock + 3_600_000).toISOString(),
      }, org.token);
      assert.equal(other.status, 201, JSON.stringify(other.body));
      const refused = await run.api.post(`/api/tournaments/${other.body.id as string}/join`, {}, tokens.get(forfeiter));
      assertError(refused, 409, 'cooling-off');
      assert.match(refused.body.error.message, /\d{4}-\d\d-\d\dT/);
      assert.equal((await view(run, other.body.id as string)).players, 0, 'nothing changed');
    });
  });
}

suite('SQLite', () => Promise.resolve(`sqlite:${join(dir, 'swiss.db')}`));
suite('PostgreSQL', async () => {
  pg = await startPostgres();
  return pg.url;
});
