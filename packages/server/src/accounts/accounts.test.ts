// Accounts and sessions, on the accounts room alone (no HTTP).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { testScrypt, uniqueName } from '../harness/fixtures.js';
import { createRooms } from '../harness/rooms.js';
import { PW, rejects, service, store, useRooms } from '../harness/rooms-fixture.js';

useRooms();

describe('accounts and sessions', () => {
  it('sign-up gives a working token, sign-in another; a wrong password, an unknown name or a taken name is refused', async () => {
    const name = uniqueName('dave');
    const up = await service.accounts.signUp(name, PW);
    assert.equal(up.name, name);
    assert.equal((await service.accounts.authenticate(up.token))?.name, name);
    const inn = await service.accounts.signIn(name, PW);
    assert.notEqual(inn.token, up.token);
    assert.equal((await service.accounts.authenticate(inn.token))?.name, name);
    await rejects(service.accounts.signIn(name, `${PW}!`), 401, 'bad-credentials');
    await rejects(service.accounts.signIn(uniqueName('nobody'), PW), 401, 'bad-credentials');
    await rejects(service.accounts.signUp(name, PW), 409, 'name-taken');
  });

  it('a token that is empty or longer than 200 characters is no session', async () => {
    assert.equal(await service.accounts.authenticate(''), null);
    assert.equal(await service.accounts.authenticate('x'.repeat(201)), null);
    assert.equal(await service.accounts.session('x'.repeat(200)), null);
  });

  it('signing out ends that session; signing out everywhere ends all of the account\'s', async () => {
    const name = uniqueName('erin');
    const a = await service.accounts.signUp(name, PW);
    const b = await service.accounts.signIn(name, PW);
    const c = await service.accounts.signIn(name, PW);
    await service.accounts.signOut(a.token);
    assert.equal(await service.accounts.authenticate(a.token), null);
    const u = (await service.accounts.authenticate(b.token))!;
    assert.ok(u);
    await service.accounts.signOutEverywhere(u);
    assert.equal(await service.accounts.authenticate(b.token), null);
    assert.equal(await service.accounts.authenticate(c.token), null);
  });

  it('a session ends idle-time after its last use (each use renews it, at most every tenth of the idle time) and absolute-time after sign-in', async () => {
    let t = 5_000_000;
    const s = createRooms({ store, scrypt: testScrypt, now: () => t, sessionTtlMs: 10_000, sessionIdleMs: 1_000 });
    const t0 = t;
    const { token } = await s.accounts.signUp(uniqueName('fay'), PW);
    assert.equal((await s.accounts.session(token))!.expiresAt, t0 + 1_000);
    t = t0 + 99;
    assert.equal((await s.accounts.session(token))!.expiresAt, t0 + 1_000, 'not renewed within a tenth of the idle time');
    t = t0 + 100;
    assert.equal((await s.accounts.session(token))!.expiresAt, t0 + 1_100, 'renewed');
    t = t0 + 1_100;
    assert.equal((await s.accounts.session(token))!.expiresAt, t0 + 2_100, 'still valid at its expiry, and renewed');
    t = t0 + 2_101;
    assert.equal(await s.accounts.session(token), null, 'idle too long');
    const t1 = t;
    const other = await s.accounts.signIn((await s.accounts.signUp(uniqueName('gus'), PW)).name, PW);
    for (t = t1 + 500; t <= t1 + 9_500; t += 500) assert.ok(await s.accounts.session(other.token), `in use at ${t - t1}`);
    t = t1 + 10_000;
    assert.equal((await s.accounts.session(other.token))!.expiresAt, t1 + 10_000, 'the absolute limit');
    t = t1 + 10_001;
    assert.equal(await s.accounts.session(other.token), null, 'past the absolute limit');
  });

  it('expired sessions are swept out when a session is created, at most once an hour', async () => {
    const { hashToken } = await import('../accounts/passwords.js');
    let t = 9_000_000;
    const s = createRooms({ store, scrypt: testScrypt, now: () => t, sessionTtlMs: 10_000, sessionIdleMs: 1_000 });
    const t0 = t;
    const name = uniqueName('hal');
    const { token } = await s.accounts.signUp(name, PW); // the first session sweeps
    const row = (): Promise<unknown> => store.findSession(hashToken(token), 0, 0);
    t = t0 + 2_000;
    await s.accounts.signIn(name, PW);
    assert.ok(await row(), 'expired, but no sweep within the hour');
    t = t0 + 3_600_000;
    await s.accounts.signIn(name, PW);
    assert.ok(await row(), 'exactly an hour: no sweep yet');
    t = t0 + 3_600_001;
    const fresh = await s.accounts.signIn(name, PW);
    assert.equal(await row(), null, 'swept');
    assert.ok(await s.accounts.authenticate(fresh.token), 'the new session is kept');
  });
});
