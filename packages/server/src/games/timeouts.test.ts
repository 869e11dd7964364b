// Clocks, timeouts, sweeps and claims, on the games room alone (no HTTP).
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { botNames } from '@tabula/bots';
import { FIRST_MOVE_WINDOW_MS } from '@tabula/protocol';
import { TALLY } from '../harness/testgame.js';
import { testScrypt } from '../harness/fixtures.js';
import { createRooms, type Rooms } from '../harness/rooms.js';
import { alice, bob, carol, game, now, rejects, service, store, storeWith, useRooms, user } from '../harness/rooms-fixture.js';
import type { Store, UserRow } from '../store/index.js';

useRooms();

/** Each user's seat makes its first action (a pass), in turn, at the current time. */
async function firstMoves(s: Rooms, id: string, users: UserRow[]): Promise<void> {
  for (const u of users) {
    const st = await s.games.commands.getState(u, id);
    await s.games.commands.act(u, id, st.version, { type: 'pass' });
  }
}

describe('clocks, timeouts, sweeps and claims', () => {
  const live = (baseSeconds: number) => ({ kind: 'live' as const, baseSeconds, incrementSeconds: 0 });
  /** A live tally game, bob north and carol east, each past its first action (so the banks run); north to act. */
  async function clocked(baseSeconds: number, clock: { t: number }): Promise<{ s: Rooms; id: string }> {
    const s = createRooms({ store, scrypt: testScrypt, now: () => clock.t, openGamesPerAccount: false });
    const { id } = await s.games.lobby.createGame(alice, { game: TALLY, variants: { target: 1000 }, timeControl: live(baseSeconds) });
    await s.games.lobby.takeSeat(bob, id, 'north');
    await s.games.lobby.takeSeat(carol, id, 'east');
    await firstMoves(s, id, [bob, carol]);
    return { s, id };
  }

  it('a seat that does not make its first action within the first-move window aborts the game, unrated; its bank is never charged meanwhile', async () => {
    const clock = { t: 40_000_000 };
    const s = createRooms({ store, scrypt: testScrypt, now: () => clock.t, openGamesPerAccount: false });
    const { id } = await s.games.lobby.createGame(alice, { game: TALLY, variants: { target: 1000 }, timeControl: live(60) });
    await s.games.lobby.takeSeat(bob, id, 'north');
    await s.games.lobby.takeSeat(carol, id, 'east');
    clock.t += FIRST_MOVE_WINDOW_MS.live - 1;
    const st = await s.games.commands.getState(carol, id);
    assert.deepEqual([st.status, st.clock!.remaining.north, st.clock!.firstMove], ['active', 60_000, { north: clock.t + 1 }]);
    clock.t += 1;
    const end = await s.games.commands.getState(carol, id);
    assert.deepEqual([end.status, end.outcome], ['finished', { winners: [], reason: 'aborted', by: 'north' }]);
  });

  it('a seat whose time runs out loses at the next read; a move after that is refused', async () => {
    const clock = { t: 50_000_000 };
    const { s, id } = await clocked(60, clock);
    clock.t += 30_000;
    let st = await s.games.commands.getState(bob, id);
    assert.equal(st.status, 'active');
    assert.equal(st.clock!.remaining.north, 30_000);
    assert.equal(st.clock!.remaining.east, 60_000);
    clock.t += 31_000;
    await rejects(s.games.commands.act(bob, id, st.version, { type: 'pass' }), 409, 'game-not-active');
    st = await s.games.commands.getState(carol, id);
    assert.equal(st.status, 'finished');
    assert.deepEqual(st.outcome, { winners: ['east'], reason: 'timeout', by: 'north' });
  });

  it('the sweep ends games whose clock ran out and open games nobody joined, and counts them', async () => {
    const clock = { t: 60_000_000 };
    const { s, id } = await clocked(60, clock);
    const { id: open } = await s.games.lobby.createGame(alice, { game: TALLY });
    clock.t += 61_000;
    assert.equal(await s.games.timeouts.sweep(), 1, 'the timeout only: the open game is young');
    assert.equal((await s.games.commands.getState(bob, id)).outcome?.reason, 'timeout');
    clock.t += 14 * 24 * 60 * 60 * 1000 + 1;
    assert.ok((await s.games.timeouts.sweep()) >= 1);
    const o = await s.games.commands.getState(alice, open);
    assert.deepEqual([o.status, o.outcome], ['finished', { winners: [], reason: 'expired' }]);
    assert.equal(await s.games.timeouts.sweep(), 0, 'nothing left to end');
  });

  it('a live game shows how long the other human seats have been away; the win can be claimed once all have been away 2 minutes', async () => {
    const clock = { t: 70_000_000 };
    const { s, id } = await clocked(3600, clock);
    const start = (await s.games.commands.getState(bob, id)).version;
    clock.t += 1_000;
    const st = await s.games.commands.getState(bob, id);
    assert.deepEqual(st.away, { east: 1_000 });
    await rejects(s.games.commands.claim(bob, id), 409, 'opponent-connected');
    await s.games.timeouts.touch(id, carol.id);
    clock.t += 2 * 60 * 1000;
    await s.games.timeouts.touch(id, bob.id);
    assert.deepEqual((await s.games.commands.getState(bob, id)).away, { east: 120_000 });
    const won = await s.games.commands.claim(bob, id);
    assert.deepEqual(won.outcome, { winners: ['north'], reason: 'abandoned', by: 'east' });
    assert.equal(won.version, start + 1);
    await rejects(s.games.commands.claim(bob, id), 409, 'game-not-active');
    await rejects(s.games.commands.claim(null, id), 401, 'unauthorized');
  });

  it('a game without a clock has no away list and cannot be claimed', async () => {
    const id = await game(bob, carol);
    assert.deepEqual((await service.games.commands.getState(bob, id)).away, {});
    await rejects(service.games.commands.claim(bob, id), 409, 'not-live');
  });
});


