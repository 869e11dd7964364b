/** Two server processes on one PostgreSQL pair the same seeks at once: each pair makes exactly one game. */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { Api } from './client.js';
import { startPostgres, type Service } from './services.js';
import { spawnServer, type Child } from './processes.js';
import { uniqueName } from './fixtures.js';
import { TALLY } from './testgame.js';

describe('seeks with two processes on PostgreSQL', () => {
  let db: Service, a: Child, b: Child;
  before(async () => {
    db = await startPostgres();
    const env = { TABULA_DB: db.url, TABULA_SWEEP_MS: '20' };
    a = await spawnServer(env);
    b = await spawnServer(env);
  });
  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.stop();
  });

  it('20 pairs of compatible seeks posted at once, one on each process: 20 games, every seek paired into exactly one', async () => {
    const A = new Api(a.url), B = new Api(b.url);
    const pairs = await Promise.all(Array.from({ length: 20 }, async (_, i) => {
      const x = await A.signUp(uniqueName('sa'));
      const y = await B.signUp(uniqueName('sb'));
      // Each pair its own time control, so pairs never mix.
      return { x, y, tc: { kind: 'live', baseSeconds: 60 + i, incrementSeconds: 0 } };
    }));
    const posted = await Promise.all(pairs.flatMap(({ x, y, tc }) => [
      A.post('/api/seeks', { game: TALLY, timeControl: tc, rated: true }, x),
      B.post('/api/seeks', { game: TALLY, timeControl: tc, rated: true }, y),
    ]));
    for (const r of posted) assert.equal(r.status, 201, JSON.stringify(r.body));
    // Both processes' sweepers also try to pair whatever is left open; give them a moment.
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      const deadline = Date.now() + 10_000;
      let open = 1;
      while (open > 0 && Date.now() < deadline) {
        open = Number((await c.query<{ n: string }>(`SELECT COUNT(*) AS n FROM seeks WHERE status <> 'paired'`)).rows[0]!.n);
        if (open > 0) await new Promise((r) => setTimeout(r, 100));
      }
      assert.equal(open, 0, 'every seek paired');
      const games = (await c.query<{ n: string }>('SELECT COUNT(*) AS n FROM games')).rows[0]!.n;
      assert.equal(Number(games), 20, 'exactly one game per pair');
      const per = (await c.query<{ game_id: string; n: string }>('SELECT game_id, COUNT(*) AS n FROM seeks GROUP BY game_id')).rows;
      assert.equal(per.length, 20);
      for (const r of per) assert.equal(Number(r.n), 2, `game ${r.game_id} has two seeks`);
      const seated = (await c.query<{ n: string }>(`SELECT COUNT(*) AS n FROM seats WHERE user_id IS NOT NULL`)).rows[0]!.n;
      assert.equal(Number(seated), 40);
    } finally {
      await c.end();
    }
  });
});
