/** >= 10,000 malformed, oversized or random requests: never a 5xx, and the server still serves. */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { Rng } from '@tabula/engine';
import { Live } from './client.js';
import { startServer, uniqueName, type Running } from './fixtures.js';
import { TALLY } from './testgame.js';

const N = 10_000;
const enc = (s: string): string => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, ''));

describe('fuzz', () => {
  let run: Running;
  let token: string, id: string;
  const fuzzName = uniqueName('fuzz');
  const rng = new Rng('fuzz');
  const pick = <T>(xs: readonly T[]): T => xs[rng.int(xs.length)]!;

  before(async () => {
    run = await startServer('sqlite::memory:', { rateLimits: { accounts: 100_000, sessions: 100_000, actions: 100_000 } });
    token = await run.api.signUp(fuzzName);
    const other = await run.api.signUp(uniqueName('fuzz'));
    id = (await run.api.post('/api/games', { game: TALLY, variants: { target: 1000 } }, token)).body.id as string;
    await run.api.post(`/api/games/${id}/seats`, { role: 'north' }, token);
    await run.api.post(`/api/games/${id}/seats`, { role: 'east' }, other);
  });
  after(async () => {
    await run?.server.close();
  });

  function randomString(max: number): string {
    const alphabet = ['a', 'Z', '0', ' ', '"', '\\', '/', '%', '\u0000', '\u00e9', '\u{1F600}', '\n', '{', '}', '[', ']', ':', ',', '\ud800'];
    let s = '';
    const n = rng.int(max + 1);
    for (let i = 0; i < n; i++) s += pick(alphabet);
    return s;
  }

  function randomJson(depth: number): unknown {
    switch (rng.int(depth > 4 ? 6 : 9)) {
      case 0: return null;
      case 1: return rng.int(2) === 0;
      case 2: return pick([0, -1, 1.5, 2 ** 53, -(2 ** 60), 1e308, Number.MAX_SAFE_INTEGER, 3]);
      case 3: return randomString(20);
      case 4: return pick(['add', 'roll', 'pass', 'north', 'east', 'random', TALLY, 'open', 'active']);
      case 5: return {};
      case 6: return Array.from({ length: rng.int(4) }, () => randomJson(depth + 1));
      default: {
        const o: Record<string, unknown> = {};
        const keys = ['type', 'n', 'version', 'action', 'role', 'bot', 'name', 'password', 'game', 'scenario', 'players', 'variants', '__proto__', 'constructor', 'target', randomString(8)];
        for (let i = rng.int(5); i > 0; i--) o[pick(keys)] = randomJson(depth + 1);
        return o;
      }
    }
  }

  function randomBody(): string | undefined {
    switch (rng.int(14)) {
      case 0: return undefined;
      case 1: return randomString(200);
      case 2: return '{"version": 1, "action": ';
      case 3: return 'x'.repeat(70_000 + rng.int(200_000));
      case 4: return '['.repeat(1000 + rng.int(10_000)) + ']'.repeat(100);
      case 5: return JSON.stringify({ version: rng.int(20), action: JSON.parse('['.repeat(2000) + ']'.repeat(2000)) as unknown });
      case 6: return '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}, "name": "a", "password": "b"}';
      case 7: return JSON.stringify({ version: rng.int(12), action: { type: pick(['add', 'roll', 'pass', 'take']), n: pick([1, 2, 3, '1', null, 1.5]) } });
      case 8: return JSON.stringify({ name: randomString(40), password: randomString(30) });
      case 9: return JSON.stringify({ game: pick([TALLY, randomString(10)]), scenario: pick(['short', 'standard', 7, randomString(5)]), players: pick([1, 2, 4, 5, -1, 'x', 2.5]), variants: randomJson(2) });
      case 10: return JSON.stringify({ role: pick(['north', 'east', 'west', randomString(10), 3]), bot: pick(['random', 'mcts-hard', randomString(5), undefined]) });
      // Oversized options and uploaded decks (issue 19): long strings, long lists, many keys, near the body limit.
      case 11: return JSON.stringify({ game: pick(['hacse', TALLY, 'carcassonne']), variants: pick([
        { turnLimit: 'x'.repeat(rng.int(40_000)) },
        { decks: { allies: { format: 'hacse-deck/1', id: randomString(8), name: 'n'.repeat(rng.int(300)), side: 'allies', era: 'early', nations: Array.from({ length: rng.int(3000) }, () => randomString(6)), cards: [] } } },
        Object.fromEntries(Array.from({ length: rng.int(500) }, () => [randomString(6), randomJson(1)])),
        { decks: { axis: 'soviet-early', allies: { cards: Array.from({ length: rng.int(2000) }, () => ({ id: randomString(10), count: rng.int(30) })) } } },
      ]) });
      case 12: return JSON.stringify({ game: 'hacse', variants: { decks: { allies: { format: 'hacse-deck/1', id: pick(['soviet-early', 'germany-late', randomString(5)]), name: randomString(20), side: 'allies', era: 'early', nations: ['soviet', 'x'.repeat(rng.int(2) ? 100 : 1_000_000)], cards: [{ id: 'su.strelki', count: 5 }] } } } });
      default: return JSON.stringify(randomJson(0));
    }
  }

  function randomPath(): string {
    const gid = pick([id, id, 'nonexistent', randomString(12), enc(randomString(12)), 'x'.repeat(3000), '..%2F..%2Fetc%2Fpasswd', '%ZZ']);
    const base = pick([
      '/api/health', '/api/catalog', '/api/accounts', '/api/sessions', '/api/me', '/api/games', `/api/games/${gid}`, `/api/games/${gid}/seats`,
      `/api/games/${gid}/actions`, `/api/games/${gid}/undo`, `/api/games/${gid}/resign`, `/api/games/${gid}/replay`, `/api/games/${gid}/live`,
      '/api/docs', '/api', '/api/', '/', '/index.html', `/${enc(randomString(30))}`, `/api/${enc(randomString(20))}`, '/api/games//actions', '/api/games/%00',
    ]);
    const qs = pick(['', '', '?status=open', '?status=finished&mine=true', '?status=lost', '?limit=-1', '?limit=1e400', '?limit=abc', '?mine=maybe',
      '?status[]=open&status=active', `?role=${enc(randomString(10))}`, '?role=east', `?token=${randomString(20)}`, `?${randomString(50).replace(/[\ud800-\udfff]/g, '')}`]);
    return base + qs;
  }

  it(`${N} random requests: no 5xx`, async () => {
    const statuses = new Map<number, number>();
    const prof = new Map<string, number>();
    const fivexx: string[] = [];
    const t0 = Date.now();
    for (let i = 0; i < N; i++) {
      const method = pick(['GET', 'GET', 'POST', 'POST', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] as const);
      const url = randomPath();
      const headers: Record<string, string> = {};
      const ct = pick(['application/json', 'application/json', 'application/json', 'text/plain', 'application/json; charset=utf-16', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', '']);
      if (ct) headers['content-type'] = ct;
      const auth = rng.int(6);
      if (auth === 0) headers.authorization = `Bearer ${token}`;
      else if (auth === 1) headers.authorization = pick(['Bearer', 'Bearer ', `Bearer ${randomString(40)}`, 'Basic Zm9vOmJhcg==', randomString(30), `bearer ${token} extra`]);
      const body = method === 'GET' || method === 'HEAD' ? undefined : randomBody();
      let status: number;
      const t1 = performance.now();
      try {
        const r = await run.server.app.inject({ method, url, headers, ...(body !== undefined ? { payload: body } : {}) });
        status = r.statusCode;
        if (status >= 500) fivexx.push(`${method} ${url.slice(0, 100)} ${String(body).slice(0, 100)} -> ${status} ${r.body.slice(0, 200)}`);
        if (status >= 400 && method !== 'HEAD' && url.startsWith('/api')) {
          const b = JSON.parse(r.body) as { error?: { code?: unknown } };
          assert.equal(typeof b.error?.code, 'string', `${method} ${url}: ${r.body.slice(0, 200)}`);
        }
      } catch (e) {
        if (e instanceof assert.AssertionError) throw e;
        fivexx.push(`${method} ${url.slice(0, 100)} threw ${String(e)}`);
        status = 0;
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (process.env.FUZZ_PROFILE) {
        const key = `${method} ${url.split('?')[0]!.replace(id, ':id').slice(0, 40)} ${body === undefined ? '-' : body.length > 60000 ? 'big' : 'small'}`;
        prof.set(key, (prof.get(key) ?? 0) + performance.now() - t1);
      }
    }
    const summary = [...statuses].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}:${n}`).join(' ');
    if (process.env.FUZZ_PROFILE) console.log([...prof].sort((a, b) => b[1] - a[1]).slice(0, 15));
    console.log(`fuzz: ${N} requests in ${Date.now() - t0} ms: ${summary}`);
    assert.deepEqual(fivexx.slice(0, 10), [], `${fivexx.length} failures`);
    assert.ok((statuses.get(200) ?? 0) > 100, 'some requests are valid');
    const h = await run.api.get('/api/health');
    assert.equal(h.status, 200);
  });

  it('garbage on the raw socket and on the WebSocket: no 5xx, still serving', async () => {
    const port = Number(new URL(run.base).port);
    const garbage = [
      'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n',
      'POST /api/accounts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name"',
      'POST /api/accounts HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nZZ\r\n',
      '\u0000\u0001\u0002 GARBAGE\r\n\r\n',
      `GET /${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      'GET /api/health HTTP/1.1\r\nHost: x\r\nX: ' + 'y'.repeat(20_000) + '\r\n\r\n',
    ];
    for (let i = 0; i < 60; i++) {
      const payload = i < garbage.length ? garbage[i]! : garbage[rng.int(garbage.length)]! + randomString(100);
      const status = await new Promise<number>((resolve) => {
        const s = connect(port, '127.0.0.1');
        let data = '';
        s.on('data', (d) => { data += d.toString(); });
        s.on('error', () => resolve(0));
        s.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d+)/.exec(data)?.[1] ?? 0)));
        s.write(payload);
        setTimeout(() => s.destroy(), 300);
      });
      assert.ok(status < 500, `raw request ${i} got ${status}`);
    }
    // (the fuzzer may have signed its token out)
    const fresh = (await run.api.post('/api/sessions', { name: fuzzName, password: 'correct horse' })).body.token as string;
    const live = await Live.open(run.base, id, fresh);
    await live.next((m) => m.type === 'state');
    for (let i = 0; i < 40; i++) {
      const m = rng.int(3) === 0 ? randomString(100) : JSON.stringify(pick([randomJson(0), { type: 'action', version: rng.int(9), action: randomJson(0) }, { type: 'undo', version: 'x' }, { type: pick(['resign!', 'ping', 7]) }]));
      live.ws.send(m);
    }
    live.send({ type: 'ping', ref: 'last' });
    await live.next((m) => m.type === 'pong' && m.ref === 'last');
    for (const m of live.messages) if (m.type === 'error') assert.ok(m.status < 500, JSON.stringify(m));
    live.close();
    assert.equal((await run.api.get('/api/health')).status, 200);
  });
});
