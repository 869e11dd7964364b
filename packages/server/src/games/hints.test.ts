/**
 * Hints in online learning games (issue 47): POST /games/:id/hint answers the bot's choice for the caller's own
 * seat, one of its legal actions, only in a learning game and only on the caller's turn; a learning game is one
 * person against bots and never rated; a hint never depends on what the caller's seat cannot see.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { isDeepStrictEqual, Rng, type AnyGame } from '@tabula/engine';
import { getGame } from '@tabula/games';
import { startServer, testGameModule, uniqueName, type Running } from '../harness/fixtures.js';
import { startPostgres, type Service } from '../harness/services.js';
import { TALLY } from '../harness/testgame.js';
import { HintWorker } from './hints.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const HAMMER = 'hammer-of-the-scots';

for (const db of ['sqlite', 'postgres'] as const) {
  describe(`hints in learning games against a server bot (${db})`, () => {
    let pg: Service | undefined;
    let run: Running;
    let me: string, other: string;
    before(async () => {
      if (db === 'postgres') pg = await startPostgres();
      // The bots wait a minute before moving: a bot seat to act stays to act while the tests look.
      run = await startServer(db === 'postgres' ? pg!.url : 'sqlite::memory:', { bots: { threads: 1, thinkMs: 60_000, modules: [testGameModule] }, hints: { bot: 'mcts-medium@100' } });
      me = await run.api.signUp(uniqueName('learner'));
      other = await run.api.signUp(uniqueName('other'));
    });
    after(async () => { await run?.server.close(); await pg?.stop(); });

    /** A learning game of `game` with the caller in `mine` and a random bot in every other seat. */
    async function learningGame(game: string, mine: string, others: string[]): Promise<string> {
      const created = await run.api.post('/api/games', { game, learning: true }, me);
      assert.equal(created.status, 201);
      const id = created.body.id as string;
      assert.equal((await run.api.post(`/api/games/${id}/seats`, { role: mine }, me)).status, 200);
      for (const r of others) assert.equal((await run.api.post(`/api/games/${id}/seats`, { role: r, bot: 'random' }, me)).status, 200);
      return id;
    }

    it('a learning game says so in its state and lobby line; the hint is one of the caller\'s legal actions now, with the bot\'s reason', async () => {
      const id = await learningGame(HAMMER, 'England', ['Scotland']);
      const st: any = (await run.api.get(`/api/games/${id}`, me)).body;
      assert.equal(st.learning, true);
      assert.equal(st.yourTurn, true);
      const mine: any = (await run.api.get('/api/games?status=active&mine=true', me)).body;
      assert.equal(mine.games.find((g: any) => g.id === id).learning, true);
      const r = await run.api.post(`/api/games/${id}/hint`, {}, me);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal(r.body.version, st.version);
      assert.ok(st.actions.some((a: unknown) => isDeepStrictEqual(a, r.body.action)), `hint ${JSON.stringify(r.body.action)} is a legal action`);
      assert.match(r.body.reason.key, /^bot\./);
      // The hinted action can be played as it is.
      assert.equal((await run.api.post(`/api/games/${id}/actions`, { version: st.version, action: r.body.action }, me)).status, 200);
    });

    it('refused: another account 403, a game that is not a learning game 409, not the caller\'s turn 409, an open game 409', async () => {
      const id = await learningGame(TALLY, 'north', ['east']);
      const other403 = await run.api.post(`/api/games/${id}/hint`, {}, other);
      assert.equal(other403.status, 403);
      assert.equal((await run.api.post(`/api/games/${id}/hint`, { role: 'east' }, me)).status, 403, 'the bot\'s seat is not the caller\'s');

      const plain = (await run.api.post('/api/games', { game: TALLY }, me)).body.id as string;
      await run.api.post(`/api/games/${plain}/seats`, { role: 'north' }, me);
      await run.api.post(`/api/games/${plain}/seats`, { role: 'east', bot: 'random' }, me);
      const notLearning = await run.api.post(`/api/games/${plain}/hint`, {}, me);
      assert.equal(notLearning.status, 409);
      assert.equal(notLearning.body.error.code, 'not-learning');

      // North (the bot) moves first and waits a minute: it is not the caller's turn.
      const late = await learningGame(TALLY, 'east', ['north']);
      const notYours = await run.api.post(`/api/games/${late}/hint`, {}, me);
      assert.equal(notYours.status, 409);
      assert.equal(notYours.body.error.code, 'not-your-turn');

      const open = (await run.api.post('/api/games', { game: TALLY, learning: true }, me)).body.id as string;
      await run.api.post(`/api/games/${open}/seats`, { role: 'north' }, me);
      assert.equal((await run.api.post(`/api/games/${open}/hint`, {}, me)).status, 409);
    });

    it('one hint per game at a time: asked three times at once, the ones that find a hint being searched get 429', async () => {
      const id = await learningGame(HAMMER, 'England', ['Scotland']);
      const replies = await Promise.all([0, 1, 2].map(() => run.api.post(`/api/games/${id}/hint`, {}, me)));
      const codes = replies.map((r) => r.status).sort();
      assert.ok(codes.includes(200) && codes.includes(429), `statuses ${codes.join(', ')}`);
      assert.ok(codes.every((c) => c === 200 || c === 429));
      assert.equal(replies.find((r) => r.status === 429)!.body.error.code, 'hint-pending');
    });

    it('a learning game is one person against bots and never rated: rated is refused with it, a second person cannot sit, and its end rates nobody', async () => {
      const both = await run.api.post('/api/games', { game: TALLY, learning: true, rated: true }, me);
      assert.equal(both.status, 422);
      assert.equal(both.body.error.code, 'learning-unrated');
      const id = (await run.api.post('/api/games', { game: TALLY, learning: true }, me)).body.id as string;
      await run.api.post(`/api/games/${id}/seats`, { role: 'north' }, me);
      const second = await run.api.post(`/api/games/${id}/seats`, { role: 'east' }, other);
      assert.equal(second.status, 409);
      assert.equal(second.body.error.code, 'learning-game');
      assert.equal((await run.api.post(`/api/games/${id}/seats`, { role: 'east', bot: 'random' }, me)).status, 200);
      assert.equal((await run.api.post(`/api/games/${id}/resign`, {}, me)).status, 200);
      const ratings = await run.api.get(`/api/games/${id}/ratings`, me);
      assert.equal(ratings.status, 200);
      assert.equal(ratings.body.status, 'unrated');
      assert.deepEqual(ratings.body.players, []);
    });
  });
}