describe('clocks (issue 24)', () => {
  const live = (baseSeconds: number, incrementSeconds = 0) => ({ kind: 'live' as const, baseSeconds, incrementSeconds });
  let dave: UserRow;
  before(async () => { dave = await user('dave'); });

  it('a move charges the mover\'s clock; a resignation charges the seat to move; a bot\'s move earns no increment', async () => {
    let t = 80_000_000;
    const s = createRooms({ store, scrypt: testScrypt, now: () => t, openGamesPerAccount: false });
    const { id } = await s.games.lobby.createGame(alice, { game: TALLY, variants: { target: 1000 }, timeControl: live(60) });
    await s.games.lobby.takeSeat(bob, id, 'north');
    await s.games.lobby.takeSeat(carol, id, 'east');
    await firstMoves(s, id, [bob, carol]);
    let st = await s.games.commands.getState(bob, id);
    t += 10_000;
    st = await s.games.commands.act(bob, id, st.version, { type: 'pass' });
    t += 5_000;
    st = await s.games.commands.getState(bob, id);
    assert.deepEqual(st.clock!.remaining, { north: 50_000, east: 55_000 });
    t += 5_000;
    st = await s.games.commands.resign(bob, id);
    assert.deepEqual(st.clock!.remaining, { north: 50_000, east: 50_000 });

    const { id: withBot } = await s.games.lobby.createGame(alice, { game: TALLY, variants: { target: 1000 }, timeControl: live(60, 5) });
    await s.games.lobby.takeSeat(bob, withBot, 'north');
    st = await s.games.lobby.takeSeat(bob, withBot, 'east', botNames()[0]!);
    // North's first action earns no increment; its second does; the bot's never.
    for (let i = 0; i < 2; i++) {
      st = await s.games.commands.act(bob, withBot, st.version, { type: 'pass' });
      st = await s.games.commands.getState(bob, withBot);
      await s.games.commands.actAsBot(withBot, st.version, 'east', { type: 'pass' });
      st = await s.games.commands.getState(bob, withBot);
    }
    assert.deepEqual(st.clock!.remaining, { north: 65_000, east: 60_000 });
  });

  it('a read after the deadline flags the timeout by itself', async () => {
    let t = 90_000_000;
    const s = createRooms({ store, scrypt: testScrypt, now: () => t, openGamesPerAccount: false });
    const { id } = await s.games.lobby.createGame(alice, { game: TALLY, variants: { target: 1000 }, timeControl: live(60) });
    await s.games.lobby.takeSeat(bob, id, 'north');
    await s.games.lobby.takeSeat(carol, id, 'east');
    await firstMoves(s, id, [bob, carol]);
    t += 61_000;
    const st = await s.games.commands.getState(carol, id);
    assert.deepEqual([st.status, st.outcome], ['finished', { winners: ['east'], reason: 'timeout', by: 'north' }]);
  });

  it('flagging a timeout is tried three times when other writes come first', async () => {
    let t = 100_000_000, lost = 2;
    const spy = storeWith(store, {
      updateGame: ((...a: Parameters<Store['updateGame']>) => (lost-- > 0 ? Promise.resolve('stale') : store.updateGame(...a))) as never,
    });
    const s = createRooms({ store: spy, scrypt: testScrypt, now: () => t, openGamesPerAccount: false });
    const { id } = await s.games.lobby.createGame(alice, { game: TALLY, variants: { target: 1000 }, timeControl: live(60) });
    await s.games.lobby.takeSeat(bob, id, 'north');
    await s.games.lobby.takeSeat(carol, id, 'east');
    await firstMoves(s, id, [bob, carol]);
    t += 61_000;
    const row = await s.games.timeouts.check(id);
    assert.deepEqual([row?.status, row?.outcome?.reason], ['finished', 'timeout']);
  });

  it('the sweep counts only the games it ended by timeout', async () => {
    const id = await game(bob, carol);
    await service.games.commands.resign(bob, id);
    const spy = storeWith(store, { listDue: (() => Promise.resolve([id])) as never, listOpenBefore: (() => Promise.resolve([])) as never });
    const s = createRooms({ store: spy, scrypt: testScrypt, now: () => now, openGamesPerAccount: false });
    assert.equal(await s.games.timeouts.sweep(), 0);
  });

  it('in a three-seat live game the win is claimed only once every other person is away', async () => {
    let t = 110_000_000;
    const s = createRooms({ store, scrypt: testScrypt, now: () => t, openGamesPerAccount: false });
    const { id } = await s.games.lobby.createGame(alice, { game: TALLY, players: 3, variants: { target: 1000 }, timeControl: live(3600) });
    for (const [u, r] of [[bob, 'north'], [carol, 'east'], [dave, 'south']] as const) await s.games.lobby.takeSeat(u, id, r);
    t += 3 * 60 * 1000;
    await s.games.timeouts.touch(id, dave.id);
    await rejects(s.games.commands.claim(bob, id), 409, 'opponent-connected');
  });
});
