/**
 * Limits and the life cycle, on SQLite and PostgreSQL: each bad input and each limit is a 4xx with its code and
 * changes nothing; a tournament starts at startsAt by the sweep, or is cancelled there with too few players.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { botNames } from '@tabula/bots';
import { startServer, type Running } from '../harness/fixtures.js';
import { startPostgres, type Service } from '../harness/services.js';
import { TALLY } from '../harness/testgame.js';
import { assertError } from '../harness/api-support.js';
import { pastRound, player, playRound, view, waitFor } from './test-support.js';

const dir = mkdtempSync(join(tmpdir(), 'tabula-tlimits-'));
let pg: Service | undefined;
after(async () => {
  await pg?.stop();
  rmSync(dir, { recursive: true, force: true });
});

function suite(label: string, db: () => Promise<string>): void {
  describe(`tournament limits on ${label}`, () => {
    let run: Running;
    let url: string;
    let clock = Date.now();
    // Per-minute surface limits off here (one address makes every request); the 429 has its own server below.
    before(async () => { url = await db(); run = await startServer(url, { now: () => clock, sweepMs: false, rateLimits: false }); });
    after(async () => { await run?.server.close(); });

    const body = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
      name: 'Winter Cup', game: TALLY, format: 'swiss', rounds: 3, timeControl: { kind: 'none' }, rated: false,
      capacity: { min: 2, max: 3 }, startsAt: new Date(clock + 3_600_000).toISOString(), ...over,
    });
    const count = async (): Promise<number> => Number((await run.server.store.sql.all<{ n: number | string }>('SELECT COUNT(*) AS n FROM tournaments'))[0]!.n);

    it('creating: signed out 401, not verified 403, bad input 400/422, a third unfinished tournament 409; nothing is created', async () => {
      const before = await count();
      const plain = await player(run, 'plain');
      assertError(await run.api.post('/api/tournaments', body()), 401);
      assertError(await run.api.post('/api/tournaments', body(), plain.token), 403, 'not-verified');
      const org = await player(run, 'org', { verified: true });
      assertError(await run.api.post('/api/tournaments', body({ capacity: { min: 2, max: 65 } }), org.token), 400);
      assertError(await run.api.post('/api/tournaments', body({ capacity: { min: 5, max: 3 } }), org.token), 422, 'bad-capacity');
      assertError(await run.api.post('/api/tournaments', body({ format: 'round-robin', rounds: undefined, capacity: { min: 2, max: 12 } }), org.token), 422, 'bad-capacity');
      assertError(await run.api.post('/api/tournaments', body({ game: 'no-such-game' }), org.token), 422, 'unknown-game');
      assertError(await run.api.post('/api/tournaments', body({ startsAt: 'tomorrow at six' }), org.token), 422, 'bad-start');
      assertError(await run.api.post('/api/tournaments', body({ startsAt: new Date(clock - 3_600_000).toISOString() }), org.token), 422, 'bad-start');
      assertError(await run.api.post('/api/tournaments', body({ allowBots: true, rated: true }), org.token), 422, 'rated-bots');
      assertError(await run.api.post('/api/tournaments', body({ name: '\u200b\u0007 ' }), org.token), 422, 'bad-name');
      assertError(await run.api.post('/api/tournaments', body({ rounds: undefined }), org.token), 422, 'bad-rounds');
      assertError(await run.api.post('/api/tournaments', body({ tableSize: 6 }), org.token), 400);
      assert.equal(await count(), before, 'nothing created by refused requests');

      const org2 = await player(run, 'org', { verified: true });
      for (let i = 0; i < 2; i++) assert.equal((await run.api.post('/api/tournaments', body(), org2.token)).status, 201);
      assertError(await run.api.post('/api/tournaments', body(), org2.token), 409, 'too-many-tournaments');
      assert.equal(await count(), before + 2);
    });

    it('creating more than SURFACE_LIMITS.tournaments (5) a minute: 429 rate-limited', async () => {
      const limited = await startServer(url, { sweepMs: false });
      try {
        const org = await player(limited, 'org', { verified: true });
        const before = await count();
        const bad = body({ startsAt: 'tomorrow at six' });
        for (let i = 0; i < 5; i++) assertError(await limited.api.post('/api/tournaments', bad, org.token), 422, 'bad-start');
        assertError(await limited.api.post('/api/tournaments', body(), org.token), 429, 'rate-limited');
        assert.equal(await count(), before);
      } finally {
        await limited.server.close();
      }
    });

    it('broken and hostile bodies on every tournament route: always a 4xx with an error code, never a 5xx', async () => {
      const org = await player(run, 'org', { verified: true });
      const id = (await run.api.post('/api/tournaments', body(), org.token)).body.id as string;
      const junk: unknown[] = [null, 0, 'x', [], {}, { bot: '' }, { bot: 'x'.repeat(65) }, { bot: null }, { bot: ['a'] }, { extra: 1 }, '{"unclosed": ',
        body({ variants: { target: 'x'.repeat(200) } }), body({ variants: { nope: 1 } }), body({ scenario: 'nope' }), body({ timeControl: { kind: 'live', baseSeconds: 1, incrementSeconds: 0 } }),
        body({ startsAt: '9999-12-31T23:59:59Z' }), body({ startsAt: '2026-13-45T99:99:99Z' }), body({ name: 'x'.repeat(400) }), body({ rounds: 0 }), body({ rounds: 16 }),
        body({ format: 'ladder' }), body({ capacity: { min: 1, max: 2 } }), body({ capacity: { min: 2 } }), body({ sides: 'left' }), body({ tableSize: 3 }), body({ format: 'single-elimination' }),
        body({ game: 'hammer-of-the-scots', tableSize: 4, capacity: { min: 4, max: 8 } }), { ...body(), constructor: { prototype: { polluted: true } } }, JSON.parse('{"__proto__": {"polluted": true}}'), body({ rated: 'yes' })];
      const before = await count();
      const paths = ['/api/tournaments', `/api/tournaments/${id}/join`, `/api/tournaments/${id}/withdraw`, '/api/tournaments/%00/join', '/api/tournaments/%00/start', `/api/tournaments/${'x'.repeat(65)}/cancel`];
      for (const path of paths) {
        for (const j of junk) {
          const r = await run.api.post(path, typeof j === 'string' && j.startsWith('{') ? j : j, org.token);
          assert.ok(r.status < 500, `${path} ${JSON.stringify(j)?.slice(0, 80)}: ${r.status} ${JSON.stringify(r.body)}`);
          if (r.status >= 400) assert.equal(typeof r.body.error?.code, 'string', `${path}: ${JSON.stringify(r.body)}`);
        }
      }
      for (const path of ['/api/games/%00/tournament', '/api/tournaments/%00', '/api/games/nope/tournament']) {
        const r = await run.api.get(path);
        assert.ok(r.status < 500, `${path}: ${r.status} ${JSON.stringify(r.body)}`);
      }
      for (const q of ['?status=nope', '?limit=0', '?limit=101', '?limit=x', '?status=upcoming&limit=1&x=1']) {
        const r = await run.api.get(`/api/tournaments${q}`);
        assert.ok(r.status === 400, `${q}: ${r.status}`);
      }
      // Nothing was created; the organiser's plain joins and withdrawals (null and {} are valid entries) cancel out.
      assert.equal(await count(), before);
      assert.equal((await view(run, id)).players, 0);
      assert.equal(({} as { polluted?: boolean }).polluted, undefined);
    });

    it('entries: full 409, twice 409, bots only where allowed, knockouts take nobody after the start, organiser-only start and cancel; nothing changes', async () => {
      const org = await player(run, 'org', { verified: true });
      const c = await run.api.post('/api/tournaments', body({ format: 'single-elimination', rounds: undefined, capacity: { min: 2, max: 3 } }), org.token);
      const id = c.body.id as string;
      const [a, b, d, e] = [await player(run, 'a'), await player(run, 'b'), await player(run, 'd'), await player(run, 'e')];
      assert.equal((await run.api.post(`/api/tournaments/${id}/join`, {}, a.token)).status, 200);
      assertError(await run.api.post(`/api/tournaments/${id}/join`, {}, a.token), 409, 'already-joined');
      assertError(await run.api.post(`/api/tournaments/${id}/join`, { bot: botNames()[0] }, org.token), 403, 'bots-not-allowed');
      assertError(await run.api.post(`/api/tournaments/${id}/join`, { bot: botNames()[0] }, a.token), 403, 'not-organiser');
      assertError(await run.api.post(`/api/tournaments/${id}/join`, { bot: 7 }, org.token), 400);
      assertError(await run.api.post(`/api/tournaments/${id}/start`, {}, a.token), 403, 'not-organiser');
      assertError(await run.api.post(`/api/tournaments/${id}/start`, {}, org.token), 409, 'too-few-players');
      assertError(await run.api.post(`/api/tournaments/${id}/cancel`, {}, a.token), 403, 'not-organiser');
      assertError(await run.api.post(`/api/tournaments/${id}/withdraw`, {}, b.token), 409, 'not-joined');
      assertError(await run.api.post('/api/tournaments/nope/join', {}, a.token), 404, 'tournament-not-found');
      // Blocks: who blocked a player already in (or was blocked by one) cannot join.
      assert.equal((await run.api.post('/api/blocks', { name: a.name }, b.token)).status, 200);
      assertError(await run.api.post(`/api/tournaments/${id}/join`, {}, b.token), 403, 'blocked');
      assert.equal((await run.api.req('DELETE', `/api/blocks/${a.name}`, undefined, b.token)).status, 200);
      assert.equal((await run.api.post(`/api/tournaments/${id}/join`, {}, b.token)).status, 200);
      assert.equal((await run.api.post(`/api/tournaments/${id}/join`, {}, d.token)).status, 200);
      const full = await view(run, id);
      assertError(await run.api.post(`/api/tournaments/${id}/join`, {}, e.token), 409, 'tournament-full');
      assert.deepEqual(await view(run, id), full, 'a refused join changes nothing');
      assert.equal((await run.api.post(`/api/tournaments/${id}/withdraw`, {}, d.token)).status, 200);
      assert.equal((await view(run, id)).players, 2);
      // A block made after both joined does not stop the pairing: the round seats them (a seat given, not chosen).
      assert.equal((await run.api.post('/api/blocks', { name: a.name }, b.token)).status, 200);
      assert.equal((await run.api.post(`/api/tournaments/${id}/start`, {}, org.token)).status, 200);
      const started = await view(run, id);
      const game = started.roundsPlayed[0]!.pairings.find((p) => p.players.includes(a.name) && p.players.includes(b.name))?.games[0];
      assert.ok(game, JSON.stringify(started.roundsPlayed));
      const seated = await waitFor(async () => {
        const g = (await run.api.get(`/api/games/${game.id}`, a.token)).body as { status: string; seats: { user: string | null }[] };
        return g.seats.every((x) => x.user !== null) ? g : null;
      }, 'both blocked players seated');
      assert.equal(seated.status, 'active');
      assertError(await run.api.post(`/api/tournaments/${id}/join`, {}, e.token), 409, 'tournament-started');
      assertError(await run.api.post(`/api/tournaments/${id}/cancel`, {}, org.token), 409, 'tournament-started');
      assert.equal((await view(run, id)).version, started.version, 'refused requests change nothing');

      // Bots where allowed: the organiser enters one, and withdraws it before the start.
      const org3 = await player(run, 'org', { verified: true });
      const withBots = (await run.api.post('/api/tournaments', body({ allowBots: true }), org3.token)).body.id as string;
      const bot = botNames()[0]!;
      const j = await run.api.post(`/api/tournaments/${withBots}/join`, { bot }, org3.token);
      assert.equal(j.status, 200, JSON.stringify(j.body));
      assert.deepEqual(j.body.standings.map((s: { name: string; bot?: boolean }) => [s.name, s.bot]), [[bot, true]]);
      assert.equal((await run.api.post(`/api/tournaments/${withBots}/withdraw`, { bot }, org3.token)).status, 200);
      assert.equal((await view(run, withBots)).players, 0);
    });

    it('the sweep starts a tournament at startsAt, and cancels one that has fewer than capacity.min players then', async () => {
      const org = await player(run, 'org', { verified: true });
      const go = (await run.api.post('/api/tournaments', body({ rounds: 1 }), org.token)).body.id as string;
      const few = (await run.api.post('/api/tournaments', body({ capacity: { min: 3, max: 3 } }), org.token)).body.id as string;
      for (const p of [await player(run, 'x'), await player(run, 'y')]) {
        assert.equal((await run.api.post(`/api/tournaments/${go}/join`, {}, p.token)).status, 200);
        assert.equal((await run.api.post(`/api/tournaments/${few}/join`, {}, p.token)).status, 200);
      }
      await run.server.tournaments.sweep();
      assert.equal((await view(run, go)).status, 'open', 'not before its time');
      clock += 3_600_000;
      await run.server.tournaments.sweep();
      const v = await view(run, go);
      assert.equal(v.status, 'running');
      assert.equal(v.round, 1);
      assert.equal(v.roundsPlayed[0]!.pairings.length, 1);
      assert.equal(v.roundsPlayed[0]!.pairings[0]!.games[0]!.status, 'active');
      assert.equal((await view(run, few)).status, 'cancelled');
    });

    it('swiss takes a player who joins during a round from the next round on', async () => {
      const org = await player(run, 'org', { verified: true });
      const [x, y, late] = [await player(run, 'lx'), await player(run, 'ly'), await player(run, 'lz')];
      const id = (await run.api.post('/api/tournaments', body({ rounds: 2 }), org.token)).body.id as string;
      for (const p of [x, y]) assert.equal((await run.api.post(`/api/tournaments/${id}/join`, {}, p.token)).status, 200);
      assert.equal((await run.api.post(`/api/tournaments/${id}/start`, {}, org.token)).status, 200);
      const joined = await run.api.post(`/api/tournaments/${id}/join`, {}, late.token);
      assert.equal(joined.status, 200, JSON.stringify(joined.body));
      assert.deepEqual(joined.body.roundsPlayed[0].pairings.map((p: { players: string[] }) => p.players.length), [2], 'not in the running round');
      await playRound(run, id, 1, new Map([[x.name, x.token], [y.name, y.token]]), () => ({ resign: y.name }));
      const r2 = await pastRound(run, id, 1);
      const names = r2.roundsPlayed[1]!.pairings.flatMap((p) => p.players).sort();
      assert.deepEqual(names, [x.name, y.name, late.name].sort(), 'all three in round 2 (one of them with the bye)');
      assert.equal(r2.roundsPlayed[1]!.pairings.filter((p) => p.bye).length, 1);
    });

    it('an organiser who plays: the opponent letting the first-move window pass forfeits (the game ends, it does not go back to the lobby)', async () => {
      const org = await player(run, 'org', { verified: true });
      const other = await player(run, 'o');
      const id = (await run.api.post('/api/tournaments', body({ rounds: 1, timeControl: { kind: 'live', baseSeconds: 600, incrementSeconds: 0 } }), org.token)).body.id as string;
      for (const p of [org, other]) assert.equal((await run.api.post(`/api/tournaments/${id}/join`, {}, p.token)).status, 200);
      assert.equal((await run.api.post(`/api/tournaments/${id}/start`, {}, org.token)).status, 200);
      const g = (await waitFor(async () => {
        const v = await view(run, id);
        return v.roundsPlayed[0]?.pairings[0]?.games[0]?.status === 'active' ? v : null;
      }, 'the game')).roundsPlayed[0]!.pairings[0]!.games[0]!;
      if (g.sides![org.name] === 'north') {
        const st = (await run.api.get(`/api/games/${g.id}`)).body;
        assert.equal((await run.api.post(`/api/games/${g.id}/actions`, { version: st.version, action: { type: 'pass' }, role: 'north' }, org.token)).status, 200);
      }
      clock += 31_000;
      await run.server.games.timeouts.sweep();
      const v = await pastRound(run, id, 1);
      assert.equal(v.status, 'finished');
      assert.equal(v.roundsPlayed[0]!.pairings[0]!.result, 'forfeit');
      assert.equal(v.champion, org.name);
      assert.equal((await run.api.get(`/api/games/${g.id}`)).body.status, 'finished');
    });

    it('correspondence: past the round deadline (2 x days), a game whose first move was never made is a forfeit of the seat to move', async () => {
      const org = await player(run, 'org', { verified: true });
      const [x, y] = [await player(run, 'cx'), await player(run, 'cy')];
      const id = (await run.api.post('/api/tournaments', body({ rounds: 1, timeControl: { kind: 'correspondence', days: 3 } }), org.token)).body.id as string;
      for (const p of [x, y]) assert.equal((await run.api.post(`/api/tournaments/${id}/join`, {}, p.token)).status, 200);
      assert.equal((await run.api.post(`/api/tournaments/${id}/start`, {}, org.token)).status, 200);
      const v0 = await waitFor(async () => {
        const v = await view(run, id);
        return v.roundsPlayed[0]?.pairings[0]?.games[0]?.status === 'active' ? v : null;
      }, 'the game');
      const round = v0.roundsPlayed[0]!;
      assert.equal(Date.parse(round.deadline!), clock + 6 * 86_400_000);
      const sides = round.pairings[0]!.games[0]!.sides!;
      const north = Object.keys(sides).find((n) => sides[n] === 'north')!;
      clock += 6 * 86_400_000 - 1000;
      await run.server.tournaments.sweep();
      assert.equal((await view(run, id)).status, 'running', 'not before the deadline');
      clock += 2000;
      await run.server.tournaments.sweep();
      const v = await pastRound(run, id, 1);
      assert.equal(v.status, 'finished');
      assert.equal(v.roundsPlayed[0]!.pairings[0]!.result, 'forfeit');
      assert.notEqual(v.champion, north, 'the seat to move forfeited');
    });
  });
}

suite('SQLite', () => Promise.resolve(`sqlite:${join(dir, 'limits.db')}`));
suite('PostgreSQL', async () => {
  pg = await startPostgres();
  return pg.url;
});
