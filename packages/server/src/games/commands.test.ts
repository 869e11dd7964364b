// Playing, bots, undo, resign and abort, and simultaneous steps, on the games room alone (no HTTP).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { botNames } from '@tabula/bots';
import { DUEL, TALLY } from '../harness/testgame.js';
import { testScrypt } from '../harness/fixtures.js';
import { createRooms } from '../harness/rooms.js';
import { alice, bob, carol, game, now, rejects, service, store, useRooms } from '../harness/rooms-fixture.js';

useRooms();

describe('playing', () => {
  it('a move or an undo in a game whose seats are not all taken is a 409', async () => {
    const id = await game(bob, null);
    const v = (await service.games.commands.getState(bob, id)).version;
    await rejects(service.games.commands.act(bob, id, v, { type: 'add', n: 1 }), 409, 'game-not-active');
    await rejects(service.games.commands.undo(bob, id, v), 409, 'game-not-active');
    await rejects(service.games.commands.resign(bob, id), 409, 'game-not-active');
  });

  it('only a seated player acts, on its turn, with a listed action, at the current version', async () => {
    const id = await game(bob, carol);
    const st = await service.games.commands.getState(bob, id);
    assert.deepEqual([st.role, st.yourTurn, st.active], ['north', true, ['north']]);
    assert.equal(st.actions.length, 4);
    const c = await service.games.commands.getState(carol, id);
    assert.deepEqual([c.role, c.yourTurn, c.actions], ['east', false, []]);
    await rejects(service.games.commands.act(null, id, st.version, { type: 'pass' }), 401, 'unauthorized');
    await rejects(service.games.commands.act(alice, id, st.version, { type: 'pass' }), 403, 'not-your-seat');
    await rejects(service.games.commands.act(bob, id, st.version, { type: 'pass' }, 'east'), 403, 'not-your-seat');
    await rejects(service.games.commands.act(carol, id, st.version, { type: 'pass' }), 403, 'not-your-turn');
    await rejects(service.games.commands.act(bob, id, st.version, { type: 'add', n: 3 }), 422, 'illegal-action');
    await rejects(service.games.commands.act(bob, id, st.version, { type: 'add' }), 422, 'illegal-action');
    await rejects(service.games.commands.act(bob, id, st.version + 1, { type: 'pass' }), 409, 'stale-version');
    await rejects(service.games.commands.act(bob, id, st.version - 1, { type: 'pass' }), 409, 'stale-version');
    const after = await service.games.commands.act(bob, id, st.version, { type: 'add', n: 2 });
    assert.equal(after.version, st.version + 1);
    assert.equal(after.length, 1);
    assert.deepEqual((after.view as { tally: number[] }).tally, [2, 0]);
    assert.equal(await service.games.commands.actVersion(bob, id, after.version, { type: 'pass' }), after.version + 1);
    assert.deepEqual((await service.games.commands.getState(carol, id)).active, ['east']);
  });

  it('a move at the current version is applied even when a state push on the same process catches up its cache first', async () => {
    // Two processes share the store; the second's cache is one action behind when a move arrives
    // there, and a push (another socket's sync) reads the missing log entry first.
    // Both read the log before either returns; the push's read (the first after `armed`) returns first.
    let armed = false, reads = 0;
    const slow = new Proxy(store, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (key !== 'readLog' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
        return async (...args: unknown[]) => {
          const delay = armed ? [0, 10, 40][++reads] ?? 0 : 0;
          const out = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          if (delay) await new Promise((r) => setTimeout(r, delay));
          return out;
        };
      },
    });
    const other = createRooms({ store: slow, scrypt: testScrypt, now: () => now, openGamesPerAccount: false });
    const id = await game(bob, carol);
    const v0 = (await other.games.commands.getState(bob, id)).version;
    const v1 = (await service.games.commands.act(bob, id, v0, { type: 'add', n: 1 })).version;
    const v2 = (await service.games.commands.act(bob, id, v1, { type: 'add', n: 1 })).version;
    armed = true;
    const push = other.games.table.current(id);
    const move = other.games.commands.actVersion(bob, id, v2, { type: 'add', n: 1 });
    await push;
    assert.equal(await move, v2 + 1);
    assert.equal(reads, 2, 'the push and the move each read the log');
  });

  it('a user holding several seats and acting without a role plays the seat whose turn it is', async () => {
    const id = await game(bob, bob);
    let st = await service.games.commands.getState(bob, id);
    assert.deepEqual(st.roles, ['north', 'east']);
    assert.equal(st.role, 'north');
    st = await service.games.commands.act(bob, id, st.version, { type: 'pass' });
    assert.equal(st.role, 'north', 'the reply is for the seat that acted');
    assert.equal((await service.games.commands.getState(bob, id)).role, 'east', 'without a role asked for, the state shown is of the seat to act');
    st = await service.games.commands.act(bob, id, st.version, { type: 'add', n: 2 });
    const v = st.view as { tally: number[] };
    assert.deepEqual(v.tally, [0, 2], 'east played the add');
    st = await service.games.commands.undo(bob, id, st.version);
    assert.deepEqual((st.view as { tally: number[] }).tally, [0, 0], 'east took it back');
    assert.equal((await service.games.commands.getState(bob, id, 'north')).role, 'north');
  });

  it('the game ends when the rules say so: finished, with the outcome, no actions and no undo', async () => {
    const id = await game(bob, carol);
    let st = await service.games.commands.getState(bob, id);
    for (let i = 0; i < 2; i++) st = await service.games.commands.act(bob, id, st.version, { type: 'add', n: 2 });
    assert.equal(st.undo, 2);
    st = await service.games.commands.act(bob, id, st.version, { type: 'add', n: 2 });
    assert.equal(st.status, 'finished');
    assert.ok(st.outcome);
    assert.deepEqual([st.active, st.actions, st.yourTurn, st.undo], [[], [], false, 0]);
    await rejects(service.games.commands.act(bob, id, st.version, { type: 'pass' }), 409, 'game-not-active');
    await rejects(service.games.commands.undo(bob, id, st.version), 409, 'game-not-active');
    assert.equal((await service.games.commands.replayOf(id)).actions.length, 3);
  });

  it('the replay with the seed is refused while the game runs', async () => {
    const id = await game(bob, carol);
    await rejects(service.games.commands.replayOf(id), 409, 'game-not-finished');
  });
});

