/** Two server processes on one PostgreSQL race to flag the same timeouts: each is flagged exactly once. */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { Api } from './client.js';
import { startPostgres, type Service } from './services.js';
import { spawnServer, type Child } from './processes.js';
import { uniqueName } from './fixtures.js';
import { TALLY } from './testgame.js';

describe('timeouts with two processes on PostgreSQL', () => {
  let db: Service, a: Child, b: Child;
  const flags: string[] = [];
  before(async () => {
    db = await startPostgres();
    const env = { TABULA_DB: db.url, TABULA_SWEEP_MS: '10' };
    a = await spawnServer(env);
    b = await spawnServer(env);
    for (const [name, c] of [['A', a], ['B', b]] as const) {
      c.proc.stdout!.on('data', (d: Buffer) => {
        for (const m of d.toString().matchAll(/TIMEOUT (\S+)/g)) flags.push(`${name} ${m[1]}`);
      });
    }
  });
  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.stop();
  });

  it('30 games run out of time at once: both sweepers and readers on both processes race, each game is flagged once', async () => {
    const A = new Api(a.url), B = new Api(b.url);
    const alice = await A.signUp(uniqueName('alice'));
    const bob = await B.signUp(uniqueName('bob'));
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const id = (await A.post('/api/games', { game: TALLY, variants: { target: 1000 }, timeControl: { kind: 'live', baseSeconds: 3600, incrementSeconds: 0 } }, alice)).body.id as string;
      await A.post(`/api/games/${id}/seats`, { role: 'north' }, alice);
      await B.post(`/api/games/${id}/seats`, { role: 'east' }, bob);
      // Each seat's first action (a seat's bank runs only after it).
      for (const [api, token] of [[A, alice], [B, bob]] as const) {
        const v = (await api.get(`/api/games/${id}`, token)).body.version as number;
        assert.equal((await api.post(`/api/games/${id}/actions`, { version: v, action: { type: 'pass' } }, token)).status, 200);
      }
      ids.push(id);
    }
    const before = new Map<string, number>();
    for (const id of ids) before.set(id, (await A.get(`/api/games/${id}`)).body.version as number);
    // Wind every clock back by two hours in one statement: all become due for both processes at once.
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      const rows = (await c.query<{ id: string; clock: string }>('SELECT id, clock FROM games WHERE id = ANY($1)', [ids])).rows;
      const now = Date.now();
      await c.query('BEGIN');
      for (const r of rows) {
        const clock = JSON.parse(r.clock) as { remaining: Record<string, number>; since: number };
        clock.since -= 2 * 3600 * 1000;
        await c.query('UPDATE games SET clock = $1, deadline = $2 WHERE id = $3', [JSON.stringify(clock), now - 1000, r.id]);
      }
      await c.query('COMMIT');
    } finally {
      await c.end();
    }
    // Readers on both processes also check the clock on load.
    await Promise.all(ids.flatMap((id) => [A.get(`/api/games/${id}`), B.get(`/api/games/${id}`), A.get(`/api/games/${id}`), B.get(`/api/games/${id}`)]));
    const deadline = Date.now() + 10_000;
    for (;;) {
      const states = await Promise.all(ids.map((id) => B.get(`/api/games/${id}`)));
      if (states.every((s) => s.body.status === 'finished')) {
        for (const s of states) {
          assert.deepEqual(s.body.outcome, { winners: ['east'], reason: 'timeout', by: 'north' });
          assert.equal(s.body.version, before.get(s.body.id as string)! + 1, 'one write ended the game');
        }
        break;
      }
      assert.ok(Date.now() < deadline, 'every game flagged within 10 s');
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 300)); // any second flag would be reported by now
    const byGame = new Map<string, number>();
    for (const f of flags) byGame.set(f.split(' ')[1]!, (byGame.get(f.split(' ')[1]!) ?? 0) + 1);
    assert.equal(byGame.size, 30);
    for (const [id, n] of byGame) assert.equal(n, 1, `${id} flagged ${n} times: ${flags.filter((f) => f.endsWith(id)).join(', ')}`);
    const per = { A: flags.filter((f) => f.startsWith('A')).length, B: flags.filter((f) => f.startsWith('B')).length };
    process.stdout.write(`# flags by process: ${JSON.stringify(per)}\n`);
  });
});
