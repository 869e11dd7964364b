/** Two server processes sharing PostgreSQL, fanning out through Redis. */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Api, Live } from './client.js';
import { startPostgres, startRedis, type Service } from './services.js';
import { spawnServer, type Child } from './processes.js';
import { uniqueName } from './fixtures.js';
import { TALLY } from './testgame.js';
import { Redis } from 'ioredis';
import { FREE_FAILED_SIGN_INS } from '@tabula/protocol';
import { RedisCounters } from '../throttle.js';
import { SignInGuard } from '../accounts/signin-guard.js';

describe('two processes + PostgreSQL + Redis', () => {
  let pg: Service, redis: Service, a: Child, b: Child;
  let A: Api, B: Api;
  let alice: string, bob: string;

  before(async () => {
    [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
    const env = { TABULA_DB: pg.url, TABULA_REDIS: redis.url };
    a = await spawnServer(env);
    b = await spawnServer(env); // migrations already applied: runs none
    A = new Api(a.url);
    B = new Api(b.url);
    alice = await A.signUp(uniqueName('alice'));
    bob = await B.signUp(uniqueName('bob'));
  });
  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await Promise.all([pg?.stop(), redis?.stop()]);
  });

  async function newGame(): Promise<string> {
    const id = (await A.post('/api/games', { game: TALLY, variants: { target: 1000 } }, alice)).body.id as string;
    assert.equal((await B.post(`/api/games/${id}/seats`, { role: 'north' }, alice)).status, 200);
    assert.equal((await A.post(`/api/games/${id}/seats`, { role: 'east' }, bob)).status, 200);
    return id;
  }

  it('a token from one process works on the other; updates cross processes both ways', async () => {
    assert.equal((await B.get('/api/me', alice)).status, 200);
    const id = await newGame();
    const onB = await Live.open(b.url, id, bob);
    const onA = await Live.open(a.url, id, alice);
    const s0 = await onB.next((m) => m.type === 'state');
    await onA.next((m) => m.type === 'state');
    // alice moves through A; bob's socket on B hears it.
    const r = await A.post(`/api/games/${id}/actions`, { version: s0.version, action: { type: 'add', n: 2 } }, alice);
    assert.equal(r.status, 200);
    const seen = await onB.next((m) => m.type === 'state' && m.version === s0.version + 1, 5000);
    assert.deepEqual(seen.view.tally, [2, 0]);
    assert.equal(seen.view.secrets[0], null, 'bob still sees only his own secret');
    // alice passes through B's socket... via HTTP on B; alice's socket on A hears it.
    await B.post(`/api/games/${id}/actions`, { version: seen.version, action: { type: 'pass' } }, alice);
    const turn = await onB.next((m) => m.type === 'state' && m.version === seen.version + 1, 5000);
    assert.equal(turn.yourTurn, true);
    onB.send({ type: 'action', ref: 7, version: turn.version, action: { type: 'add', n: 1 } });
    assert.equal((await onB.next((m) => m.type === 'ack')).ref, 7);
    const onAseen = await onA.next((m) => m.type === 'state' && m.version === turn.version + 1, 5000);
    assert.deepEqual(onAseen.view.tally, [2, 1]);
    onA.close();
    onB.close();
  });

  it('issue 19: the throttle counters (creation, failed sign-ins) live in Redis, shared by every process, and expire', async () => {
    const c1 = new Redis(redis.url), c2 = new Redis(redis.url);
    try {
      const [p1, p2] = [new RedisCounters(c1), new RedisCounters(c2)];
      const key = uniqueName('ctr');
      assert.equal(await p1.incr(key, 300), 1);
      assert.equal(await p2.incr(key, 300), 2, 'the second process sees the first one\'s count');
      const guard = new SignInGuard(p2);
      for (let i = 0; i < FREE_FAILED_SIGN_INS; i++) await new SignInGuard(i % 2 ? p1 : p2).failed(`k${key}`, 'addr');
      await assert.rejects(guard.check(`k${key}`, 'other-addr'), /retry/);
      await new Promise((r) => setTimeout(r, 400));
      assert.equal(await p1.get(key), null, 'expired');
    } finally {
      c1.disconnect();
      c2.disconnect();
    }
  });

  it('issue 19: signing out on one process closes the token\'s socket on the other within a second; so does signing out everywhere', async () => {
    const name = uniqueName('out');
    const t = await A.signUp(name, 'correct horse 1234');
    const t2 = (await A.post('/api/sessions', { name, password: 'correct horse 1234' })).body.token as string;
    const id = (await A.post('/api/games', { game: TALLY, variants: { target: 1000 } }, t)).body.id as string;
    const onB = await Live.open(b.url, id, t);
    await onB.next((m) => m.type === 'state');
    const started = Date.now();
    assert.equal((await A.req('DELETE', '/api/sessions', undefined, t)).status, 204);
    for (let i = 0; i < 100 && onB.closedWith === null; i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal(onB.closedWith, 4401, 'closed as signed out');
    assert.ok(Date.now() - started < 1000, `${Date.now() - started} ms`);
    const onB2 = await Live.open(b.url, id, t2);
    await onB2.next((m) => m.type === 'state');
    assert.equal((await A.req('DELETE', '/api/sessions/all', undefined, t2)).status, 204);
    for (let i = 0; i < 100 && onB2.closedWith === null; i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal(onB2.closedWith, 4401, 'closed by sign-out everywhere');
  });

  it('20 concurrent submits of the same version from both processes: exactly one is applied, the rest get 409', async () => {
    const id = await newGame();
    for (let round = 0; round < 3; round++) {
      const g = (await A.get(`/api/games/${id}`, alice)).body;
      assert.equal(g.yourTurn, true);
      const before = g.log.length as number;
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? A : B).post(`/api/games/${id}/actions`, { version: g.version, action: { type: 'add', n: 1 } }, alice)));
      const codes = results.map((r) => r.status).sort();
      assert.equal(codes.filter((c) => c === 200).length, 1, `one applied: ${codes.join(',')}`);
      assert.equal(codes.filter((c) => c === 409).length, 19);
      for (const r of results) if (r.status === 409) assert.equal(r.body.error.code, 'stale-version');
      const after = (await B.get(`/api/games/${id}`, alice)).body;
      assert.equal(after.log.length, before + 1);
      assert.equal(after.version, g.version + 1);
    }
  });

  it('with Redis, rate limits count across processes (sign-ins per IP over HTTP, moves per account over WebSockets)', async () => {
    const env = { TABULA_DB: pg.url, TABULA_REDIS: redis.url, TABULA_RATE_LIMITS: '60,3,2' };
    const [c, d] = await Promise.all([spawnServer(env), spawnServer(env)]);
    try {
      const C = new Api(c.url), D = new Api(d.url);
      const name = uniqueName('rl');
      await C.signUp(name, 'correct horse 1234');
      const signIn = (api: Api): Promise<number> => api.post('/api/sessions', { name, password: 'correct horse 1234' }).then((r) => r.status);
      // The limit is 3 per minute in all; alone, each process would allow 3.
      assert.deepEqual([await signIn(C), await signIn(D), await signIn(C)], [201, 201, 201]);
      const fourth = await D.post('/api/sessions', { name, password: 'correct horse 1234' });
      assert.equal(fourth.status, 429, JSON.stringify(fourth.body));
      assert.equal(fourth.body.error.code, 'rate-limited');

      const carl = await C.signUp(uniqueName('carl'), 'correct horse 1234');
      const id = (await C.post('/api/games', { game: TALLY, variants: { target: 1000 } }, carl)).body.id as string;
      assert.equal((await C.post(`/api/games/${id}/seats`, { role: 'north' }, carl)).status, 200);
      assert.equal((await C.post(`/api/games/${id}/seats`, { role: 'east' }, alice)).status, 200);
      const onC = await Live.open(c.url, id, carl);
      const onD = await Live.open(d.url, id, carl);
      let v = (await onC.next((m) => m.type === 'state')).version as number;
      await onD.next((m) => m.type === 'state');
      const replies: string[] = [];
      for (const [k, sock] of [onC, onD, onC].entries()) {
        sock.send({ type: 'action', ref: k, version: v, action: { type: 'add', n: 1 } });
        const m = await sock.next((x) => x.ref === k);
        replies.push(m.type === 'ack' ? 'ack' : m.error.code);
        if (m.type === 'ack') v = m.version as number;
      }
      // 2 moves per minute in all: the third (on the first process, which has seen only one) is refused.
      assert.deepEqual(replies, ['ack', 'ack', 'rate-limited']);
      onC.close();
      onD.close();
    } finally {
      await Promise.all([c.stop(), d.stop()]);
    }
  });
});
