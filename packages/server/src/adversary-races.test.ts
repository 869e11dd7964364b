/** Adversarial review: races and floods. */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Live } from './harness/client.js';
import { startServer, uniqueName, type Running } from './harness/fixtures.js';
import { assertError } from './harness/adversary-support.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

describe('adversary: races and floods', () => {
  let run: Running;
  before(async () => {
    run = await startServer('sqlite::memory:', { rateLimits: false });
  });
  after(async () => { await run?.server.close(); });

  it('racing sign-ups of one name (any case): exactly one account, the rest 409', async () => {
    const base = uniqueName('Race');
    const variants = [base, base.toLowerCase(), base.toUpperCase(), base, base.toLowerCase(), base];
    const rs = await Promise.all(variants.map((name) => run.api.post('/api/accounts', { name, password: 'correct horse 123' })));
    assert.deepEqual(rs.map((r) => r.status).sort(), [201, 409, 409, 409, 409, 409]);
    for (const r of rs) if (r.status === 409) assertError(r, 409, 'name-taken', 'race');
  });

  it('racing for one seat: exactly one player gets it', async () => {
    const tokens = await Promise.all(Array.from({ length: 6 }, () => run.api.signUp(uniqueName('seat'))));
    const id = (await run.api.post('/api/games', { game: 'hacse' }, tokens[0])).body.id as string;
    const rs = await Promise.all(tokens.map((t) => run.api.post(`/api/games/${id}/seats`, { role: 'axis' }, t)));
    assert.deepEqual(rs.map((r) => r.status).sort(), [200, 409, 409, 409, 409, 409]);
    const winner = tokens[rs.findIndex((r) => r.status === 200)];
    const rs2 = await Promise.all(tokens.map((t) => run.api.post(`/api/games/${id}/seats`, { role: 'allies' }, t)));
    assert.equal(rs2.filter((r) => r.status === 200).length, 1);
    const g = (await run.api.get(`/api/games/${id}`, winner)).body;
    assert.equal(g.status, 'active');
    assert.equal(g.seats.filter((s: any) => s.user !== null).length, 2);
  });

  it('a flood of socket messages is rate limited and the server keeps serving', async () => {
    const [a, b] = await Promise.all([run.api.signUp(uniqueName('fl')), run.api.signUp(uniqueName('fl'))]);
    const id = (await run.api.post('/api/games', { game: 'carcassonne' }, a)).body.id as string;
    await run.api.post(`/api/games/${id}/seats`, { role: 'red' }, a);
    await run.api.post(`/api/games/${id}/seats`, { role: 'blue' }, b);
    const live = await Live.open(run.base, id, a);
    await live.next((m) => m.type === 'state');
    for (let i = 0; i < 120; i++) live.send({ type: 'ping', ref: i });
    await live.next((m) => m.ref === 119 || (m.type === 'error' && m.status === 429 && live.messages.length > 100), 10_000).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 200));
    const limited = live.messages.filter((m) => m.type === 'error' && m.status === 429).length;
    live.close();
    assert.ok(limited > 0, 'no message was rate limited');
    assert.equal((await run.api.get(`/api/games/${id}`, a)).status, 200);
  });
});
