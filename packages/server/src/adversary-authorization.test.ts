/** Adversarial review: acting, undoing, resigning or sitting for someone else is refused with a 4xx and changes nothing. */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Live } from './harness/client.js';
import { startServer, uniqueName, type Running } from './harness/fixtures.js';
import { assertError, raw } from './harness/adversary-support.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

describe('adversary: authorization', () => {
  let run: Running;
  let alice: string, bob: string, mallory: string;
  before(async () => {
    run = await startServer('sqlite::memory:', { rateLimits: false });
    [alice, bob, mallory] = await Promise.all([run.api.signUp(uniqueName('alice')), run.api.signUp(uniqueName('bob')), run.api.signUp(uniqueName('mal'))]);
  });
  after(async () => { await run?.server.close(); });

  it('seats: no taking an occupied seat, no bots in others\' games or after the start', async () => {
    const api = run.api;
    const id = (await api.post('/api/games', { game: 'hammer-of-the-scots', scenario: 'braveheart' }, alice)).body.id as string;
    assert.equal((await api.post(`/api/games/${id}/seats`, { role: 'England' }, alice)).status, 200);
    assertError(await api.post(`/api/games/${id}/seats`, { role: 'England' }, mallory), 409, 'seat-taken', 'occupied seat');
    assertError(await api.post(`/api/games/${id}/seats`, { role: 'England', bot: 'random' }, alice), 409, 'seat-taken', 'bot on an occupied seat');
    assertError(await api.post(`/api/games/${id}/seats`, { role: 'Scotland', bot: 'random' }, mallory), 403, 'not-allowed', 'stranger seats a bot');
    assertError(await api.post(`/api/games/${id}/seats`, { role: 'Scotland', bot: 'no-such-bot' }, alice), 422, 'unknown-bot', 'unknown bot');
    assertError(await api.post(`/api/games/${id}/seats`, { role: 'Wales' }, bob), 422, 'unknown-role', 'unknown role');
    assertError(await api.post(`/api/games/${id}/seats`, { role: '__proto__' }, bob), 422, 'unknown-role', 'proto role');
    assertError(await api.post(`/api/games/${id}/seats`, { role: 'Scotland' }), 401, 'unauthorized', 'no token');
    assertError(await api.post(`/api/games/${id}/seats`, { role: 'Scotland' }, 'x'.repeat(43)), 401, 'unauthorized', 'forged token');
    assert.equal((await api.post(`/api/games/${id}/seats`, { role: 'Scotland' }, bob)).status, 200);
    const st = (await api.get(`/api/games/${id}`, alice)).body;
    assert.equal(st.status, 'active');
    for (const [t, role] of [[alice, 'Scotland'], [bob, 'England'], [mallory, 'Scotland']] as const) {
      // 409 (started), or 403 for a stranger (not the creator nor seated).
      assertError(await api.post(`/api/games/${id}/seats`, { role, bot: 'random' }, t), t === mallory ? null : 409, undefined, 'bot after the start');
      assertError(await api.post(`/api/games/${id}/seats`, { role }, t), 409, undefined, 'seat after the start');
    }
    const afterSt = (await api.get(`/api/games/${id}`, alice)).body;
    assert.deepEqual(afterSt.seats, st.seats);
    assert.equal(afterSt.version, st.version);
  });

  it('a bot\'s seat: nobody reads its view or plays for it, not even the game\'s creator', async () => {
    const api = run.api;
    const id = (await api.post('/api/games', { game: 'hacse', scenario: 'early' }, alice)).body.id as string;
    const cat = (await api.get('/api/catalog')).body as any[];
    const bot = cat.find((c) => c.id === 'hacse').bots[0] as string;
    assert.equal((await api.post(`/api/games/${id}/seats`, { role: 'axis' }, alice)).status, 200);
    assert.equal((await api.post(`/api/games/${id}/seats`, { role: 'allies', bot }, alice)).status, 200);
    assertError(await api.get(`/api/games/${id}?role=allies`, alice), 403, 'not-your-seat', 'creator reads the bot seat');
    const mine = (await api.get(`/api/games/${id}`, alice)).body;
    assert.equal(mine.role, 'axis');
    assert.equal(mine.view.players.allies.hand, null);
    assertError(await api.post(`/api/games/${id}/actions`, { version: mine.version, action: { type: 'end' }, role: 'allies' }, alice), 403, 'not-your-seat', 'play for the bot');
    assertError(await api.post(`/api/games/${id}/undo`, { version: mine.version, role: 'allies' }, alice), 403, 'not-your-seat', 'undo for the bot');
    assertError(await api.post(`/api/games/${id}/resign`, { role: 'allies' }, alice), 403, 'not-your-seat', 'resign for the bot');
    const spy = await Live.open(run.base, id, alice, 'allies');
    assert.equal((await spy.next()).error?.code, 'not-your-seat');
    await api.post(`/api/games/${id}/resign`, {}, alice);
  });

  it('undo restores exactly the earlier state for every viewer (nothing of the undone move lingers)', async () => {
    const api = run.api;
    for (const [game, roles] of [['hacse', ['axis', 'allies']], ['carcassonne', ['red', 'blue']], ['hammer-of-the-scots', ['England', 'Scotland']]] as const) {
      const id = (await api.post('/api/games', { game }, alice)).body.id as string;
      await api.post(`/api/games/${id}/seats`, { role: roles[0] }, alice);
      await api.post(`/api/games/${id}/seats`, { role: roles[1] }, bob);
      const viewers = [alice, bob, mallory, null];
      let undone = 0;
      for (let tries = 0; tries < 12 && undone < 2; tries++) {
        const before = await Promise.all(viewers.map(async (t) => (await api.get(`/api/games/${id}`, t)).body));
        const moverIdx = before[0].yourTurn ? 0 : 1;
        const st = before[moverIdx];
        if (st.status !== 'active' || !st.yourTurn) break;
        const mover = viewers[moverIdx];
        const r = await api.post(`/api/games/${id}/actions`, { version: st.version, action: st.actions[(tries * 7) % st.actions.length] }, mover);
        assert.equal(r.status, 200);
        if (r.body.undo === 0) continue;
        const u = await api.post(`/api/games/${id}/undo`, { version: r.body.version }, mover);
        assert.equal(u.status, 200, JSON.stringify(u.body).slice(0, 200));
        undone++;
        const afterUndo = await Promise.all(viewers.map(async (t) => (await api.get(`/api/games/${id}`, t)).body));
        for (let i = 0; i < viewers.length; i++) {
          for (const key of ['view', 'actions', 'log', 'active', 'role', 'status'] as const) {
            assert.deepEqual(afterUndo[i][key], before[i][key], `${game}: viewer ${i} ${key} after undo`);
          }
        }
        // Redo it (so the game moves on), then try the other seat.
        const again = await api.post(`/api/games/${id}/actions`, { version: afterUndo[moverIdx].version, action: st.actions[(tries * 7) % st.actions.length] }, mover);
        assert.equal(again.status, 200);
        assert.deepEqual(again.body.view, r.body.view, `${game}: the same move gives the same result after an undo (no re-roll)`);
      }
      assert.ok(undone > 0, `${game}: some move was undoable`);
      await api.post(`/api/games/${id}/resign`, {}, alice);
    }
  });

  it('resign, undo and reading views: only for your own seat', async () => {
    const api = run.api;
    const id = (await api.post('/api/games', { game: 'hacse', scenario: 'early' }, alice)).body.id as string;
    await api.post(`/api/games/${id}/seats`, { role: 'axis' }, alice);
    await api.post(`/api/games/${id}/seats`, { role: 'allies' }, bob);
    let st = (await api.get(`/api/games/${id}`, bob)).body;
    assert.equal(st.yourTurn, true, 'allies start');
    // An undoable move by allies, if any: try the non-random ones.
    const move = st.actions.find((x: any) => x.type === 'place') ?? st.actions[0];
    st = (await api.post(`/api/games/${id}/actions`, { version: st.version, action: move }, bob)).body;
    assertError(await api.post(`/api/games/${id}/undo`, { version: st.version }, alice), null, undefined, 'undo the other seat\'s move');
    assertError(await api.post(`/api/games/${id}/undo`, { version: st.version, role: 'allies' }, alice), 403, 'not-your-seat', 'undo as the other seat');
    assertError(await api.post(`/api/games/${id}/undo`, { version: st.version }, mallory), 403, 'not-your-seat', 'stranger undo');
    assertError(await api.post(`/api/games/${id}/resign`, { role: 'allies' }, alice), 403, 'not-your-seat', 'resign for the other seat');
    assertError(await api.post(`/api/games/${id}/resign`, {}, mallory), 403, 'not-your-seat', 'stranger resigns');
    assertError(await api.post(`/api/games/${id}/resign`, {}), 401, 'unauthorized', 'anonymous resign');
    assertError(await api.get(`/api/games/${id}?role=allies`, alice), 403, 'not-your-seat', 'read the other seat');
    assertError(await api.get(`/api/games/${id}?role=axis`, mallory), 403, 'not-your-seat', 'stranger reads a seat');
    assertError(await api.get(`/api/games/${id}?role=axis`), 403, 'not-your-seat', 'spectator reads a seat');
    const live = await Live.open(run.base, id, alice, 'allies');
    const m = await live.next();
    assert.equal(m.type, 'error');
    assert.equal(m.error.code, 'not-your-seat');
    assert.ok(!('view' in m));
    // The other seat's moves over the socket.
    const live2 = await Live.open(run.base, id, alice);
    const s2 = await live2.next((x) => x.type === 'state');
    assert.equal(s2.role, 'axis');
    assert.equal(s2.view.players.allies.hand, null);
    live2.send({ type: 'undo', version: st.version, role: 'allies', ref: 1 });
    assert.equal((await live2.next((x) => x.type === 'error')).status, 403);
    live2.send({ type: 'resign', role: 'allies', ref: 2 });
    assert.equal((await live2.next((x) => x.type === 'error')).status, 403);
    live2.close();
    const afterSt = (await api.get(`/api/games/${id}`, bob)).body;
    assert.equal(afterSt.version, st.version, 'nothing changed');
    assert.equal(afterSt.status, 'active');
  });

  it('tokens: signed out, of another user, forged, empty, overlong or malformed Authorization', async () => {
    const api = run.api;
    const name = uniqueName('out');
    const t = await api.signUp(name, 'correct horse 1234');
    assert.equal((await api.get('/api/me', t)).body.name, name);
    assert.equal((await api.req('DELETE', '/api/sessions', undefined, t)).status, 204);
    assertError(await api.get('/api/me', t), 401, 'unauthorized', 'signed-out token');
    assertError(await api.post('/api/games', { game: 'hacse' }, t), 401, 'unauthorized', 'signed-out token creates');
    assertError(await api.req('DELETE', '/api/sessions', undefined, t), 401, 'unauthorized', 'sign out twice');
    // Signing out one token leaves the others of that account alone, and never another user's.
    const t2 = (await api.post('/api/sessions', { name, password: 'correct horse 1234' })).body.token as string;
    assert.equal((await api.get('/api/me', t2)).status, 200);
    assert.equal((await api.get('/api/me', alice)).status, 200);
    for (const h of ['Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'Bearer a b', `Bearer ${'A'.repeat(201)}`, `Bearer ${'A'.repeat(8000)}`, `Bearer ${t2.slice(0, -1)}`, `Bearer ${t2}x`, 'Bearer \u00e9', 'Token abc', 'Bearer null', 'Bearer undefined']) {
      const r = await api.req('GET', '/api/me', undefined, null, { authorization: h });
      assert.equal(r.status, 401, `${h.slice(0, 30)}: ${r.status}`);
      assertError(r, 401, 'unauthorized', h.slice(0, 30));
    }
    // A header too big for the HTTP parser: still a 4xx, and the server lives on.
    const huge = await raw(api.base, 'GET', '/api/me', { authorization: `Bearer ${'A'.repeat(70_000)}` });
    assert.ok(huge.status >= 400 && huge.status < 500, String(huge.status));
    // The token as a query parameter is for WebSockets; a wrong one is 401 too.
    assertError(await api.get('/api/me?token=nope'), 401, 'unauthorized', 'bad query token');
    assert.equal((await api.get('/api/health')).status, 200);
  });
});
