/**
 * An action's write, the same on both stores (PostgreSQL writes it as one statement): the version bump,
 * the log row and the notification rows go in together or not at all. Real SQLite and PostgreSQL.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { GamePatch, Store } from '../store/index.js';
import { withBothStores } from './services.js';



async function activeGame(store: Store, id: string, userId: number): Promise<number> {
  await store.createGame({ id, game: 'tally', scenario: 'standard', players: null, variants: null, seed: id, roles: ['north', 'east'], activeRoles: ['north'], createdBy: userId, now: 1, timeControl: { kind: 'none' }, clock: null });
  for (const role of ['north', 'east']) assert.equal((await store.takeSeat(id, role, { userId }, ['north'], 2)).ok, true);
  return (await store.getGame(id))!.version;
}

const patch = (now: number): GamePatch => ({ status: 'active', activeRoles: ['east'], outcome: null, now });
const turnNote = (userId: number, gameId: string, dedupe?: string) => ({ userId, gameId, kind: 'your-turn', payload: { n: 1 }, ...(dedupe ? { dedupe } : {}) });

describe('store: an action\'s write', () => {
  it('store: an action at the current version bumps it, appends the log row and queues its notifications; at an old version nothing changes', async () => {
    await withBothStores(async (store) => {
      const u = (await store.createUser('writer1', 'writer1', 'x', 1))!.id;
      const v = await activeGame(store, 'sw1', u);
      const before = await store.notify.pending();
      assert.equal(await store.appendAction('sw1', v, 0, { role: 'north', action: { type: 'add', n: 1 } }, patch(10), [turnNote(u, 'sw1'), turnNote(u, 'sw1')]), 'ok');
      const row = (await store.getGame('sw1'))!;
      assert.deepEqual({ version: row.version, logLength: row.logLength, active: row.activeRoles, updatedAt: row.updatedAt }, { version: v + 1, logLength: 1, active: ['east'], updatedAt: 10 });
      assert.deepEqual(row.seats.map((s) => [s.role, s.userId, s.userName]), [['north', u, 'writer1'], ['east', u, 'writer1']], 'seats read with the game');
      assert.deepEqual(await store.readLog('sw1', 0), [{ role: 'north', action: { type: 'add', n: 1 } }]);
      assert.equal(await store.notify.pending(), before + 2);
      // The version moved on: stale, and neither the log, the row nor the outbox changes.
      assert.equal(await store.appendAction('sw1', v, 1, { role: 'east', action: { type: 'pass' } }, patch(11), [turnNote(u, 'sw1')]), 'stale');
      const after = (await store.getGame('sw1'))!;
      assert.deepEqual({ version: after.version, logLength: after.logLength, updatedAt: after.updatedAt }, { version: v + 1, logLength: 1, updatedAt: 10 });
      assert.equal((await store.readLog('sw1', 0)).length, 1);
      assert.equal(await store.notify.pending(), before + 2);
    });
  });

  it('store: a log position already taken makes the action stale and undoes its version bump and notifications', async () => {
    await withBothStores(async (store) => {
      const u = (await store.createUser('writer2', 'writer2', 'x', 1))!.id;
      const v = await activeGame(store, 'sw2', u);
      await store.sql.run('INSERT INTO log (game_id, seq, role, action, created_at) VALUES (?, ?, ?, ?, ?)', ['sw2', 0, 'north', JSON.stringify({ type: 'planted' }), 5]);
      const before = await store.notify.pending();
      assert.equal(await store.appendAction('sw2', v, 0, { role: 'north', action: { type: 'add', n: 1 } }, patch(10), [turnNote(u, 'sw2')]), 'stale');
      const row = (await store.getGame('sw2'))!;
      assert.deepEqual({ version: row.version, logLength: row.logLength }, { version: v, logLength: 0 });
      assert.deepEqual(await store.readLog('sw2', 0), [{ role: 'north', action: { type: 'planted' } }]);
      assert.equal(await store.notify.pending(), before);
    });
  });

  it('store: two actions sent for the same version at once: exactly one is written; a notification key queues once', async () => {
    await withBothStores(async (store) => {
      const u = (await store.createUser('writer3', 'writer3', 'x', 1))!.id;
      const v = await activeGame(store, 'sw3', u);
      const before = await store.notify.pending();
      const results = await Promise.all([0, 1, 2, 3].map((i) => store.appendAction('sw3', v, 0, { role: 'north', action: { type: 'add', n: i } }, patch(10 + i), [turnNote(u, 'sw3', 'sw3-turn-1')])));
      assert.deepEqual(results.filter((r) => r === 'ok').length, 1, JSON.stringify(results));
      const row = (await store.getGame('sw3'))!;
      assert.deepEqual({ version: row.version, logLength: row.logLength }, { version: v + 1, logLength: 1 });
      assert.equal((await store.readLog('sw3', 0)).length, 1);
      assert.equal(await store.notify.pending(), before + 1);
      // A later action with the same notification key is written; the key is not queued twice.
      assert.equal(await store.appendAction('sw3', v + 1, 1, { role: 'east', action: { type: 'pass' } }, patch(20), [turnNote(u, 'sw3', 'sw3-turn-1')]), 'ok');
      assert.equal(await store.notify.pending(), before + 1);
    });
  });

  it('store: presence of many seats at once sets seen_at of exactly those seats (the heartbeat writes hundreds per transaction)', async () => {
    await withBothStores(async (store) => {
      const u = (await store.createUser('seen1', 'seen1', 'x', 1))!.id;
      const w = (await store.createUser('seen2', 'seen2', 'x', 1))!.id;
      const ids = Array.from({ length: 30 }, (_, i) => `seen${i}`);
      for (const id of ids) {
        await store.createGame({ id, game: 'tally', scenario: 'standard', players: null, variants: null, seed: id, roles: ['north', 'east'], activeRoles: ['north'], createdBy: u, now: 1, timeControl: { kind: 'none' }, clock: null });
        assert.equal((await store.takeSeat(id, 'north', { userId: u }, ['north'], 2)).ok, true);
        assert.equal((await store.takeSeat(id, 'east', { userId: w }, ['north'], 2)).ok, true);
      }
      await store.touchSeats(ids.slice(0, 20).map((gameId) => ({ gameId, userId: u })), 500);
      await store.touchSeats([], 600);
      for (const [i, id] of ids.entries()) {
        const seats = (await store.getGame(id))!.seats;
        assert.equal(seats.find((s) => s.role === 'north')!.seenAt, i < 20 ? 500 : 2, id);
        assert.equal(seats.find((s) => s.role === 'east')!.seenAt, 2, `${id}: the other player's seat is untouched`);
      }
    });
  });
  it('store: appends to several games sent at once (one group commit on SQLite) each keep their own result: the stale one changes nothing, the others are stored', async () => {
    await withBothStores(async (store) => {
      const u = (await store.createUser('writer4', 'writer4', 'x', 1))!.id;
      const ids = ['sw4a', 'sw4b', 'sw4c'];
      const vs = await Promise.all(ids.map((id) => activeGame(store, id, u)));
      const results = await Promise.all(ids.map((id, i) => store.appendAction(id, i === 1 ? vs[i]! - 1 : vs[i]!, 0, { role: 'north', action: { type: 'add', n: i } }, patch(30), [turnNote(u, id)])));
      assert.deepEqual(results, ['ok', 'stale', 'ok']);
      for (const [i, id] of ids.entries()) {
        const row = (await store.getGame(id))!;
        assert.deepEqual([row.version, row.logLength], i === 1 ? [vs[i], 0] : [vs[i]! + 1, 1], id);
        assert.deepEqual(await store.readLog(id, 0), i === 1 ? [] : [{ role: 'north', action: { type: 'add', n: i } }], id);
      }
    });
  });
});
