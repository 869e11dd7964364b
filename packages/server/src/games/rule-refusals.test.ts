/** A refused action's 4xx names the rule it breaks (the engine's rule id), and log lines carry theirs. */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, uniqueName, type Running } from '../harness/fixtures.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

describe('rule ids over HTTP', () => {
  let run: Running;
  let red: string, blue: string, id: string;
  before(async () => {
    run = await startServer('sqlite::memory:', { rateLimits: false });
    red = await run.api.signUp(uniqueName('rule'));
    blue = await run.api.signUp(uniqueName('rule'));
    id = (await run.api.post('/api/games', { game: 'carcassonne' }, red)).body.id as string;
    await run.api.post(`/api/games/${id}/seats`, { role: 'red' }, red);
    await run.api.post(`/api/games/${id}/seats`, { role: 'blue' }, blue);
  });
  after(async () => { await run?.server.close(); });

  it('a tile placed where it does not fit is a 422 whose body names rule 2.2 (placing the tile)', async () => {
    const st: any = (await run.api.get(`/api/games/${id}`, red)).body;
    const r = await run.api.post(`/api/games/${id}/actions`, { version: st.version, action: { type: 'place', x: 40, y: 40, rot: 0 } }, red);
    assert.equal(r.status, 422);
    assert.deepEqual([r.body.error.code, r.body.error.rule], ['tile-does-not-fit', '2.2']);
  });

  it('"why can\'t I?" on a tile spot away from the board gives the engine\'s reason (it must touch the board) and rule 2.2; a fitting spot gives none', async () => {
    const st: any = (await run.api.get(`/api/games/${id}`, red)).body;
    const far = await run.api.post(`/api/games/${id}/why`, { target: { kind: 'spot', id: '40,40' } }, red);
    assert.equal(far.status, 200);
    assert.deepEqual([far.body.reason.code, far.body.reason.rule], ['why-spot-alone', '2.2']);
    const place = st.actions.find((a: any) => a.type === 'place');
    const fits = await run.api.post(`/api/games/${id}/why`, { target: { kind: 'spot', id: `${place.x},${place.y}` } }, red);
    assert.deepEqual(fits.body, { reason: null });
    const idle = await run.api.post(`/api/games/${id}/why`, { target: { kind: 'spot', id: '40,40' } }, blue);
    assert.deepEqual([idle.body.reason.code, idle.body.reason.rule], ['not-your-turn', '2']);
    const bad = await run.api.post(`/api/games/${id}/why`, { target: { kind: 'spot', id: 'x'.repeat(65) } }, red);
    assert.equal(bad.status, 400);
  });

  it('acting out of turn is a 403 whose body names rule 2 (a turn)', async () => {
    const st: any = (await run.api.get(`/api/games/${id}`, blue)).body;
    const r = await run.api.post(`/api/games/${id}/actions`, { version: st.version, action: { type: 'skip' } }, blue);
    assert.equal(r.status, 403);
    assert.deepEqual([r.body.error.code, r.body.error.rule], ['not-your-turn', '2']);
  });

  it('the log line of a placed tile carries rule 2.2', async () => {
    const st: any = (await run.api.get(`/api/games/${id}`, red)).body;
    const r = await run.api.post(`/api/games/${id}/actions`, { version: st.version, action: st.actions[0] }, red);
    assert.equal(r.status, 200);
    const placed = (r.body.log as any[]).find((l) => l.key === 'log.placeAt');
    assert.equal(placed?.rule, '2.2');
  });
});
