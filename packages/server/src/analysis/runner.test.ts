import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Rng } from '@tabula/engine';
import { getGame } from '@tabula/games';
import { ANALYSIS_MAX_ITERATIONS, analyseGame } from '@tabula/bots';
import { startServer, uniqueName, type Running } from '../harness/fixtures.js';
import type { Api } from '../harness/client.js';
import { TALLY } from '../harness/testgame.js';
import { startPostgres, type Service } from '../harness/services.js';

const ITERATIONS = 30;

/** Creates a two-seat Tally game, plays random moves to the end; returns its id. */
async function finishedGame(api: Api, a: string, b: string, seed: string): Promise<string> {
  const id = (await api.post('/api/games', { game: TALLY, scenario: 'short' }, a)).body.id as string;
  const tokens: Record<string, string> = { north: a, east: b };
  for (const role of ['north', 'east']) assert.equal((await api.post(`/api/games/${id}/seats`, { role }, tokens[role])).status, 200);
  const rng = new Rng(seed);
  let g = (await api.get(`/api/games/${id}`)).body;
  for (let n = 0; g.status === 'active'; n++) {
    assert.ok(n < 200);
    const role = (g.active as string[])[0]!;
    const mine = (await api.get(`/api/games/${id}?role=${role}`, tokens[role])).body;
    const acts = mine.actions as unknown[];
    g = (await api.post(`/api/games/${id}/actions`, { version: mine.version, action: acts[rng.int(acts.length)], role }, tokens[role])).body;
  }
  return id;
}

async function waitDone(api: Api, id: string): Promise<{ status: string; result?: unknown; done: number; total: number }> {
  // Generous: alone this takes under a second, but a full CI run shares 2 cores with every other suite.
  const end = Date.now() + 30_000;
  while (Date.now() < end) {
    const r = (await api.get(`/api/games/${id}/analysis`)).body;
    if (r.status === 'done' || r.status === 'failed') return r;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error('analysis did not finish within 30 s');
}

/** The whole life of one analysis through the API on the store at `db`. */
async function lifecycle(db: string): Promise<void> {
  const run: Running = await startServer(db, { analysis: { iterations: ITERATIONS, pollMs: false } });
  try {
    const { api } = run;
    const a = await api.signUp(uniqueName('an')), b = await api.signUp(uniqueName('an'));
    const open = (await api.post('/api/games', { game: TALLY }, a)).body.id as string;
    assert.equal((await api.get(`/api/games/${open}/analysis`)).body.error.code, 'game-not-finished');
    assert.equal((await api.post(`/api/games/${open}/analysis`, {}, a)).status, 409);
    assert.equal((await api.get('/api/games/nope1/analysis')).status, 404);
    const id = await finishedGame(api, a, b, 'an1');
    const before = (await api.get(`/api/games/${id}/analysis`)).body;
    assert.equal(before.status, 'none');
    assert.equal(before.iterations, ITERATIONS);
    assert.equal((await api.post(`/api/games/${id}/analysis`, {})).status, 401);
    const started = await api.post(`/api/games/${id}/analysis`, {}, b);
    assert.equal(started.status, 202);
    assert.ok(['queued', 'running', 'done'].includes(started.body.status));
    const done = await waitDone(api, id);
    assert.equal(done.status, 'done', JSON.stringify(done));
    assert.equal(done.done, done.total);
    const rep = (await api.get(`/api/games/${id}/replay`)).body;
    const expected = analyseGame(getGame(TALLY)!, { seed: rep.seed, ...rep.options }, rep.actions, { seed: id, iterations: ITERATIONS });
    assert.deepEqual(done.result, JSON.parse(JSON.stringify(expected)));
    // Idempotent: the stored row is returned as it is.
    const [row1] = await run.server.store.sql.all<{ updated_at: number }>('SELECT updated_at FROM analyses WHERE game_id = ?', [id]);
    const again = await api.post(`/api/games/${id}/analysis`, {}, a);
    assert.equal(again.status, 200);
    assert.deepEqual(again.body.result, done.result);
    const [row2] = await run.server.store.sql.all<{ updated_at: number }>('SELECT updated_at FROM analyses WHERE game_id = ?', [id]);
    assert.equal(Number(row2!.updated_at), Number(row1!.updated_at));
  } finally {
    await run.server.close();
  }
}

let pg: Service | undefined;
after(async () => { await pg?.stop(); });

describe('analysis API (SQLite)', () => {
  it('only finished games; POST queues once, the worker stores the result, seeded by the game id; never recomputed', () => lifecycle('sqlite::memory:'));

  it('an analysis left queued or running by a stopped server is picked up by the next one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tabula-analysis-'));
    const db = `sqlite:${join(dir, 'a.db')}`;
    try {
      const first = await startServer(db, { analysis: { iterations: ITERATIONS, pollMs: false } });
      const a = await first.api.signUp(uniqueName('an')), b = await first.api.signUp(uniqueName('an'));
      const id1 = await finishedGame(first.api, a, b, 'an2');
      const id2 = await finishedGame(first.api, a, b, 'an3');
      // As a crash leaves them: one queued, one running under a lease that has run out.
      await first.server.store.sql.run("INSERT INTO analyses (game_id, status, iterations, done, total, created_at, updated_at) VALUES (?, 'queued', ?, 0, 1, 1, 1)", [id1, ITERATIONS]);
      await first.server.store.sql.run("INSERT INTO analyses (game_id, status, iterations, done, total, claimed_until, created_at, updated_at) VALUES (?, 'running', ?, 3, 1, 1, 2, 2)", [id2, ITERATIONS]);
      await first.server.close();
      const second = await startServer(db, { analysis: { iterations: ITERATIONS, pollMs: 50 } });
      try {
        assert.equal((await waitDone(second.api, id1)).status, 'done');
        assert.equal((await waitDone(second.api, id2)).status, 'done');
      } finally {
        await second.server.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('analysis budget', () => {
  it('by default each decision is searched for a time budget on the worker thread: the result says the budget and the mean iterations searched', async () => {
    const run = await startServer('sqlite::memory:', { analysis: { timeMs: 20, pollMs: false } });
    try {
      const { api } = run;
      const a = await api.signUp(uniqueName('an')), b = await api.signUp(uniqueName('an'));
      const id = await finishedGame(api, a, b, 'an4');
      assert.equal((await api.get(`/api/games/${id}/analysis`)).body.iterations, ANALYSIS_MAX_ITERATIONS, 'before: the cap');
      assert.equal((await api.post(`/api/games/${id}/analysis`, {}, a)).status, 202);
      const done = await waitDone(api, id) as { status: string; result?: { timeMs?: number; iterations: number; decisions: unknown[] } };
      assert.equal(done.status, 'done');
      assert.equal(done.result!.timeMs, 20);
      assert.ok(done.result!.decisions.length > 0);
      assert.ok(done.result!.iterations >= 1 && done.result!.iterations <= ANALYSIS_MAX_ITERATIONS, String(done.result!.iterations));
    } finally {
      await run.server.close();
    }
  });
});

describe('analysis API (PostgreSQL)', () => {
  it('only finished games; POST queues once, the worker stores the result, seeded by the game id; never recomputed', async () => {
    pg = await startPostgres();
    await lifecycle(pg.url);
  });
});
