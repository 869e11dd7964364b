/** Adversarial review: accounts, sessions and sockets. */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { Api, Live } from './harness/client.js';
import { startServer, uniqueName, type Running } from './harness/fixtures.js';
import { assertError } from './harness/adversary-support.js';


describe('adversary: accounts', () => {
  let run: Running;
  before(async () => {
    run = await startServer('sqlite::memory:', { rateLimits: false });
  });
  after(async () => { await run?.server.close(); });

  it('names collide ignoring case and Unicode compatibility forms', async () => {
    const api = run.api;
    const base = `Kim${uniqueName('').slice(0, 20)}`;
    assert.equal((await api.post('/api/accounts', { name: base, password: 'correct horse 123' })).status, 201);
    const fullwidth = [...base].map((c) => (/[A-Za-z0-9]/.test(c) ? String.fromCodePoint(c.codePointAt(0)! + 0xfee0) : c)).join('');
    for (const n of [base.toLowerCase(), base.toUpperCase(), fullwidth, `\u212aim${base.slice(3)}`]) {
      assertError(await api.post('/api/accounts', { name: n, password: 'correct horse 123' }), 409, 'name-taken', n);
    }
    // Sign-in ignores case too (it is the same account), with the account's own spelling back.
    const r = await api.post('/api/sessions', { name: base.toUpperCase(), password: 'correct horse 123' });
    assert.equal(r.status, 201);
    assert.equal(r.body.name, base);
  });

  it('password length extremes', async () => {
    const api = run.api;
    for (const password of ['', 'short', '123456789', ' '.repeat(9)]) assertError(await api.post('/api/accounts', { name: uniqueName('pw'), password }), 422, 'weak-password', `"${password}"`);
    assertError(await api.post('/api/accounts', { name: uniqueName('pw'), password: 'x'.repeat(1025) }), 400, 'bad-request', '1025');
    assertError(await api.post('/api/accounts', { name: uniqueName('pw') }), 400, 'bad-request', 'no password');
    for (const password of ['correct horse 1234', `correct horse ${'x'.repeat(1000)}`, '\u{1F600}\u{1F3B2}\u{1F0CF}\u{1F40E}\u{1F3F0}'.repeat(2), 'p\u00e4ssw\u00f6rd kl\u00fcger']) {
      const name = uniqueName('pw');
      assert.equal((await api.post('/api/accounts', { name, password })).status, 201, `${password.length}`);
      assert.equal((await api.post('/api/sessions', { name, password })).status, 201);
      assertError(await api.post('/api/sessions', { name, password: password.slice(0, -1) }), 401, 'bad-credentials', 'prefix');
    }
    assertError(await api.post('/api/sessions', { name: uniqueName('pw'), password: 'x'.repeat(1025) }), 400, 'bad-request', 'long sign-in');
  });

  it('rate limits on sign-up, sign-in and actions', async () => {
    const small = await startServer('sqlite::memory:', { rateLimits: { accounts: 3, sessions: 3, actions: 3 } });
    try {
      const api: Api = small.api;
      const names = [uniqueName('rl'), uniqueName('rl'), uniqueName('rl')];
      const tokens = [];
      for (const n of names) tokens.push(await api.signUp(n, 'correct horse 123'));
      assertError(await api.post('/api/accounts', { name: uniqueName('rl'), password: 'correct horse 123' }), 429, 'rate-limited', '4th sign-up');
      for (let i = 0; i < 3; i++) assert.equal((await api.post('/api/sessions', { name: names[0], password: i === 0 ? 'correct horse 123' : 'wrong password' })).status, i === 0 ? 201 : 401);
      assertError(await api.post('/api/sessions', { name: names[0], password: 'correct horse 123' }), 429, 'rate-limited', '4th sign-in');
      const t = tokens[0]!;
      for (let i = 0; i < 3; i++) assert.ok((await api.post('/api/games/none/actions', { version: 0, action: {} }, t)).status < 429);
      assertError(await api.post('/api/games/none/actions', { version: 0, action: {} }, t), 429, 'rate-limited', '4th action');
      // Undos spend the same budget as actions.
      assertError(await api.post('/api/games/none/undo', { version: 0 }, t), 429, 'rate-limited', 'undo after 3 actions');
      // Varying the header spelling does not reset the count.
      assertError(await api.req('POST', '/api/games/none/actions', { version: 0, action: {} }, null, { authorization: `bearer   ${t}` }), 429, 'rate-limited', 'respelled header');
      // Another account has its own count.
      assert.ok((await api.post('/api/games/none/actions', { version: 0, action: {} }, tokens[1])).status < 429);
      for (let i = 0; i < 2; i++) assert.ok((await api.post('/api/games/none/undo', { version: 0 }, tokens[1])).status < 429);
      assertError(await api.post('/api/games/none/undo', { version: 0 }, tokens[1]), 429, 'rate-limited', 'undo after 1 action and 2 undos');
      // The same account's moves over a socket count against the same limit.
      const t2 = tokens[2]!;
      const gid = (await api.post('/api/games', { game: 'carcassonne' }, t2)).body.id as string;
      await api.post(`/api/games/${gid}/seats`, { role: 'red' }, t2);
      await api.post(`/api/games/${gid}/seats`, { role: 'blue' }, tokens[1]);
      assert.ok((await api.post('/api/games/none/actions', { version: 0, action: {} }, t2)).status < 429);
      assert.ok((await api.post('/api/games/none/actions', { version: 0, action: {} }, t2)).status < 429);
      const live = await Live.open(small.base, gid, t2);
      await live.next((m) => m.type === 'state');
      for (let i = 0; i < 8; i++) live.send({ type: 'action', version: 0, action: {}, ref: i });
      // Replies may come out of order (a refusal is quicker than a checked move): wait for all eight.
      for (let i = 0; i < 100 && live.messages.filter((m) => typeof m.ref === 'number').length < 8; i++) await new Promise((r) => setTimeout(r, 20));
      const replies = live.messages.filter((m) => typeof m.ref === 'number');
      live.close();
      assert.equal(replies.length, 8);
      assert.equal(replies.filter((m) => m.status !== 429).length, 1, `8 socket actions after 2 HTTP ones, with a limit of 3 a minute: ${replies.map((m) => m.status).join(',')}`);
    } finally {
      await small.server.close();
    }
  });
});

