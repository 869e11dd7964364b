/** Clocks across a database outage: the time the server could not take actions is charged to nobody. */
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from '../app.js';
import { Api } from './client.js';
import { testGameModule, testScrypt, uniqueName } from './fixtures.js';
import { startPostgres, type Service } from './services.js';
import { TALLY } from './testgame.js';

describe('clocks across a database outage', () => {
  let pg: Service | undefined;
  after(async () => { await pg?.stop(); });

  it('a live clock across a 5 s database stop loses no player a game they could have played', async () => {
    pg = await startPostgres();
    let t = Date.UTC(2031, 0, 1);
    const server = await createServer({ db: pg.url, logger: false, webDist: null, scrypt: testScrypt, now: () => t, sweepMs: false, rateLimits: false, openGamesPerAccount: false, bots: { threads: 0, modules: [testGameModule] } });
    try {
      const api = new Api(await server.listen(0, '127.0.0.1'));
      const north = await api.signUp(uniqueName('on'));
      const east = await api.signUp(uniqueName('oe'));
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const id = (await api.post('/api/games', { game: TALLY, variants: { target: 1000 }, timeControl: { kind: 'live', baseSeconds: 15, incrementSeconds: 0 } }, north)).body.id as string;
        assert.equal((await api.post(`/api/games/${id}/seats`, { role: 'north' }, north)).status, 200);
        assert.equal((await api.post(`/api/games/${id}/seats`, { role: 'east' }, east)).status, 200);
        for (const token of [north, east]) {
          const v = (await api.get(`/api/games/${id}`, token)).body.version as number;
          assert.equal((await api.post(`/api/games/${id}/actions`, { version: v, action: { type: 'pass' } }, token)).status, 200);
        }
        ids.push(id);
      }
      // North thinks 10.4 s: 4.6 s left in each game.
      t += 10_400;
      await pg.halt!();
      try {
        await assert.rejects(server.games.timeouts.sweep(), 'the store is down');
        const v = (await api.post(`/api/games/${ids[0]}/actions`, { version: 0, action: { type: 'pass' } }, north)).status;
        assert.equal(v, 503, 'moves are refused during the outage');
        t += 5_000;
      } finally {
        await pg.restart!();
      }
      // The first sweep after the outage flags nothing: the 5 s are nobody's.
      for (let i = 0; ; i++) {
        try { assert.equal(await server.games.timeouts.sweep(), 0, 'no game flagged after the outage'); break; } catch (e) {
          if (i > 100 || e instanceof assert.AssertionError) throw e;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      for (const id of ids) {
        const s = (await api.get(`/api/games/${id}`, north)).body;
        assert.equal(s.status, 'active');
        assert.equal(s.clock.remaining.north, 4600, 'north still has the 4.6 s it had when the database stopped');
        const moved = await api.post(`/api/games/${id}/actions`, { version: s.version, action: { type: 'pass' } }, north);
        assert.equal(moved.status, 200, 'and can move');
      }
      // Time that counts still runs out: east, to act, is flagged after its own 15 s.
      t += 15_000;
      assert.equal(await server.games.timeouts.sweep(), 3);
    } finally {
      await server.close();
    }
  });
});
