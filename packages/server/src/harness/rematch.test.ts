/** Rematches: one outcome per race, deck credit kept, and the creation limit counted. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { defaultRateLimits } from '../http/limits.js';
import { ApiError } from '../http/errors.js';
import type { UserRow } from '../store/index.js';
import { nameKeyOf } from '../accounts/account-policy.js';
import { startPostgres } from './services.js';
import { startServer, uniqueName, type Running } from './fixtures.js';
import { TALLY } from './testgame.js';

async function accountOf(run: Running, prefix: string): Promise<{ token: string; user: UserRow }> {
  const name = uniqueName(prefix);
  const token = await run.api.signUp(name);
  const found = (await run.server.store.findUserByNameKey(nameKeyOf(name)))!;
  return { token, user: { id: found.id, name: found.name } };
}

/** A finished tally game created by `a` (north) against `b` (east): `b` resigned after each seat acted. */
async function finishedGame(run: Running, a: { token: string }, b: { token: string }): Promise<string> {
  const { api } = run;
  const id = (await api.post('/api/games', { game: TALLY, variants: { target: 1000 } }, a.token)).body.id as string;
  assert.equal((await api.post(`/api/games/${id}/seats`, { role: 'north' }, a.token)).status, 200);
  assert.equal((await api.post(`/api/games/${id}/seats`, { role: 'east' }, b.token)).status, 200);
  for (const t of [a.token, b.token]) {
    const v = (await api.get(`/api/games/${id}`, t)).body.version as number;
    assert.equal((await api.post(`/api/games/${id}/actions`, { version: v, action: { type: 'pass' } }, t)).status, 200);
  }
  assert.equal((await api.post(`/api/games/${id}/resign`, {}, b.token)).status, 200);
  return id;
}

async function races(db: string, rounds: number): Promise<void> {
  const run = await startServer(db, { sweepMs: false, rateLimits: false });
  try {
    const alice = await accountOf(run, 'ra'), bob = await accountOf(run, 'rb');
    const rematches = run.server.social.rematches;
    const outcomes = { accepted: 0, cancelled: 0 };
    for (let i = 0; i < rounds; i++) {
      const id = await finishedGame(run, alice, bob);
      const row = async () => (await run.server.store.getGame(id))!;
      await rematches.act(bob.user, await row(), 'offer');
      const r = await row();
      const [accept, cancel] = await Promise.allSettled([rematches.act(alice.user, r, 'accept'), rematches.act(bob.user, r, 'cancel')]);
      const offer = await rematches.of(id);
      assert.ok((accept.status === 'fulfilled') !== (cancel.status === 'fulfilled'), `round ${i}: exactly one of accept and cancel succeeds`);
      const lost = (accept.status === 'rejected' ? accept.reason : (cancel as PromiseRejectedResult).reason) as unknown;
      assert.ok(lost instanceof ApiError && lost.status === 409, String(lost));
      if (accept.status === 'fulfilled') {
        outcomes.accepted++;
        assert.equal(offer?.status, 'accepted');
        assert.ok(offer.game && (await run.server.store.getGame(offer.game)), 'the new game exists');
      } else {
        outcomes.cancelled++;
        assert.deepEqual([offer?.status, offer?.game], ['cancelled', null], 'cancelled: no new game');
      }
    }
    assert.equal(outcomes.accepted + outcomes.cancelled, rounds);
  } finally {
    await run.server.close();
  }
}

describe('rematch', () => {
  it('cancel and accept raced 150 times on SQLite: each round has exactly one outcome, and a cancelled offer makes no game', async () => {
    await races('sqlite::memory:', 150);
  });

  it('cancel and accept raced 100 times on PostgreSQL: each round has exactly one outcome', async () => {
    const pg = await startPostgres();
    try { await races(pg.url, 100); } finally { await pg.stop(); }
  });

  it('the new game keeps the original creator (who uploaded its decks) when the other player offered it, and counts against the offerer\'s creation limit', async () => {
    const run = await startServer('sqlite::memory:', { sweepMs: false, rateLimits: { ...defaultRateLimits, games: 3 } });
    try {
      const alice = await accountOf(run, 'ca'), bob = await accountOf(run, 'cb');
      const id = await finishedGame(run, alice, bob);
      const rematches = run.server.social.rematches;
      await rematches.act(bob.user, (await run.server.store.getGame(id))!, 'offer');
      await rematches.act(alice.user, (await run.server.store.getGame(id))!, 'accept');
      const next = (await rematches.of(id))!.game!;
      assert.equal((await run.server.store.getGame(next))!.createdBy, alice.user.id, 'alice created the first game: she keeps the credit');
      // Bob offers rematches until his per-minute creation limit (3) refuses one.
      let prev = next, made = 1;
      for (;;) {
        await run.server.games.commands.resign(alice.user, prev);
        await rematches.act(bob.user, (await run.server.store.getGame(prev))!, 'offer');
        try {
          await rematches.act(alice.user, (await run.server.store.getGame(prev))!, 'accept');
        } catch (e) {
          assert.ok(e instanceof ApiError && e.status === 429, String(e));
          break;
        }
        made++;
        prev = (await rematches.of(prev))!.game!;
        assert.ok(made <= 3, 'refused by the fourth game of the minute');
      }
      assert.equal(made, 3);
    } finally {
      await run.server.close();
    }
  });
});
