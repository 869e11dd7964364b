/**
 * Web Push end to end (issue 48) against a push service run here on loopback: the test subscribes with its
 * own P-256 key pair and auth secret, checks the VAPID JWT of the server's request (ES256, verified with the
 * server's public key) and decrypts the aes128gcm payload itself (RFC 8291 / RFC 8188, node:crypto); a 410
 * from the push service removes the subscription.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PUSH_MAX_SUBSCRIPTIONS } from '@tabula/protocol';
import { join } from 'node:path';
import { Api } from './client.js';
import { nameKeyOf } from '../accounts/account-policy.js';
import { startServer, uniqueName } from './fixtures.js';
import { spawnServer, type Child } from './processes.js';
import { startPostgres } from './services.js';
import { cleanedUp, game, pass, patch, sleep, until } from './notify-support.js';

interface PushCall { headers: Record<string, string>; body: Buffer; path: string }
/** `hold`: take the message and never answer (the sender dies waiting). */
interface PushService { url: string; calls: PushCall[]; status: number; hold: boolean; close: () => Promise<void> }

async function startPushService(): Promise<PushService> {
  const svc: PushService = { url: '', calls: [], status: 201, hold: false, close: () => Promise.resolve() };
  const server: Server = createHttpServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (d: Buffer) => parts.push(d));
    req.on('end', () => {
      svc.calls.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(parts), path: req.url ?? '' });
      if (!svc.hold) res.writeHead(svc.status).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  svc.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  svc.close = () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); });
  return svc;
}

/** A browser's side of a subscription: its ECDH key pair and auth secret. */
function device() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}

/** RFC 8291 + RFC 8188 (aes128gcm, one record), as a browser decrypts a push message. */
function decrypt(body: Buffer, d: ReturnType<typeof device>): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const shared = d.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), d.ecdh.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, d.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  assert.equal(plain[end], 2, 'the last record ends with the padding delimiter 2');
  return plain.subarray(0, end).toString('utf8');
}

/** Checks `vapid t=<JWT>, k=<key>`: the key is the server's, the ES256 signature verifies with it, the claims fit. */
function checkVapid(header: string, serverKey: string, audience: string): Record<string, unknown> {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header);
  assert.ok(m, `a VAPID Authorization header: ${header}`);
  assert.equal(m[2], serverKey, 'k is the server\'s public key');
  const [h, p, sig] = m[1]!.split('.') as [string, string, string];
  assert.deepEqual(JSON.parse(Buffer.from(h, 'base64url').toString()), { typ: 'JWT', alg: 'ES256' });
  const point = Buffer.from(serverKey, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, format: 'jwk' });
  assert.ok(verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(sig, 'base64url')), 'the JWT signature verifies with the server\'s key');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  assert.equal(claims.aud, audience);
  assert.ok(claims.exp > Date.now() / 1000 && claims.exp <= Date.now() / 1000 + 24 * 3600, 'exp within a day');
  assert.match(claims.sub, /^(mailto:|https:)/);
  const forged = `${sig.slice(0, -2)}${sig.endsWith('A') ? 'B' : 'A'}A`;
  assert.ok(!verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(forged, 'base64url')), 'a changed signature does not verify');
  return claims;
}