describe('bots', () => {
  it('actAsBot plays a bot seat and refuses a human seat', async () => {
    const { id } = await service.games.lobby.createGame(alice, { game: TALLY });
    await service.games.lobby.takeSeat(bob, id, 'north');
    await service.games.lobby.takeSeat(bob, id, 'east', botNames()[0]!);
    let st = await service.games.commands.act(bob, id, (await service.games.commands.getState(bob, id)).version, { type: 'pass' });
    await rejects(service.games.commands.actAsBot(id, st.version, 'north', { type: 'pass' }), 403, 'not-your-seat');
    const v = await service.games.commands.actAsBot(id, st.version, 'east', { type: 'pass' });
    assert.equal(v, st.version + 1);
    st = await service.games.commands.getState(bob, id);
    assert.deepEqual(st.active, ['north']);
  });
});

describe('undo', () => {
  it('takes back the caller\'s last undoable action only, at the current version', async () => {
    const id = await game(bob, carol);
    let st = await service.games.commands.getState(bob, id);
    assert.equal(st.undo, 0);
    await rejects(service.games.commands.undo(bob, id, st.version), 422, 'nothing-to-undo');
    st = await service.games.commands.act(bob, id, st.version, { type: 'add', n: 1 });
    assert.equal(st.undo, 1);
    await rejects(service.games.commands.undo(carol, id, st.version), 422, 'nothing-to-undo');
    await rejects(service.games.commands.undo(bob, id, st.version - 1), 409, 'stale-version');
    await rejects(service.games.commands.undo(null, id, st.version), 401, 'unauthorized');
    const u = await service.games.commands.undo(bob, id, st.version);
    assert.equal(u.version, st.version + 1);
    assert.equal(u.length, 0);
    assert.equal(u.undo, 0);
    assert.deepEqual((u.view as { tally: number[] }).tally, [0, 0]);
    assert.deepEqual(u.active, ['north']);
    // the cache was replaced: a fresh read agrees
    assert.equal((await service.games.commands.getState(carol, id)).length, 0);
    const again = await service.games.commands.act(bob, id, u.version, { type: 'add', n: 2 });
    assert.deepEqual((again.view as { tally: number[] }).tally, [2, 0]);
  });
});

