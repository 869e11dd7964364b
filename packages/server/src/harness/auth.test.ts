/** Authorization: nobody acts for another seat, reads another seat's view or undoes another's move; secrets are stored hashed. */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Live } from './client.js';
import { startServer, uniqueName, type Running } from './fixtures.js';
import { TALLY } from './testgame.js';

describe('authorization', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tabula-auth-'));
  let run: Running;
  let alice: string, bob: string, mallory: string, id: string, aliceName: string;

  before(async () => {
    run = await startServer(`sqlite:${join(dir, 'auth.db')}`);
    aliceName = uniqueName('alice');
    [alice, bob, mallory] = await Promise.all([run.api.signUp(aliceName, 'alice-quiet-password'), run.api.signUp(uniqueName('bob')), run.api.signUp(uniqueName('mallory'))]);
    id = (await run.api.post('/api/games', { game: TALLY }, alice)).body.id as string;
    await run.api.post(`/api/games/${id}/seats`, { role: 'north' }, alice);
    await run.api.post(`/api/games/${id}/seats`, { role: 'east' }, bob);
  });
  after(async () => {
    await run?.server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('nobody can act for another seat', async () => {
    const g = (await run.api.get(`/api/games/${id}`, alice)).body;
    for (const [token, role] of [[bob, 'north'], [mallory, 'north'], [mallory, undefined], [bob, undefined]] as const) {
      const r = await run.api.post(`/api/games/${id}/actions`, { version: g.version, action: { type: 'pass' }, ...(role ? { role } : {}) }, token);
      assert.equal(r.status, 403, JSON.stringify(r.body));
    }
    const live = await Live.open(run.base, id, mallory);
    await live.next((m) => m.type === 'state');
    live.send({ type: 'action', version: g.version, action: { type: 'pass' }, role: 'north' });
    assert.equal((await live.next((m) => m.type === 'error')).status, 403);
    live.close();
    const after = (await run.api.get(`/api/games/${id}`, alice)).body;
    assert.equal(after.version, g.version, 'nothing was applied');
  });

  it("nobody can read another seat's view", async () => {
    const mine = (await run.api.get(`/api/games/${id}`, alice)).body;
    assert.equal(typeof mine.view.secrets[0], 'number');
    for (const token of [bob, mallory, null]) {
      const r = await run.api.get(`/api/games/${id}?role=north`, token);
      assert.equal(r.status, 403);
      const plain = (await run.api.get(`/api/games/${id}`, token)).body;
      assert.equal(plain.view.secrets[0], null);
      assert.deepEqual(plain.actions, []);
    }
    const spy = await Live.open(run.base, id, mallory, 'north');
    assert.equal((await spy.next((m) => m.type === 'error')).error.code, 'not-your-seat');
    const anon = await Live.open(run.base, id);
    const s = await anon.next((m) => m.type === 'state');
    assert.deepEqual(s.view.secrets, [null, null]);
    anon.close();
    // The replay (which names the seed) is closed until the end.
    assert.equal((await run.api.get(`/api/games/${id}/replay`, alice)).status, 409);
  });

  it("nobody can undo another's move", async () => {
    let g = (await run.api.get(`/api/games/${id}`, alice)).body;
    g = (await run.api.post(`/api/games/${id}/actions`, { version: g.version, action: { type: 'add', n: 1 } }, alice)).body;
    assert.equal(g.undo, 1);
    assert.equal((await run.api.post(`/api/games/${id}/undo`, { version: g.version }, bob)).body.error.code, 'nothing-to-undo');
    assert.equal((await run.api.post(`/api/games/${id}/undo`, { version: g.version, role: 'north' }, bob)).status, 403);
    assert.equal((await run.api.post(`/api/games/${id}/undo`, { version: g.version }, mallory)).status, 403);
    assert.equal((await run.api.post(`/api/games/${id}/undo`, { version: g.version })).status, 401);
    assert.equal((await run.api.get(`/api/games/${id}`, alice)).body.log.length, 1, 'the move stands');
  });

  it('passwords and tokens are stored only as hashes', async () => {
    const db = new Database(join(dir, 'auth.db'), { readonly: true });
    const u = db.prepare('SELECT pass_hash FROM users WHERE name = ?').get(aliceName) as { pass_hash: string };
    assert.match(u.pass_hash, /^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/);
    assert.ok(!u.pass_hash.includes('alice-quiet-password'));
    const tokens = db.prepare('SELECT token_hash FROM sessions').all() as { token_hash: string }[];
    assert.ok(tokens.length >= 3);
    assert.ok(!tokens.some((t) => t.token_hash === alice));
    db.close();
    // Nor does the raw database file contain them.
    for (const f of readdirSync(dir)) {
      const raw = readFileSync(join(dir, f));
      assert.ok(!raw.includes('alice-quiet-password'), f);
      assert.ok(!raw.includes(alice), f);
    }
  });

  it('rate limits answer 429 with the error shape', async () => {
    const limited = await startServer('sqlite::memory:', { rateLimits: { accounts: 3, sessions: 3, actions: 3 } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await limited.api.post('/api/accounts', { name: uniqueName('rl'), password: 'long-enough' })).status);
      assert.deepEqual(codes, [201, 201, 201, 429, 429]);
      const r = await limited.api.post('/api/sessions', { name: 'nobody', password: 'x' });
      assert.equal(r.status, 401);
      for (let i = 0; i < 3; i++) await limited.api.post('/api/sessions', { name: 'nobody', password: 'x' });
      const last = await limited.api.post('/api/sessions', { name: 'nobody', password: 'x' });
      assert.equal(last.status, 429);
      assert.equal(last.body.error.code, 'rate-limited');
    } finally {
      await limited.server.close();
    }
  });
});
