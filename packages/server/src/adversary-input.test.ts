/** Adversarial review: malformed input never gets a 5xx; every refusal is a 4xx { error: { code, message } }. */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Live } from './harness/client.js';
import { startServer, uniqueName, type Running } from './harness/fixtures.js';
import { assertError, raw } from './harness/adversary-support.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

describe('adversary: input', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tabula-adv-web-'));
  let run: Running;
  let token: string, other: string, id: string;
  before(async () => {
    const web = join(dir, 'web');
    mkdirSync(web);
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(dir, 'secret.txt'), 'TOP-SECRET-OUTSIDE-WEBROOT');
    run = await startServer('sqlite::memory:', { rateLimits: false, webDist: web });
    token = await run.api.signUp(uniqueName('in'));
    other = await run.api.signUp(uniqueName('in'));
    id = (await run.api.post('/api/games', { game: 'carcassonne' }, token)).body.id as string;
    await run.api.post(`/api/games/${id}/seats`, { role: 'red' }, token);
    await run.api.post(`/api/games/${id}/seats`, { role: 'blue' }, other);
  });
  after(async () => {
    await run?.server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const state = async (): Promise<any> => (await run.api.get(`/api/games/${id}`, token)).body;

  it('prototype pollution bodies are refused and pollute nothing', async () => {
    const api = run.api;
    const st = await state();
    const bodies = [
      `{"name":"${uniqueName('pp')}","password":"password123","__proto__":{"polluted":1}}`,
      `{"name":"${uniqueName('pp')}","password":"password123","constructor":{"prototype":{"polluted":1}}}`,
      '{"__proto__":{"polluted":1},"name":"x"}',
    ];
    for (const b of bodies) assertError(await api.req('POST', '/api/accounts', b), 400, undefined, b.slice(0, 40));
    for (const b of [
      `{"version":${st.version},"action":{"__proto__":{"polluted":1}}}`,
      `{"version":${st.version},"action":{"constructor":{"prototype":{"polluted":1}}}}`,
      `{"version":${st.version},"action":${JSON.stringify(st.actions[0]).slice(0, -1)},"__proto__":{"polluted":1}}}`,
      `{"version":${st.version},"__proto__":{"polluted":1},"action":${JSON.stringify(st.actions[0])}}`,
    ]) {
      assertError(await api.req('POST', `/api/games/${id}/actions`, b, token), null, undefined, b.slice(0, 60));
    }
    for (const b of ['{"game":"hacse","variants":{"__proto__":{"polluted":1}}}', '{"game":"hacse","variants":{"constructor":{"prototype":{"polluted":1}}}}', '{"game":"__proto__"}', '{"game":"constructor"}', '{"game":"toString"}', '{"game":"hacse","scenario":"__proto__"}']) {
      assertError(await api.req('POST', '/api/games', b, token), null, undefined, b);
    }
    // Over the socket, where the server parses JSON itself.
    const live = await Live.open(run.base, id, token);
    await live.next((m) => m.type === 'state');
    live.send({ type: 'action', version: st.version, action: JSON.parse('{"__proto__":{"polluted":1}}') });
    live.ws.send(`{"type":"action","version":${st.version},"action":${JSON.stringify(st.actions[0]).slice(0, -1)},"__proto__":{"polluted":1}}}`);
    live.ws.send('{"__proto__":{"type":"action"},"version":0}');
    const errs = [await live.next((m) => m.type === 'error'), await live.next((m) => m.type === 'error'), await live.next((m) => m.type === 'error')];
    assert.deepEqual(errs.map((e) => e.status >= 400 && e.status < 500), [true, true, true], JSON.stringify(errs));
    live.close();
    assert.equal(({} as any).polluted, undefined, 'Object.prototype polluted');
    assert.equal((await state()).version, st.version, 'nothing applied');
  });

  it('numbers, types and content types: all 4xx', async () => {
    const api = run.api;
    const st = await state();
    const action = st.actions[0];
    for (const version of [-1, 1.5, 'abc', '', [], {}, true, 1e308, -1e308, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, '0x10', '1e3', 'NaN', 'Infinity']) {
      const r = await api.post(`/api/games/${id}/actions`, { version, action }, token);
      assertError(r, null, undefined, `version ${JSON.stringify(version)}`);
    }
    for (const b of [`{"version":1e400,"action":${JSON.stringify(action)}}`, `{"version":-0,"action":${JSON.stringify(action)}}`, `{"version":${st.version}}`, '{}', '[]', 'null', '"x"', '1', '{', '{"version":1,}', '\u0000', '\ufeff{}']) {
      assertError(await api.req('POST', `/api/games/${id}/actions`, b, token), null, undefined, b);
    }
    for (const ct of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml']) {
      const r = await api.req('POST', `/api/games/${id}/actions`, JSON.stringify({ version: st.version, action }), token, { 'content-type': ct });
      assertError(r, null, undefined, ct);
    }
    for (const players of ['0', '-1', '1e9', '1.5', '"2x"', '1e400', 'null', '{"valueOf":2}']) {
      const r = await api.req('POST', '/api/games', `{"game":"carcassonne","players":${players}}`, token);
      assertError(r, null, undefined, `players ${players}`);
    }
    assertError(await api.post('/api/games', { game: 'hammer-of-the-scots', players: 3 }, token), 422, 'bad-players', 'hammer for 3');
    for (const q of ['?status=all', '?status=', '?limit=0', '?limit=-5', '?limit=1e9', '?limit=abc', '?mine=maybe', '?status[]=open', "?status=open' OR '1'='1", '?evil=1']) {
      assertError(await api.get(`/api/games${q}`, token), null, undefined, q);
    }
    assert.equal((await state()).version, st.version, 'nothing applied');
  });

  it('deep nesting, huge and oversized bodies', async () => {
    const api = run.api;
    const st = await state();
    for (const depth of [100, 5000, 100_000]) {
      const deep = `${'['.repeat(depth)}1${']'.repeat(depth)}`;
      assertError(await api.req('POST', `/api/games/${id}/actions`, `{"version":${st.version},"action":${deep}}`, token), null, undefined, `action depth ${depth}`);
      const objDeep = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
      assertError(await api.req('POST', `/api/games/${id}/actions`, `{"version":${st.version},"action":${objDeep}}`, token), null, undefined, `object depth ${depth}`);
    }
    // Wide: a million-element action, and bodies beyond the limit.
    assertError(await api.req('POST', `/api/games/${id}/actions`, `{"version":${st.version},"action":[${'0,'.repeat(30_000)}0]}`, token), null, undefined, 'wide action');
    assertError(await api.req('POST', `/api/games/${id}/actions`, `{"version":${st.version},"action":"${'x'.repeat(200_000)}"}`, token), 413, 'body-too-large', 'big action');
    assertError(await api.req('POST', '/api/accounts', `{"name":"x","password":"${'y'.repeat(100_000)}"}`), 413, 'body-too-large', 'big sign-up');
    assertError(await api.req('POST', '/api/games', `{"game":"hacse","variants":{"decks":"${'z'.repeat(2_000_000)}"}}`, token), 413, 'body-too-large', 'big game');
    // Over the socket: an oversized message closes that socket only.
    const live = await Live.open(run.base, id, token);
    await live.next((m) => m.type === 'state');
    live.ws.send(`{"type":"action","version":${st.version},"action":"${'x'.repeat(200_000)}"}`);
    await new Promise<void>((resolve) => { if (live.closedWith !== null) resolve(); else live.ws.once('close', () => resolve()); });
    assert.ok(live.closedWith !== null && live.closedWith >= 1000 && live.closedWith !== 1011, `closed with ${live.closedWith}`);
    const live2 = await Live.open(run.base, id, token);
    await live2.next((m) => m.type === 'state');
    live2.ws.send(`{"type":"action","version":${st.version},"action":${'['.repeat(30_000)}${']'.repeat(30_000)}}`);
    live2.ws.send('not json');
    live2.ws.send('{"type":"action","version":-1,"action":1}');
    live2.ws.send('{"type":"hack"}');
    for (let i = 0; i < 4; i++) {
      const e = await live2.next((m) => m.type === 'error');
      assert.ok(e.status >= 400 && e.status < 500, JSON.stringify(e));
    }
    live2.close();
    assert.equal((await state()).version, st.version, 'nothing applied');
    assert.equal((await api.get('/api/health')).status, 200);
  });

  it('deeply nested junk in the game options is refused, not a 500', async () => {
    const api = run.api;
    // Nested junk inside the game options (stored with the game and sent back with every state).
    for (const depth of [100, 5000]) {
      const deep = `${'['.repeat(depth)}1${']'.repeat(depth)}`;
      for (const b of [`{"game":"hacse","variants":{"decks":${deep}}}`, `{"game":"hacse","variants":{"decks":{"axis":"germany-early","junk":${deep}}}}`, `{"game":"carcassonne","variants":{"hillsAndSheep":${deep}}}`]) {
        const r = await api.req('POST', '/api/games', b, token);
        if (r.status === 201) {
          const g = await api.get(`/api/games/${r.body.id}`, token);
          assert.ok(g.status < 500, `a game with deep options reads as ${g.status}`);
        } else assertError(r, null, undefined, `${b.slice(0, 50)} depth ${depth}`);
      }
    }
    assert.equal((await api.get('/api/health')).status, 200);
  });

  it('hostile HACSE deck uploads and odd options: 4xx, or a game that reads back fine', async () => {
    const api = run.api;
    const bodies: unknown[] = [
      { game: 'hacse', variants: { decks: { axis: { id: 'x', cards: [] } } } },
      { game: 'hacse', variants: { decks: { axis: { format: 'hacse-deck/1', id: 'x', name: 'y', side: 'axis', era: 'early', nations: ['germany'], cards: [{ id: '__proto__', count: 1e9 }] } } } },
      { game: 'hacse', variants: { decks: { axis: { format: 'hacse-deck/1', id: 'x', name: 'y', side: 'axis', era: 'early', nations: ['germany'], cards: [{ id: 'de.pz2', count: 1e6 }] } } } },
      { game: 'hacse', variants: { decks: { axis: '../../etc/passwd' } } },
      { game: 'hacse', variants: { decks: { axis: { cards: { length: 1e9 } } } } },
      { game: 'hacse', variants: { decks: { axis: [1, 2, 3] } } },
      { game: 'hacse', variants: { decks: 'soviet-late' } },
      { game: 'hacse', variants: { decks: { constructor: 'x' } } },
      { game: 'hacse', variants: { axisDeck: 'germany-late', alliesDeck: { toString: 1 } } },
      { game: 'carcassonne', variants: { hillsAndSheep: 'true' } },
      { game: 'carcassonne', players: 6 },
    ];
    for (const b of bodies) {
      const r = await api.post('/api/games', b, token);
      if (r.status === 201) {
        const g = await api.get(`/api/games/${r.body.id}`, token);
        assert.equal(g.status, 200, `${JSON.stringify(b).slice(0, 80)} reads back as ${g.status}`);
      } else assertError(r, null, undefined, JSON.stringify(b).slice(0, 80));
    }
  });

  it('names: unicode, control characters, SQL-looking strings; ids and paths', async () => {
    const api = run.api;
    for (const name of ['a\u0000b', 'ab\ncd', 'tab\there', 'zero\u200bwidth', 'rtl\u202egnp', 'x', '', ' spaced ', "a'; DROP TABLE users;--", 'robert"); --', 'a/b', '../..', '<script>', 'x'.repeat(33), '\ud800ab']) {
      const r = await api.post('/api/accounts', { name, password: 'correct horse 123' });
      assertError(r, null, undefined, JSON.stringify(name));
    }
    // Names are stored NFKC: a decomposed "école" is the composed one.
    const ecole = `e\u0301cole${uniqueName('').slice(0, 8)}`;
    const made = await api.post('/api/accounts', { name: ecole, password: 'correct horse 123' });
    assert.equal(made.status, 201);
    assert.equal(made.body.name, ecole.normalize('NFKC'));
    for (const name of ["' OR '1'='1", "admin'--", 'a\u0000b']) {
      assertError(await api.post('/api/sessions', { name, password: "' OR '1'='1" }), null, undefined, name);
    }
    assert.equal((await api.get('/api/me', token)).status, 200, 'the users table is intact');
    for (const gid of ["' OR '1'='1", '1;DROP TABLE games', '%00', '..%2f..%2fetc%2fpasswd', '%2e%2e', 'x'.repeat(65), '%F0%9F%98%80', '%E0%A4%A', '__proto__', 'constructor']) {
      const r = await api.get(`/api/games/${gid}`, token);
      assertError(r, null, undefined, gid);
      const w = await api.post(`/api/games/${gid}/actions`, { version: 0, action: {} }, token);
      assertError(w, null, undefined, gid);
    }
  });

  it('static files: no path traversal out of the web root', async () => {
    const paths = ['/../secret.txt', '/..%2fsecret.txt', '/%2e%2e/secret.txt', '/%2e%2e%2fsecret.txt', '/%252e%252e/secret.txt', '/..%5csecret.txt', '/....//secret.txt',
      '/..\\secret.txt', '/%2e%2e%5csecret.txt', '/./../secret.txt', '/assets/../../secret.txt', '/../../../../../../etc/passwd', '/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/..%252f..%252f..%252fetc%252fpasswd', '/%c0%ae%c0%ae/secret.txt', '/index.html%00.txt', '//etc/passwd', '/api/../../secret.txt', '/api/%2e%2e/%2e%2e/secret.txt', '/static/..%2f..%2fsecret.txt'];
    for (const p of paths) {
      const r = await raw(run.base, 'GET', p);
      assert.ok(r.status < 500, `${p}: ${r.status}`);
      assert.ok(!r.text.includes('TOP-SECRET') && !r.text.includes('root:x:'), `${p}: leaked a file (${r.status})`);
    }
    const home = await raw(run.base, 'GET', '/');
    assert.equal(home.status, 200);
    assert.match(home.text, /<title>app<\/title>/);
  });

  it('a legal action submitted many times at once is played once', async () => {
    const api = run.api;
    const st = await state();
    const action = st.actions[0];
    const rs = await Promise.all(Array.from({ length: 8 }, () => api.post(`/api/games/${id}/actions`, { version: st.version, action }, token)));
    assert.deepEqual(rs.map((r) => r.status).sort(), [200, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of rs) if (r.status === 409) assertError(r, 409, 'stale-version', 'duplicate');
    const afterSt = await state();
    assert.equal(afterSt.version, st.version + 1);
    assert.equal(new Set(afterSt.log.map((l: any) => l.seq)).size, new Set(st.log.map((l: any) => l.seq)).size + 1);
    // Mixed HTTP + WebSocket duplicates of the next move.
    const mover = afterSt.yourTurn ? token : other;
    const st2 = (await api.get(`/api/games/${id}`, mover)).body;
    const live = await Live.open(run.base, id, mover);
    await live.next((m) => m.type === 'state');
    for (let i = 0; i < 3; i++) live.send({ type: 'action', version: st2.version, action: st2.actions[0], ref: i });
    const http = await Promise.all([0, 1, 2].map(() => api.post(`/api/games/${id}/actions`, { version: st2.version, action: st2.actions[0] }, mover)));
    const wsReplies = [await live.next((m) => m.ref === 0), await live.next((m) => m.ref === 1), await live.next((m) => m.ref === 2)];
    live.close();
    const ok = http.filter((r) => r.status === 200).length + wsReplies.filter((m) => m.type === 'ack').length;
    assert.equal(ok, 1, `${http.map((r) => r.status).join(',')} ${JSON.stringify(wsReplies)}`);
    assert.equal((await state()).version, st2.version + 1);
  });

  it('protocol oddities: chunked oversize, bad UTF-8, lying Content-Length, odd methods', async () => {
    const st = await state();
    const big = JSON.stringify({ version: st.version, action: 'x'.repeat(100_000) });
    const chunked = await raw(run.base, 'POST', `/api/games/${id}/actions`, { 'content-type': 'application/json', 'transfer-encoding': 'chunked', authorization: `Bearer ${token}` }, big);
    assert.equal(chunked.status, 413, chunked.text.slice(0, 200));
    assert.equal(JSON.parse(chunked.text).error.code, 'body-too-large');
    const badUtf8 = await new Promise<number>((resolve, reject) => {
      const u = new URL(run.base);
      const body = Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('","password":"password123"}')]);
      const r = httpRequest({ host: u.hostname, port: u.port, method: 'POST', path: '/api/accounts', agent: false, headers: { 'content-type': 'application/json', 'content-length': body.length } }, (res) => { res.resume(); resolve(res.statusCode ?? 0); });
      r.on('error', reject);
      r.end(body);
    });
    assert.ok(badUtf8 >= 400 && badUtf8 < 500, `invalid UTF-8: ${badUtf8}`);
    for (const [m, p] of [['HEAD', `/api/games/${id}`], ['OPTIONS', `/api/games/${id}/actions`], ['TRACE', '/api/health'], ['GET', '/api/games?status=active&mine=true'], ['DELETE', '/api/sessions'], ['POST', '/api/games']] as const) {
      const r = await raw(run.base, m, p, m === 'POST' ? { 'content-type': 'application/json' } : {}, m === 'POST' ? '{"game":"hacse"}' : undefined);
      assert.ok(r.status < 500, `${m} ${p}: ${r.status}`);
      if (m !== 'HEAD' && m !== 'GET' || p.includes('mine')) assert.ok(r.status >= 400, `${m} ${p}: ${r.status}`);
    }
    const html = await run.api.req('GET', `/api/games/${id}`, undefined, token, { accept: 'text/html' });
    assert.equal(html.status, 200);
    assert.equal(html.body.id, id, 'API answers JSON whatever the Accept header');
    for (const action of ['__proto__', 'constructor', { type: 'place', x: 1e308, y: -1e308, rot: 0 }, { type: { $ne: null } }, [st.actions[0]], null]) {
      assertError(await run.api.post(`/api/games/${id}/actions`, { version: st.version, action }, token), null, undefined, JSON.stringify(action));
    }
    assert.equal((await state()).version, st.version, 'nothing applied');
  });

  it('a request the HTTP parser rejects still gets the { error: { code, message } } shape', async () => {
    const short = await raw(run.base, 'POST', '/api/sessions', { 'content-type': 'application/json', 'content-length': '5' }, '{"name":"a","password":"b"}');
    assert.ok(short.status >= 400 && short.status < 500, `content-length shorter than the body: ${short.status}`);
    const body = JSON.parse(short.text);
    assert.equal(typeof body.error?.code, 'string', short.text);
    assert.equal((await run.api.get('/api/health')).status, 200);
  });

  it('other methods and unknown routes: JSON 404s', async () => {
    for (const [m, p] of [['PUT', `/api/games/${id}`], ['DELETE', `/api/games/${id}`], ['PATCH', '/api/accounts'], ['GET', '/api/admin'], ['POST', '/api/games/x/../../accounts'], ['GET', '/api/games/%2e%2e/replay']] as const) {
      const r = await run.api.req(m, p, undefined, token);
      assertError(r, null, undefined, `${m} ${p}`);
    }
    const ws = await run.api.get(`/api/games/${id}/live`);
    assertError(ws, 426, 'upgrade-required', 'live over plain HTTP');
  });
});