describe('resign and abort', () => {
  it('resigning ends the game: every other seat wins', async () => {
    const id = await game(bob, carol);
    await rejects(service.games.commands.resign(null, id), 401, 'unauthorized');
    await rejects(service.games.commands.resign(alice, id), 403, 'not-your-seat');
    const st = await service.games.commands.resign(carol, id);
    assert.equal(st.status, 'finished');
    assert.deepEqual(st.outcome, { winners: ['north'], reason: 'resigned', by: 'east', unrated: true }, 'before every seat acted: never rated');
    await rejects(service.games.commands.resign(bob, id), 409, 'game-not-active');

    const played = await game(bob, carol);
    const s = await service.games.commands.act(bob, played, (await service.games.commands.getState(bob, played)).version, { type: 'pass' });
    await service.games.commands.act(carol, played, s.version, { type: 'pass' });
    assert.deepEqual((await service.games.commands.resign(carol, played)).outcome, { winners: ['north'], reason: 'resigned', by: 'east' }, 'after every seat acted: a result');
  });

  it('abort: no winner, before the 2nd action only; an open game by its creator; not after the end', async () => {
    const id = await game(bob, carol);
    let st = await service.games.commands.getState(bob, id);
    assert.equal(st.abortable, true);
    st = await service.games.commands.act(bob, id, st.version, { type: 'pass' });
    assert.equal(st.abortable, true);
    st = await service.games.commands.act(carol, id, st.version, { type: 'pass' });
    assert.equal(st.abortable, false);
    await rejects(service.games.commands.abort(carol, id), 409, 'too-late-to-abort');

    const open = await game(bob, null);
    await rejects(service.games.commands.abort(carol, open), 403, 'not-your-seat');
    const a = await service.games.commands.abort(alice, open);
    assert.equal(a.status, 'finished');
    assert.deepEqual(a.outcome, { winners: [], reason: 'aborted' });
    await rejects(service.games.commands.abort(bob, open), 409, 'game-not-active');
    await rejects(service.games.commands.abort(alice, open), 403, 'not-your-seat');

    const early = await game(bob, carol);
    await rejects(service.games.commands.abort(bob, early, 'east'), 403, 'not-your-seat');
    const b = await service.games.commands.abort(bob, early);
    assert.deepEqual(b.outcome, { winners: [], reason: 'aborted', by: 'north' });
    await rejects(service.games.commands.abort(null, early), 401, 'unauthorized');
  });
});

describe('simultaneous steps (issue 24)', () => {
  it('an action sent for an older version is played when only other seats acted since; not when the sender acted since', async () => {
    const { id } = await service.games.lobby.createGame(alice, { game: DUEL });
    await service.games.lobby.takeSeat(bob, id, 'left');
    const v0 = (await service.games.lobby.takeSeat(carol, id, 'right')).version;
    await service.games.commands.act(bob, id, v0, { type: 'pick', v: 'a' });
    let st = await service.games.commands.act(carol, id, v0, { type: 'pick', v: 'b' });
    assert.deepEqual([st.version, st.length], [v0 + 2, 2], 'overtaken by the left seat only: played');
    st = await service.games.commands.act(carol, id, st.version, { type: 'pick', v: 'a' });
    st = await service.games.commands.act(bob, id, st.version, { type: 'pick', v: 'a' });
    assert.equal(st.version, v0 + 4);
    await rejects(service.games.commands.act(carol, id, v0 + 2, { type: 'pick', v: 'a' }), 409, 'stale-version');
    st = await service.games.commands.act(carol, id, v0 + 3, { type: 'pick', v: 'b' });
    assert.deepEqual([st.version, st.length], [v0 + 5, 5]);
  });
});