describe('web push', () => {
  const { running, closers, dir } = cleanedUp('tabula-push-');

  for (const dialect of ['sqlite', 'postgres'] as const) it(`${dialect}: a subscribed device gets "your turn" as an encrypted, VAPID-signed push in its account's language; a 410 removes it`, async () => {
    const svc = await startPushService();
    closers.push(svc.close);
    let db = 'sqlite::memory:';
    if (dialect === 'postgres') {
      const pg = await startPostgres();
      closers.push(() => pg.stop());
      db = pg.url;
    }
    const r = await startServer(db, { sweepMs: false, notify: { pollMs: 20, backoffMs: 40 }, allowPrivateWebhooks: true });
    running.push(r);
    const { api } = r;
    const alice = await api.signUp(uniqueName('alice'));
    const bob = await api.signUp(uniqueName('bob'));
    assert.equal((await patch(api, bob, { language: 'de' })).status, 200);

    const key = (await api.get('/api/push/key')).body.publicKey as string;
    assert.equal(Buffer.from(key, 'base64url').length, 65, 'an uncompressed P-256 point');
    assert.equal((await api.get('/api/push/key')).body.publicKey, key, 'the same key on every call (kept in the database)');
    assert.equal((await r.server.store.notify.secret('vapid', () => 'unused')).includes(key), true, 'kept in server_secrets');

    const phone = device();
    const endpoint = `${svc.url}/push/phone-1`;
    const add = await api.post('/api/push/subscriptions', { endpoint, keys: phone.keys, expirationTime: null, label: 'Bob\'s phone' }, bob);
    assert.equal(add.status, 201, JSON.stringify(add.body));
    assert.equal(add.body.label, 'Bob\'s phone');
    assert.equal(add.body.service, '127.0.0.1');
    assert.equal((await api.post('/api/push/subscriptions', { endpoint, keys: phone.keys }, bob)).body.id, add.body.id, 'the same endpoint renews, not adds');
    const listed = (await api.get('/api/push/subscriptions', bob)).body.subscriptions as { id: string; label: string }[];
    assert.deepEqual(listed.map((s) => s.id), [add.body.id]);
    assert.deepEqual((await api.get('/api/push/subscriptions', alice)).body.subscriptions, [], 'a device is its account\'s only');
    // Bad input is refused and changes nothing.
    const bad = [
      { endpoint: 'ftp://127.0.0.1/x', keys: phone.keys },
      { endpoint: `${svc.url}/x`, keys: { p256dh: phone.keys.p256dh.slice(0, 80), auth: phone.keys.auth } },
      { endpoint: `${svc.url}/x`, keys: { p256dh: phone.keys.p256dh, auth: randomBytes(12).toString('base64url') } },
      { endpoint: `${svc.url}/${'x'.repeat(1100)}`, keys: phone.keys },
      { endpoint: `${svc.url}/x`, keys: phone.keys, label: 'x'.repeat(200) },
      { endpoint: `${svc.url}/x`, keys: phone.keys, extra: 1 },
    ];
    for (const b of bad) {
      const res = await api.post('/api/push/subscriptions', b, bob);
      assert.ok(res.status === 400 || res.status === 422, `${JSON.stringify(b).slice(0, 80)}: ${res.status}`);
    }
    assert.equal((await api.post('/api/push/subscriptions', { endpoint, keys: phone.keys }, null)).status, 401);
    assert.equal((await api.req('DELETE', `/api/push/subscriptions/${add.body.id}`, undefined, alice)).status, 404, 'not alice\'s to remove');
    assert.equal((await api.get('/api/push/subscriptions', bob)).body.subscriptions.length, 1);

    // Bob (not connected) gets his turn by push.
    const id = await game(api, alice, bob);
    await pass(api, id, alice);
    const call = await until(() => svc.calls[0], 'the push request');
    assert.equal(call.path, '/push/phone-1');
    assert.equal(call.headers['content-encoding'], 'aes128gcm');
    assert.ok(Number(call.headers.ttl) > 0, 'a TTL');
    checkVapid(call.headers.authorization!, key, svc.url);
    const payload = JSON.parse(decrypt(call.body, phone)) as { title: string; body: string; url: string; lang: string; tag: string };
    assert.match(payload.title, /^Du bist am Zug/);
    assert.match(payload.body, /Du bist am Zug in /);
    assert.equal(payload.url, `/games/${id}`);
    assert.equal(payload.lang, 'de');
    assert.ok(call.body.length < 1024, `a small payload (${call.body.length} bytes)`);
    // A device of another key cannot read it.
    assert.throws(() => decrypt(call.body, device()));

    // The push service says the subscription is gone: it is removed, and nothing more is sent to it.
    svc.status = 410;
    await pass(api, id, bob);
    await pass(api, id, alice);
    await until(async () => (await api.get('/api/push/subscriptions', bob)).body.subscriptions.length === 0, 'the subscription removed after the 410');
    const calls = svc.calls.length;
    await pass(api, id, bob);
    await pass(api, id, alice);
    await until(async () => (await r.server.store.notify.pending()) === 0, 'the outbox drained');
    assert.equal(svc.calls.length, calls, 'no request to a removed subscription');
  });

  it(`a device is removed from Settings' list by its account, at most ${PUSH_MAX_SUBSCRIPTIONS} are kept per account, and a deleted account's go`, async () => {
    const svc = await startPushService();
    closers.push(svc.close);
    const r = await startServer('sqlite::memory:', { sweepMs: false, notify: { pollMs: 20, backoffMs: 40 }, allowPrivateWebhooks: true });
    running.push(r);
    const { api } = r;
    const carolName = uniqueName('carol');
    const carol = await api.signUp(carolName);
    const carolId = (await r.server.store.findUserByNameKey(nameKeyOf(carolName)))!.id;
    const ids: string[] = [];
    for (let i = 0; i < PUSH_MAX_SUBSCRIPTIONS; i++) {
      const res = await api.post('/api/push/subscriptions', { endpoint: `${svc.url}/push/${i}`, keys: device().keys }, carol);
      assert.equal(res.status, 201);
      ids.push(res.body.id as string);
    }
    const over = await api.post('/api/push/subscriptions', { endpoint: `${svc.url}/push/over`, keys: device().keys }, carol);
    assert.equal(over.status, 409);
    assert.equal(over.body.error.code, 'too-many-devices');
    assert.equal((await api.req('DELETE', `/api/push/subscriptions/${ids[0]}`, undefined, carol)).status, 204);
    assert.deepEqual(((await api.get('/api/push/subscriptions', carol)).body.subscriptions as { id: string }[]).map((s) => s.id), ids.slice(1));
    assert.equal((await api.post('/api/push/subscriptions', { endpoint: `${svc.url}/push/over`, keys: device().keys }, carol)).status, 201, 'room again after a removal');
    // A deleted account's devices go with it.
    assert.equal((await api.req('DELETE', '/api/accounts/me', { password: 'correct horse' }, carol)).status, 204);
    assert.deepEqual(await r.server.store.push.list(carolId), []);
  });

  it('kill -9 mid-delivery: after a restart each notification is pushed again once, under the same tag, which replaces it on the device', async () => {
    const svc = await startPushService();
    closers.push(svc.close);
    svc.hold = true;
    const env = { TABULA_DB: `sqlite:${join(dir, 'crash.db')}`, TABULA_ALLOW_PRIVATE_WEBHOOKS: '1', TABULA_NOTIFY_BACKOFF_MS: '50', TABULA_NOTIFY_LEASE_MS: '1000' };
    let child: Child = await spawnServer(env);
    try {
      let api = new Api(child.url);
      const alice = await api.signUp(uniqueName('alice'));
      const bob = await api.signUp(uniqueName('bob'));
      const phone = device();
      assert.equal((await api.post('/api/push/subscriptions', { endpoint: `${svc.url}/push/p`, keys: phone.keys }, bob)).status, 201);
      const GAMES = 3;
      for (let i = 0; i < GAMES; i++) await pass(api, await game(api, alice, bob), alice);
      // The first push is in flight (the service took it and has not answered; the others wait behind it: one
      // delivery at a time per destination) when the server dies.
      await until(() => svc.calls.length >= 1, 'a push in flight');
      await child.kill9();
      assert.equal(svc.calls.length, 1, 'one request in flight at the crash');
      svc.hold = false;
      child = await spawnServer(env);
      api = new Api(child.url);
      await until(() => svc.calls.length >= GAMES + 1, 'the pushes after the restart', 15_000);
      await sleep(500);
      assert.equal(svc.calls.length, GAMES + 1, 'the unanswered push sent again once, each other one once');
      const tags = svc.calls.map((c) => (JSON.parse(decrypt(c.body, phone)) as { tag: string }).tag);
      assert.equal(new Set(tags).size, GAMES, 'as many tags as notifications: the device shows each once');
      assert.equal(tags.filter((t) => t === tags[0]).length, 2, 'the push sent again carries the tag it was first sent with');
      const topics = svc.calls.map((c) => c.headers.topic);
      assert.equal(new Set(topics).size, GAMES, 'and the same Topic, which replaces an undelivered one at the push service');
    } finally {
      await child.stop();
    }
  });
});
