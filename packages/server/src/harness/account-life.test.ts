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
import { RESET_TOKEN_TTL_MS, SURFACE_LIMITS, VERIFY_MAILS_PER_ACCOUNT, VERIFY_MAILS_PER_ADDRESS, closeCodeOf } from '@tabula/protocol';
import { Live, type Api } from './client.js';
import { startServer, uniqueName, type Running } from './fixtures.js';
import { startPostgres, type Service } from './services.js';
import { TALLY } from './testgame.js';
import { game, listOf, patch, sleep, startSmtp, until, verifyFromMail, mailTo, linkToken, type Smtp } from './notify-support.js';

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
    let url: string;
    before(async () => {
      smtp = await startSmtp();
      url = await db();
      r = await startServer(url, { smtp: smtp.url, sweepMs: false, notify: { pollMs: 20, backoffMs: 40 } });
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

    it('a reset is mailed only to a verified address; its link sets the password once, ends every session and closes their sockets', async () => {
      const name = uniqueName('rs');
      const address = `${name}@example.test`;
      const t1 = await api.signUp(name, PASSWORD);
      const t2 = (await api.post('/api/sessions', { name, password: PASSWORD })).body.token as string;
      await patch(api, t1, { email: address });
      assert.equal((await api.post('/api/accounts/reset', { name })).status, 202);
      await r.server.accountMail.idle();
      assert.equal(mailTo(smtp, address).filter((m) => /\/reset\?token=/.test(m.text ?? '')).length, 0, 'no reset mail to an unverified address');
      await verifyFromMail(api, smtp, address);
      const socket = await userSocket(r.base, t2);

      assert.equal((await api.post('/api/accounts/reset', { email: address.toUpperCase() })).status, 202);
      const mail = await until(() => mailTo(smtp, address).find((m) => /\/reset\?token=/.test(m.text ?? '')), 'the reset mail');
      const token = linkToken(mail);
      const weak = await api.post('/api/accounts/reset/confirm', { token, password: 'password' });
      assert.equal(weak.status, 422, 'the password policy applies');
      assert.equal((await api.post('/api/accounts/reset/confirm', { token, password: NEXT })).status, 204, 'a refused password left the link usable');
      assert.equal((await api.get('/api/me', t1)).status, 401, 'every session ended');
      assert.equal((await api.get('/api/me', t2)).status, 401);
      assert.equal(await socket.closed, closeCodeOf(401));
      assert.equal((await api.post('/api/sessions', { name, password: NEXT })).status, 201);
      assert.equal((await api.post('/api/accounts/reset/confirm', { token, password: 'another long passphrase' })).status, 404, 'a used link');
      assert.equal((await api.post('/api/sessions', { name, password: 'another long passphrase' })).status, 401);
    });

    it('a reset link is refused once it has expired', async () => {
      let skew = 0;
      const late = await startServer(url, { smtp: smtp.url, sweepMs: false, now: () => Date.now() + skew });
      try {
        const name = uniqueName('ex');
        const address = `${name}@example.test`;
        const t = await late.api.signUp(name, PASSWORD);
        await patch(late.api, t, { email: address });
        await verifyFromMail(late.api, smtp, address);
        assert.equal((await late.api.post('/api/accounts/reset', { name })).status, 202);
        const token = linkToken(await until(() => mailTo(smtp, address).find((m) => /\/reset\?token=/.test(m.text ?? '')), 'the reset mail'));
        skew = RESET_TOKEN_TTL_MS + 1000;
        assert.equal((await late.api.post('/api/accounts/reset/confirm', { token, password: NEXT })).status, 404);
        skew = 0;
        assert.equal((await late.api.post('/api/accounts/reset/confirm', { token, password: NEXT })).status, 204, 'the same link before its expiry: not refused for another reason');
      } finally {
        await late.server.close();
      }
    });

    it('asking for a reset answers the same for an unknown name, a name without address and a name with a verified one, in comparable time', async () => {
      const open = await startServer(url, { smtp: smtp.url, sweepMs: false, rateLimits: false });
      try {
        const known = uniqueName('kn');
        const t = await open.api.signUp(known, PASSWORD);
        await patch(open.api, t, { email: `${known}@example.test` });
        await verifyFromMail(open.api, smtp, `${known}@example.test`);
        const bare = uniqueName('bare');
        await open.api.signUp(bare, PASSWORD);
        const cases = [uniqueName('nobody'), bare, known];
        const answers = await Promise.all(cases.map(async (name) => {
          const x = await open.api.post('/api/accounts/reset', { name });
          return JSON.stringify([x.status, x.body, x.headers.get('content-type'), x.headers.get('content-length')]);
        }));
        assert.equal(new Set(answers).size, 1, answers.join(' | '));
        const times: number[][] = cases.map(() => []);
        for (let round = 0; round < 15; round++) {
          for (const [i, name] of cases.entries()) {
            const t0 = performance.now();
            await open.api.post('/api/accounts/reset', { name });
            times[i]!.push(performance.now() - t0);
          }
        }
        const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
        const m = times.map(median);
        assert.ok(Math.max(...m) - Math.min(...m) < 15, `medians ${m.map((x) => x.toFixed(1)).join(' / ')} ms`);
      } finally {
        await open.server.close();
      }
    });

    it('reset requests are limited per address', async () => {
      const fresh = await startServer(url, { smtp: smtp.url, sweepMs: false });
      try {
        const statuses: number[] = [];
        for (let i = 0; i <= SURFACE_LIMITS.resets.perAddress; i++) statuses.push((await fresh.api.post('/api/accounts/reset', { name: uniqueName('lim') })).status);
        assert.deepEqual(statuses, [...Array<number>(SURFACE_LIMITS.resets.perAddress).fill(202), 429]);
      } finally {
        await fresh.server.close();
      }
    });

    it('the sessions list shows each session without its token and which one is this; ending one signs it out and closes its sockets', async () => {
      const name = uniqueName('ss');
      const a = await api.signUp(name, PASSWORD);
      const b = (await api.post('/api/sessions', { name, password: PASSWORD })).body.token as string;
      const list = await api.get('/api/accounts/me/sessions', a);
      assert.equal(list.status, 200);
      const sessions = list.body.sessions as { id: string; createdAt: number; seenAt: number; current: boolean }[];
      assert.equal(sessions.length, 2);
      assert.deepEqual(sessions.map((x) => x.current), [true, false]);
      assert.ok(!JSON.stringify(list.body).includes(a) && !JSON.stringify(list.body).includes(b), 'no token in the list');
      const other = await api.signUp(uniqueName('ot'), PASSWORD);
      assert.equal((await api.req('DELETE', `/api/accounts/me/sessions/${sessions[1]!.id}`, undefined, other)).status, 404, 'not another account\'s session');
      const socket = await userSocket(r.base, b);
      assert.equal((await api.req('DELETE', `/api/accounts/me/sessions/${sessions[1]!.id}`, undefined, a)).status, 204);
      assert.equal(await socket.closed, closeCodeOf(401));
      assert.equal((await api.get('/api/me', b)).status, 401);
      assert.equal((await api.get('/api/me', a)).status, 200);
      assert.deepEqual((await api.get('/api/accounts/me/sessions', a)).body.sessions.map((x: { current: boolean }) => x.current), [true]);
    });

    it('the data export holds the account\'s games, chat lines and settings, and no other account\'s lines', async () => {
      const aName = uniqueName('xa');
      const a = await api.signUp(aName, PASSWORD);
      const b = await api.signUp(uniqueName('xb'), PASSWORD);
      await patch(api, a, { email: `${aName}@example.test`, language: 'es' });
      const id = await game(api, a, b);
      const la = await Live.open(r.base, id, a);
      const lb = await Live.open(r.base, id, b);
      la.send({ type: 'chat', ref: 1, text: 'mine to export' });
      await la.next((m) => m.type === 'ack' && m.ref === 1);
      lb.send({ type: 'chat', ref: 2, text: 'not theirs' });
      await lb.next((m) => m.type === 'ack' && m.ref === 2);
      la.ws.close();
      lb.ws.close();
      const x = await api.get('/api/accounts/me/export', a);
      assert.equal(x.status, 200);
      assert.match(x.headers.get('content-disposition') ?? '', /attachment/);
      assert.equal(x.body.account.name, aName);
      assert.deepEqual(x.body.games.map((g: { id: string; role: string }) => [g.id, g.role]), [[id, 'north']]);
      assert.deepEqual(x.body.chat.map((c: { text: string; gameId: string }) => [c.gameId, c.text]), [[id, 'mine to export']]);
      assert.equal(x.body.settings.email, `${aName}@example.test`);
      assert.equal(x.body.settings.language, 'es');
      assert.deepEqual(x.body.ratings, []);
      assert.deepEqual(x.body.ratingHistory, []);
      assert.equal((await api.get('/api/accounts/me/export')).status, 401);
    });

    it('deleting the account needs its password; its seats show a deleted player, its chat lines and rating go, its sessions end and its name is free', async () => {
      const aName = uniqueName('del');
      const a = await api.signUp(aName, PASSWORD);
      const b = await api.signUp(uniqueName('keep'), PASSWORD);
      const id = await game(api, a, b);
      const la = await Live.open(r.base, id, a);
      la.send({ type: 'chat', ref: 1, text: 'soon gone' });
      await la.next((m) => m.type === 'ack' && m.ref === 1);
      const lb = await Live.open(r.base, id, b);
      lb.send({ type: 'chat', ref: 2, text: 'stays' });
      await lb.next((m) => m.type === 'ack' && m.ref === 2);
      lb.ws.close();
      const userId = Number((await r.server.store.sql.all<{ id: number }>('SELECT id FROM users WHERE name = ?', [aName]))[0]!.id);
      await r.server.store.sql.run('INSERT INTO ratings (user_id, game, rating, rd, vol, games, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)', [userId, TALLY, 1700, 60, 0.06, 12, Date.now()]);
      const board = async () => ((await api.get(`/api/ratings/${TALLY}`)).body.players as { name: string }[]).map((p) => p.name);
      assert.ok((await board()).includes(aName), 'on the leaderboard before');

      assert.equal((await api.req('DELETE', '/api/accounts/me', { password: 'wrong password!' }, a)).status, 401);
      assert.equal((await api.get('/api/me', a)).status, 200, 'a refused deletion changes nothing');
      assert.equal((await api.req('DELETE', '/api/accounts/me', { password: PASSWORD }, a)).status, 204);

      await until(() => la.closedWith !== null, 'the deleted account\'s socket closed');
      assert.equal(la.closedWith, closeCodeOf(401));
      assert.equal((await api.get('/api/me', a)).status, 401);
      assert.equal((await api.post('/api/sessions', { name: aName, password: PASSWORD })).status, 401);
      const state = (await api.get(`/api/games/${id}`, b)).body;
      assert.deepEqual(state.seats.map((x: { role: string; user: string | null }) => [x.role, x.user]).sort(), [['east', (await api.get('/api/me', b)).body.name], ['north', '(deleted player)']].sort());
      const chat = (await api.get(`/api/games/${id}/chat`, b)).body.lines as { text: string }[];
      assert.deepEqual(chat.map((l) => l.text), ['stays']);
      assert.ok(!(await board()).includes(aName), 'off the leaderboard');
      assert.equal((await api.post('/api/accounts', { name: aName, password: PASSWORD })).status, 201, 'the name is free again');
    });
  });
}

suite('SQLite', () => Promise.resolve(`sqlite:${join(dir, 'life.db')}`));
suite('PostgreSQL', async () => {
  pg = await startPostgres();
  return pg.url;
});
