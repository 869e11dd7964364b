/**
 * The outbox worker handles the events of one drain in one transaction (issue 20: a busy server
 * commits once per batch, not once per event). Real SQLite and PostgreSQL.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { NOTIFICATIONS_LIST_MAX } from '@tabula/protocol';
import { Notifier } from '../notify/notifier.js';
import type { NotificationRow } from '../store/index.js';
import { withBothStores } from './services.js';



const event = (userId: number, i: number) => ({ userId, gameId: `g${i}`, kind: 'your-turn', payload: { game: 'tally', scenario: null, opponents: [], by: null, won: null } });

describe('notifications: events handled in batches', () => {
  it('150 + 3 queued events: every one becomes its notification once, each list is trimmed to the newest, the outbox is empty', async () => {
    await withBothStores(async (store) => {
      const a = (await store.createUser('batcha', 'batcha', 'x', Date.now()))!;
      const b = (await store.createUser('batchb', 'batchb', 'x', Date.now()))!;
      const N = 150;
      await store.notify.enqueue(Array.from({ length: N }, (_, i) => event(a.id, i)), Date.now());
      await store.notify.enqueue([0, 1, 2].map((i) => event(b.id, i)), Date.now());
      const made: NotificationRow[] = [];
      const notifier = new Notifier({ store, publicUrl: () => 'http://localhost', connected: () => Promise.resolve(false), onNotification: (n) => made.push(n) });
      let rounds = 0;
      while ((await notifier.drainOnce(40)) > 0) rounds++;
      assert.equal(rounds, 4, '153 rows claimed 40 at a time');
      assert.equal(made.length, N + 3, 'one notification per event');
      assert.equal(new Set(made.map((n) => n.id)).size, N + 3, 'none twice');
      assert.equal(await store.notify.pending(), 0);
      const listA = await store.notify.list(a.id, 1000);
      assert.equal(listA.length, NOTIFICATIONS_LIST_MAX, 'trimmed to the list size');
      assert.deepEqual(listA.map((n) => n.gameId), Array.from({ length: NOTIFICATIONS_LIST_MAX }, (_, i) => `g${N - 1 - i}`), 'the newest kept, newest first');
      assert.equal((await store.notify.list(b.id, 1000)).length, 3);
    });
  });

  it('an event whose claim was taken over by another worker is skipped in the batch; the rest are made', async () => {
    await withBothStores(async (store) => {
      const u = (await store.createUser('batchc', 'batchc', 'x', Date.now()))!;
      await store.notify.enqueue([0, 1, 2].map((i) => event(u.id, i)), Date.now());
      const now = Date.now();
      const mine = await store.notify.claim(now, 10, 10, 'old');
      assert.equal(mine.length, 3);
      // Our lease runs out; another worker claims everything again.
      const theirs = await store.notify.claim(now + 1000, 60_000, 1, 'new');
      assert.equal(theirs.length, 1);
      const ran = await store.notify.expand(mine.map((ev) => ({ ev, deliveries: [] })), now + 1000, NOTIFICATIONS_LIST_MAX);
      assert.deepEqual(ran, mine.map((ev) => ev.id !== theirs[0]!.id));
      const listed = (await store.notify.list(u.id, 10)).map((n) => n.id).sort((x, y) => x - y);
      assert.deepEqual(listed, mine.filter((ev) => ev.id !== theirs[0]!.id).map((ev) => ev.id));
      assert.equal(await store.notify.pending(), 1, 'the other worker still holds its row');
    });
  });

  it('the events of users with and without saved settings in one batch each get their own deliveries (settings read once for all)', async () => {
    await withBothStores(async (store) => {
      const withHook = (await store.createUser('batchd', 'batchd', 'x', Date.now()))!;
      const plain = (await store.createUser('batche', 'batche', 'x', Date.now()))!;
      await store.notify.putSettings(withHook.id, { webhookUrl: 'https://hooks.example.com/x', webhookFormat: 'json' });
      const read = await store.notify.settingsOf([plain.id, withHook.id, plain.id]);
      assert.deepEqual([...read.keys()].sort(), [withHook.id, plain.id].sort());
      assert.equal(read.get(withHook.id)!.webhookUrl, 'https://hooks.example.com/x');
      assert.equal(read.get(plain.id)!.webhookUrl, null);
      await store.notify.enqueue([event(withHook.id, 1), event(plain.id, 2), event(withHook.id, 3)], Date.now());
      const notifier = new Notifier({ store, publicUrl: () => 'http://localhost', connected: () => Promise.resolve(false), gatherMs: 0 });
      assert.equal(await notifier.drainOnce(10), 3);
      await notifier.stop();
      const hooks = await store.sql.all<{ user_id: number | string; game_id: string }>("SELECT user_id, game_id FROM outbox WHERE channel = 'webhook' ORDER BY game_id");
      assert.deepEqual(hooks.map((r) => [Number(r.user_id), r.game_id]), [[withHook.id, 'g1'], [withHook.id, 'g3']]);
    });
  });

  it('presence: 600 users are marked live in one call and then not, and saved settings are kept', async () => {
    await withBothStores(async (store) => {
      const users = [];
      for (let i = 0; i < 600; i++) users.push((await store.createUser(`live${i}`, `live${i}`, 'x', Date.now()))!.id);
      await store.notify.putSettings(users[0]!, { language: 'de' });
      await store.notify.setLive(users, 12345);
      for (const id of [users[0]!, users[249]!, users[250]!, users[599]!]) assert.equal(await store.notify.liveAt(id), 12345, `user ${id} live`);
      assert.equal((await store.notify.settings(users[0]!)).language, 'de', 'the upsert keeps other settings');
      await store.notify.setLive(users.slice(0, 300), null);
      assert.equal(await store.notify.liveAt(users[299]!), null);
      assert.equal(await store.notify.liveAt(users[300]!), 12345, 'only the users named change');
    });
  });
});
