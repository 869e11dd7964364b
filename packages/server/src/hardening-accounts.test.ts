/** Hardening (issue 19): tokens and the limiter, accounts, guessing passwords. */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { FREE_FAILED_SIGN_INS, FAILED_SIGN_INS_PER_ADDRESS, SIGN_IN_BACKOFF_MS } from '@tabula/protocol';
import { Live } from './harness/client.js';
import { startServer, uniqueName, type Running } from './harness/fixtures.js';
import { redactUrl } from './app.js';
import { SignInGuard } from './accounts/signin-guard.js';
import { MemoryCounters } from './throttle.js';
import { nameKeyOf } from './accounts/account-policy.js';
import { ApiError } from './http/errors.js';

 
import { PW, assertError, rawPost, signInFrom } from './harness/hardening-support.js';

 

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
    // NULs are refused before any field is read (http/nul-guard.ts), naming the field.
    const nuls = await run.api.post('/api/accounts', { name, password: '\u0000'.repeat(12) });
    assertError(nuls, 400, 'bad-request');
    assert.match(nuls.body.error.message, /password/i);
    for (const [what, password] of [['spaces', ' '.repeat(12)], ['digits', '1234567890'], ['common', 'password1234'], ['keyboard', 'qwertyuiop'], ['the name', name], ['the name twice', `${name}${name}`]] as const) {
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
