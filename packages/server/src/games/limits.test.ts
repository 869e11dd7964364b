// Limits and messages of the games room (no HTTP).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_OPEN_GAMES_PER_ACCOUNT, OPEN_GAME_COUNTS_MS } from '@tabula/protocol';
import { TALLY } from '../harness/testgame.js';
import { testScrypt, uniqueName } from '../harness/fixtures.js';
import { createRooms } from '../harness/rooms.js';
import { PW, alice, bob, carol, game, now, rejects, service, store, storeWith, useRooms, user } from '../harness/rooms-fixture.js';
import { legacyNameKeyOf, nameKeyOf } from '../accounts/account-policy.js';
import { hashPassword } from '../accounts/passwords.js';
import { ApiError } from '../http/errors.js';
import type { OutboxInsert, Store } from '../store/index.js';

useRooms();

describe('limits and messages (issue 24)', () => {
  it(`an account may have ${MAX_OPEN_GAMES_PER_ACCOUNT} open games from the last 24 hours: one more is a 429 until the oldest is older than that`, async () => {
    let t = 2_000_000_000;
    const s = createRooms({ store, scrypt: testScrypt, now: () => t });
    const u = await user('cap');
    for (let i = 0; i < MAX_OPEN_GAMES_PER_ACCOUNT; i++) await s.games.lobby.createGame(u, { game: TALLY });
    await rejects(s.games.lobby.createGame(u, { game: TALLY }), 429, 'too-many-open-games');
    t += OPEN_GAME_COUNTS_MS;
    await rejects(s.games.lobby.createGame(u, { game: TALLY }), 429, 'too-many-open-games');
    t += 1;
    assert.ok((await s.games.lobby.createGame(u, { game: TALLY })).id);
  });

  it('the list of all active games adds your own older ones (your turn first), "mine" lists only yours, and a spectator gets the newest', async () => {
    let t = 3_000_000_000;
    const s = createRooms({ store, scrypt: testScrypt, now: () => t, openGamesPerAccount: false });
    const { id: mine } = await s.games.lobby.createGame(alice, { game: TALLY });
    await s.games.lobby.takeSeat(bob, mine, 'north');
    await s.games.lobby.takeSeat(carol, mine, 'east');
    t += 1_000;
    const { id: other } = await s.games.lobby.createGame(alice, { game: TALLY });
    await s.games.lobby.takeSeat(alice, other, 'north');
    await s.games.lobby.takeSeat(carol, other, 'east');
    assert.deepEqual((await s.games.lobby.list(bob, 'active', false, 1)).map((g) => g.id), [mine]);
    assert.deepEqual((await s.games.lobby.list(null, 'active', false, 1)).map((g) => g.id), [other]);
    const only = await s.games.lobby.list(bob, 'active', true, 200);
    assert.ok(only.some((g) => g.id === mine) && only.every((g) => g.yourRoles.length > 0), 'only games with a seat of yours');
  });

  it('a name whose old-style key (before look-alike keys) belongs to an account is taken', async () => {
    const name = uniqueName('b0');
    assert.notEqual(nameKeyOf(name), legacyNameKeyOf(name));
    assert.ok(await store.createUser(name, legacyNameKeyOf(name), await hashPassword(PW, testScrypt), now));
    await rejects(service.accounts.signUp(name, PW), 409, 'name-taken');
  });

  it('refusals say why: a game not started, an illegal action', async () => {
    const open = await game(bob, null);
    await assert.rejects(service.games.commands.act(bob, open, 1, { type: 'pass' }), (e: unknown) => e instanceof ApiError && /has not started/.test(e.message));
    const id = await game(bob, carol);
    const v = (await service.games.commands.getState(bob, id)).version;
    for (const bad of [{ type: 'add', n: 3 }, { type: 'add' }, 'garbage', null]) {
      await assert.rejects(service.games.commands.act(bob, id, v, bad), (e: unknown) => e instanceof ApiError && e.code === 'illegal-action' && e.message === 'That action is not one of your legal actions now.');
    }
  });

  it('a seat asked for is the one that plays, even when another seat of the same user is to act', async () => {
    const id = await game(bob, bob);
    const v = (await service.games.commands.getState(bob, id)).version;
    await rejects(service.games.commands.act(bob, id, v, { type: 'pass' }, 'east'), 403, 'not-your-turn');
  });

  it('a user holding several seats, none of them to act, resigns with the first', async () => {
    const { id } = await service.games.lobby.createGame(alice, { game: TALLY, players: 3 });
    for (const [u, r] of [[bob, 'north'], [bob, 'east'], [carol, 'south']] as const) await service.games.lobby.takeSeat(u, id, r);
    let st = await service.games.commands.act(bob, id, (await service.games.commands.getState(bob, id)).version, { type: 'pass' }, 'north');
    st = await service.games.commands.act(bob, id, st.version, { type: 'pass' }, 'east');
    assert.deepEqual(st.active, ['south']);
    const r = await service.games.commands.resign(bob, id);
    assert.deepEqual(r.outcome, { winners: ['east', 'south'], reason: 'resigned', by: 'north', unrated: true }, 'south never acted');
  });

  it('a state sends the whole log unless asked for less', async () => {
    const id = await game(bob, carol);
    await service.games.commands.act(bob, id, (await service.games.commands.getState(bob, id)).version, { type: 'pass' });
    const st = await service.games.commands.getState(carol, id);
    assert.equal(st.logFrom, 0);
    assert.equal(st.log.length, st.length);
  });

  it('every committed change goes to the change listeners with its new version', async () => {
    const s = createRooms({ store, scrypt: testScrypt, now: () => now, openGamesPerAccount: false });
    const seen: [string, number, string][] = [];
    s.games.events.on(({ gameId, version, row }) => seen.push([gameId, version, row.status]));
    const { id } = await s.games.lobby.createGame(alice, { game: TALLY, variants: { target: 5 } });
    const versions: number[] = [];
    await s.games.lobby.takeSeat(bob, id, 'north');
    let st = await s.games.lobby.takeSeat(carol, id, 'east');
    versions.push(st.version);
    st = await s.games.commands.act(bob, id, st.version, { type: 'add', n: 1 });
    versions.push(st.version);
    st = await s.games.commands.undo(bob, id, st.version);
    versions.push(st.version);
    st = await s.games.commands.resign(carol, id);
    versions.push(st.version);
    assert.deepEqual(seen.slice(1), [[id, versions[0], 'active'], [id, versions[1], 'active'], [id, versions[2], 'active'], [id, versions[3], 'finished']]);
    assert.deepEqual(seen[0]!.slice(0, 1), [id]);
  });

  it('notifications never go to the person whose own action caused them', async () => {
    const sent: OutboxInsert[][] = [];
    const spy = storeWith(store, {
      appendAction: ((...a: Parameters<Store['appendAction']>) => { sent.push(a[5] ?? []); return store.appendAction(...a); }) as never,
      updateGame: ((...a: Parameters<Store['updateGame']>) => { sent.push(a[3] ?? []); return store.updateGame(...a); }) as never,
    });
    const s = createRooms({ store: spy, scrypt: testScrypt, now: () => now, openGamesPerAccount: false });
    const { id } = await s.games.lobby.createGame(alice, { game: TALLY });
    await s.games.lobby.takeSeat(bob, id, 'north');
    const st = await s.games.lobby.takeSeat(carol, id, 'east');
    await s.games.commands.act(bob, id, st.version, { type: 'pass' });
    assert.deepEqual(sent.at(-1)!.map((e) => [e.userId, e.kind]), [[carol.id, 'your-turn']]);
    await s.games.commands.resign(carol, id);
    assert.deepEqual(sent.at(-1)!.map((e) => [e.userId, e.kind]), [[bob.id, 'game-over']]);
  });
});