describe('a hint depends only on what the caller\'s seat can see', () => {
  const hints = new HintWorker({ bot: 'mcts-medium@100', threads: 0, modules: [testGameModule] });
  after(() => hints.close());

  /** Hints for `role` in `state` and in worlds re-dealt for `role` (same view, other hidden part), with the same seed. */
  async function compare(gameId: string, game: AnyGame, state: unknown, role: string): Promise<void> {
    const real = await hints.suggest('g', gameId, state, role, 'g:hint:0');
    let differed = 0;
    for (let i = 0; i < 3; i++) {
      const other = game.determinize(state, role, new Rng(`other-world-${i}`));
      assert.deepEqual(game.view(other, role), game.view(state, role), 'the caller sees the same');
      if (!isDeepStrictEqual(other, state)) differed++;
      const hint = await hints.suggest('g', gameId, other, role, 'g:hint:0');
      assert.deepEqual(hint.action, real.action, `world ${i}: the same hint`);
      assert.deepEqual(hint.reason, real.reason, `world ${i}: the same reason`);
    }
    assert.ok(differed > 0, 'the worlds differ in what the caller cannot see');
  }

  it('Hammer of the Scots: England\'s hint is the same whatever Scotland holds', async () => {
    const game = getGame(HAMMER)!;
    await compare(HAMMER, game, game.setup({ seed: 'hint-hidden' }), 'England');
  });

  it('Tally: north\'s hint is the same whatever east\'s secret die and the dice to come', async () => {
    await import(testGameModule);
    const game = getGame(TALLY)!;
    await compare(TALLY, game, game.setup({ seed: 'hint-hidden' }), 'north');
  });
});
