/**
 * The account life cycle over the API (issue 42), on SQLite and PostgreSQL, with a real SMTP sink:
 * address verification (and mail-bombing an address one does not own), password change.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { VERIFY_MAILS_PER_ACCOUNT, VERIFY_MAILS_PER_ADDRESS, closeCodeOf } from '@tabula/protocol';
import type { Api } from './client.js';
import { startServer, uniqueName, type Running } from './fixtures.js';
import { startPostgres, type Service } from './services.js';
import { TALLY } from './testgame.js';
import { listOf, patch, sleep, startSmtp, until, verifyFromMail, mailTo, linkToken, type Smtp } from './notify-support.js';

const PASSWORD = 'correct horse';
const NEXT = 'battery staple orbit';

const dir = mkdtempSync(join(tmpdir(), 'tabula-life-'));
let pg: Service | undefined;
after(async () => {
  await pg?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function openGame(api: Api, token: string): Promise<string> {
  const r = await api.post('/api/games', { game: TALLY }, token);
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body.id as string;
}

function userSocket(base: string, token: string): Promise<{ ws: WebSocket; closed: Promise<number> }> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/live?token=${token}`);
  const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
  return new Promise((resolve, reject) => {
    ws.once('message', () => resolve({ ws, closed })); // the unread count: authenticated
    ws.once('error', reject);
  });
}

function suite(label: string, db: () => Promise<string>): void {
  describe(`account life cycle (${label})`, () => {
    let smtp: Smtp;
    let r: Running;
    let api: Api;
    before(async () => {
      smtp = await startSmtp();
      r = await startServer(await db(), { smtp: smtp.url, sweepMs: false, notify: { pollMs: 20, backoffMs: 40 } });
      api = r.api;
    });
    after(async () => {
      await r.server.close();
      await smtp.close();
    });

    it('a new address is unverified and gets only its verification mail; the link verifies it once; then invitations are mailed', async () => {
      const host = await api.signUp(uniqueName('host'));
      const bob = await api.signUp(uniqueName('bob'));
      const address = `${uniqueName('bob')}@example.test`;
      const set = await patch(api, bob, { email: address, language: 'de' });
      assert.equal(set.status, 200);
      assert.equal(set.body.emailVerified, false);
      const mail = await until(() => mailTo(smtp, address)[0], 'the verification mail');
      assert.match(mail.subject ?? '', /^Bestätige deine E-Mail-Adresse/);
      assert.match(mail.text ?? '', /\/verify\?token=/);

      // Invited while unverified: in the app, never by mail.
      const g1 = await openGame(api, host);
      assert.equal((await api.post(`/api/games/${g1}/invite`, { name: (await api.get('/api/me', bob)).body.name }, host)).status, 204);
      await until(async () => (await listOf(api, bob)).notifications.some((n) => n.gameId === g1), 'the in-app invitation');
      await sleep(300);
      assert.equal(mailTo(smtp, address).length, 1, 'nothing but the verification mail before verifying');

      const token = linkToken(mail);
      assert.equal((await api.post('/api/accounts/verify', { token: 'x'.repeat(43) })).status, 404, 'an unknown token');
      const ok = await api.get(`/api/accounts/verify?token=${token}`);
      assert.equal(ok.status, 200);
      assert.equal(ok.body.email, address);
      assert.equal((await api.post('/api/accounts/verify', { token })).status, 404, 'a used token');
      assert.equal((await api.get('/api/notifications/settings', bob)).body.emailVerified, true);

      const g2 = await openGame(api, host);
      assert.equal((await api.post(`/api/games/${g2}/invite`, { name: (await api.get('/api/me', bob)).body.name }, host)).status, 204);
      const invited = await until(() => mailTo(smtp, address).find((m) => (m.text ?? '').includes(`/games/${g2}`)), 'the invitation mail once verified');
      assert.doesNotMatch(invited.text ?? '', /verify\?token=/);
    });

    it('a changed address is unverified again, and a link of the former address no longer verifies', async () => {
      const bob = await api.signUp(uniqueName('bob'));
      const first = `${uniqueName('a')}@example.test`;
      const second = `${uniqueName('b')}@example.test`;
      await patch(api, bob, { email: first });
      const oldToken = linkToken(await until(() => mailTo(smtp, first)[0], 'the first verification mail'));
      assert.equal((await patch(api, bob, { email: second })).body.emailVerified, false);
      assert.equal((await api.post('/api/accounts/verify', { token: oldToken })).status, 404);
      await verifyFromMail(api, smtp, second);
      assert.equal((await api.get('/api/notifications/settings', bob)).body.emailVerified, true);
      assert.equal((await patch(api, bob, { email: first })).body.emailVerified, false, 'back to the first address: verified anew');
      const again = await api.post('/api/accounts/verify/resend', {}, bob);
      assert.equal(again.status, 202);
    });

    it('mail-bombing an address: five accounts set it, change their settings again and again, and get 30 invitations; it receives at most the limit of verification mails and no notification', async () => {
      const victim = `${uniqueName('victim')}@example.test`;
      const names = Array.from({ length: 5 }, () => uniqueName('m'));
      const tokens = await Promise.all(names.map((n) => api.signUp(n)));
      for (const t of tokens) {
        for (let i = 0; i < 3; i++) {
          assert.equal((await patch(api, t, { email: victim })).status, 200);
          assert.equal((await patch(api, t, { email: i % 2 ? victim.toUpperCase() : victim, language: i % 2 ? 'es' : 'en' })).status, 200);
        }
        assert.equal((await api.post('/api/accounts/verify/resend', {}, t)).status, 202);
      }
      const host = await api.signUp(uniqueName('host'));
      const games = await Promise.all(Array.from({ length: 6 }, () => openGame(api, host)));
      for (const g of games) for (const n of names) assert.equal((await api.post(`/api/games/${g}/invite`, { name: n }, host)).status, 204);
      for (const t of tokens) await until(async () => (await listOf(api, t)).notifications.length === 6, 'six in-app invitations');
      await sleep(500);
      await r.server.accountMail.idle();
      const got = smtp.mails.filter((m) => ((m.to as { text: string }).text).toLowerCase() === victim);
      assert.equal(got.length, VERIFY_MAILS_PER_ADDRESS, `${got.length} mails`);
      for (const m of got) assert.match(m.text ?? '', /\/verify\?token=/, 'only verification mails');
    });

    it('one account changing its address again and again sends at most its own limit of verification mails', async () => {
      const t = await api.signUp(uniqueName('hop'));
      const tag = uniqueName('hop');
      const sent = smtp.mails.length;
      for (let i = 0; i < VERIFY_MAILS_PER_ACCOUNT + 4; i++) assert.equal((await patch(api, t, { email: `${tag}.${i}@example.test` })).status, 200);
      const resend = await api.post('/api/accounts/verify/resend', {}, t);
      assert.equal(resend.body.sent, false);
      await r.server.accountMail.idle();
      await sleep(300);
      const mine = smtp.mails.slice(sent).filter((m) => ((m.to as { text: string }).text).startsWith(`${tag}.`));
      assert.equal(mine.length, VERIFY_MAILS_PER_ACCOUNT);
    });

    it('changing the password needs the current one and the policy; it ends every other session (closing its sockets) and keeps this one', async () => {
      const name = uniqueName('pw');
      const here = await api.signUp(name, PASSWORD);
      const there = (await api.post('/api/sessions', { name, password: PASSWORD })).body.token as string;
      const thereSocket = await userSocket(r.base, there);
      const hereSocket = await userSocket(r.base, here);
      assert.equal((await api.post('/api/accounts/password', { current: 'wrong password!', next: NEXT }, here)).status, 401);
      const weak = await api.post('/api/accounts/password', { current: PASSWORD, next: 'password' }, here);
      assert.equal(weak.status, 422);
      assert.equal(weak.body.error.code, 'weak-password');
      assert.equal((await api.get('/api/me', there)).status, 200, 'refused changes end no session');

      assert.equal((await api.post('/api/accounts/password', { current: PASSWORD, next: NEXT }, here)).status, 204);
      assert.equal((await api.get('/api/me', there)).status, 401, 'the other session ended');
      assert.equal(await thereSocket.closed, closeCodeOf(401));
      assert.equal((await api.get('/api/me', here)).status, 200, 'this session goes on');
      assert.equal(hereSocket.ws.readyState, WebSocket.OPEN);
      hereSocket.ws.close();
      assert.equal((await api.post('/api/sessions', { name, password: PASSWORD })).status, 401, 'the old password is refused');
      assert.equal((await api.post('/api/sessions', { name, password: NEXT })).status, 201);
    });
  });
}

suite('SQLite', () => Promise.resolve(`sqlite:${join(dir, 'life.db')}`));
suite('PostgreSQL', async () => {
  pg = await startPostgres();
  return pg.url;
});
