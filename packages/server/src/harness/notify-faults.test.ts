/**
 * Notification delivery under faults: a webhook receiver that trickles its answer must not delay anybody
 * else's notifications, and a mail interrupted by kill -9 in the middle of its SMTP transaction is sent
 * once after the restart.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { WEBHOOK_TIMEOUT_MS } from '@tabula/protocol';
import { Api } from './client.js';
import { startServer, uniqueName } from './fixtures.js';
import { spawnServer, type Child } from './processes.js';
import { game, linkToken, listOf, pass, patch, startReceiver, until, cleanedUp } from './notify-support.js';

/** A webhook receiver that reads the request, then sends one byte of its answer every second and never ends it. */
async function trickler(): Promise<{ url: string; opened: number[]; closedAfterMs: number[]; close(): Promise<void> }> {
  const out = { url: '', opened: [] as number[], closedAfterMs: [] as number[], close: () => Promise.resolve() };
  const sockets = new Set<Socket>();
  const server = createTcpServer((sock) => {
    sockets.add(sock);
    const t0 = Date.now();
    out.opened.push(t0);
    let timer: NodeJS.Timeout | null = null;
    sock.once('data', () => {
      timer = setInterval(() => sock.write('H'), 1000);
    });
    sock.on('error', () => undefined);
    sock.on('close', () => {
      if (timer) clearInterval(timer);
      sockets.delete(sock);
      out.closedAfterMs.push(Date.now() - t0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  out.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  out.close = () => new Promise((r) => { for (const s of sockets) s.destroy(); server.close(() => r()); });
  return out;
}

describe('notifications under faults', () => {
  const { running, closers, dir } = cleanedUp('tabula-notify-faults-');

  it('a webhook that trickles its answer delays nobody else: the other user\'s in-app notification and webhook arrive at once, the slow call is cut at the deadline', async () => {
    const slow = await trickler();
    const fast = await startReceiver(200);
    closers.push(slow.close, fast.close);
    const run = await startServer('sqlite::memory:', { sweepMs: false, allowPrivateWebhooks: true, notify: { pollMs: 20, backoffMs: 60_000 } });
    running.push(run);
    const { api } = run;
    const alice = await api.signUp(uniqueName('alice'));
    const bob = await api.signUp(uniqueName('bob'));
    const carol = await api.signUp(uniqueName('carol'));
    assert.equal((await patch(api, bob, { webhookUrl: slow.url })).status, 200);
    assert.equal((await patch(api, carol, { webhookUrl: fast.url })).status, 200);
    const withBob = await game(api, alice, bob);
    const withCarol = await game(api, alice, carol);

    await pass(api, withBob, alice);
    await until(() => slow.opened.length > 0, 'the slow receiver called');
    const t0 = Date.now();
    await pass(api, withCarol, alice);
    await until(async () => (await listOf(api, carol)).notifications.some((n) => n.gameId === withCarol), 'carol\'s in-app notification');
    const inApp = Date.now() - t0;
    await until(() => fast.calls.length > 0, 'carol\'s webhook');
    const hook = Date.now() - t0;
    assert.ok(inApp < 1500, `carol's in-app notification took ${inApp} ms while bob's webhook hangs`);
    assert.ok(hook < 1500, `carol's webhook took ${hook} ms while bob's webhook hangs`);

    await until(() => slow.closedAfterMs.length > 0, 'the slow call cut', WEBHOOK_TIMEOUT_MS + 3000);
    assert.ok(slow.closedAfterMs[0]! <= WEBHOOK_TIMEOUT_MS + 1000, `the slow call lasted ${slow.closedAfterMs[0]} ms (deadline ${WEBHOOK_TIMEOUT_MS} ms)`);
  });

  it('kill -9 while a mail is in its SMTP transaction: after the restart that mail is sent, once', async () => {
    const accepted: ParsedMail[] = [];
    const verification: ParsedMail[] = [];
    let stall = true;
    let stalled = 0;
    const smtp = new SMTPServer({
      authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
      onData(stream, _session, cb) {
        simpleParser(stream).then((m) => {
          if (/\/verify\?token=/.test(m.text ?? '')) { verification.push(m); cb(); return; }
          // The first transaction never gets its answer: the server process dies waiting for it.
          if (stall) { stalled++; return; }
          accepted.push(m);
          cb();
        }, (e: Error) => cb(e));
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    closers.push(() => new Promise((r) => smtp.close(() => r())));
    const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    const env = { TABULA_DB: `sqlite:${join(dir, 'mail-crash.db')}`, TABULA_SMTP: smtpUrl, TABULA_NOTIFY_BACKOFF_MS: '50', TABULA_NOTIFY_LEASE_MS: '1500' };
    let child: Child = await spawnServer(env);
    try {
      let api = new Api(child.url);
      const alice = await api.signUp(uniqueName('alice'));
      const bob = await api.signUp(uniqueName('bob'));
      assert.equal((await patch(api, bob, { email: 'bob@example.test' })).status, 200);
      const link = await until(() => verification[0], 'the verification mail');
      assert.equal((await api.post('/api/accounts/verify', { token: linkToken(link) })).status, 200);
      const id = await game(api, alice, bob);
      await pass(api, id, alice);
      await until(() => stalled > 0, 'the mail in its SMTP transaction', 10_000);
      await child.kill9();
      stall = false;
      child = await spawnServer(env);
      api = new Api(child.url);
      await until(() => accepted.length > 0, 'the mail after the restart', 15_000);
      await new Promise((r) => setTimeout(r, 2000));
      assert.equal(accepted.length, 1, 'one mail for the one event');
      assert.match(accepted[0]!.text ?? '', new RegExp(`/games/${id}`));
    } finally {
      await child.stop();
    }
  });
});
