/**
 * Issue 19, each finding written as the attack: creation floods and unbounded options, decks posing
 * as built-in ones, rate-limit buckets split by header whitespace, tokens reaching the log, weak and
 * look-alike accounts, password guessing, missing headers, sessions that never end, unbounded
 * pre-auth queues and oversized frames logged as errors.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import net from 'node:net';
import { Writable } from 'node:stream';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import {
  DRAIN_REFUSED_BODY_MAX_BYTES, FREE_FAILED_SIGN_INS, GAMES_PER_MINUTE_PER_ACCOUNT, MAX_OPEN_GAMES_PER_ACCOUNT, MAX_OPTION_ITEMS, MAX_OPTION_STRING, MAX_PREAUTH_FRAMES,
  FAILED_SIGN_INS_PER_ADDRESS, GAMES_PER_MINUTE_PER_ADDRESS, OPEN_GAME_COUNTS_MS, SIGN_IN_BACKOFF_MS,
} from '@tabula/protocol';
import { BUILTIN_DECKS } from '@tabula/hacse';
import { Api, Live } from './harness/client.js';
import { startServer, testScrypt, uniqueName, type Running } from './harness/fixtures.js';
import { createRooms } from './harness/rooms.js';
import { openStore } from './store/index.js';
import { defaultRateLimits, redactUrl } from './app.js';
import { SignInGuard } from './accounts/signin-guard.js';
import { MemoryCounters } from './throttle.js';
import { nameKeyOf } from './accounts/account-policy.js';
import { ApiError } from './http/errors.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const PW = 'Correct-horse-battery-staple-93';
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function assertError(r: { status: number; body: any }, status: number, code?: string, what = ''): void {
  const msg = `${what}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`;
  assert.equal(r.status, status, msg);
  assert.equal(typeof r.body?.error?.message, 'string', msg);
  if (code) assert.equal(r.body.error.code, code, msg);
}

/** A POST with raw header bytes (e.g. a 0xA0 after the token), answered with the status. */
function rawPost(base: string, path: string, auth: Buffer, body: unknown): Promise<number> {
  const u = new URL(base);
  return new Promise((resolve) => {
    const data = Buffer.from(JSON.stringify(body));
    const head = Buffer.concat([Buffer.from(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${data.length}\r\nConnection: close\r\nAuthorization: `), auth, Buffer.from('\r\n\r\n')]);
    const s = net.connect(Number(u.port), u.hostname, () => s.end(Buffer.concat([head, data])));
    let d = '';
    s.on('data', (c) => { d += c.toString(); });
    s.on('end', () => resolve(Number(d.split(' ')[1])));
    s.on('error', () => resolve(0));
  });
}

/** A sign-in from another loopback address (127.0.0.x), for per-address limits. */
function signInFrom(base: string, localAddress: string, name: string, password: string): Promise<number> {
  const u = new URL(base);
  const body = JSON.stringify({ name, password });
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: u.hostname, port: u.port, method: 'POST', path: '/api/sessions', localAddress, agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const openCount = async (api: Api, token: string): Promise<number> => (await api.get('/api/games?status=open&limit=200', token)).body.games.length as number;

describe('issue 19: game creation and options', () => {
  let run: Running;
  before(async () => {
    run = await startServer('sqlite::memory:', { rateLimits: false });
  });
  after(async () => { await run?.server.close(); });

  it('300 creations in a burst: 429 past the per-account limit, and at most the cap of open games is stored', async () => {
    const flood = await startServer('sqlite::memory:', { openGamesPerAccount: MAX_OPEN_GAMES_PER_ACCOUNT, rateLimits: defaultRateLimits });
    try {
      await creationFlood(flood);
    } finally {
      await flood.server.close();
    }
  });

  async function creationFlood(run: Running): Promise<void> {
    const t = await run.api.signUp(uniqueName('flood'), PW);
    const before = await openCount(run.api, t);
    const statuses: Record<number, number> = {};
    await Promise.all(Array.from({ length: 300 }, async () => {
      const r = await run.api.post('/api/games', { game: 'carcassonne', players: 5 }, t);
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      if (r.status !== 201) assert.ok(r.body.error.code === 'rate-limited' || r.body.error.code === 'too-many-open-games', JSON.stringify(r.body));
    }));
    assert.ok((statuses[201] ?? 0) <= Math.min(GAMES_PER_MINUTE_PER_ACCOUNT, MAX_OPEN_GAMES_PER_ACCOUNT), JSON.stringify(statuses));
    assert.equal(statuses[429], 300 - (statuses[201] ?? 0), JSON.stringify(statuses));
    assert.ok((await openCount(run.api, t)) - before <= MAX_OPEN_GAMES_PER_ACCOUNT);
    // A second account from the same address: the address's own limit.
    const statuses2: number[] = [];
    for (let i = 0; i < 40; i++) {
      const u = i % 4 === 0 ? await run.api.signUp(uniqueName('flood'), PW) : null;
      statuses2.push((await run.api.post('/api/games', { game: 'carcassonne' }, u ?? t)).status);
    }
    assert.ok(statuses2.every((s) => s === 429), `the address is over its ${GAMES_PER_MINUTE_PER_ADDRESS} a minute: ${statuses2.join(',')}`);
  }

  it('the open-games cap holds within the rate limit, and a started game frees a place', async () => {
    const small = await startServer('sqlite::memory:', { openGamesPerAccount: 2 });
    try {
      const [t, u] = [await small.api.signUp(uniqueName('cap'), PW), await small.api.signUp(uniqueName('cap'), PW)];
      const ids = [];
      for (let i = 0; i < 2; i++) ids.push((await small.api.post('/api/games', { game: 'carcassonne' }, t)).body.id as string);
      assertError(await small.api.post('/api/games', { game: 'carcassonne' }, t), 429, 'too-many-open-games', 'third open game');
      await small.api.post(`/api/games/${ids[0]}/seats`, { role: 'red' }, t);
      await small.api.post(`/api/games/${ids[0]}/seats`, { role: 'blue' }, u);
      assert.equal((await small.api.post('/api/games', { game: 'carcassonne' }, t)).status, 201, 'a started game no longer counts');
    } finally {
      await small.server.close();
    }
  });

  it('an open game nobody joins stops counting against the cap after OPEN_GAME_COUNTS_MS', async () => {
    let now = 1_000_000_000;
    const store = await openStore('sqlite::memory:');
    try {
      const service = createRooms({ store, scrypt: testScrypt, now: () => now, openGamesPerAccount: 1 });
      const name = uniqueName('old');
      await service.accounts.signUp(name, PW);
      const user = (await store.findUserByNameKey(nameKeyOf(name)))!;
      await service.games.lobby.createGame(user, { game: 'carcassonne' });
      await assert.rejects(service.games.lobby.createGame(user, { game: 'carcassonne' }), (e: unknown) => e instanceof ApiError && e.code === 'too-many-open-games');
      now += OPEN_GAME_COUNTS_MS - 1;
      await assert.rejects(service.games.lobby.createGame(user, { game: 'carcassonne' }), (e: unknown) => e instanceof ApiError && e.code === 'too-many-open-games', 'still counts just before');
      now += 2;
      assert.ok((await service.games.lobby.createGame(user, { game: 'carcassonne' })).id);
    } finally {
      await store.close();
    }
  });

  it('a 1 MB deck and a 900 KB option value: 413, nothing stored', async () => {
    const t = await run.api.signUp(uniqueName('big'), PW);
    const before = await openCount(run.api, t);
    const deck = { ...structuredClone(BUILTIN_DECKS['soviet-early']!), id: 'my-deck', name: 'Mine', nations: ['soviet', 'x'.repeat(1_000_000)] };
    assertError(await run.api.post('/api/games', { game: 'hacse', variants: { decks: { allies: deck } } }, t), 413, undefined, '1 MB deck');
    assertError(await run.api.post('/api/games', { game: 'hacse', variants: { turnLimit: 'x'.repeat(900_000) } }, t), 413, undefined, '900 KB option');
    assert.equal(await openCount(run.api, t), before);
  });

  it('a body refused as too large is read to its end before the 413, so a client still sending it gets the answer, not a reset', async () => {
    const { port } = new URL(run.base);
    const size = 900_000;
    const head = `POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`;
    const socket = net.connect(Number(port), '127.0.0.1');
    let answer = '';
    let failure: Error | null = null;
    socket.on('data', (c: Buffer) => { answer += c.toString('latin1'); });
    socket.on('error', (e) => { failure = e; });
    const ended = new Promise<void>((res) => socket.on('close', () => res()));
    await new Promise<void>((res) => socket.once('connect', () => res()));
    socket.write(head + 'x'.repeat(size / 2));
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(answer, '', 'no answer while the body is still coming');
    socket.end('x'.repeat(size / 2));
    await ended;
    assert.equal(failure, null, 'the connection is not reset');
    assert.match(answer, /^HTTP\/1\.1 413 /);
    assert.match(answer, /"code":"body-too-large"/);
  });

  it('a body declared larger than the drain cap is refused at once (413), not read', async () => {
    const { port } = new URL(run.base);
    const socket = net.connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (c: Buffer) => { answer += c.toString('latin1'); });
    socket.on('error', () => undefined);
    const got = new Promise<void>((res) => socket.on('data', () => res()));
    socket.write(`POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${DRAIN_REFUSED_BODY_MAX_BYTES + 1}\r\n\r\n{`);
    await got;
    socket.destroy();
    assert.match(answer, /^HTTP\/1\.1 413 /);
  });

  it('every field of options is bounded: long strings, long lists, many keys, deep nesting, total size: 413 options-too-large', async () => {
    const t = await run.api.signUp(uniqueName('bound'), PW);
    const before = await openCount(run.api, t);
    const deck = (over: Record<string, unknown>): unknown => ({ ...structuredClone(BUILTIN_DECKS['soviet-early']!), id: 'my-deck', name: 'Mine', ...over });
    const cases: [string, unknown][] = [
      ['long deck name', { decks: { allies: deck({ name: 'n'.repeat(MAX_OPTION_STRING + 1) }) } }],
      ['many nations', { decks: { allies: deck({ nations: Array.from({ length: MAX_OPTION_ITEMS + 1 }, (_, i) => `n${i}`) }) } }],
      ['many card entries', { decks: { allies: deck({ cards: Array.from({ length: MAX_OPTION_ITEMS + 1 }, () => ({ id: 'su.strelki', count: 1 })) }) } }],
      ['many keys', { decks: { allies: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, 1])) } }],
      ['deep nesting', { decks: { allies: { a: { b: { c: { d: { e: { f: 1 } } } } } } } }],
      ['16 KiB in total', { decks: Object.fromEntries(['axis', 'allies'].map((r) => [r, deck({ cards: Array.from({ length: 80 }, (_, i) => ({ id: `c${i}-${'y'.repeat(120)}`, count: 1 })) })])) }],
    ];
    for (const [what, variants] of cases) assertError(await run.api.post('/api/games', { game: 'hacse', variants }, t), 413, 'options-too-large', what);
    assert.equal(await openCount(run.api, t), before);
  });

  it('the validated, normalised options are stored: split card entries merged, extra input never echoed', async () => {
    const creator = uniqueName('norm');
    const t = await run.api.signUp(creator, PW);
    const built = structuredClone(BUILTIN_DECKS['soviet-early']!);
    const cards = built.cards.flatMap((c) => (c.count > 1 ? [{ id: c.id, count: 1 }, { id: c.id, count: c.count - 1 }] : [c]));
    const mine = { ...built, id: 'my-soviets', name: 'My Soviets', cards };
    const r = await run.api.post('/api/games', { game: 'hacse', variants: { decks: { allies: mine } } }, t);
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const g = (await run.api.get(`/api/games/${r.body.id}`)).body;
    assert.deepEqual(g.variants.decks.allies.cards, built.cards, 'entries merged per card');
    assert.equal(g.view.players.allies.deck.builtin, false, 'shown as an uploaded deck');
    assert.equal(g.createdBy, creator, 'with its owner\'s name');
    // A deck identical to a built-in one is stored as its id (it is that deck).
    const same = await run.api.post('/api/games', { game: 'hacse', variants: { decks: { allies: built } } }, t);
    assert.equal(same.status, 201);
    const g2 = (await run.api.get(`/api/games/${same.body.id}`)).body;
    assert.equal(g2.variants.decks.allies, 'soviet-early');
    assert.equal(g2.view.players.allies.deck.builtin, true);
  });

  it('an uploaded deck cannot take a built-in deck\'s id: 422 reserved-deck-id, nothing stored', async () => {
    const t = await run.api.signUp(uniqueName('spoof'), PW);
    const before = await openCount(run.api, t);
    const spoof = structuredClone(BUILTIN_DECKS['soviet-early']!);
    for (const c of spoof.cards) { if (c.id === 'su.t34_76') c.count = 3; if (c.id === 'su.strelki') c.count = 4; }
    spoof.name = 'Soviet Union 1939-42 (official)';
    assertError(await run.api.post('/api/games', { game: 'hacse', variants: { decks: { allies: spoof } } }, t), 422, 'reserved-deck-id', 'spoofed deck');
    assert.equal(await openCount(run.api, t), before);
  });
});

describe('issue 19: tokens and the limiter', () => {
  it('whitespace-suffixed tokens are refused (401) and cannot open new buckets past the account\'s limit', async () => {
    const run = await startServer('sqlite::memory:', { rateLimits: { accounts: 60, sessions: 60, actions: 5 } });
    try {
      const t = await run.api.signUp(uniqueName('ws'), PW);
      const auth = Buffer.from(`Bearer ${t}`);
      const plain: number[] = [];
      for (let i = 0; i < 6; i++) plain.push(await rawPost(run.base, '/api/games/none/actions', auth, { version: 0, action: {} }));
      assert.deepEqual(plain, [404, 404, 404, 404, 404, 429]);
      for (let k = 1; k <= 12; k++) {
        const tail = [...k.toString(2)].map((b) => (b === '1' ? 0xa0 : 0x20));
        const s = await rawPost(run.base, '/api/games/none/actions', Buffer.concat([auth, Buffer.from([...tail, 0xa0])]), { version: 0, action: {} });
        assert.ok(s === 401 || s === 429, `suffix ${k}: ${s}`);
      }
      // The spelling of the scheme and the spaces before the token do not matter: same account, same bucket.
      assertError(await run.api.req('POST', '/api/games/none/actions', { version: 0, action: {} }, null, { authorization: `bearer   ${t}` }), 429, 'rate-limited', 'respelled');
    } finally {
      await run.server.close();
    }
  });

  it('query tokens are redacted from logged URLs after percent-decoding their names', () => {
    const t = 'SECRETtokenVALUE_abc-123';
    for (const url of [`/api/me?token=${t}`, `/api/me?tok%65n=${t}`, `/api/me?%74oken=${t}&x=1`, `/api/games/x/live?role=red&TOKEN=${t}`, `/api/me?tok%2`]) {
      assert.ok(!redactUrl(url).includes(t), `${url} -> ${redactUrl(url)}`);
    }
    assert.equal(redactUrl('/api/games?status=open&limit=5'), '/api/games?status=open&limit=5');
  });

  it('a query token authenticates only the live socket, not REST routes', async () => {
    const run = await startServer('sqlite::memory:');
    try {
      const t = await run.api.signUp(uniqueName('q'), PW);
      assertError(await run.api.get(`/api/me?token=${t}`), 401, 'unauthorized', 'REST with ?token=');
      assertError(await run.api.get(`/api/me?tok%65n=${t}`), 401, 'unauthorized', 'REST with ?tok%65n=');
      const gid = (await run.api.post('/api/games', { game: 'carcassonne' }, t)).body.id as string;
      const live = await Live.open(run.base, gid, t);
      const st = await live.next((m) => m.type === 'state');
      live.close();
      assert.equal(st.id, gid);
    } finally {
      await run.server.close();
    }
  });
});

describe('issue 19: accounts', () => {
  let run: Running;
  before(async () => {
    run = await startServer('sqlite::memory:', { rateLimits: false });
  });
  after(async () => { await run?.server.close(); });

  it('weak passwords are refused with a reason: 8 spaces, 8 NULs, digits, a common word, the name itself', async () => {
    const name = uniqueName('weak');
    for (const [what, password] of [['spaces', ' '.repeat(12)], ['NULs', '\u0000'.repeat(12)], ['digits', '1234567890'], ['common', 'password1234'], ['keyboard', 'qwertyuiop'], ['the name', name], ['the name twice', `${name}${name}`]] as const) {
      const r = await run.api.post('/api/accounts', { name, password });
      assertError(r, 422, 'weak-password', what);
      assert.match(r.body.error.message, /password/i);
    }
    assertError(await run.api.post('/api/accounts', { name, password: `good horse \u0007 battery` }), 422, 'weak-password', 'control character');
    assert.equal((await run.api.post('/api/accounts', { name, password: PW })).status, 201);
  });

  it('look-alike names are taken: Cyrillic letters, digits for letters, "rn" for "m", fullwidth forms', async () => {
    const base = `adminlo${uniqueName('').slice(-6).replace(/[^a-z]/g, 'k')}`;
    assert.equal((await run.api.post('/api/accounts', { name: base, password: PW })).status, 201);
    for (const n of [base.replace('a', '\u0430'), base.replace('i', '\u0456'), base.replace('m', 'rn'), base.replace('l', '1').replace('o', '0'), base.toUpperCase().replace('O', '0'), base.replace('d', '\uff44')]) {
      const r = await run.api.post('/api/accounts', { name: n, password: PW });
      assertError(r, 409, 'name-taken', n);
    }
    assert.equal(nameKeyOf(base), nameKeyOf(base.replace('a', '\u0430')));
  });

  it('invisible and control characters in names are refused', async () => {
    for (const n of ['ad\u200bmin', 'ad\u200dmin', 'admin\u2060x', 'ad\u3164min', '\u115fadmin', 'ad\u00admin', 'ad\u0007min']) {
      assertError(await run.api.post('/api/accounts', { name: n, password: PW }), 422, 'bad-name', JSON.stringify(n));
    }
  });
});

describe('issue 19: guessing passwords', () => {
  it('130 guesses at one name from one address: a few are answered, the rest wait (429)', async () => {
    const run = await startServer('sqlite::memory:', { rateLimits: { accounts: 60, sessions: 1000, actions: 1000 } });
    try {
      const name = uniqueName('victim');
      await run.api.signUp(name, PW);
      const counts: Record<number, number> = {};
      for (let i = 0; i < 130; i++) {
        const r = await run.api.post('/api/sessions', { name, password: `guess number ${i}` });
        counts[r.status] = (counts[r.status] ?? 0) + 1;
      }
      // The free failures, then one more each time a doubling wait (1 s, 2 s, ...) has passed.
      assert.ok(counts[401]! >= FREE_FAILED_SIGN_INS && counts[401]! <= FREE_FAILED_SIGN_INS + 2, JSON.stringify(counts));
      assert.equal(counts[429], 130 - counts[401]!, JSON.stringify(counts));
    } finally {
      await run.server.close();
    }
  });

  it('an attacker keeping a name waiting does not lock its owner out of an address they used before', async () => {
    const run = await startServer('sqlite::memory:', { rateLimits: { accounts: 60, sessions: 1000, actions: 1000 } });
    try {
      const name = uniqueName('owner');
      await run.api.signUp(name, PW);
      assert.equal(await signInFrom(run.base, '127.0.0.1', name, PW), 201, 'the owner signs in from home');
      const attacker = [];
      for (let i = 0; i < 20; i++) attacker.push(await signInFrom(run.base, '127.0.0.2', name, `guess ${i}`));
      assert.ok(attacker.filter((s) => s === 429).length >= 20 - FREE_FAILED_SIGN_INS, attacker.join(','));
      assert.equal(await signInFrom(run.base, '127.0.0.1', name, PW), 201, 'the owner still signs in from home');
      assert.equal(await signInFrom(run.base, '127.0.0.3', name, PW), 429, 'from a new address the name waits');
    } finally {
      await run.server.close();
    }
  });

  it('the name\'s wait doubles per failure and ends; an address failing at many names is stopped', async () => {
    let now = 1_000_000;
    const guard = new SignInGuard(new MemoryCounters(() => now), () => now);
    const key = nameKeyOf('someone');
    for (let i = 0; i < FREE_FAILED_SIGN_INS; i++) { await guard.check(key, 'A'); await guard.failed(key, 'A'); }
    await assert.rejects(guard.check(key, 'A'), (e: unknown) => e instanceof ApiError && e.status === 429);
    now += SIGN_IN_BACKOFF_MS;
    await guard.check(key, 'A');
    await guard.failed(key, 'A');
    now += SIGN_IN_BACKOFF_MS;
    await assert.rejects(guard.check(key, 'A'), (e: unknown) => e instanceof ApiError && e.status === 429, 'the second wait is twice the first');
    now += SIGN_IN_BACKOFF_MS;
    await guard.check(key, 'A');
    for (let i = 0; i < FAILED_SIGN_INS_PER_ADDRESS; i++) await guard.failed(nameKeyOf(`n${i}`), 'B');
    await assert.rejects(guard.check(nameKeyOf('fresh'), 'B'), (e: unknown) => e instanceof ApiError && e.status === 429);
    await guard.check(nameKeyOf('fresh'), 'C');
  });
});

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
