// Store round trips, view builds and state-building time per socket action, for a checkout's built server:
//   node scripts/live-round-trips.mjs <checkout> sqlite|postgres [actions=40] [spectators=6] [tally|hammer]
// Two players act in turn over their sockets while `spectators` more sockets watch (every other one signed
// in). Store calls are counted by a wrapper around the Store (a call is one round trip or one transaction):
// "up to the ack" is what happened between sending an action and its ack arriving; view builds count the
// game's `view` calls. The outbox worker and the sweeper are off. Pass another checkout (git worktree) to compare.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const [root, kind = 'sqlite', nActs = '40', nSpec = '6', gameArg = 'tally'] = process.argv.slice(2);
const d = `${root}/packages/server/dist`;
const { createServer } = await import(`${d}/app.js`);
const { openStore } = await import(`${d}/store/index.js`);
const { Api, Live } = await import(`${d}/harness/client.js`);
const { startPostgres } = await import(`${d}/harness/services.js`);
const { TALLY } = await import(`${d}/harness/testgame.js`);
const { getGame } = await import(`${root}/packages/games/dist/index.js`);
const counts = new Map();
const count = (k) => counts.set(k, (counts.get(k) ?? 0) + 1);
const wrap = (obj, prefix) => new Proxy(obj, { get(t, p) {
  const v = t[p];
  if (p === 'sql' || p === 'notify') return wrap(v, `${p}.`);
  if (typeof v !== 'function' || p === 'close') return v;
  return (...a) => { count(prefix + String(p)); return v.apply(t, a); };
} });
let views = 0, actionLists = 0;
const GAME = gameArg === 'hammer' ? 'hammer-of-the-scots' : TALLY;
const g = getGame(GAME);
const view0 = g.view, acts0 = g.actions;
g.view = (...a) => { views++; return view0.apply(g, a); };
g.actions = (...a) => { actionLists++; return acts0.apply(g, a); };
const pg = kind === 'postgres' ? await startPostgres() : null;
const store = await openStore(pg ? pg.url : `sqlite:${join(mkdtempSync(join(tmpdir(), 'rt-')), 't.db')}`);
const server = await createServer({ store: wrap(store, ''), logger: false, webDist: null, scrypt: { N: 1024, r: 8, p: 1 }, rateLimits: false, sweepMs: false, openGamesPerAccount: false, notify: { worker: false } });
const base = await server.listen(0, '127.0.0.1');
const api = new Api(base);
const tA = await api.signUp('rtA' + Date.now().toString(36)), tB = await api.signUp('rtB' + Date.now().toString(36));
const id = (await api.post('/api/games', GAME === TALLY ? { game: TALLY, variants: { target: 1000 } } : { game: GAME, scenario: 'braveheart' }, tA)).body.id;
const roles = GAME === TALLY ? ['north', 'east'] : ['England', 'Scotland'];
await api.post(`/api/games/${id}/seats`, { role: roles[0] }, tA);
await api.post(`/api/games/${id}/seats`, { role: roles[1] }, tB);
let buildMs = 0;
// Where views are built: the games room's seat views (older checkouts: the GameService).
const viewer = server.games?.views ?? server.service;
const sf = viewer.stateFor;
viewer.stateFor = function (...a) { const t = performance.now(); try { return sf.apply(this, a); } finally { buildMs += performance.now() - t; } };
const A = await Live.open(base, id, tA), B = await Live.open(base, id, tB);
const specs = [];
for (let i = 0; i < Number(nSpec); i++) specs.push(await Live.open(base, id, i % 2 === 0 ? await api.signUp(`rtS${i}${Date.now().toString(36)}`) : null));
const all = [A, B, ...specs];
let st = await A.next((m) => m.type === 'state');
for (const l of all.slice(1)) await l.next((m) => m.type === 'state');
await new Promise((r) => setTimeout(r, 300));
const path = new Map(), total = new Map();
let vTotal = 0, aTotal = 0;
const add = (into, from) => { for (const [k, v] of from) into.set(k, (into.get(k) ?? 0) + v); };
const N = Number(nActs);
let version = st.version;
for (let i = 0; i < N; i++) {
  const sA = A.messages.findLast((m) => m.type === 'state' && m.version === version);
  const me = sA.yourTurn && sA.actions.length > 0 ? A : B;
  const s = me.messages.findLast((m) => m.type === 'state' && m.version === version);
  if (!s.yourTurn || s.actions.length === 0) { console.log('nobody to act'); break; }
  counts.clear(); views = 0; actionLists = 0; if (i === 0) buildMs = 0;
  me.send({ type: 'action', ref: i, version, action: s.actions.find((a) => a.type === 'add') ?? s.actions[0] });
  let ack; while (!(ack = me.messages.find((m) => (m.type === 'ack' || m.type === 'error') && m.ref === i))) await new Promise((r) => setImmediate(r));
  if (ack.type !== 'ack') throw new Error(JSON.stringify(ack));
  add(path, counts);
  version = ack.version;
  for (const l of all) while (!l.messages.some((m) => m.type === 'state' && m.version === version)) await new Promise((r) => setTimeout(r, 2));
  await new Promise((r) => setTimeout(r, 20));
  add(total, counts); vTotal += views; aTotal += actionLists;
}
const per = (m) => [...m].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${(v / N).toFixed(2)}`).join(', ');
const sum = (m) => [...m.values()].reduce((x, y) => x + y, 0) / N;
console.log(`${kind}: ${N} socket actions, 2 players + ${nSpec} spectators (${Math.ceil(Number(nSpec) / 2)} signed in)`);
console.log(`  store calls up to the ack: ${sum(path).toFixed(2)} per action (${per(path)})`);
console.log(`  store calls incl. pushes:  ${sum(total).toFixed(2)} per action (${per(total)})`);
console.log(`  view builds per action: ${(vTotal / N).toFixed(2)}; action lists: ${(aTotal / N).toFixed(2)}; stateFor ms per action: ${(buildMs / N).toFixed(3)}`);
for (const l of all) l.close();
await server.close();
await pg?.stop();
process.exit(0);
