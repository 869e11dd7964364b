// Another process on the same database, and the replay cache.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TALLY } from '../harness/testgame.js';
import { testScrypt } from '../harness/fixtures.js';
import { createRooms } from '../harness/rooms.js';
import { alice, bob, carol, game, now, service, store, storeWith, tallyOf, useRooms } from '../harness/rooms-fixture.js';
import { ApiError } from '../http/errors.js';

useRooms();

describe('another process on the same database, and the replay cache (issue 24)', () => {
  it('a second server sees every change: a fresh load, new actions, moves of its own, an undo and the moves after it', async () => {
    const b = createRooms({ store, scrypt: testScrypt, now: () => now, openGamesPerAccount: false });
    const id = await game(bob, carol, { target: 1000 });
    let st = await service.games.commands.act(bob, id, (await service.games.commands.getState(bob, id)).version, { type: 'add', n: 1 });
    st = await service.games.commands.act(bob, id, st.version, { type: 'add', n: 2 });
    assert.deepEqual(tallyOf(await b.games.commands.getState(carol, id)), [3, 0], 'loaded from the stored log');
    st = await service.games.commands.act(bob, id, st.version, { type: 'pass' });
    const seen = await b.games.commands.getState(carol, id);
    assert.deepEqual([seen.length, seen.active], [3, ['east']], 'the new action read on top of the cached replay');
    st = await b.games.commands.act(carol, id, st.version, { type: 'add', n: 2 });
    assert.deepEqual(tallyOf(await service.games.commands.getState(bob, id)), [3, 2]);
    st = await service.games.commands.undo(carol, id, st.version);
    await service.games.commands.act(carol, id, st.version, { type: 'add', n: 1 });
    assert.deepEqual(tallyOf(await b.games.commands.getState(bob, id)), [3, 1], 'after an undo elsewhere, the same log length is a different game');
    assert.equal((b.games.table as unknown as { loads: Map<string, unknown> }).loads.size, 0, 'finished loads are forgotten');
  });

  it('a load that finds the log grown meanwhile reads the row again', async () => {
    const id = await game(bob, carol, { target: 1000 });
    const v = (await service.games.commands.getState(bob, id)).version;
    await service.games.commands.act(bob, id, v, { type: 'add', n: 1 });
    let race = true;
    const spy = storeWith(store, {
      readLog: (async (gid: string, from: number) => {
        if (race) { race = false; await service.games.commands.act(bob, id, v + 1, { type: 'add', n: 2 }); }
        return store.readLog(gid, from);
      }) as never,
    });
    const b = createRooms({ store: spy, scrypt: testScrypt, now: () => now, openGamesPerAccount: false });
    const st = await b.games.commands.getState(carol, id);
    assert.deepEqual([st.length, st.version, tallyOf(st)], [2, v + 2, [3, 0]], 'the newer row and its replay, never a mix');
  });

  it('reads, moves and undos of a game this server has loaded come from its replay cache: the log is not read again', async () => {
    let reads = 0;
    const spy = storeWith(store, { readLog: ((gid: string, from: number) => { reads++; return store.readLog(gid, from); }) as never });
    const s = createRooms({ store: spy, scrypt: testScrypt, now: () => now, openGamesPerAccount: false });
    const { id } = await s.games.lobby.createGame(alice, { game: TALLY, variants: { target: 1000 } });
    await s.games.lobby.takeSeat(bob, id, 'north');
    let st = await s.games.lobby.takeSeat(carol, id, 'east');
    const first = reads;
    st = await s.games.commands.act(bob, id, st.version, { type: 'add', n: 1 });
    st = await s.games.commands.act(bob, id, st.version, { type: 'add', n: 2 });
    await s.games.commands.getState(carol, id);
    st = await s.games.commands.undo(bob, id, st.version);
    assert.deepEqual(tallyOf(await s.games.commands.getState(carol, id)), [1, 0]);
    await s.games.commands.act(bob, id, st.version, { type: 'pass' });
    assert.deepEqual(tallyOf(await s.games.commands.getState(carol, id)), [1, 0]);
    assert.equal(reads, first);
  });

  it('a stored log that no longer replays is a 409 naming the engine\'s reason', async () => {
    const id = await game(bob, carol);
    const row = (await store.getGame(id))!;
    await store.appendAction(id, row.version, 0, { role: 'north', action: { type: 'teleport' } }, { status: 'active', activeRoles: ['north'], outcome: null, now });
    const fresh = createRooms({ store, scrypt: testScrypt, now: () => now, openGamesPerAccount: false });
    await assert.rejects(fresh.games.commands.getState(bob, id), (e: unknown) => e instanceof ApiError && e.code === 'replay-failed' && /^The stored log of this game no longer replays: Action 0 \(north\): /.test(e.message));
  });
});
