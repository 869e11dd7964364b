/** kill -9 while clients play; after a restart every acknowledged action is there and games go on. */
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Api } from './client.js';
import { spawnServer, type Child } from './processes.js';
import { uniqueName } from './fixtures.js';
import { TALLY } from './testgame.js';

describe('crash safety (SQLite)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tabula-crash-'));
  let child: Child | undefined;
  after(async () => {
    await child?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('kill -9 mid-play loses no acknowledged action; games continue after restart', async () => {
    const env = { TABULA_DB: `sqlite:${join(dir, 'crash.db')}` };
    child = await spawnServer(env);
    let api = new Api(child.url);
    const alice = await api.signUp(uniqueName('alice'));
    const bob = await api.signUp(uniqueName('bob'));
    const GAMES = 6;
    const games: { id: string; acked: { role: string; action: unknown }[] }[] = [];
    for (let i = 0; i < GAMES; i++) {
      const id = (await api.post('/api/games', { game: TALLY, variants: { target: 1000 } }, alice)).body.id as string;
      await api.post(`/api/games/${id}/seats`, { role: 'north' }, alice);
      await api.post(`/api/games/${id}/seats`, { role: 'east' }, bob);
      games.push({ id, acked: [] });
    }
    const token = { north: alice, east: bob } as Record<string, string>;
    let stop = false;
    const player = async (g: (typeof games)[number]): Promise<void> => {
      let state = (await api.get(`/api/games/${g.id}`, alice)).body;
      let k = 0;
      while (!stop) {
        const role = state.active[0] as string;
        const mine = await api.get(`/api/games/${g.id}?role=${role}`, token[role]);
        const action = mine.body.actions[k++ % mine.body.actions.length];
        const r = await api.post(`/api/games/${g.id}/actions`, { version: mine.body.version, action, role }, token[role]);
        assert.equal(r.status, 200);
        g.acked.push({ role, action });
        state = r.body;
      }
    };
    const players = games.map((g) => player(g).catch(() => undefined)); // requests in flight at the kill fail
    // Kill once the clients have some acknowledgements, however busy the machine is.
    const acked = (): number => games.reduce((n, g) => n + g.acked.length, 0);
    for (const until = Date.now() + 20_000; acked() < 30 && Date.now() < until;) await new Promise((r) => setTimeout(r, 50));
    await child.kill9();
    stop = true;
    await Promise.all(players);
    const total = acked();
    assert.ok(total > 20, `clients got ${total} acknowledgements before the crash`);
    console.log(`kill -9 after ${total} acknowledged actions in ${GAMES} games`);

    child = await spawnServer(env);
    api = new Api(child.url);
    for (const g of games) {
      let s = (await api.get(`/api/games/${g.id}`, alice)).body;
      assert.equal(s.status, 'active');
      assert.ok(s.log.length >= g.acked.length, `game ${g.id}: ${s.log.length} logged, ${g.acked.length} acknowledged`);
      // The game goes on.
      const role = s.active[0] as string;
      const mine = (await api.get(`/api/games/${g.id}?role=${role}`, token[role])).body;
      const r = await api.post(`/api/games/${g.id}/actions`, { version: mine.version, action: mine.actions[0], role }, token[role]);
      assert.equal(r.status, 200);
      s = (await api.post(`/api/games/${g.id}/resign`, {}, alice)).body;
      assert.equal(s.status, 'finished');
      const rep = (await api.get(`/api/games/${g.id}/replay`)).body;
      assert.deepEqual(rep.actions.slice(0, g.acked.length), g.acked, 'every acknowledged action, in order');
    }
  });
});
