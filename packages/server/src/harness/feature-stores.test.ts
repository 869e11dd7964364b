/**
 * The features' narrow stores (store/seeks.ts, social.ts, analyses.ts, snapshots.ts): each conditional
 * write says whether it changed what it claims, the same on real SQLite and PostgreSQL.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Store } from '../store/index.js';
import { withBothStores } from './services.js';

async function game(store: Store, id: string, userId: number): Promise<void> {
  await store.createGame({ id, game: 'tally', scenario: 'standard', players: null, variants: null, seed: id, roles: ['north', 'east'], activeRoles: ['north'], createdBy: userId, now: 1, timeControl: { kind: 'none' }, clock: null });
}

const user = async (store: Store, name: string): Promise<number> => (await store.createUser(name, name, 'x', 1))!.id;

async function seeks(store: Store): Promise<void> {
  const [a, b] = [await user(store, 'seeka'), await user(store, 'seekb')];
  const base = { game: 'tally', scenario: 'standard', timeControl: '{"kind":"none"}', rated: true, now: 10, expiresAt: 100 };
  assert.equal(await store.seeks.insert({ ...base, id: 's1', userId: a }), true);
  assert.equal(await store.seeks.insert({ ...base, id: 's2', userId: b, now: 11 }), true);
  assert.equal(await store.seeks.insert({ ...base, id: 's3', userId: b, rated: false, now: 12 }), true);
  const s1 = (await store.seeks.get('s1'))!;
  assert.deepEqual(s1, { id: 's1', userId: a, name: 'seeka', game: 'tally', scenario: 'standard', timeControl: '{"kind":"none"}', rated: true, status: 'open', token: null, gameId: null, createdAt: 10, expiresAt: 100 });
  assert.deepEqual((await store.seeks.compatible(s1, 50, 10)).map((s) => s.id), ['s2'], 'another user, same settings');
  assert.deepEqual((await store.seeks.open(50, 2)).map((s) => s.id), ['s1', 's2']);
  assert.deepEqual((await store.seeks.openOf(b, 50)).map((s) => s.id).sort(), ['s2', 's3']);
  assert.equal(await store.seeks.claim('s1', 't1', 'g1', 20), true);
  assert.equal(await store.seeks.claim('s1', 't2', 'g2', 20), false, 'claimed once');
  assert.equal(await store.seeks.claim('s2', 't1', 'g1', 20), true);
  assert.equal(await store.seeks.renew('t1', 30), 2);
  assert.deepEqual((await store.seeks.stalePairing(30)).map((s) => [s.id, s.token, s.gameId]), [['s1', 't1', 'g1'], ['s2', 't1', 'g1']]);
  assert.equal(await store.seeks.release('t1', 31), 2);
  assert.equal(await store.seeks.release('t1', 31), 0);
  assert.equal((await store.seeks.get('s1'))!.status, 'open');
  assert.equal(await store.seeks.claim('s1', 't3', 'g3', 40), true);
  assert.equal(await store.seeks.claim('s2', 't3', 'g3', 40), true);
  assert.equal(await store.seeks.paired('t3', 41), 2);
  assert.equal(await store.seeks.renew('t3', 42), 0, 'paired: no longer held');
  assert.deepEqual((await store.seeks.pairedSince(a, 41)).map((s) => [s.id, s.gameId]), [['s1', 'g3']]);
  assert.equal(await store.seeks.cancel('s1', a, 50), false, 'paired, not open');
  assert.equal(await store.seeks.cancel('s3', a, 50), false, 'not the owner');
  assert.equal(await store.seeks.expire(99), 0);
  assert.equal(await store.seeks.expire(100), 1);
  assert.equal((await store.seeks.get('s3'))!.status, 'expired');
}

async function social(store: Store): Promise<void> {
  const [a, b] = [await user(store, 'socia'), await user(store, 'socib')];
  await game(store, 'sg1', a);
  await game(store, 'sg2', a);
  const meta = store.social.meta;
  assert.equal(await meta.add('sg1', { rated: true, rematchOf: null }), true);
  assert.equal(await meta.markRated('sg1'), false, 'has meta already');
  assert.equal(await meta.markRated('sg2'), true);
  assert.deepEqual([...(await meta.ratedOf(['sg1', 'sg2', 'nope']))].sort(), ['sg1', 'sg2']);
  assert.deepEqual([...(await meta.ratedOf([]))], []);
  assert.equal(await meta.toRate('sg1'), true);
  const after = { rating: 1600, rd: 200, vol: 0.06 };
  const start = { rating: 1500, rd: 350, vol: 0.06 };
  const rows = await store.social.ratings.forPlayers('tally', [a, b], start, 5);
  assert.deepEqual(rows.map((r) => [r.rating, r.games]), [[1500, 0], [1500, 0]]);
  assert.equal(await store.social.ratings.rate('sg1', 'tally', [{ userId: a, games: 1, before: 1500, after, weight: 1 }, { userId: b, games: 0, before: 1500, after, weight: 1 }], 6), false, 'a stale count writes nothing');
  assert.deepEqual((await store.social.ratings.of(a)), [], 'nothing half written');
  assert.equal(await store.social.ratings.rate('sg1', 'tally', [{ userId: a, games: 0, before: 1500, after, weight: 1 }, { userId: b, games: 0, before: 1500, after, weight: 1 }], 6), true);
  assert.equal(await meta.toRate('sg1'), false);
  assert.deepEqual((await store.social.ratings.ofGame('sg1')).map((r) => [r.before, r.after, r.weight]), [[1500, 1600, 1], [1500, 1600, 1]], 'the history rows are written with the rating');
  assert.equal(await store.social.ratings.pairGames('tally', a, b, 0), 1);
  assert.equal(await store.social.ratings.pairGames('tally', a, b, 6), 0, 'outside the window');
  assert.equal(await store.social.ratings.rate('sg1', 'tally', [{ userId: a, games: 1, before: 1500, after, weight: 1 }, { userId: b, games: 1, before: 1500, after, weight: 1 }], 7), false, 'rated once');
  assert.deepEqual((await store.social.ratings.leaderboard('tally', 300, 10)).map((r) => [r.name, r.rating, r.games]), [['socia', 1600, 1], ['socib', 1600, 1]]);

  const chat = store.social.chat;
  const rate = { windowMs: 100, messages: 2 };
  const line = (userId: number, text: string, now: number) => ({ gameId: 'sg1', seq: 3, channel: 'players', userId, role: 'north', text, now });
  const first = await chat.post(line(a, 'hi', 1000), rate);
  assert.equal(typeof first, 'number');
  assert.ok((await chat.post(line(a, 'again', 1001), rate))! > first!);
  assert.equal(await chat.post(line(a, 'too many', 1002), rate), null, 'rate reached');
  assert.equal(typeof (await chat.post(line(b, 'hello', 1003), rate)), 'number');
  assert.deepEqual((await chat.lines('sg1', 0, 0, 10)).map((l) => [l.name, l.text, l.seq, l.createdAt]), [['socia', 'hi', 3, 1000], ['socia', 'again', 3, 1001], ['socib', 'hello', 3, 1003]]);
  assert.deepEqual((await chat.lines('sg1', 0, first!, 1)).map((l) => l.text), ['hello'], 'the newest after the id, oldest first');
  assert.equal(await chat.mute(b, a, 5), true);
  assert.equal(await chat.mute(b, a, 6), false);
  assert.equal(await chat.muteCount(b), 1);
  assert.deepEqual(await chat.muted(b), ['socia']);
  assert.deepEqual((await chat.lines('sg1', b, 0, 10)).map((l) => l.text), ['hello']);
  assert.equal(await chat.unmute(b, a), true);
  assert.equal(await chat.unmute(b, a), false);

  const rm = store.social.rematches;
  assert.equal(await rm.get('sg1'), null);
  assert.equal(await rm.offer('sg1', a, 1), true);
  assert.equal(await rm.offer('sg1', b, 1), false, 'one offer per game');
  assert.equal(await rm.offerAgain('sg1', b, 2), false, 'still offered');
  assert.equal(await rm.close('sg1', 'declined', 3), true);
  assert.equal(await rm.close('sg1', 'cancelled', 3), false, 'no longer open');
  assert.equal(await rm.offerAgain('sg1', b, 4), true);
  assert.equal(await rm.claim('sg1', 'tok', 5), true);
  assert.equal(await rm.claim('sg1', 'tok2', 5), false, 'claimed once');
  assert.equal(await rm.unclaim('sg1', 'other'), false);
  assert.equal(await rm.unclaim('sg1', 'tok'), true);
  assert.equal(await rm.claim('sg1', 'tok3', 6), true);
  assert.equal(await rm.accepted('sg1', 'tok3', 'sg2', 7), true);
  assert.deepEqual(await rm.get('sg1'), { gameId: 'sg1', offeredBy: b, offeredByName: 'socib', status: 'accepted', newGame: 'sg2' });

  assert.equal(await store.social.profiles.since(a), 1);
  assert.equal(await store.social.profiles.since(-1), null);
  assert.deepEqual(await store.social.profiles.finishedSeats(a), []);
}

async function analyses(store: Store): Promise<void> {
  const u = await user(store, 'analyst');
  await game(store, 'ag1', u);
  const an = store.analyses;
  assert.equal(await an.get('ag1'), null);
  assert.equal(await an.request('ag1', 50, 7, 10, u, 2), 'queued');
  assert.equal(await an.request('ag1', 50, 7, 11, u, 2), 'exists', 'queued already');
  assert.equal(await an.nextDue(12), 'ag1');
  assert.equal(await an.claim('ag1', 12, 100), true);
  assert.equal(await an.claim('ag1', 13, 101), false, 'claimed once');
  assert.equal(await an.nextDue(50), null, 'leased');
  assert.equal(await an.progress('ag1', 3, 20, 120), true);
  assert.equal(await an.nextDue(121), 'ag1', 'lease ran out');
  assert.equal(await an.fail('ag1', 'x'.repeat(600), 130), true);
  assert.deepEqual(await an.get('ag1'), { status: 'failed', iterations: 50, done: 3, total: 7, result: null, error: 'x'.repeat(500) });
  assert.equal(await an.progress('ag1', 4, 131, 140), false, 'not running');
  assert.equal(await an.request('ag1', 50, 7, 140, u, 2), 'queued', 'failed: queued again');
  assert.equal(await an.claim('ag1', 141, 200), true);
  assert.equal(await an.finish('ag1', { moves: [1, 2] }, 150), true);
  assert.deepEqual(await an.get('ag1'), { status: 'done', iterations: 50, done: 7, total: 7, result: { moves: [1, 2] }, error: null });
  assert.equal(await an.request('ag1', 50, 7, 160, u, 2), 'exists', 'done: kept');
  // An account's pending analyses are capped: two queued, the third refused until one ends.
  for (const id of ['ag2', 'ag3', 'ag4']) await game(store, id, u);
  assert.equal(await an.request('ag2', 50, 7, 170, u, 2), 'queued');
  assert.equal(await an.request('ag3', 50, 7, 171, u, 2), 'queued');
  assert.equal(await an.request('ag4', 50, 7, 172, u, 2), 'over-cap');
  assert.equal(await an.finish('ag2', {}, 173), true);
  assert.equal(await an.request('ag4', 50, 7, 174, u, 2), 'queued', 'room again once one is done');
}

async function snapshots(store: Store): Promise<void> {
  const u = await user(store, 'snapper');
  await game(store, 'pg1', u);
  const put = (seq: number, v = 'v1') => store.snapshots.write('pg1', { seq, engineVersion: v, prefixHash: `h${seq}`, data: Buffer.from([seq, 1, 2]) }, 5, 2);
  await put(100);
  await put(200);
  await put(300);
  const rows = await store.snapshots.read('pg1', 1000, 5);
  assert.deepEqual(rows.map((r) => [r.seq, r.engineVersion, r.prefixHash, [...r.data]]), [[300, 'v1', 'h300', [300 % 256, 1, 2]], [200, 'v1', 'h200', [200, 1, 2]]], 'the newest two kept');
  await put(300, 'v2');
  assert.deepEqual((await store.snapshots.read('pg1', 250, 5)).map((r) => r.seq), [200]);
  assert.equal((await store.snapshots.read('pg1', 300, 1))[0]!.engineVersion, 'v2', 'replaced at the same position');
}

describe('store: the features\' stores', () => {
  it('store: seeks, social tables, analyses and snapshots say what their conditional writes changed, on both stores', async () => {
    await withBothStores(async (store) => {
      await seeks(store);
      await social(store);
      await analyses(store);
      await snapshots(store);
    });
  });
});
