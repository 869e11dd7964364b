/** Draw offers over the API (REST and the live socket), run once on SQLite and once on PostgreSQL. */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import glicko2 from 'glicko2';
import { GLICKO, SURFACE_LIMITS } from '@tabula/protocol';
import { Live, type Api } from './client.js';
import { assertError } from './api-support.js';
import { startServer, uniqueName, type Running } from './fixtures.js';
import { startPostgres, type Service } from './services.js';
import { TALLY } from './testgame.js';

const dir = mkdtempSync(join(tmpdir(), 'tabula-draws-'));
let pg: Service | undefined;
after(async () => {
  await pg?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A game of `game` with one seat per token, in seat order; returns its id and the roles. */
async function seated(api: Api, tokens: string[], body: Record<string, unknown> = {}): Promise<{ id: string; roles: string[] }> {
  const c = await api.post('/api/games', { game: TALLY, variants: { target: 1000 }, ...body }, tokens[0]);
  assert.equal(c.status, 201, JSON.stringify(c.body));
  const id = c.body.id as string;
  const roles = ((await api.get(`/api/games/${id}`)).body.seats as { role: string }[]).map((s) => s.role);
  for (const [i, t] of tokens.entries()) assert.equal((await api.post(`/api/games/${id}/seats`, { role: roles[i] }, t)).status, 200);
  return { id, roles };
}

/** The seat to act passes (tally). */
async function pass(api: Api, id: string, tokenOf: Record<string, string>): Promise<void> {
  const g = (await api.get(`/api/games/${id}`)).body;
  const role = g.active[0] as string;
  const r = await api.post(`/api/games/${id}/actions`, { version: g.version, action: { type: 'pass' } }, tokenOf[role]);
  assert.equal(r.status, 200, JSON.stringify(r.body));
}

const draw = (api: Api, id: string, op: string, token?: string | null, role?: string) => api.post(`/api/games/${id}/draw`, { op, ...(role ? { role } : {}) }, token);

async function waitFor<T>(f: () => Promise<T | null | undefined | false>, what: string, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function drawSuite(label: string, db: () => Promise<string>): void {
  describe(`draw offers (${label})`, () => {
    let run: Running, url: string;
    const tok: Record<string, string> = {}, names: Record<string, string> = {};
    const api = (): Api => run.api;
    before(async () => {
      url = await db();
      run = await startServer(url, { sweepMs: false });
      for (const p of ['ann', 'ben', 'cat', 'dan', 'eve']) {
        names[p] = uniqueName(p);
        tok[p] = await run.api.signUp(names[p]);
      }
    });
    after(async () => {
      await run.server.close();
    });

    it('an offer is shown to every seat and spectator; accepted over the socket, the game ends drawn ("agreed") and is rated as a draw', async () => {
      const { id } = await seated(api(), [tok.ann!, tok.ben!], { rated: true });
      const tokenOf = { north: tok.ann!, east: tok.ben! };
      await pass(api(), id, tokenOf);
      await pass(api(), id, tokenOf);
      const offered = await draw(api(), id, 'offer', tok.ann);
      assert.equal(offered.status, 200, JSON.stringify(offered.body));
      const expected = { by: 'north', agreed: ['north'], status: 'open', declinedBy: null };
      assert.deepEqual(offered.body.drawOffer, expected);
      assert.deepEqual((await api().get(`/api/games/${id}`, tok.ben)).body.drawOffer, expected, 'the other seat sees it');
      assert.deepEqual((await api().get(`/api/games/${id}`)).body.drawOffer, expected, 'a spectator sees it');
      const live = await Live.open(run.base, id, tok.ben);
      try {
        await live.next((m) => m.type === 'state');
        live.send({ type: 'draw', ref: 'd1', op: 'accept' });
        const pushed = await live.next((m) => m.type === 'state' && m.status === 'finished');
        await waitFor(async () => live.messages.find((m: { type: string; ref?: unknown }) => m.type === 'ack' && m.ref === 'd1'), 'the ack');
        assert.deepEqual(pushed.outcome, { winners: [], reason: 'agreed' });
        assert.equal(pushed.drawOffer, null, 'a finished game shows no offer');
      } finally {
        live.close();
      }
      const fin = (await api().get(`/api/games/${id}`, tok.ann)).body;
      assert.deepEqual([fin.status, fin.outcome], ['finished', { winners: [], reason: 'agreed' }]);
      // Rated as a draw: both start at the defaults, so both get the library's values for a 0.5 result.
      const g = new glicko2.Glicko2({ tau: GLICKO.tau, rating: GLICKO.rating, rd: GLICKO.rd, vol: GLICKO.vol });
      const ps = [g.makePlayer(GLICKO.rating, GLICKO.rd, GLICKO.vol), g.makePlayer(GLICKO.rating, GLICKO.rd, GLICKO.vol)];
      g.updateRatings([[ps[0]!, ps[1]!, 0.5]]);
      for (const [i, p] of [names.ann!, names.ben!].entries()) {
        const r = await waitFor(async () => ((await api().get(`/api/users/${p}`)).body.ratings as { game: string; rating: number; rd: number; games: number }[]).find((x) => x.game === TALLY), `${p} rated`);
        assert.equal(r.games, 1);
        assert.ok(Math.abs(r.rating - ps[i]!.getRating()) < 1e-9, `${r.rating} vs ${ps[i]!.getRating()}`);
        assert.ok(Math.abs(r.rd - ps[i]!.getRd()) < 1e-9);
      }
    });

    it('a draw agreed before every seat has acted ends the game unrated', async () => {
      const { id } = await seated(api(), [tok.ann!, tok.ben!], { rated: true });
      assert.equal((await draw(api(), id, 'offer', tok.ben)).status, 200);
      const r = await draw(api(), id, 'accept', tok.ann);
      assert.deepEqual(r.body.outcome, { winners: [], reason: 'agreed', unrated: true });
    });

    it('a declined offer ends with the answer shown, the game goes on, and the next action clears it', async () => {
      const { id } = await seated(api(), [tok.ann!, tok.ben!]);
      assert.equal((await draw(api(), id, 'offer', tok.ann)).status, 200);
      const r = await draw(api(), id, 'decline', tok.ben);
      assert.equal(r.status, 200);
      assert.deepEqual([r.body.status, r.body.drawOffer], ['active', { by: 'north', agreed: ['north'], status: 'declined', declinedBy: 'east' }]);
      assertError(await draw(api(), id, 'accept', tok.ben), 409, 'no-draw-offer');
      await pass(api(), id, { north: tok.ann!, east: tok.ben! });
      assert.equal((await api().get(`/api/games/${id}`)).body.drawOffer, null);
    });

    it('an offer lapses when a seat that has not agreed acts; the offerer\'s own action keeps it', async () => {
      const { id } = await seated(api(), [tok.ann!, tok.ben!]);
      const tokenOf = { north: tok.ann!, east: tok.ben! };
      assert.equal((await draw(api(), id, 'offer', tok.ann)).status, 200);
      await pass(api(), id, tokenOf); // north, the offerer
      assert.equal((await api().get(`/api/games/${id}`)).body.drawOffer?.status, 'open');
      await pass(api(), id, tokenOf); // east moves on: declined
      assert.equal((await api().get(`/api/games/${id}`)).body.drawOffer, null);
      assertError(await draw(api(), id, 'accept', tok.ben), 409, 'no-draw-offer');
      assert.equal((await api().get(`/api/games/${id}`)).body.status, 'active');
    });

    it('3-player Carcassonne: the game ends drawn only when all three seats agree', async () => {
      const { id, roles } = await seated(api(), [tok.ann!, tok.ben!, tok.cat!], { game: 'carcassonne', players: 3, variants: undefined });
      assert.equal(roles.length, 3);
      assert.equal((await draw(api(), id, 'offer', tok.ben)).status, 200);
      const two = await draw(api(), id, 'accept', tok.cat);
      assert.deepEqual([two.body.status, two.body.drawOffer.agreed], ['active', [roles[1], roles[2]]], 'two of three: the game goes on');
      assertError(await draw(api(), id, 'accept', tok.cat), 409, 'draw-already-offered');
      const all = await draw(api(), id, 'offer', tok.ann); // an offer while one is open agrees to it
      assert.deepEqual([all.body.status, all.body.outcome], ['finished', { winners: [], reason: 'agreed', unrated: true }]);
    });

    it(`one open offer per seat, and at most ${SURFACE_LIMITS.drawOffers.perAccount} new offers a minute per account (429 after)`, async () => {
      const { id } = await seated(api(), [tok.dan!, tok.eve!]);
      assert.equal((await draw(api(), id, 'offer', tok.dan)).status, 200);
      assertError(await draw(api(), id, 'offer', tok.dan), 409, 'draw-already-offered');
      // Declined and offered again until refused (the count is per calendar minute: a run across a minute's
      // end may pass up to twice the limit).
      const max = SURFACE_LIMITS.drawOffers.perAccount;
      let made = 1, refused;
      for (;;) {
        assert.equal((await draw(api(), id, 'decline', tok.eve)).status, 200);
        const r = await draw(api(), id, 'offer', tok.dan);
        if (r.status !== 200) { refused = r; break; }
        assert.ok(++made < 2 * max, `offer ${made} accepted`);
      }
      assert.ok(made >= max, `${made} offers before the refusal`);
      assertError(refused, 429, 'rate-limited');
      assert.equal((await api().get(`/api/games/${id}`)).body.drawOffer.status, 'declined', 'the refused offer changed nothing');
      // The socket counts against the same limit.
      const live = await Live.open(run.base, id, tok.dan);
      try {
        live.send({ type: 'draw', ref: 'x', op: 'offer' });
        const m = await live.next((x) => x.type === 'error' && x.ref === 'x');
        assert.equal(m.status, 429);
      } finally {
        live.close();
      }
    });

    it('only a seated player offers or answers: 401 signed out, 403 for others, 400 for an unknown op, 409 before the start', async () => {
      const { id } = await seated(api(), [tok.ann!, tok.ben!]);
      assertError(await draw(api(), id, 'offer', null), 401);
      assertError(await draw(api(), id, 'offer', tok.cat), 403, 'not-your-seat');
      assertError(await draw(api(), id, 'offer', tok.ann, 'east'), 403, 'not-your-seat');
      assertError(await api().post(`/api/games/${id}/draw`, { op: 'maybe' }, tok.ann), 400);
      assert.equal((await draw(api(), id, 'offer', tok.ann)).status, 200);
      assertError(await draw(api(), id, 'accept', tok.cat), 403, 'not-your-seat');
      assertError(await draw(api(), id, 'decline', tok.cat), 403, 'not-your-seat');
      assert.equal((await api().get(`/api/games/${id}`)).body.drawOffer.status, 'open', 'unchanged');
      const open = (await api().post('/api/games', { game: TALLY }, tok.ann)).body.id as string;
      await api().post(`/api/games/${open}/seats`, { role: 'north' }, tok.ann);
      assertError(await draw(api(), open, 'offer', tok.ann), 409, 'game-not-active');
    });

    it('an offer survives a restart of the server and can be accepted after it', async () => {
      const { id } = await seated(api(), [tok.cat!, tok.ben!]);
      assert.equal((await draw(api(), id, 'offer', tok.cat)).status, 200);
      await run.server.close();
      run = await startServer(url, { sweepMs: false });
      assert.deepEqual((await api().get(`/api/games/${id}`, tok.ben)).body.drawOffer, { by: 'north', agreed: ['north'], status: 'open', declinedBy: null });
      assert.equal((await draw(api(), id, 'accept', tok.ben)).body.outcome.reason, 'agreed');
    });
  });
}

drawSuite('SQLite', () => Promise.resolve(`sqlite:${join(dir, 'draws.db')}`));
drawSuite('PostgreSQL', async () => {
  pg = await startPostgres();
  return pg.url;
});
