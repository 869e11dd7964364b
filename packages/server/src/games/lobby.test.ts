// The lobby and what a caller sees, on the games room alone (no HTTP).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { botNames } from '@tabula/bots';
import { TALLY } from '../harness/testgame.js';
import { alice, bob, carol, game, rejects, service, useRooms } from '../harness/rooms-fixture.js';

useRooms();

describe('creating games', () => {
  it('accepts exactly the minimum and the maximum number of players, refuses one fewer and one more', async () => {
    for (const players of [2, 4]) {
      const { id } = await service.games.lobby.createGame(alice, { game: TALLY, players });
      assert.equal((await service.games.commands.getState(alice, id)).seats.length, players);
    }
    for (const players of [1, 5]) await rejects(service.games.lobby.createGame(alice, { game: TALLY, players }), 422, 'bad-players');
  });

  it('the number of players chosen is the one the game is set up and replayed with', async () => {
    const { id } = await service.games.lobby.createGame(alice, { game: TALLY, players: 3 });
    for (const [u, r] of [[alice, 'north'], [bob, 'east'], [carol, 'south']] as const) await service.games.lobby.takeSeat(u, id, r);
    const st = await service.games.commands.act(alice, id, (await service.games.commands.getState(alice, id)).version, { type: 'pass' });
    assert.deepEqual((st.view as { tally: number[] }).tally, [0, 0, 0]);
    assert.deepEqual((await service.games.commands.getState(carol, id)).active, ['east']);
  });

  it('refuses an anonymous caller and an unknown game', async () => {
    await rejects(service.games.lobby.createGame(null, { game: TALLY }), 401, 'unauthorized');
    await rejects(service.games.lobby.createGame(alice, { game: 'no-such-game' }), 422, 'unknown-game');
  });
});

describe('seats', () => {
  it('a game starts once every seat is taken; taken seats, unknown seats and started games are refused', async () => {
    const id = await game(bob, null);
    assert.equal((await service.games.commands.getState(bob, id)).status, 'open');
    await rejects(service.games.lobby.takeSeat(carol, id, 'north'), 409, 'seat-taken');
    await rejects(service.games.lobby.takeSeat(carol, id, 'south'), 422, 'unknown-role');
    const st = await service.games.lobby.takeSeat(carol, id, 'east');
    assert.equal(st.status, 'active');
    assert.equal(st.role, 'east');
    await rejects(service.games.lobby.takeSeat(alice, id, 'east'), 409, 'game-not-open');
    await rejects(service.games.lobby.takeSeat(alice, 'nope', 'east'), 404, 'game-not-found');
    await rejects(service.games.lobby.takeSeat(null, id, 'east'), 401, 'unauthorized');
  });

  it('a seat goes to a bot only by the creator or a seated player, and only to a bot that exists', async () => {
    const { id } = await service.games.lobby.createGame(alice, { game: TALLY });
    const bot = botNames()[0]!;
    await rejects(service.games.lobby.takeSeat(bob, id, 'east', bot), 403, 'not-allowed');
    await rejects(service.games.lobby.takeSeat(alice, id, 'east', 'no-such-bot'), 422, 'unknown-bot');
    await service.games.lobby.takeSeat(bob, id, 'north');
    const st = await service.games.lobby.takeSeat(bob, id, 'east', bot);
    assert.equal(st.status, 'active');
    assert.deepEqual(st.seats.map((s) => s.bot), [null, bot]);
    assert.equal(st.role, 'north', 'the bot seat is not the caller\'s');
  });
});

describe('what a caller sees', () => {
  it('asking for a seat you do not hold is refused; a spectator sees no role, no actions and no undo', async () => {
    const id = await game(bob, carol);
    await rejects(service.games.commands.getState(alice, id, 'north'), 403, 'not-your-seat');
    const sp = await service.games.commands.getState(null, id);
    assert.deepEqual([sp.role, sp.roles, sp.actions, sp.undo, sp.yourTurn, sp.abortable], [null, [], [], 0, false, false]);
    assert.deepEqual((sp.view as { secrets: unknown[] }).secrets, [null, null]);
    const b = await service.games.commands.getState(bob, id);
    assert.equal(typeof (b.view as { secrets: unknown[] }).secrets[0], 'number');
    await rejects(service.games.commands.getState(bob, 'nope'), 404, 'game-not-found');
  });

  it('the list puts the games where it is your turn first and includes your own', async () => {
    const mineWaiting = await game(carol, bob); // north: carol to move
    const mineToMove = await game(bob, carol); // north: bob to move
    const list = await service.games.lobby.list(bob, 'active', true, 200);
    const ids = list.map((g) => g.id);
    assert.ok(ids.includes(mineWaiting) && ids.includes(mineToMove));
    const firstWaiting = list.findIndex((g) => !g.yourTurn);
    const lastTurn = list.map((g) => g.yourTurn).lastIndexOf(true);
    assert.ok(lastTurn < firstWaiting, 'your turn first');
    assert.equal(list.find((g) => g.id === mineToMove)!.yourTurn, true);
    assert.deepEqual(list.find((g) => g.id === mineToMove)!.yourRoles, ['north']);
    assert.equal(list.find((g) => g.id === mineWaiting)!.yourTurn, false);
    await rejects(service.games.lobby.list(null, 'active', true, 10), 401, 'unauthorized');
    for (const limit of [0, 201, 1.5]) await rejects(service.games.lobby.list(bob, 'active', false, limit), 400, 'bad-request');
    assert.equal((await service.games.lobby.list(bob, 'active', true, 1)).length, 1);
  });
});
