/**
 * Ratings are written whole: the game's "rated" mark and every player's new values in one transaction
 * (a CI run read a player's placeholder 1500 while the rating was being written). Real SQLite and PostgreSQL.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Outcome } from '@tabula/engine';
import { Ratings, rate, START, type Glicko } from '../social/ratings.js';
import type { GameRow, Store } from '../store/index.js';
import { withBothStores } from './services.js';



/** A finished rated two-player game between `first` and `second`; the first seat wins. */
async function finishedGame(store: Store, id: string, first: number, second: number): Promise<GameRow> {
  await store.createGame({ id, game: 'tally', scenario: 'standard', players: null, variants: null, seed: id, roles: ['north', 'east'], activeRoles: ['north', 'east'], createdBy: first, now: 1, timeControl: { kind: 'none' }, clock: null });
  await store.sql.run('INSERT INTO game_meta (game_id, rated) VALUES (?, 1)', [id]);
  const row = (await store.getGame(id))!;
  const outcome: Outcome = { winners: ['north'], reason: 'resigned' };
  const seat = (seat: number, role: string, userId: number) => ({ seat, role, userId, userName: null, bot: null, seenAt: null });
  return { ...row, status: 'finished', outcome, seats: [seat(0, 'north', first), seat(1, 'east', second)] };
}

const close = (a: Glicko, b: { rating: number; rd: number; vol: number }) => Math.abs(a.rating - b.rating) < 1e-9 && Math.abs(a.rd - b.rd) < 1e-9 && Math.abs(a.vol - b.vol) < 1e-12;

describe('ratings in the store', () => {
  it('ratings: two games finishing at once with a shared player are each counted once for every player (a lost race is read again, never half written)', async () => {
    await withBothStores(async (store) => {
      const [u1, u2, u3] = await Promise.all(['rater1', 'rater2', 'rater3'].map(async (n) => (await store.createUser(n, n, 'x', 1))!.id));
      const ratings = new Ratings(store.social, () => 5);
      // g2 lists u3 before the shared player u1, so a partial write would count u3 twice.
      const g1 = await finishedGame(store, 'rg1', u1!, u2!);
      const g2 = await finishedGame(store, 'rg2', u3!, u1!);
      const done = await Promise.all([ratings.finished(g1), ratings.finished(g2), ratings.finished(g1)]);
      assert.equal(done.filter(Boolean).length, 2, `each game rated once: ${JSON.stringify(done)}`);
      const games = async (u: number) => (await ratings.of(u)).find((r) => r.game === 'tally')!;
      assert.equal((await games(u1!)).games, 2);
      assert.equal((await games(u2!)).games, 1);
      assert.equal((await games(u3!)).games, 1);
      // Whichever game was written first, the values are the library's for that order.
      const [a1, b1] = rate([START, START], [[0, 1, 1]]);
      const orderG1First = rate([START, a1!], [[0, 1, 1]]);
      const [c1, d1] = rate([START, START], [[0, 1, 1]]);
      const orderG2First = rate([d1!, START], [[0, 1, 1]]);
      const r1 = await games(u1!), r2 = await games(u2!), r3 = await games(u3!);
      const g1First = close(orderG1First[1]!, r1) && close(b1!, r2) && close(orderG1First[0]!, r3);
      const g2First = close(orderG2First[0]!, r1) && close(orderG2First[1]!, r2) && close(c1!, r3);
      assert.ok(g1First || g2First, JSON.stringify({ r1, r2, r3 }));
      const again = await ratings.finished(g2);
      assert.equal(again, false, 'a game is never rated twice');
      assert.equal((await games(u3!)).games, 1);
    });
  });

  it('ratings: an unrated game between people writes no rating rows at all', async () => {
    await withBothStores(async (store) => {
      const [u1, u2] = await Promise.all(['plain1', 'plain2'].map(async (n) => (await store.createUser(n, n, 'x', 1))!.id));
      const g = await finishedGame(store, 'ug1', u1!, u2!);
      await store.sql.run('UPDATE game_meta SET rated = 0 WHERE game_id = ?', ['ug1']);
      assert.equal(await new Ratings(store.social, () => 5).finished(g), false);
      assert.deepEqual(await store.sql.all('SELECT user_id FROM ratings WHERE user_id IN (?, ?)', [u1, u2]), []);
    });
  });

  it('ratings: a player with no rated game yet has no rating row shown, on the profile or the leaderboard', async () => {
    await withBothStores(async (store) => {
      const u = (await store.createUser('unrated1', 'unrated1', 'x', 1))!.id;
      await store.sql.run('INSERT INTO ratings (user_id, game, rating, rd, vol, games, updated_at) VALUES (?, ?, ?, ?, ?, 0, ?)', [u, 'tally', 1500, 350, 0.06, 1]);
      const ratings = new Ratings(store.social, () => 5);
      assert.deepEqual(await ratings.of(u), []);
      assert.deepEqual(await ratings.leaderboard('tally', 100), []);
    });
  });
});
