import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from '../app.js';
import { openStore, type Store } from '../store/index.js';
import { Api, Live } from '../harness/client.js';
import { startServer, testScrypt, type Running } from '../harness/fixtures.js';
import { startPostgres } from '../harness/services.js';
import { TALLY, tallyGame } from '../harness/testgame.js';
import { SESSION_MEMO_MS } from './session-memo.js';

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
  const north = (await run.server.accounts.authenticate(tok.north))!;
  const texts: string[] = [];
  for (const l of spectators) l.ws.on('message', (d) => { const t = d.toString(); if (t.includes('"state"')) texts.push(t); });
  const views = await countViews(async () => {
    await run.server.games.commands.actVersion(north, id, first[0].version, { type: 'add', n: 1 });
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

/** The store with its top-level calls counted (a call is one round trip or one transaction). */
function counted(store: Store): { store: Store; calls: string[] } {
  const calls: string[] = [];
  const wrap = <T extends object>(o: T, prefix: string): T => new Proxy(o, {
    get(t, p) {
      const v = Reflect.get(t, p) as unknown;
      if (p === 'sql' || p === 'notify') return wrap(v as object, `${p}.`);
      if (typeof v !== 'function' || p === 'close') return v;
      return (...a: unknown[]) => { calls.push(prefix + String(p)); return (v as (...x: unknown[]) => unknown).apply(t, a); };
    },
  });
  return { store: wrap(store, ''), calls };
}

for (const kind of ['sqlite', 'postgres'] as const) {
  test(`a socket action costs at most 2 store round trips up to its ack (${kind})`, async () => {
    const pg = kind === 'postgres' ? await startPostgres() : null;
    const { store, calls } = counted(await openStore(pg ? pg.url : 'sqlite::memory:'));
    const server = await createServer({ store, logger: false, webDist: null, scrypt: testScrypt, rateLimits: false, sweepMs: false, beatMs: false, notify: { worker: false } });
    try {
      const base = await server.listen(0, '127.0.0.1');
      const api = new Api(base);
      const tok = [await api.signUp(`rt${kind}n`), await api.signUp(`rt${kind}e`)];
      const id = (await api.post('/api/games', { game: TALLY, variants: { target: 1000 } }, tok[0])).body.id as string;
      for (const [i, role] of ['north', 'east'].entries()) await api.post(`/api/games/${id}/seats`, { role }, tok[i]);
      const socks = [await Live.open(base, id, tok[0]), await Live.open(base, id, tok[1])];
      let version = (await socks[0]!.next((m) => m.type === 'state')).version as number;
      await socks[1]!.next((m) => m.type === 'state');
      const perAction: string[][] = [];
      const t0 = Date.now();
      for (let ref = 0; ref < 12; ref++) {
        const me = socks[Math.floor(ref / 2) % 2]!; // two adds, then the turn passes
        await new Promise((r) => setTimeout(r, 50)); // the previous action's work after its ack (snapshots) is done
        calls.length = 0;
        me.send({ type: 'action', ref, version, action: ref % 2 === 0 ? { type: 'add', n: 1 } : { type: 'pass' } });
        const ack = await me.next((m) => m.ref === ref);
        assert.equal(ack.type, 'ack', JSON.stringify(ack));
        perAction.push([...calls]);
        version = ack.version as number;
        for (const l of socks) await stateOf(l, version);
      }
      // The first frame reads the session into the memo; later ones find it there, but for a refresh every
      // SESSION_MEMO_MS. (PostgreSQL processes also poll for other processes' notifications once a second.)
      const aside = new Set(['notify.after', 'notify.maxNotificationId', 'findSession', 'touchSession']);
      for (const c of perAction.slice(1)) assert.ok(c.filter((x) => !aside.has(x)).length <= 2, JSON.stringify(c));
      const refreshes = perAction.slice(1).flat().filter((x) => x === 'findSession').length;
      assert.ok(refreshes <= 1 + (Date.now() - t0) / SESSION_MEMO_MS, `${refreshes} session reads`);
      for (const l of socks) l.close();
    } finally {
      await server.close();
      await pg?.stop();
    }
  });
}
