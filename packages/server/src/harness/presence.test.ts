/** Presence on SQLite and PostgreSQL: a move over REST counts as being there; only the players see who is away. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CLAIM_AFTER_DISCONNECT_MS } from '@tabula/protocol';
import { createServer } from '../app.js';
import { Api } from './client.js';
import { testGameModule, testScrypt, uniqueName } from './fixtures.js';
import { withBothStores } from './services.js';
import { TALLY } from './testgame.js';

describe('presence', () => {
  it('a claim of abandonment counts a move made over REST as presence; spectators see nobody\'s absence', async () => {
    await withBothStores(async (store) => {
      const clock = { t: Date.now() };
      // The server is handed a store it may not close: withBothStores closes it.
      const shared = new Proxy(store, { get: (t, k) => (k === 'close' ? () => Promise.resolve() : Reflect.get(t, k) as unknown) });
      const server = await createServer({ store: shared, logger: false, webDist: null, scrypt: testScrypt, now: () => clock.t, sweepMs: false, rateLimits: false, openGamesPerAccount: false, bots: { threads: 0, modules: [testGameModule] } });
      try {
        const api = new Api(await server.listen(0, '127.0.0.1'));
        const north = await api.signUp(uniqueName('pn'));
        const east = await api.signUp(uniqueName('pe'));
        const live = { kind: 'live', baseSeconds: 3600, incrementSeconds: 0 };
        const id = (await api.post('/api/games', { game: TALLY, variants: { target: 1000 }, timeControl: live }, north)).body.id as string;
        assert.equal((await api.post(`/api/games/${id}/seats`, { role: 'north' }, north)).status, 200);
        assert.equal((await api.post(`/api/games/${id}/seats`, { role: 'east' }, east)).status, 200);
        const passAs = async (token: string): Promise<void> => {
          const s = (await api.get(`/api/games/${id}`, token)).body as { version: number };
          assert.equal((await api.post(`/api/games/${id}/actions`, { version: s.version, action: { type: 'pass' } }, token)).status, 200);
        };
        // Each seat's first action, then north's: east waits out the claim delay without a socket and moves over
        // REST 4 s before north claims.
        await passAs(north);
        await passAs(east);
        await passAs(north);
        clock.t += CLAIM_AFTER_DISCONNECT_MS - 4000;
        await passAs(east);
        clock.t += 4000;
        const away = (await api.get(`/api/games/${id}`, north)).body.away as Record<string, number>;
        assert.equal(away.east, 4000, 'east was last seen at its move');
        const claim = await api.post(`/api/games/${id}/claim`, {}, north);
        assert.equal(claim.status, 409);
        assert.equal(claim.body.error.code, 'opponent-connected');
        assert.deepEqual((await api.get(`/api/games/${id}`)).body.away, {}, 'a spectator sees no absence');
        clock.t += CLAIM_AFTER_DISCONNECT_MS;
        await passAs(north);
        assert.equal((await api.post(`/api/games/${id}/claim`, {}, north)).status, 200, 'away long enough after its last move');
      } finally {
        await server.close();
      }
    });
  });
});
