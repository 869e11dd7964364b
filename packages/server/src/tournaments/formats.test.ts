/**
 * The other formats through the API, on SQLite and PostgreSQL: a 6-player double elimination to its champion
 * (bracket and places checked), a round robin of 4 (everyone meets everyone once, sides balanced), and tables of
 * 3-4 by score (the seat order and the placement points worked out by hand).
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type Running } from '../harness/fixtures.js';
import { startPostgres, type Service } from '../harness/services.js';
import { TALLY } from '../harness/testgame.js';
import WebSocket from 'ws';
import type { LobbyMessageT } from '@tabula/protocol';
import { botNames } from '@tabula/bots';
import { pastRound, player, playRound, tournamentOf, view, waitFor, type Result } from './test-support.js';

const dir = mkdtempSync(join(tmpdir(), 'tabula-formats-'));
let pg: Service | undefined;
after(async () => {
  await pg?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const live = { kind: 'live', baseSeconds: 600, incrementSeconds: 0 };

function suite(label: string, db: () => Promise<string>): void {
  describe(`tournament formats on ${label}`, () => {
    let run: Running;
    before(async () => { run = await startServer(await db(), { sweepMs: false }); });
    after(async () => { await run?.server.close(); });

    it('a 6-player double elimination: byes to seeds 1 and 2, a losers\' bracket, a grand final reset, the champion and places', async () => {
      const { id, org, P, label, tokens } = await tournamentOf(run, { format: 'double-elimination', timeControl: live, capacity: { min: 4, max: 8 } }, [2000, 1950, 1900, 1850, 1800, 1750], TALLY);
      assert.equal((await run.api.post(`/api/tournaments/${id}/start`, {}, org.token)).status, 200);
      const seed = (n: string): number => P.findIndex((p) => p.name === n);
      const L = (ns: (string | null)[]): string => ns.map((n) => (n === null ? '-' : label.get(n))).join('-');
      // The higher seed wins both games of each match, except: P5 beats P4, and P2 (from the losers' bracket) wins the first grand final.
      const decide = (round: number) => (ps: string[]): Result => {
        const [hi, lo] = [...ps].sort((a, b) => seed(a) - seed(b)) as [string, string];
        if (label.get(hi) === 'P4' && label.get(lo) === 'P5') return { winner: lo };
        if (round === 6) return { winner: lo };
        return { winner: hi };
      };
      const played: string[][] = [];
      let v;
      for (let r = 1; r <= 7; r++) {
        const t = await playRound(run, id, r, tokens, decide(r));
        const round = t.roundsPlayed.find((x) => x.number === r)!;
        // A match is two games, one on each side.
        for (const p of round.pairings) {
          assert.equal(p.games.length, 2);
          assert.notEqual(p.games[0]!.sides![p.players[0]!], p.games[1]!.sides![p.players[0]!]);
        }
        played.push(round.pairings.map((p) => L(p.players)));
        v = await pastRound(run, id, r);
      }
      // Seat order within a match follows the side balance: compare each match's two players, in seed order.
      const bySeedOrder = (x: string): string => x.split('-').sort((m, n) => Number(m.slice(1)) - Number(n.slice(1))).join('-');
      assert.deepEqual(played.map((r) => r.map(bySeedOrder)), [['P4-P5', 'P3-P6'], ['P1-P5', 'P2-P3'], ['P1-P2', 'P3-P4', 'P5-P6'], ['P3-P5'], ['P2-P3'], ['P1-P2'], ['P1-P2']]);
      assert.equal(v!.status, 'finished');
      assert.equal(v!.champion, P[0]!.name);
      const b = v!.bracket!;
      assert.deepEqual(b.winners.map((r) => r.matches.map((m) => L(m.players))), [['P1--', 'P4-P5', 'P2--', 'P3-P6'], ['P1-P5', 'P2-P3'], ['P1-P2']]);
      assert.deepEqual(b.winners.map((r) => r.matches.map((m) => (m.winner ? label.get(m.winner) : null))), [['P1', 'P5', 'P2', 'P3'], ['P1', 'P2'], ['P1']]);
      assert.deepEqual(b.losers!.map((r) => r.matches.map((m) => L(m.players))), [['--P4', '--P6'], ['P4-P3', 'P6-P5'], ['P3-P5'], ['P3-P2']]);
      assert.deepEqual(b.final!.matches.map((m) => [L(m.players), label.get(m.winner!)]), [['P1-P2', 'P2'], ['P2-P1', 'P1']]);
      // Places: P1, P2 (second loss in the reset), P3 (out in the losers' final), P5, then P4 and P6 (out in the same round) share 5th.
      assert.deepEqual(v!.standings.map((s) => [s.rank, label.get(s.name)]), [[1, 'P1'], [2, 'P2'], [3, 'P3'], [4, 'P5'], [5, 'P4'], [5, 'P6']]);
    });

    it('a knockout match of a player who withdraws during it goes to the opponent, even when the games were level', async () => {
      const { id, org, P, tokens } = await tournamentOf(run, { format: 'single-elimination', timeControl: live, capacity: { min: 2, max: 2 } }, [2000, 1900], TALLY);
      assert.equal((await run.api.post(`/api/tournaments/${id}/start`, {}, org.token)).status, 200);
      const t = await playRound(run, id, 1, tokens, () => ({ forfeit: 'nobody' }));
      const [g1, g2] = t.roundsPlayed[0]!.pairings[0]!.games;
      // A live match plays its games one after the other: no second clock runs while the first game is on.
      assert.deepEqual([g1!.status, g2!.status], ['active', 'pending']);
      // P1 (the higher seed) wins the first game, then withdraws once the second (a live match plays them one after
      // the other) has started: the second game is resigned, 1-1, and the match is P2's.
      assert.equal((await run.api.post(`/api/games/${g1!.id}/resign`, {}, P[1]!.token)).status, 200);
      await waitFor(async () => (await view(run, id)).roundsPlayed[0]!.pairings[0]!.games[1]!.status === 'active', 'the second game started');
      assert.equal((await run.api.post(`/api/tournaments/${id}/withdraw`, {}, P[0]!.token)).status, 200);
      const v = await pastRound(run, id, 1);
      assert.equal(v.status, 'finished');
      assert.equal(v.champion, P[1]!.name);
      assert.deepEqual(v.roundsPlayed[0]!.pairings[0]!.games.map((g) => g.winners), [[P[0]!.name], [P[1]!.name]]);
      assert.equal(v.roundsPlayed[0]!.pairings[0]!.result, 'forfeit');
    });

    it('a round robin of 4: three rounds, everyone meets everyone once, each plays first once or twice', async () => {
      const { id, org, P, label, tokens } = await tournamentOf(run, { format: 'round-robin', timeControl: live, capacity: { min: 4, max: 4 } }, [2000, 1900, 1800, 1700], TALLY);
      assert.equal((await run.api.post(`/api/tournaments/${id}/start`, {}, org.token)).status, 200);
      const seed = (n: string): number => P.findIndex((p) => p.name === n);
      let v;
      for (let r = 1; r <= 3; r++) {
        await playRound(run, id, r, tokens, (ps) => ({ winner: [...ps].sort((a, b) => seed(a) - seed(b))[0]! }));
        v = await pastRound(run, id, r);
      }
      assert.equal(v!.status, 'finished');
      const met = new Set<string>();
      const first = new Map<string, number>();
      for (const r of v!.roundsPlayed) {
        for (const p of r.pairings) {
          met.add(p.players.map((n) => label.get(n)).sort().join('-'));
          const north = Object.entries(p.games[0]!.sides!).find(([, side]) => side === 'north')![0];
          first.set(north, (first.get(north) ?? 0) + 1);
        }
      }
      assert.deepEqual([...met].sort(), ['P1-P2', 'P1-P3', 'P1-P4', 'P2-P3', 'P2-P4', 'P3-P4']);
      for (const p of P) assert.ok([1, 2].includes(first.get(p.name) ?? 0), `${label.get(p.name)} played first ${first.get(p.name) ?? 0} of 3 times`);
      // P1 beat everyone (3), P2 two (2), P3 one (1), P4 none; Sonneborn-Berger: P1 2+1+0 = 3, P2 1+0 = 1, P3 0, P4 0.
      assert.deepEqual(v!.standings.map((s) => [s.rank, label.get(s.name), s.score, s.tieBreaks.buchholz, s.tieBreaks.sonnebornBerger]),
        [[1, 'P1', 3, 3, 3], [2, 'P2', 2, 4, 1], [3, 'P3', 1, 5, 0], [4, 'P4', 0, 6, 0]]);
    });

    it('a HACSE round robin of 4 (a real, asymmetric game): everyone plays Axis and Allies, the lobby shows the games\' tournament, players are notified of rounds and the finish', async () => {
      const { id, org, P, label, tokens } = await tournamentOf(run, { name: 'Desert Cup', game: 'hacse', format: 'round-robin', timeControl: live, capacity: { min: 4, max: 4 } }, [2000, 1900, 1800, 1700], 'hacse');
      assert.equal((await run.api.post(`/api/tournaments/${id}/start`, {}, org.token)).status, 200);
      const seed = (n: string): number => P.findIndex((p) => p.name === n);
      let v;
      for (let r = 1; r <= 3; r++) {
        const t = await playRound(run, id, r, tokens, (ps) => ({ winner: [...ps].sort((a, b) => seed(a) - seed(b))[0]! }));
        if (r === 1) {
          // The lobby: the running tournament, and its games carrying it.
          const lobby = await new Promise<LobbyMessageT>((resolve, reject) => {
            const ws = new WebSocket(`${run.base.replace(/^http/, 'ws')}/api/lobby/live`);
            ws.once('message', (d) => { resolve(JSON.parse(d.toString()) as LobbyMessageT); ws.close(); });
            ws.once('error', reject);
          });
          assert.equal(lobby.type, 'lobby');
          if (lobby.type !== 'lobby') return;
          assert.ok(lobby.tournaments.some((x) => x.id === id && x.status === 'running'));
          const gameId = t.roundsPlayed[0]!.pairings[0]!.games[0]!.id;
          assert.deepEqual(lobby.games.find((g) => g.id === gameId)?.tournament, { id, name: 'Desert Cup', round: 1 });
        }
        v = await pastRound(run, id, r);
      }
      assert.equal(v!.status, 'finished');
      const axis = new Map<string, number>();
      for (const r of v!.roundsPlayed) {
        for (const p of r.pairings) {
          const sides = p.games[0]!.sides!;
          assert.deepEqual(Object.values(sides).sort(), ['allies', 'axis']);
          for (const [n, side] of Object.entries(sides)) if (side === 'axis') axis.set(n, (axis.get(n) ?? 0) + 1);
        }
      }
      for (const p of P) assert.ok([1, 2].includes(axis.get(p.name) ?? 0), `${label.get(p.name)} played Axis ${axis.get(p.name) ?? 0} of 3 times`);
      // P1's notifications: a round notice for each of the three rounds, then the finish (first place of four).
      const notes = await waitFor(async () => {
        const list = (await run.api.get('/api/notifications', tokens.get(P[0]!.name))).body.notifications as { kind: string; tournament?: { id: string; round: number; rank?: number; players?: number } }[];
        const mine = list.filter((n) => n.tournament?.id === id);
        return mine.length === 4 ? mine : null;
      }, 'the tournament notifications');
      assert.deepEqual(notes.map((n) => [n.kind, n.tournament!.round, n.tournament!.rank ?? null]).sort(),
        [['tournament-finished', 3, 1], ['tournament-round', 1, null], ['tournament-round', 2, null], ['tournament-round', 3, null]]);
    });

    it('a bot the organiser entered is seated in its game through the lobby, and the game\'s tournament is known to the board', async () => {
      const org = await player(run, 'org', { verified: true });
      const human = await player(run, 'h');
      const bot = botNames()[0]!;
      const c = await run.api.post('/api/tournaments', { name: 'Bot Cup', game: TALLY, format: 'swiss', rounds: 1, timeControl: { kind: 'none' }, rated: false, allowBots: true,
        capacity: { min: 2, max: 4 }, startsAt: new Date(Date.now() + 3_600_000).toISOString() }, org.token);
      const id = c.body.id as string;
      assert.equal((await run.api.post(`/api/tournaments/${id}/join`, { bot }, org.token)).status, 200);
      assert.equal((await run.api.post(`/api/tournaments/${id}/join`, {}, human.token)).status, 200);
      assert.equal((await run.api.post(`/api/tournaments/${id}/start`, {}, org.token)).status, 200);
      const t = await playRound(run, id, 1, new Map([[human.name, human.token]]), () => ({ resign: human.name }));
      const g = t.roundsPlayed[0]!.pairings[0]!.games[0]!;
      assert.deepEqual(Object.keys(g.sides!).sort(), [bot, human.name].sort());
      assert.deepEqual((await run.api.get(`/api/games/${g.id}/tournament`)).body, { tournament: { id, name: 'Bot Cup', round: 1 } });
      const v = await pastRound(run, id, 1);
      assert.equal(v.status, 'finished');
      assert.deepEqual(v.standings.map((s) => [s.rank, s.name, s.score, s.bot ?? false]), [[1, bot, 1, true], [2, human.name, 0, false]]);
      assert.equal((await view(run, id)).champion, bot);
    });

    it('tables of 3-4 by score: 7 players at tables of 4 and 3, seat order by earlier seats, placement points worked out by hand', async () => {
      const { id, org, label, tokens } = await tournamentOf(run, { format: 'swiss', rounds: 2, tableSize: 4, timeControl: live, capacity: { min: 4, max: 8 } },
        [2000, 1950, 1900, 1850, 1800, 1750, 1700], TALLY);
      assert.equal((await run.api.post(`/api/tournaments/${id}/start`, {}, org.token)).status, 200);
      const named = (l: string): string => [...label].find(([, x]) => x === l)![0];
      // Round 1: tables by seed, the lower ranked sit first: [P4 P3 P2 P1], [P7 P6 P5]; the last seat of each table resigns.
      const r1 = await playRound(run, id, 1, tokens, (ps) => ({ resign: ps.find((n) => ['P4', 'P7'].includes(label.get(n)!))! }));
      assert.deepEqual(r1.roundsPlayed[0]!.pairings.map((p) => p.players.map((n) => label.get(n)).join(' ')), ['P4 P3 P2 P1', 'P7 P6 P5']);
      await pastRound(run, id, 1);
      // After round 1: P1-P3 2/3 each (places 1-3 shared: (1 + 2/3 + 1/3) / 3), P4 0; P5, P6 3/4 ((1 + 1/2) / 2), P7 0.
      // Round 2 by score: [P5 P6 P1 P2], [P3 P4 P7]; seats by the average earlier seat (later sits earlier): [P1 P5 P2 P6], [P3 P7 P4].
      const r2 = await playRound(run, id, 2, tokens, (ps) => (ps.length === 4 ? { draw: true } : { resign: named('P3') }));
      assert.deepEqual(r2.roundsPlayed[1]!.pairings.map((p) => p.players.map((n) => label.get(n)).join(' ')), ['P1 P5 P2 P6', 'P3 P7 P4']);
      const v = await pastRound(run, id, 2);
      assert.equal(v.status, 'finished');
      // Final: P5, P6 3/4 + 1/2 = 1.25; P1, P2 2/3 + 1/2 = 1.17; P4, P7 0 + 3/4 = 0.75; P3 2/3 + 0 = 0.67.
      assert.deepEqual(v.standings.map((s) => [s.rank, label.get(s.name), s.score]),
        [[1, 'P5', 1.25], [1, 'P6', 1.25], [3, 'P1', 1.17], [3, 'P2', 1.17], [5, 'P4', 0.75], [5, 'P7', 0.75], [7, 'P3', 0.67]]);
    });
  });
}

suite('SQLite', () => Promise.resolve(`sqlite:${join(dir, 'formats.db')}`));
suite('PostgreSQL', async () => {
  pg = await startPostgres();
  return pg.url;
});