describe('adversary: sessions and sockets', () => {
  let run: Running;
  let alice: string, bob: string, id: string;
  before(async () => {
    run = await startServer('sqlite::memory:', { rateLimits: false });
    [alice, bob] = await Promise.all([run.api.signUp(uniqueName('sa')), run.api.signUp(uniqueName('sb'))]);
    id = (await run.api.post('/api/games', { game: 'carcassonne' }, alice)).body.id as string;
    await run.api.post(`/api/games/${id}/seats`, { role: 'red' }, alice);
    await run.api.post(`/api/games/${id}/seats`, { role: 'blue' }, bob);
  });
  after(async () => { await run?.server.close(); });

  it('sockets refuse unknown games, bad tokens and duplicated role parameters', async () => {
    for (const [gid, t] of [['nosuchgame', alice], [id, 'forged-token'], [id, 'A'.repeat(150)]] as const) {
      const live = await Live.open(run.base, gid, t);
      const m = await live.next();
      assert.equal(m.type, 'error');
      assert.ok(m.status === 401 || m.status === 404, JSON.stringify(m));
      assert.ok(!('view' in m));
    }
    for (const q of ['role=red&role=blue', 'role[]=red', 'role=blue&role=red']) {
      const r = await run.api.get(`/api/games/${id}?${q}`, alice);
      assert.ok(r.status === 400 || r.status === 403 || (r.status === 200 && r.body.role === 'red'), `${q}: ${r.status} ${r.body.role}`);
      if (r.status === 200) assert.equal(r.body.view.viewer ?? 'red', 'red');
    }
  });

  it('a signed-out token can no longer act over a socket opened before', async () => {
    const name = uniqueName('so');
    const t = await run.api.signUp(name, 'correct horse 1234');
    const gid = (await run.api.post('/api/games', { game: 'carcassonne' }, t)).body.id as string;
    await run.api.post(`/api/games/${gid}/seats`, { role: 'red' }, t);
    await run.api.post(`/api/games/${gid}/seats`, { role: 'blue' }, bob);
    const live = await Live.open(run.base, gid, t);
    const st = await live.next((m) => m.type === 'state');
    assert.equal(st.yourTurn, true);
    assert.equal((await run.api.req('DELETE', '/api/sessions', undefined, t)).status, 204);
    live.send({ type: 'action', version: st.version, action: st.actions[0], ref: 'x' });
    const reply = await live.next((m) => m.ref === 'x' || m.type === 'error');
    live.close();
    assert.equal(reply.type, 'error', `a revoked token played: ${JSON.stringify(reply).slice(0, 200)}`);
    assert.equal((await run.api.get(`/api/games/${gid}`, bob)).body.version, st.version);
  });

  it('after sign-out, an open socket stops receiving that seat\'s view', async () => {
    const t = await run.api.signUp(uniqueName('so'), 'correct horse 1234');
    const gid = (await run.api.post('/api/games', { game: 'hacse', scenario: 'early' }, bob)).body.id as string;
    await run.api.post(`/api/games/${gid}/seats`, { role: 'axis' }, t);
    await run.api.post(`/api/games/${gid}/seats`, { role: 'allies' }, bob);
    const live = await Live.open(run.base, gid, t);
    const first = await live.next((m) => m.type === 'state');
    assert.equal(first.role, 'axis');
    assert.ok(Array.isArray(first.view.players.axis.hand), 'the seat sees its hand');
    assert.equal((await run.api.req('DELETE', '/api/sessions', undefined, t)).status, 204);
    const st = (await run.api.get(`/api/games/${gid}`, bob)).body;
    assert.equal(st.yourTurn, true);
    assert.equal((await run.api.post(`/api/games/${gid}/actions`, { version: st.version, action: st.actions[0] }, bob)).status, 200);
    await new Promise((r) => setTimeout(r, 300));
    live.close();
    const later = live.messages.filter((m) => m.type === 'state' && m.version > first.version);
    assert.deepEqual(later.filter((m) => m.role !== null).map((m) => ({ version: m.version, role: m.role, hand: m.view.players.axis.hand })), [], 'a signed-out socket still gets the seat view');
  });

  it('tokens sent in the query string (WebSockets) are not written to the server log (default logger at debug, which logs every request; own process)', async () => {
    const appUrl = new URL('./app.js', import.meta.url).href;
    const code = `import { createServer } from ${JSON.stringify(appUrl)};
      const s = await createServer({ db: 'sqlite::memory:', webDist: null, scrypt: { N: 1024, r: 8, p: 1 }, rateLimits: false, bots: { threads: 1 }, logLevel: 'debug' });
      const url = await s.listen(0, '127.0.0.1');
      process.stderr.write('LISTENING ' + url + '\\n');
      process.once('SIGTERM', () => { void s.close().finally(() => process.exit(0)); });`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '', err = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    try {
      const base = await new Promise<string>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`child did not start: ${err}`)), 20_000);
        child.stderr.on('data', (d: Buffer) => {
          err += d.toString();
          const m = /LISTENING (\S+)/.exec(err);
          if (m) { clearTimeout(t); resolve(m[1]!); }
        });
        child.once('exit', () => { clearTimeout(t); reject(new Error(`child exited: ${err}`)); });
      });
      const api = new Api(base);
      const t = await api.signUp(uniqueName('lg'));
      const gid = (await api.post('/api/games', { game: 'carcassonne' }, t)).body.id as string;
      const live = await Live.open(base, gid, t);
      await live.next((m) => m.type === 'state');
      live.close();
      await api.get(`/api/games/${gid}?token=${encodeURIComponent(t)}`);
      // Issue 19: query keys are percent-decoded, so `tok%65n` is `token`: redacted too.
      await api.get(`/api/me?tok%65n=${encodeURIComponent(t)}`);
      await api.get(`/api/games/${gid}/live?%74oken=${encodeURIComponent(t)}`);
      await api.get(`/api/me`, t);
      await new Promise((r) => setTimeout(r, 300));
      assert.ok(out.includes('/live?token='), `the request log has the socket url: ${out.slice(0, 300)}`);
      const leaked = out.split('\n').filter((l) => l.includes(t));
      assert.deepEqual(leaked.map((l) => l.slice(0, 200)), []);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('undo and resign of a finished game, and resign of an open game: 409', async () => {
    const api = run.api;
    const open = (await api.post('/api/games', { game: 'carcassonne' }, alice)).body.id as string;
    await api.post(`/api/games/${open}/seats`, { role: 'red' }, alice);
    assertError(await api.post(`/api/games/${open}/resign`, {}, alice), 409, 'game-not-active', 'resign an open game');
    assertError(await api.post(`/api/games/${open}/actions`, { version: 0, action: {} }, alice), 409, undefined, 'act in an open game');
    const gid = (await api.post('/api/games', { game: 'carcassonne' }, alice)).body.id as string;
    await api.post(`/api/games/${gid}/seats`, { role: 'red' }, alice);
    await api.post(`/api/games/${gid}/seats`, { role: 'blue' }, bob);
    let st = (await api.get(`/api/games/${gid}`, alice)).body;
    st = (await api.post(`/api/games/${gid}/actions`, { version: st.version, action: st.actions[0] }, alice)).body;
    const fin = (await api.post(`/api/games/${gid}/resign`, {}, bob)).body;
    assert.equal(fin.status, 'finished');
    assertError(await api.post(`/api/games/${gid}/undo`, { version: fin.version }, alice), 409, 'game-not-active', 'undo after the end');
    assertError(await api.post(`/api/games/${gid}/resign`, {}, alice), 409, 'game-not-active', 'resign after the end');
    assertError(await api.post(`/api/games/${gid}/actions`, { version: fin.version, action: st.actions[0] ?? {} }, alice), 409, 'game-not-active', 'act after the end');
    assert.deepEqual((await api.get(`/api/games/${gid}`, alice)).body.outcome, fin.outcome);
  });
});
