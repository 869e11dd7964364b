/** Hardening (issue 19): security headers, sessions that end, live socket bounds. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { MAX_PREAUTH_FRAMES } from '@tabula/protocol';
import { Live } from './harness/client.js';
import { startServer, uniqueName } from './harness/fixtures.js';
import { openStore } from './store/index.js';

 
import { PW, sleep, assertError } from './harness/hardening-support.js';

 

describe('issue 19: security headers', () => {
  it('the web page and the API carry a CSP (frame-ancestors none), nosniff, a referrer policy and frame denial', async () => {
    const web = mkdtempSync(join(tmpdir(), 'tabula-h-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>t</title>');
    const run = await startServer('sqlite::memory:', { webDist: web });
    try {
      for (const path of ['/', '/games/abc', '/api/health']) {
        const r = await fetch(run.base + path);
        const csp = r.headers.get('content-security-policy') ?? '';
        assert.match(csp, /frame-ancestors 'none'/, path);
        assert.match(csp, /default-src 'self'/, path);
        // No 'unsafe-inline': besides 'self' only the hashes of the accessibility-audit bundle (app.ts, auditScriptHashes).
        assert.match(csp, /script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*(;|$)/, `${path}: no inline scripts`);
        assert.doesNotMatch(csp, /unsafe-inline/, `${path}: no unsafe-inline`);
        assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/, path);
        assert.equal(r.headers.get('x-content-type-options'), 'nosniff', path);
        assert.equal(r.headers.get('referrer-policy'), 'no-referrer', path);
        assert.equal(r.headers.get('x-frame-options'), 'DENY', path);
      }
    } finally {
      await run.server.close();
    }
  });
});

describe('issue 19: sessions that end', () => {
  it('a session ends after its absolute lifetime, however much it is used', async () => {
    const run = await startServer('sqlite::memory:', { sessionTtlMs: 600 });
    try {
      const t = await run.api.signUp(uniqueName('abs'), PW);
      for (let i = 0; i < 3; i++) { assert.equal((await run.api.get('/api/me', t)).status, 200); await sleep(100); }
      await sleep(400);
      assertError(await run.api.get('/api/me', t), 401, 'unauthorized', 'past the absolute expiry');
    } finally {
      await run.server.close();
    }
  });

  it('a session ends when unused for the idle time, and each use renews it (sliding)', async () => {
    const run = await startServer('sqlite::memory:', { sessionIdleMs: 800 });
    try {
      const used = await run.api.signUp(uniqueName('idle'), PW);
      const unused = await run.api.signUp(uniqueName('idle'), PW);
      for (let i = 0; i < 6; i++) { await sleep(250); assert.equal((await run.api.get('/api/me', used)).status, 200, `use ${i}`); }
      assertError(await run.api.get('/api/me', unused), 401, 'unauthorized', 'idle for 1.5 s');
    } finally {
      await run.server.close();
    }
  });

  it('sign-out everywhere ends every session of the account and closes their sockets', async () => {
    const run = await startServer('sqlite::memory:');
    try {
      const name = uniqueName('all');
      const t1 = await run.api.signUp(name, PW);
      const t2 = (await run.api.post('/api/sessions', { name, password: PW })).body.token as string;
      const other = await run.api.signUp(uniqueName('other'), PW);
      const gid = (await run.api.post('/api/games', { game: 'carcassonne' }, t1)).body.id as string;
      const live = await Live.open(run.base, gid, t2);
      await live.next((m) => m.type === 'state');
      assert.equal((await run.api.req('DELETE', '/api/sessions/all', undefined, t1)).status, 204);
      for (const t of [t1, t2]) assertError(await run.api.get('/api/me', t), 401, 'unauthorized', 'after sign-out everywhere');
      assert.equal((await run.api.get('/api/me', other)).status, 200, 'other accounts keep their sessions');
      for (let i = 0; i < 50 && live.closedWith === null; i++) await sleep(20);
      assert.equal(live.closedWith, 4401);
    } finally {
      await run.server.close();
    }
  });

  it('signing in with a token in hand rotates it: the older token ends', async () => {
    const run = await startServer('sqlite::memory:');
    try {
      const name = uniqueName('rot');
      const old = await run.api.signUp(name, PW);
      const r = await run.api.post('/api/sessions', { name, password: PW }, old);
      assert.equal(r.status, 201);
      assertError(await run.api.get('/api/me', old), 401, 'unauthorized', 'the rotated token');
      assert.equal((await run.api.get('/api/me', r.body.token)).status, 200);
    } finally {
      await run.server.close();
    }
  });

  it('an expired token\'s socket stops receiving the seat\'s view within a second', async () => {
    const run = await startServer('sqlite::memory:', { sessionTtlMs: 1500 });
    try {
      const a = await run.api.signUp(uniqueName('ex'), PW);
      const gid = (await run.api.post('/api/games', { game: 'hacse', scenario: 'early' }, a)).body.id as string;
      const bName = uniqueName('ex');
      const b = await run.api.signUp(bName, PW);
      await run.api.post(`/api/games/${gid}/seats`, { role: 'axis' }, a);
      await run.api.post(`/api/games/${gid}/seats`, { role: 'allies' }, b);
      const live = await Live.open(run.base, gid, a);
      const first = await live.next((m) => m.type === 'state');
      assert.equal(first.role, 'axis');
      await sleep(1600);
      assertError(await run.api.get('/api/me', b), 401, 'unauthorized', 'both tokens expired');
      const fresh = (await run.api.post('/api/sessions', { name: bName, password: PW })).body.token as string;
      const st = (await run.api.get(`/api/games/${gid}`, fresh)).body;
      assert.equal((await run.api.post(`/api/games/${gid}/actions`, { version: st.version, action: st.actions[0] }, fresh)).status, 200);
      for (let i = 0; i < 50 && live.closedWith === null; i++) await sleep(20);
      assert.equal(live.closedWith, 4401, 'closed as signed out within a second');
      assert.deepEqual(live.messages.filter((m) => m.type === 'state' && m.version > first.version).map((m) => m.role), [], 'no seat view after the expiry');
    } finally {
      await run.server.close();
    }
  });
});

describe('issue 19: live socket bounds', () => {
  it('frames before authentication are bounded: a flood closes the socket with 4429 and the server lives on', async () => {
    // A slow store keeps the socket unauthenticated while the frames arrive.
    const store = await openStore('sqlite::memory:');
    const find = store.findSession.bind(store);
    let slow = false;
    store.findSession = async (...a) => { if (slow) await sleep(400); return find(...a); };
    const run = await startServer('sqlite::memory:', { store });
    try {
      const t = await run.api.signUp(uniqueName('pre'), PW);
      const gid = (await run.api.post('/api/games', { game: 'carcassonne' }, t)).body.id as string;
      slow = true;
      const ws = new WebSocket(`${run.base.replace('http', 'ws')}/api/games/${gid}/live?token=${t}`);
      const code = await new Promise<number>((resolve) => {
        const timer = setTimeout(() => resolve(-1), 5000);
        ws.on('open', () => { for (let i = 0; i < MAX_PREAUTH_FRAMES * 20; i++) ws.send(JSON.stringify({ type: 'ping', ref: i })); });
        ws.on('close', (c) => { clearTimeout(timer); resolve(c); });
      });
      slow = false;
      assert.equal(code, 4429);
      assert.equal((await run.api.get('/api/health')).status, 200);
    } finally {
      await run.server.close();
    }
  });

  it('a frame over 64 KiB from a signed-out client is logged as a warning without a stack', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write(chunk: Buffer, _enc, cb) { lines.push(...chunk.toString().split('\n').filter(Boolean)); cb(); } });
    const run = await startServer('sqlite::memory:', { logger: { level: 'info', stream } });
    try {
      const t = await run.api.signUp(uniqueName('big'), PW);
      const gid = (await run.api.post('/api/games', { game: 'carcassonne' }, t)).body.id as string;
      const ws = new WebSocket(`${run.base.replace('http', 'ws')}/api/games/${gid}/live`);
      const code = await new Promise<number>((resolve) => {
        const timer = setTimeout(() => resolve(-1), 5000);
        ws.on('open', () => ws.send('x'.repeat(70 * 1024)));
        ws.on('close', (c) => { clearTimeout(timer); resolve(c); });
        ws.on('error', () => undefined);
      });
      assert.ok(code === 1009 || code === 1006, String(code));
      await sleep(100);
      const logged = lines.map((l) => JSON.parse(l) as { level: number; msg: string; err?: unknown });
      assert.deepEqual(logged.filter((l) => l.level >= 50).map((l) => l.msg), [], 'no error-level line');
      const warn = logged.filter((l) => l.level === 40 && /frame/.test(l.msg));
      assert.equal(warn.length, 1, JSON.stringify(logged.slice(-3)));
      assert.ok(!JSON.stringify(warn[0]).includes('stack'), JSON.stringify(warn[0]));
    } finally {
      await run.server.close();
    }
  });
});
