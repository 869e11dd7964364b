/**
 * "Your turn" respects attention (issue 44): one unread "your turn" per game (a new one replaces the
 * unread one), none for a game on the player's screen, and the one waiting is read when the game is
 * put on screen. Real SQLite and PostgreSQL.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Notifier } from '../notify/notifier.js';
import type { NotificationRow, Store } from '../store/index.js';
import { withBothStores } from './services.js';

const turn = (userId: number, gameId: string) => ({ userId, gameId, kind: 'your-turn', payload: { game: 'tally', scenario: null, opponents: [], by: null, won: null } });

async function drain(store: Store, onScreen: (userId: number, gameId: string) => boolean = () => false): Promise<NotificationRow[]> {
  const made: NotificationRow[] = [];
  const notifier = new Notifier({ store, publicUrl: () => 'http://localhost', connected: () => Promise.resolve(false), onNotification: (n) => made.push(n), onScreen, gatherMs: 0 });
  while ((await notifier.drainOnce(3)) > 0) { /* every due row */ }
  await notifier.stop();
  return made;
}

describe('notifications: "your turn" coalesced per game', () => {
  it('10 turns in one game (drained one batch at a time and all at once) leave one unread "your turn"; another game keeps its own', async () => {
    await withBothStores(async (store) => {
      const u = (await store.createUser('coala', 'coala', 'x', Date.now()))!;
      for (let i = 0; i < 10; i++) {
        await store.notify.enqueue([turn(u.id, 'g1')], Date.now());
        if (i % 3 === 0) await drain(store);
      }
      await store.notify.enqueue([turn(u.id, 'g2'), turn(u.id, 'g1'), turn(u.id, 'g2')], Date.now());
      await drain(store);
      const list = await store.notify.list(u.id, 100);
      assert.deepEqual(list.map((n) => n.gameId).sort(), ['g1', 'g2'], 'one per game');
      assert.equal(await store.notify.unread(u.id), 2);
    });
  });

  it('a read "your turn" stays in the list; the next turn adds one unread beside it', async () => {
    await withBothStores(async (store) => {
      const u = (await store.createUser('coalb', 'coalb', 'x', Date.now()))!;
      await store.notify.enqueue([turn(u.id, 'g1')], Date.now());
      await drain(store);
      assert.equal(await store.notify.markRead(u.id, null, Date.now()), 1);
      await store.notify.enqueue([turn(u.id, 'g1')], Date.now());
      await drain(store);
      const list = await store.notify.list(u.id, 100);
      assert.equal(list.length, 2);
      assert.deepEqual(list.map((n) => n.readAt === null), [true, false], 'the new one unread, the old one read');
    });
  });

  it('a game on screen gets no "your turn" (other kinds and other games still do); putting it on screen reads the waiting one', async () => {
    await withBothStores(async (store) => {
      const u = (await store.createUser('coalc', 'coalc', 'x', Date.now()))!;
      await store.notify.enqueue([turn(u.id, 'g1')], Date.now());
      await drain(store);
      assert.equal(await store.notify.unread(u.id), 1);
      assert.equal(await store.notify.readTurn(u.id, 'g1', Date.now()), 1, 'the page opened: read');
      assert.equal(await store.notify.unread(u.id), 0);
      await store.notify.enqueue([turn(u.id, 'g1'), turn(u.id, 'g2'), { ...turn(u.id, 'g1'), kind: 'game-over' }], Date.now());
      const made = await drain(store, (userId, gameId) => userId === u.id && gameId === 'g1');
      assert.deepEqual(made.map((n) => [n.gameId, n.kind]).sort(), [['g1', 'game-over'], ['g2', 'your-turn']]);
      assert.equal(await store.notify.pending(), 0, 'the silent event is done too');
      assert.equal(await store.notify.unread(u.id), 2);
    });
  });
});
