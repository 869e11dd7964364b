import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { Live } from '../harness/client.js';
import { startServer, type Running } from '../harness/fixtures.js';
import { TALLY, tallyGame } from '../harness/testgame.js';

const servers: Running[] = [];
after(async () => { for (const s of servers) await s.server.close(); });

async function tallyBetween(): Promise<{ run: Running; id: string; tok: { north: string; east: string } }> {
  const run = await startServer('sqlite::memory:', { rateLimits: false });
  servers.push(run);
  const tok = { north: await run.api.signUp(`pn${servers.length}x`), east: await run.api.signUp(`pe${servers.length}x`) };
  const id = (await run.api.post('/api/games', { game: TALLY, variants: { target: 1000 } }, tok.north)).body.id as string;
  for (const role of ['north', 'east'] as const) assert.equal((await run.api.post(`/api/games/${id}/seats`, { role }, tok[role])).status, 200);
  return { run, id, tok };
}

/** Counts the game's `view` calls while `during` runs. */
async function countViews(during: () => Promise<void>): Promise<number> {
  const view = tallyGame.view;
  let n = 0;
  tallyGame.view = (s, viewer) => { n++; return view.call(tallyGame, s, viewer); };
  try {
    await during();
  } finally {
    tallyGame.view = view;
  }
  return n;
}

/** The state of version `v` this socket got, whenever it came (before or after an ack). */
async function stateOf(l: Live, v: number): Promise<{ view: { secrets: (number | null)[] } }> {
  for (let i = 0; i < 500; i++) {
    const m = l.messages.find((x) => x.type === 'state' && x.version === v);
    if (m) return m;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no state of version ${v}`);
}

test('a push to many spectators, signed in or not, builds one view and sends them the same text', async () => {
  const { run, id, tok } = await tallyBetween();
  const spectators: Live[] = [];
  for (let i = 0; i < 6; i++) spectators.push(await Live.open(run.base, id, i % 2 === 0 ? await run.api.signUp(`ps${i}x${servers.length}`) : null));
  const first = await Promise.all(spectators.map((l) => l.next((m) => m.type === 'state')));
  const north = (await run.server.service.authenticate(tok.north))!;
  const texts: string[] = [];
  for (const l of spectators) l.ws.on('message', (d) => { const t = d.toString(); if (t.includes('"state"')) texts.push(t); });
  const views = await countViews(async () => {
    await run.server.service.actVersion(north, id, first[0].version, { type: 'add', n: 1 });
    await Promise.all(spectators.map((l) => stateOf(l, first[0].version + 1)));
  });
  assert.equal(views, 1);
  assert.equal(new Set(texts).size, 1, 'one text for every spectator');
  for (const l of spectators) l.close();
});

test('a push builds one view per seat and one for all spectators, and no spectator sees a secret', async () => {
  const { run, id, tok } = await tallyBetween();
  const n = await Live.open(run.base, id, tok.north);
  const e = await Live.open(run.base, id, tok.east);
  const spectators = [await Live.open(run.base, id, null), await Live.open(run.base, id, await run.api.signUp(`pt${servers.length}x`)), await Live.open(run.base, id, await run.api.signUp(`pu${servers.length}x`))];
  const st = await n.next((m) => m.type === 'state');
  for (const l of [e, ...spectators]) await l.next((m) => m.type === 'state');
  const views = await countViews(async () => {
    n.send({ type: 'action', ref: 1, version: st.version, action: { type: 'add', n: 2 } });
    assert.equal((await n.next((m) => m.ref === 1)).type, 'ack');
    await Promise.all([n, e, ...spectators].map((l) => stateOf(l, st.version + 1)));
  });
  assert.equal(views, 3, 'north, east and the spectators');
  const seen = async (l: Live) => (await stateOf(l, st.version + 2)).view.secrets;
  n.send({ type: 'action', ref: 2, version: st.version + 1, action: { type: 'pass' } });
  const [ns, es, ...ss] = await Promise.all([n, e, ...spectators].map(seen));
  assert.ok(ns![0] !== null && ns![1] === null, 'north sees only its own secret');
  assert.ok(es![0] === null && es![1] !== null, 'east sees only its own secret');
  for (const s of ss) assert.deepEqual(s, [null, null]);
  for (const l of [n, e, ...spectators]) l.close();
});

test('socket frames check the session from a short memo, not a store read per frame; signing out still closes the socket', async () => {
  const { run, id, tok } = await tallyBetween();
  const store = run.server.store;
  const find = store.findSession.bind(store);
  let reads = 0;
  store.findSession = (...a) => { reads++; return find(...a); };
  try {
    const n = await Live.open(run.base, id, tok.north);
    await n.next((m) => m.type === 'state');
    const before = reads;
    for (let ref = 0; ref < 10; ref++) {
      n.send({ type: 'sync', ref });
      await n.next((m) => m.type === 'state');
    }
    assert.ok(reads - before <= 1, `${reads - before} session reads for 10 frames`);
    assert.equal((await run.api.req('DELETE', '/api/sessions', undefined, tok.north)).status, 204);
    for (let i = 0; i < 100 && n.closedWith === null; i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal(n.closedWith, 4401);
  } finally {
    store.findSession = find;
  }
});
