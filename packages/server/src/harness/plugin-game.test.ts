/** A game is one plug-in: the test game, registered only through its manifest, is offered and played through the API. */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { registerTestGame, TEST_GAME_ID } from '@tabula/games';
import { startServer, uniqueName, type Running } from './fixtures.js';

describe('a game registered only through its manifest', () => {
  let run: Running;
  before(async () => {
    registerTestGame();
    run = await startServer('sqlite::memory:', { sweepMs: false });
  });
  after(async () => { await run.server.close(); });

  it('is in the catalog, in the lobby, and plays to its end with its own outcome', async () => {
    const { api } = run;
    const catalog = (await api.get('/api/catalog')).body as { id: string; roles: Record<string, string[]> }[];
    const entry = catalog.find((g) => g.id === TEST_GAME_ID);
    assert.ok(entry, 'in the catalog');
    assert.deepEqual(Object.values(entry.roles)[0], ['first', 'second']);
    const a = await api.signUp(uniqueName('nim'));
    const b = await api.signUp(uniqueName('nim'));
    const id = (await api.post('/api/games', { game: TEST_GAME_ID }, a)).body.id as string;
    const open = (await api.get('/api/games?status=open')).body.games as { id: string; game: string }[];
    assert.ok(open.some((g) => g.id === id && g.game === TEST_GAME_ID), 'in the lobby');
    assert.equal((await api.post(`/api/games/${id}/seats`, { role: 'first' }, a)).status, 200);
    assert.equal((await api.post(`/api/games/${id}/seats`, { role: 'second' }, b)).status, 200);
    const turns: [string, number][] = [[a, 3], [b, 3], [a, 3], [b, 1]];
    let s = (await api.get(`/api/games/${id}`, a)).body;
    for (const [token, take] of turns) {
      const r = await api.post(`/api/games/${id}/actions`, { version: s.version, action: { take } }, token);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      s = r.body;
    }
    assert.equal(s.status, 'finished');
    assert.deepEqual([s.outcome.winners, s.outcome.reason], [['second'], 'last-stone']);
  });
});
