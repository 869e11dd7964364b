/** The API test suite, run once per store (SQLite and PostgreSQL). */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { replay, isDeepStrictEqual } from '@tabula/engine';
import { listGames, getGame } from '@tabula/games';
import { Live, type Api } from './client.js';
import { startServer, uniqueName, type Running } from './fixtures.js';
import { TALLY } from './testgame.js';

import { sleep, assertError, seated, playToEnd, checkViews } from './api-support.js';

export function apiSuite(label: string, db: () => Promise<string>): void {
  describe(`API on ${label}`, () => {
    let run: Running;
    let api: Api;
    let alice: string, bob: string, carol: string;
    let dbUrl: string;

    before(async () => {
      dbUrl = await db();
      run = await startServer(dbUrl);
      api = run.api;
      [alice, bob, carol] = await Promise.all([api.signUp(uniqueName('alice')), api.signUp(uniqueName('bob')), api.signUp(uniqueName('carol'))]);
    });
    after(async () => {
      await run?.server.close();
    });

    it('GET /api/health, /api/catalog and the OpenAPI document', async () => {
      const h = await api.get('/api/health');
      assert.equal(h.status, 200);
      assert.equal(h.body.ok, true);
      assert.equal(typeof h.body.version, 'string');
      const c = await api.get('/api/catalog');
      assert.equal(c.status, 200);
      const ids = (c.body as { id: string }[]).map((e) => e.id);
      for (const g of listGames()) assert.ok(ids.includes(g.id), `catalog lists ${g.id}`);
      const tally = (c.body as { id: string; players: unknown; roles: Record<string, string[]> }[]).find((e) => e.id === TALLY)!;
      assert.deepEqual(tally.players, { min: 2, max: 4, default: 2 });
      assert.deepEqual(tally.roles['3'], ['north', 'east', 'south']);
      const d = await api.get('/api/docs');
      assert.equal(d.status, 200);
      assert.match(String(d.body.openapi), /^3\./);
      for (const p of ['/api/accounts', '/api/sessions', '/api/games', '/api/games/{id}', '/api/games/{id}/seats', '/api/games/{id}/actions', '/api/games/{id}/undo', '/api/games/{id}/replay', '/api/games/{id}/live']) {
        assert.ok(d.body.paths[p], `OpenAPI documents ${p}`);
      }
    });

    it('accounts: sign up, unique names ignoring case, sign in, sign out', async () => {
      const name = uniqueName('Dora');
      const r = await api.post('/api/accounts', { name, password: 'quiet-secret-pass' });
      assert.equal(r.status, 201);
      assert.equal(typeof r.body.token, 'string');
      assert.ok(r.body.token.length >= 32);
      assertError(await api.post('/api/accounts', { name: name.toUpperCase(), password: 'another-quiet-pass' }), 409, 'name-taken');
      assertError(await api.post('/api/accounts', { name: 'x', password: 'quiet-secret-pass' }), 422, 'bad-name');
      assertError(await api.post('/api/accounts', { name: 'has space', password: 'quiet-secret-pass' }), 422, 'bad-name');
      assertError(await api.post('/api/accounts', { name: uniqueName(), password: 'short' }), 422, 'weak-password');
      assertError(await api.post('/api/accounts', { name: uniqueName() }), 400, 'bad-request');
      assertError(await api.post('/api/accounts', { name: ['x', 'y'], password: 'quiet-secret-pass' }), 400, 'bad-request');
      const s = await api.post('/api/sessions', { name: name.toLowerCase(), password: 'quiet-secret-pass' });
      assert.equal(s.status, 201);
      assert.notEqual(s.body.token, r.body.token);
      assertError(await api.post('/api/sessions', { name, password: 'wrong-pass' }), 401, 'bad-credentials');
      assertError(await api.post('/api/sessions', { name: uniqueName('nobody'), password: 'quiet-secret-pass' }), 401, 'bad-credentials');
      const me = await api.get('/api/me', s.body.token);
      assert.equal(me.status, 200);
      assert.equal(me.body.name, name);
      const out = await api.req('DELETE', '/api/sessions', undefined, s.body.token);
      assert.equal(out.status, 204);
      assertError(await api.get('/api/me', s.body.token), 401, 'unauthorized');
      assert.equal((await api.get('/api/me', r.body.token)).status, 200, 'other sessions stay valid');
      assertError(await api.get('/api/me'), 401, 'unauthorized');
      assertError(await api.get('/api/me', 'not-a-token'), 401, 'unauthorized');
      assertError(await api.req('GET', '/api/me', undefined, null, { authorization: 'Basic abc' }), 401, 'unauthorized');
    });

    it('creating games: options are checked against the catalog', async () => {
      assertError(await api.post('/api/games', { game: TALLY }), 401, 'unauthorized');
      assertError(await api.post('/api/games', { game: 'no-such-game' }, alice), 422, 'unknown-game');
      assertError(await api.post('/api/games', { game: TALLY, scenario: 'nope' }, alice), 422, 'unknown-scenario');
      assertError(await api.post('/api/games', { game: TALLY, players: 9 }, alice), 422, 'bad-players');
      assertError(await api.post('/api/games', { game: TALLY, variants: { colour: 'red' } }, alice), 422, 'unknown-variant');
      assertError(await api.post('/api/games', { game: TALLY, variants: { target: 7 } }, alice), 422, 'bad-variant');
      assertError(await api.post('/api/games', { game: TALLY, extra: 1 }, alice), 400, 'bad-request');
      assertError(await api.post('/api/games', { game: TALLY, players: 'many' }, alice), 400, 'bad-request');
      const ok = await api.post('/api/games', { game: TALLY, scenario: 'short', players: 3, variants: { target: 20 } }, alice);
      assert.equal(ok.status, 201);
      const g = await api.get(`/api/games/${ok.body.id}`);
      assert.equal(g.status, 200);
      assert.equal(g.body.status, 'open');
      assert.equal(g.body.scenario, 'short');
      assert.deepEqual(g.body.variants, { target: 20 });
      assert.deepEqual(g.body.seats.map((s: { role: string }) => s.role), ['north', 'east', 'south']);
      assert.equal((g.body.view as { target: number }).target, 20);
      const open = await api.get('/api/games?status=open');
      assert.ok((open.body.games as { id: string }[]).some((x) => x.id === ok.body.id));
      assertError(await api.get('/api/games?status=lost'), 400, 'bad-request');
      assertError(await api.get('/api/games/nonexistent1'), 404, 'game-not-found');
    });

    it('seats: taken, unknown role, bots, start when full, closed after start', async () => {
      const id = (await api.post('/api/games', { game: TALLY }, alice)).body.id as string;
      assertError(await api.post(`/api/games/${id}/seats`, { role: 'north' }), 401, 'unauthorized');
      assertError(await api.post(`/api/games/${id}/seats`, { role: 'nobody' }, alice), 422, 'unknown-role');
      assertError(await api.post('/api/games/nonexistent1/seats', { role: 'north' }, alice), 404, 'game-not-found');
      const s1 = await api.post(`/api/games/${id}/seats`, { role: 'north' }, alice);
      assert.equal(s1.status, 200);
      assert.equal(s1.body.status, 'open');
      assert.equal(s1.body.role, 'north');
      assertError(await api.post(`/api/games/${id}/seats`, { role: 'north' }, bob), 409, 'seat-taken');
      assertError(await api.post(`/api/games/${id}/seats`, { role: 'east', bot: 'no-such-bot' }, alice), 422, 'unknown-bot');
      assertError(await api.post(`/api/games/${id}/seats`, { role: 'east', bot: 'random' }, carol), 403, 'not-allowed');
      const s2 = await api.post(`/api/games/${id}/seats`, { role: 'east' }, bob);
      assert.equal(s2.body.status, 'active');
      assertError(await api.post(`/api/games/${id}/seats`, { role: 'east' }, carol), 409, 'game-not-open');
      const act = await api.get('/api/games?status=active', alice);
      const mine = (act.body.games as { id: string; yourTurn: boolean; yourRoles: string[] }[]).find((x) => x.id === id)!;
      assert.deepEqual(mine.yourRoles, ['north']);
      assert.equal(mine.yourTurn, true);
    });

    it('abort: a joiner\'s abort, or a joiner missing the first-move window, puts the game back in the lobby open with the creator seated; the creator\'s ends it', async () => {
      const id = (await api.post('/api/games', { game: TALLY }, alice)).body.id as string;
      await api.post(`/api/games/${id}/seats`, { role: 'north' }, alice);
      await api.post(`/api/games/${id}/seats`, { role: 'east' }, bob);
      let s = (await api.get(`/api/games/${id}`, alice)).body;
      s = (await api.post(`/api/games/${id}/actions`, { version: s.version, action: { type: 'add', n: 1 } }, alice)).body;
      const aborted = await api.post(`/api/games/${id}/abort`, {}, bob);
      assert.equal(aborted.status, 200, JSON.stringify(aborted.body));
      assert.equal(aborted.body.status, 'open');
      assert.deepEqual(aborted.body.roles, [], 'bob holds no seat any more');
      s = (await api.get(`/api/games/${id}`, alice)).body;
      assert.deepEqual([s.status, s.outcome, s.seats.map((x: { user: string | null }) => x.user !== null)], ['open', null, [true, false]]);
      assert.equal(s.log.length, 0, 'back to the start: the creator\'s action is gone');
      assert.ok((await api.get('/api/games?status=open')).body.games.some((g: { id: string }) => g.id === id), 'listed in the lobby again');
      const again = await api.post(`/api/games/${id}/seats`, { role: 'east' }, carol);
      assert.equal(again.body.status, 'active', 'a new player starts it');
      s = (await api.post(`/api/games/${id}/actions`, { version: again.body.version, action: { type: 'add', n: 1 } }, alice)).body;
      assert.equal(s.status, 'active');
      const mine = await api.post(`/api/games/${id}/abort`, {}, alice);
      assert.deepEqual([mine.body.status, mine.body.outcome], ['finished', { winners: [], reason: 'aborted', by: 'north' }], 'the creator\'s abort ends it');

      // First-move window, on a service whose clock the test moves.
      let t = Date.now();
      const timed = await startServer(dbUrl, { now: () => t, sweepMs: false });
      try {
        const tc = { kind: 'live', baseSeconds: 60, incrementSeconds: 0 };
        const g = (await timed.api.post('/api/games', { game: TALLY, timeControl: tc }, alice)).body.id as string;
        await timed.api.post(`/api/games/${g}/seats`, { role: 'north' }, alice);
        let st = (await timed.api.post(`/api/games/${g}/seats`, { role: 'east' }, bob)).body;
        st = (await timed.api.post(`/api/games/${g}/actions`, { version: st.version, action: { type: 'pass' } }, alice)).body;
        t += 30_001;
        st = (await timed.api.get(`/api/games/${g}`, alice)).body;
        assert.deepEqual([st.status, st.seats.map((x: { user: string | null }) => x.user !== null)], ['open', [true, false]], 'bob did not move: open again, alice seated');
        assert.deepEqual(st.clock.remaining, { north: 60_000, east: 60_000 }, 'the clock is new');
        const h = (await timed.api.post('/api/games', { game: TALLY, timeControl: tc }, alice)).body.id as string;
        await timed.api.post(`/api/games/${h}/seats`, { role: 'north' }, alice);
        await timed.api.post(`/api/games/${h}/seats`, { role: 'east' }, bob);
        t += 30_001;
        st = (await timed.api.get(`/api/games/${h}`, bob)).body;
        assert.deepEqual([st.status, st.outcome], ['finished', { winners: [], reason: 'aborted', by: 'north' }], 'the creator did not move: it ends');
      } finally {
        await timed.server.close();
      }
    });

    it('playing: 403 not your seat / turn, 409 stale, 422 illegal, 400 malformed; undo; resign; replay', async () => {
      const { id } = await seated(api, TALLY, [alice, bob]);
      let g = (await api.get(`/api/games/${id}`, alice)).body;
      assert.equal(g.role, 'north');
      assert.equal(g.yourTurn, true);
      assert.deepEqual(g.actions, [{ type: 'add', n: 1 }, { type: 'add', n: 2 }, { type: 'roll' }, { type: 'pass' }]);
      const v = g.version as number;
      assertError(await api.post(`/api/games/${id}/actions`, { version: v, action: { type: 'pass' } }), 401, 'unauthorized');
      assertError(await api.post(`/api/games/${id}/actions`, { version: v, action: { type: 'pass' } }, carol), 403, 'not-your-seat');
      assertError(await api.post(`/api/games/${id}/actions`, { version: v, action: { type: 'pass' } }, bob), 403, 'not-your-turn');
      assertError(await api.post(`/api/games/${id}/actions`, { version: v, action: { type: 'pass' }, role: 'east' }, alice), 403, 'not-your-seat');
      assertError(await api.post(`/api/games/${id}/actions`, { version: v - 1, action: { type: 'pass' } }, alice), 409, 'stale-version');
      assertError(await api.post(`/api/games/${id}/actions`, { version: v, action: { type: 'add', n: 3 } }, alice), 422, 'illegal-action');
      assertError(await api.post(`/api/games/${id}/actions`, { version: v, action: 'pass' }, alice), 422, 'illegal-action');
      assertError(await api.post(`/api/games/${id}/actions`, { version: v }, alice), 400, 'bad-request');
      assertError(await api.post(`/api/games/${id}/actions`, { action: { type: 'pass' } }, alice), 400, 'bad-request');
      assertError(await api.post(`/api/games/${id}/actions`, '{"version": 1, "action": ', alice), 400, 'bad-json');
      assertError(await api.post('/api/games/nonexistent1/actions', { version: 1, action: {} }, alice), 404, 'game-not-found');
      assertError(await api.post(`/api/games/${id}/undo`, { version: v }, alice), 422, 'nothing-to-undo');
      // Two undoable adds, then undo one.
      g = (await api.post(`/api/games/${id}/actions`, { version: v, action: { n: 1, type: 'add' } }, alice)).body;
      assert.equal(g.version, v + 1);
      assert.equal(g.undo, 1);
      g = (await api.post(`/api/games/${id}/actions`, { version: g.version, action: { type: 'add', n: 2 } }, alice)).body;
      assert.equal(g.undo, 2);
      assert.deepEqual((g.view as { tally: number[] }).tally, [3, 0]);
      const bobView = (await api.get(`/api/games/${id}`, bob)).body;
      assert.equal(bobView.undo, 0);
      assertError(await api.post(`/api/games/${id}/undo`, { version: g.version }, bob), 422, 'nothing-to-undo');
      assertError(await api.post(`/api/games/${id}/undo`, { version: g.version }, carol), 403, 'not-your-seat');
      assertError(await api.post(`/api/games/${id}/undo`, { version: g.version - 1 }, alice), 409, 'stale-version');
      g = (await api.post(`/api/games/${id}/undo`, { version: g.version }, alice)).body;
      assert.deepEqual((g.view as { tally: number[] }).tally, [1, 0]);
      assert.equal(g.undo, 1);
      assert.equal(g.log.length, 1);
      // Rolling is random: no undo past it.
      g = (await api.post(`/api/games/${id}/actions`, { version: g.version, action: { type: 'roll' } }, alice)).body;
      assert.equal(g.undo, 0);
      assert.equal(g.yourTurn, false);
      const logs = (await api.get(`/api/games/${id}`, bob)).body.log as { seq: number; role: string; key: string; args?: { mine?: boolean } }[];
      assert.deepEqual(logs.map((l) => [l.seq, l.role, l.key]), [[0, 'north', 'tally.added'], [1, 'north', 'tally.rolled']]);
      assert.equal(logs[0]!.args!.mine, false, 'log lines are described for the viewer');
      // The lobby puts bob's turn first for bob.
      const lobby = (await api.get('/api/games?status=active', bob)).body.games as { id: string; yourTurn: boolean }[];
      assert.equal(lobby[0]!.yourTurn, true);
      assert.ok(lobby.findIndex((x) => x.id === id) < (lobby.findIndex((x) => !x.yourTurn) === -1 ? Infinity : lobby.findIndex((x) => !x.yourTurn)));
      assertError(await api.get(`/api/games/${id}/replay`), 409, 'game-not-finished');
      assertError(await api.post(`/api/games/${id}/resign`, {}, carol), 403, 'not-your-seat');
      const res = await api.post(`/api/games/${id}/resign`, {}, bob);
      assert.equal(res.status, 200);
      assert.equal(res.body.status, 'finished');
      assert.deepEqual(res.body.outcome, { winners: ['north'], reason: 'resigned', by: 'east', unrated: true }, 'east never acted: unrated');
      assertError(await api.post(`/api/games/${id}/actions`, { version: res.body.version, action: { type: 'pass' } }, alice), 409, 'game-not-active');
      assertError(await api.post(`/api/games/${id}/resign`, {}, alice), 409, 'game-not-active');
      const rep = await api.get(`/api/games/${id}/replay`);
      assert.equal(rep.status, 200);
      assert.deepEqual(Object.keys(rep.body).sort(), ['actions', 'game', 'options', 'seed']);
      assert.deepEqual(rep.body.actions, [{ role: 'north', action: { type: 'add', n: 1 } }, { role: 'north', action: { type: 'roll' } }]);
      const state = replay(getGame(TALLY)!, rep.body);
      assert.deepEqual(g.view, getGame(TALLY)!.view(state, 'north'));
      const fin = (await api.get('/api/games?status=finished&mine=true', alice)).body.games as { id: string }[];
      assert.ok(fin.some((x) => x.id === id));
      assertError(await api.get('/api/games?status=finished&mine=true'), 401, 'unauthorized');
    });

    it('spectators and other seats see only their own view', async () => {
      const { id } = await seated(api, TALLY, [alice, bob]);
      const spect = (await api.get(`/api/games/${id}`, carol)).body;
      assert.equal(spect.role, null);
      assert.deepEqual(spect.actions, []);
      assert.deepEqual((spect.view as { secrets: unknown[] }).secrets, [null, null]);
      const a = (await api.get(`/api/games/${id}`, alice)).body;
      const b = (await api.get(`/api/games/${id}`, bob)).body;
      assert.equal(a.view.secrets[1], null);
      assert.equal(b.view.secrets[0], null);
      assert.equal(typeof a.view.secrets[0], 'number');
      assertError(await api.get(`/api/games/${id}?role=east`, alice), 403, 'not-your-seat');
      assertError(await api.get(`/api/games/${id}?role=east`), 403, 'not-your-seat');
    });

    it('live: each viewer gets its own view on every change; reconnecting gets the current state', async () => {
      const { id } = await seated(api, TALLY, [alice, bob]);
      const la = await Live.open(run.base, id, alice);
      const lb = await Live.open(run.base, id, bob);
      const ls = await Live.open(run.base, id);
      const first = await la.next((m) => m.type === 'state');
      await lb.next((m) => m.type === 'state');
      await ls.next((m) => m.type === 'state');
      assert.equal(first.role, 'north');
      la.send({ type: 'action', ref: 1, version: first.version, action: { type: 'add', n: 2 } });
      const ack = await la.next((m) => m.type === 'ack');
      assert.deepEqual(ack, { type: 'ack', ref: 1, version: first.version + 1 });
      const pb = await lb.next((m) => m.type === 'state' && m.version === first.version + 1);
      const ps = await ls.next((m) => m.type === 'state' && m.version === first.version + 1);
      assert.deepEqual(pb.view.tally, [2, 0]);
      assert.equal(pb.view.secrets[0], null);
      assert.equal(typeof pb.view.secrets[1], 'number');
      assert.deepEqual(ps.view.secrets, [null, null]);
      assert.deepEqual(ps.actions, []);
      // Errors come back over the socket with the HTTP status and code.
      lb.send({ type: 'action', ref: 'x', version: pb.version, action: { type: 'pass' } });
      const err = await lb.next((m) => m.type === 'error');
      assert.equal(err.status, 403);
      assert.equal(err.error.code, 'not-your-turn');
      lb.ws.send('not json');
      assert.equal((await lb.next((m) => m.type === 'error')).error.code, 'bad-json');
      // A move over HTTP reaches the sockets too.
      await api.post(`/api/games/${id}/actions`, { version: pb.version, action: { type: 'pass' } }, alice);
      assert.equal((await lb.next((m) => m.type === 'state' && m.version === pb.version + 1)).yourTurn, true);
      lb.close();
      const again = await Live.open(run.base, id, bob);
      const cur = await again.next((m) => m.type === 'state');
      assert.equal(cur.version, pb.version + 1);
      assert.deepEqual(cur.actions.length, 4);
      again.close();
      // Asking for someone else's seat is refused.
      const bad = await Live.open(run.base, id, bob, 'north');
      assert.equal((await bad.next((m) => m.type === 'error')).error.code, 'not-your-seat');
      la.close();
      ls.close();
      const noGame = await Live.open(run.base, 'nonexistent1');
      assert.equal((await noGame.next((m) => m.type === 'error')).error.code, 'game-not-found');
      const plain = await api.get(`/api/games/${id}/live`);
      assertError(plain, 426, 'upgrade-required');
    });

    it('bot seats play off the request path until the game ends', async () => {
      const id = (await api.post('/api/games', { game: TALLY, scenario: 'short' }, alice)).body.id as string;
      await api.post(`/api/games/${id}/seats`, { role: 'north', bot: 'random' }, alice);
      const r = await api.post(`/api/games/${id}/seats`, { role: 'east', bot: 'random' }, alice);
      assert.equal(r.status, 200);
      assert.deepEqual(r.body.seats.map((s: { bot: string }) => s.bot), ['random', 'random']);
      let g = r.body;
      const deadline = Date.now() + 15_000;
      while (g.status !== 'finished' && Date.now() < deadline) {
        await sleep(50);
        g = (await api.get(`/api/games/${id}`)).body;
      }
      assert.equal(g.status, 'finished');
      assert.ok(g.outcome.winners.length >= 1);
      // A human against a bot: the bot answers each move.
      const h = (await api.post('/api/games', { game: TALLY, scenario: 'short' }, alice)).body.id as string;
      await api.post(`/api/games/${h}/seats`, { role: 'north' }, alice);
      await api.post(`/api/games/${h}/seats`, { role: 'east', bot: 'random' }, alice);
      const live = await Live.open(run.base, h, alice);
      const s0 = await live.next((m) => m.type === 'state');
      live.send({ type: 'action', version: s0.version, action: { type: 'pass' } });
      const back = await live.next((m) => m.type === 'state' && (m.yourTurn === true || m.status === 'finished'), 10_000);
      assert.ok(back.log.some((l: { role: string }) => l.role === 'east'), 'the bot moved');
      live.close();
    });

    for (const game of [...listGames().filter((x) => x.id !== TALLY), getGame(TALLY)!]) {
      it(`a full game of ${game.id}, random legal moves by two accounts; views match the engine`, async () => {
        const { id, tokenOf } = await seated(api, game.id, [alice, bob]);
        const n = await playToEnd(api, id, tokenOf, `${label}:${game.id}`, 6000);
        assert.ok(n > 0);
        await checkViews(api, game, id, tokenOf);
        const rep = (await api.get(`/api/games/${id}/replay`)).body;
        assert.equal(rep.actions.length, n);
        assert.ok(isDeepStrictEqual(rep.game, game.id));
      });
    }
    // Last: the short-lived server sweeps every session older than its TTL from the shared database.
    it('sessions expire sessionTtlMs after sign-in, over HTTP and WebSocket; signing in again works', async () => {
      const short = await startServer(dbUrl, { sessionTtlMs: 1500 });
      try {
        const name = uniqueName('ttl');
        const t = await short.api.signUp(name, 'correct horse 1234');
        assert.equal((await short.api.get('/api/me', t)).status, 200);
        const g = await short.api.post('/api/games', { game: TALLY }, t);
        assert.equal(g.status, 201);
        await sleep(1700);
        assertError(await short.api.get('/api/me', t), 401, 'unauthorized');
        assertError(await short.api.post('/api/games', { game: TALLY }, t), 401);
        const live = await Live.open(short.base, g.body.id as string, t);
        const m = await live.next();
        live.close();
        assert.equal(m.type, 'error');
        assert.equal(m.status, 401);
        const again = await short.api.post('/api/sessions', { name, password: 'correct horse 1234' });
        assert.equal(again.status, 201);
        assert.equal((await short.api.get('/api/me', again.body.token as string)).status, 200);
        // The default server (30 days) still accepts a token created now.
        assert.equal((await api.get('/api/me', again.body.token as string)).status, 200);
      } finally {
        await short.server.close();
      }
    });

    it('live sockets are capped per account and per anonymous IP (429 too-many-sockets); closing one frees a slot', async () => {
      const capped = await startServer(dbUrl, { socketsPerOwner: 2 });
      const open: Live[] = [];
      try {
        const t = await capped.api.signUp(uniqueName('cap'), 'correct horse 1234');
        const id = (await capped.api.post('/api/games', { game: TALLY }, t)).body.id as string;
        for (const who of [t, null]) {
          const batch: Live[] = [];
          for (let i = 0; i < 2; i++) {
            const l = await Live.open(capped.base, id, who);
            assert.equal((await l.next()).type, 'state');
            batch.push(l);
          }
          const extra = await Live.open(capped.base, id, who);
          const m = await extra.next();
          assert.equal(m.type, 'error', JSON.stringify(m));
          assert.equal(m.status, 429);
          assert.equal(m.error.code, 'too-many-sockets');
          extra.close();
          batch[0]!.close();
          await sleep(100);
          const again = await Live.open(capped.base, id, who);
          assert.equal((await again.next()).type, 'state');
          open.push(again, batch[1]!);
        }
      } finally {
        for (const l of open) l.close();
        await capped.server.close();
      }
    });

  });
}
