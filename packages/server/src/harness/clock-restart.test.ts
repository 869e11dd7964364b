/** Clocks across a server crash: the time no server process ran is charged to nobody (games/downtime.ts). */
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Api } from './client.js';
import { spawnServer, type Child } from './processes.js';
import { uniqueName } from './fixtures.js';
import { TALLY } from './testgame.js';
import { startPostgres, type Service } from './services.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dir = mkdtempSync(join(tmpdir(), 'tabula-restart-'));
let pg: Service | undefined;
after(async () => {
  await pg?.stop();
  rmSync(dir, { recursive: true, force: true });
});

for (const [label, db] of [
  ['SQLite', async () => `sqlite:${join(dir, 'restart.db')}`],
  ['PostgreSQL', async () => { pg = await startPostgres(); return pg.url; }],
] as const) describe(`clocks across a server crash (${label}, a child process killed with SIGKILL)`, () => {
  let child: Child | undefined;
  after(async () => {
    await child?.stop();
  });

  it('the player to move loses no time for the 3 s the server was down and is not flagged, with less left than the down time', async () => {
    const env = { TABULA_DB: await db() };
    child = await spawnServer(env);
    let api = new Api(child.url);
    const north = await api.signUp(uniqueName('rn'));
    const east = await api.signUp(uniqueName('re'));
    const id = (await api.post('/api/games', { game: TALLY, variants: { target: 1000 }, timeControl: { kind: 'live', baseSeconds: 15, incrementSeconds: 0 } }, north)).body.id as string;
    assert.equal((await api.post(`/api/games/${id}/seats`, { role: 'north' }, north)).status, 200);
    assert.equal((await api.post(`/api/games/${id}/seats`, { role: 'east' }, east)).status, 200);
    for (const token of [north, east]) {
      const v = (await api.get(`/api/games/${id}`, token)).body.version as number;
      assert.equal((await api.post(`/api/games/${id}/actions`, { version: v, action: { type: 'pass' } }, token)).status, 200);
    }
    // North thinks 12.5 s of its 15, then the server dies.
    await sleep(12_500);
    const before = (await api.get(`/api/games/${id}`, north)).body;
    const seenAt = Date.now();
    assert.equal(before.status, 'active');
    await child.kill9();
    const leftAtKill = before.clock.remaining.north - (Date.now() - seenAt);
    await sleep(3_000);
    const down = Date.now();
    child = await spawnServer(env);
    api = new Api(child.url);
    const after = (await api.get(`/api/games/${id}`, north)).body;
    const downMs = Date.now() - down + 3_000;
    assert.equal(after.status, 'active', `not flagged: ${JSON.stringify(after.outcome)}`);
    const charged = leftAtKill - after.clock.remaining.north;
    console.log(`left at the kill ${leftAtKill} ms; server down ${downMs} ms (3 s + restart); charged across it ${charged} ms; left after ${after.clock.remaining.north} ms`);
    assert.ok(leftAtKill < downMs, 'without the credit the flag would have fallen while the server was down');
    assert.ok(charged < 1_000, `charged ${charged} ms for ${downMs} ms without a server`);
    // North still has its time: the move is taken.
    const moved = await api.post(`/api/games/${id}/actions`, { version: after.version, action: { type: 'pass' } }, north);
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.equal(moved.body.status, 'active');
  });
});
