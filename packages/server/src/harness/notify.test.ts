/**
 * Notifications end to end: a real SMTP server and webhook receivers on loopback, the per-user socket,
 * the SSRF guard, two workers on PostgreSQL, and kill -9 with notifications queued.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import WebSocket from 'ws';
import { WEBHOOK_MAX_FAILURES } from '@tabula/protocol';
import { Api } from './client.js';
import { startServer, uniqueName } from './fixtures.js';
import { spawnServer, type Child } from './processes.js';
import { startPostgres, type Service } from './services.js';
import { TALLY } from './testgame.js';
import { isPublicAddress } from '../notify/guard.js';
import { openStore, type Store } from '../store/index.js';
import { nameKeyOf } from '../accounts/account-policy.js';

import { game, listOf, pass, patch, sleep, startReceiver, startSmtp, until, cleanedUp, verifyFromMail } from './notify-support.js';

describe('notifications', () => {
  const { running, closers, dir } = cleanedUp('tabula-notify-');
  const start = async (extra: Parameters<typeof startServer>[1] = {}) => {
    const r = await startServer('sqlite::memory:', { sweepMs: false, notify: { pollMs: 20, backoffMs: 40 }, ...extra });
    running.push(r);
    return r;
  };

  it('email: an offline German player gets "your turn" in German (text + HTML), once per game per hour; the unsubscribe link stops mail', async () => {
    const smtp = await startSmtp();
    closers.push(smtp.close);
    const { api } = await start({ smtp: smtp.url });
    const alice = await api.signUp(uniqueName('alice'));
    const bobName = uniqueName('bob');
    const bob = await api.signUp(bobName);
    const s = await patch(api, bob, { language: 'de', email: 'bob@example.test' });
    assert.equal(s.status, 200);
    assert.equal(s.body.mailAvailable, true);
    await verifyFromMail(api, smtp, 'bob@example.test');
    const id = await game(api, alice, bob);
    await pass(api, id, alice); // east (bob) to move: bob is offline
    const mail = await until(() => smtp.mails[0], 'the your-turn mail');
    assert.equal((mail.to as { text: string }).text, 'bob@example.test');
    assert.match(mail.subject ?? '', /^Du bist am Zug: /);
    assert.match(mail.text ?? '', /Du bist am Zug in /);
    assert.match(mail.text ?? '', new RegExp(`/games/${id}`));
    assert.match(mail.html || '', /<html lang="de">/);
    assert.ok(mail.headerLines.some((h) => h.key === 'list-unsubscribe' && h.line.includes('/api/notifications/unsubscribe?token=')), 'List-Unsubscribe header');
    const unsub = /(http:\/\/\S+\/api\/notifications\/unsubscribe\?token=\S+)/.exec(mail.text ?? '')![1]!;

    // Bob's turn again in the same game within the hour: in the app, not by mail (the first one read:
    // an unread "your turn" would be replaced rather than joined).
    await api.post('/api/notifications/read', {}, bob);
    await pass(api, id, bob);
    await pass(api, id, alice);
    await until(async () => (await listOf(api, bob)).notifications.length === 2, 'the second in-app notification');
    await sleep(200);
    assert.equal(smtp.mails.length, 1, 'at most one mail per game per hour');

    // The unsubscribe link works without signing in; no more mail after it.
    const page = await fetch(unsub);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /Abbestellt/);
    assert.equal((await api.get('/api/notifications/settings', bob)).body.emailOn, false);
    const forged = await fetch(unsub.replace(/token=\d+\./, 'token=1.'), { headers: { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' } });
    assert.equal(forged.status, 404, 'a forged token is refused');
    assert.match(await forged.text(), /<html lang="de">.*Unbekannter Link/s, 'in the language the browser asks for');
    const id2 = await game(api, alice, bob);
    await pass(api, id2, alice);
    await until(async () => (await listOf(api, bob)).notifications.some((n) => n.gameId === id2), 'the in-app notification of game 2');
    await sleep(200);
    assert.equal(smtp.mails.length, 1, 'no mail after unsubscribing');
  });

  it('in the app: /api/live pushes the notification and the unread count to a connected player, who gets no mail; mark-read', async () => {
    const smtp = await startSmtp();
    closers.push(smtp.close);
    const { api, base } = await start({ smtp: smtp.url });
    const alice = await api.signUp(uniqueName('alice'));
    const bob = await api.signUp(uniqueName('bob'));
    await patch(api, bob, { email: 'bob@example.test' });
    await verifyFromMail(api, smtp, 'bob@example.test');
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/live?token=${bob}`);
    const got: { type: string; count?: number; notification?: { kind: string; gameId: string; opponents: string[] } }[] = [];
    ws.on('message', (d) => got.push(JSON.parse(d.toString())));
    await until(() => got.some((m) => m.type === 'unread' && m.count === 0), 'the unread count on connect');
    const id = await game(api, alice, bob);
    await pass(api, id, alice);
    const n = await until(() => got.find((m) => m.type === 'notification'), 'the pushed notification');
    assert.equal(n.notification!.kind, 'your-turn');
    assert.equal(n.notification!.gameId, id);
    await until(() => got.some((m) => m.type === 'unread' && m.count === 1), 'unread 1');
    await sleep(200);
    assert.equal(smtp.mails.length, 0, 'a connected player gets no mail');
    const r = await api.post('/api/notifications/read', {}, bob);
    assert.equal(r.body.unread, 0);
    await until(() => got.filter((m) => m.type === 'unread').at(-1)!.count === 0, 'unread 0 pushed after mark-read');
    assert.equal((await listOf(api, bob)).notifications[0]!.read, true);
    ws.close();
    const anon = new WebSocket(`${base.replace(/^http/, 'ws')}/api/live`);
    const code = await new Promise<number>((res) => anon.on('close', (c) => res(c)));
    assert.equal(code, 4401, 'the user socket needs a token');
  });

  it('game over and invited: each seated person but the one who acted; invitations by name', async () => {
    const { api } = await start();
    const alice = await api.signUp(uniqueName('alice'));
    const bobName = uniqueName('bob');
    const bob = await api.signUp(bobName);
    const id = await game(api, alice, bob);
    await api.post(`/api/games/${id}/resign`, {}, alice);
    const l = await until(async () => { const x = await listOf(api, bob); return x.notifications.some((n) => n.kind === 'game-over') && x; }, 'game over');
    assert.equal(l.notifications[0]!.kind, 'game-over');
    assert.ok(!(await listOf(api, alice)).notifications.some((n) => n.kind === 'game-over'), 'the resigning player is not told');
    const open = (await api.post('/api/games', { game: TALLY }, alice)).body.id as string;
    assert.equal((await api.post(`/api/games/${open}/invite`, { name: bobName }, alice)).status, 204);
    assert.equal((await api.post(`/api/games/${open}/invite`, { name: bobName }, bob)).status, 403, 'only the creator or a seated player invites');
    assert.equal((await api.post(`/api/games/${open}/invite`, { name: 'nobody-here-xyz' }, alice)).status, 404);
    await until(async () => (await listOf(api, bob)).notifications.some((n) => n.kind === 'invited' && n.gameId === open), 'invited');
  });

  it('webhooks: signed calls (plain and Discord JSON); a failing receiver is retried, then disabled after 5 failures', async () => {
    const ok = await startReceiver(200);
    const bad = await startReceiver(500);
    closers.push(ok.close, bad.close);
    const { api } = await start({ allowPrivateWebhooks: true });
    const alice = await api.signUp(uniqueName('alice'));
    const bob = await api.signUp(uniqueName('bob'));
    const set = await patch(api, bob, { webhookUrl: ok.url, webhookFormat: 'json' });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    const secret = set.body.webhookSecret as string;
    assert.ok(secret.length >= 32);
    const id = await game(api, alice, bob);
    await pass(api, id, alice);
    const call = await until(() => ok.calls[0], 'the webhook call');
    const expected = `sha256=${createHmac('sha256', secret).update(`${call.headers['x-tabula-timestamp']}.${call.body}`).digest('hex')}`;
    assert.equal(call.headers['x-tabula-signature'], expected, 'HMAC-SHA256 of timestamp.body');
    const body = JSON.parse(call.body) as { kind: string; gameId: string; text: string };
    assert.equal(body.kind, 'your-turn');
    assert.equal(body.gameId, id);
    assert.ok(call.headers['x-tabula-delivery']);

    await patch(api, bob, { webhookFormat: 'discord' });
    await pass(api, id, bob);
    await pass(api, id, alice);
    const discord = JSON.parse((await until(() => ok.calls[1], 'the discord call')).body) as { content: string; username: string };
    assert.equal(discord.username, 'Tabula');
    assert.match(discord.content, /your turn/i);

    const s2 = await patch(api, bob, { webhookUrl: bad.url });
    assert.notEqual(s2.body.webhookSecret, secret, 'a new URL gets a new secret');
    await pass(api, id, bob);
    await pass(api, id, alice);
    await until(async () => (await api.get('/api/notifications/settings', bob)).body.webhookDisabled === true, 'the webhook disabled', 15_000);
    assert.equal(bad.calls.length, WEBHOOK_MAX_FAILURES, 'retried until the 5th failure');
    const newest = (await listOf(api, bob)).notifications[0]!.id;
    await pass(api, id, bob);
    await pass(api, id, alice);
    await until(async () => (await listOf(api, bob)).notifications[0]!.id !== newest, 'the next notification');
    await sleep(300);
    assert.equal(bad.calls.length, WEBHOOK_MAX_FAILURES, 'no calls once disabled');
  });

  it('SSRF guard: loopback, private, link-local and other non-public webhook addresses are refused without --allow-private-webhooks', async () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:a00:1', '224.0.0.1']) {
      assert.equal(isPublicAddress(ip), false, ip);
    }
    for (const ip of ['93.184.215.14', '1.1.1.1', '2606:4700:4700::1111']) assert.equal(isPublicAddress(ip), true, ip);
    const { api, server } = await start();
    const bob = await api.signUp(uniqueName('bob'));
    for (const url of ['http://127.0.0.1:9/x', 'http://10.0.0.1/x', 'http://169.254.169.254/latest', 'http://[::1]:9/x', 'http://[fe80::1]/x', 'http://localhost:9/x', 'http://192.168.0.10/x', 'http://[::ffff:127.0.0.1]/x']) {
      const r = await patch(api, bob, { webhookUrl: url });
      assert.equal(r.status, 422, url);
      assert.equal(r.body.error.code, 'webhook-address-not-allowed', url);
    }
    assert.equal((await patch(api, bob, { webhookUrl: 'ftp://example.com/x' })).status, 422);
    // Checked again when calling: a loopback URL already stored (as if its name had changed address) is never called.
    const rec = await startReceiver(200);
    closers.push(rec.close);
    const alice = await api.signUp(uniqueName('alice'));
    const me = (await api.get('/api/me', bob)).body.name as string;
    const userId = (await server.store.findUserByNameKey(nameKeyOf(me)))!.id;
    await server.store.notify.putSettings(userId, { webhookUrl: rec.url, webhookSecret: 's'.repeat(32) });
    const id = await game(api, alice, bob);
    await pass(api, id, alice);
    await until(async () => (await listOf(api, bob)).notifications.length === 1, 'the in-app notification');
    await sleep(400);
    assert.equal(rec.calls.length, 0, 'the guard refused the connection');
  });

  it('PostgreSQL: two workers draining one outbox never take the same row (SKIP LOCKED)', async () => {
    let pg: Service | undefined;
    const stores: Store[] = [];
    try {
      pg = await startPostgres();
      for (let i = 0; i < 2; i++) stores.push(await openStore(pg.url));
      const user = (await stores[0]!.createUser('racer', 'racer', 'x', Date.now()))!;
      const N = 300;
      await stores[0]!.notify.enqueue(Array.from({ length: N }, (_, i) => ({ channel: 'webhook' as const, userId: user.id, gameId: `g${i}`, kind: 'your-turn', payload: {} })), Date.now());
      const taken: number[][] = [[], []];
      await Promise.all(stores.map(async (s, w) => {
        for (;;) {
          const rows = await s.notify.claim(Date.now(), 60_000, 7, `w${w}`);
          if (rows.length === 0) break;
          for (const r of rows) { taken[w]!.push(r.id); await s.notify.complete(r.id, r.claim, Date.now()); }
        }
      }));
      const all = [...taken[0]!, ...taken[1]!];
      assert.equal(all.length, N, 'every row claimed');
      assert.equal(new Set(all).size, N, 'no row claimed twice');
      assert.ok(taken[0]!.length > 0 && taken[1]!.length > 0, `both workers worked (${taken[0]!.length} / ${taken[1]!.length})`);
      assert.equal(await stores[0]!.notify.pending(), 0);
    } finally {
      for (const s of stores) await s.close();
      await pg?.stop();
    }
  });

  it('kill -9 with notifications queued: after a restart every one is delivered exactly once (mail, webhook, in-app)', async () => {
    const smtp = await startSmtp();
    const rec = await startReceiver(200);
    closers.push(smtp.close, rec.close);
    const env = { TABULA_DB: `sqlite:${join(dir, 'crash.db')}`, TABULA_SMTP: smtp.url, TABULA_ALLOW_PRIVATE_WEBHOOKS: '1', TABULA_NOTIFY_BACKOFF_MS: '50' };
    let child: Child = await spawnServer({ ...env, TABULA_NOTIFY_WORKER: '0' });
    try {
      let api = new Api(child.url);
      const alice = await api.signUp(uniqueName('alice'));
      const bob = await api.signUp(uniqueName('bob'));
      assert.equal((await patch(api, bob, { email: 'bob@example.test', webhookUrl: rec.url })).status, 200);
      await verifyFromMail(api, smtp, 'bob@example.test');
      const GAMES = 6;
      const ids: string[] = [];
      for (let i = 0; i < GAMES; i++) {
        const id = await game(api, alice, bob);
        await pass(api, id, alice);
        ids.push(id);
      }
      await child.kill9();
      assert.equal(smtp.mails.length + rec.calls.length, 0, 'nothing was delivered before the crash');
      child = await spawnServer(env);
      api = new Api(child.url);
      await until(() => smtp.mails.length >= GAMES && rec.calls.length >= GAMES, 'every delivery', 15_000);
      await sleep(500);
      assert.equal(smtp.mails.length, GAMES, 'one mail per queued notification');
      assert.equal(rec.calls.length, GAMES, 'one webhook call per queued notification');
      assert.equal(new Set(rec.calls.map((c) => c.headers['x-tabula-delivery'])).size, GAMES);
      const gamesMailed = smtp.mails.map((m) => ids.find((id) => (m.text ?? '').includes(`/games/${id}`))).sort();
      assert.deepEqual(gamesMailed, [...ids].sort());
      const list = await listOf(api, bob);
      assert.equal(list.notifications.filter((n) => n.kind === 'your-turn').length, GAMES);
      assert.equal(list.unread, GAMES);
    } finally {
      await child.stop();
    }
  });
});
