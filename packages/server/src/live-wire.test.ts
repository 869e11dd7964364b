import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { Rng } from '@tabula/engine';
import { Live } from './harness/client.js';
import { startServer, type Running } from './harness/fixtures.js';

const servers: Running[] = [];
after(async () => { for (const s of servers) await s.server.close(); });

async function hammerBetween(scenario = 'braveheart'): Promise<{ run: Running; id: string; tok: Record<string, string> }> {
  const run = await startServer('sqlite::memory:', { rateLimits: false });
  servers.push(run);
  const tok = { England: await run.api.signUp(`e${servers.length}x`), Scotland: await run.api.signUp(`s${servers.length}x`) };
  const c = await run.api.post('/api/games', { game: 'hammer-of-the-scots', scenario }, tok.England);
  const id = c.body.id as string;
  for (const role of ['England', 'Scotland'] as const) assert.equal((await run.api.post(`/api/games/${id}/seats`, { role }, tok[role])).status, 200);
  return { run, id, tok };
}

test('one wire: in the simultaneous card phase a card sent for the version before the other side chose is still played', async () => {
  const { run, id, tok } = await hammerBetween();
  const e = (await run.api.get(`/api/games/${id}`, tok.England)).body;
  const s = (await run.api.get(`/api/games/${id}`, tok.Scotland)).body;
  assert.deepEqual([...e.active].sort(), ['England', 'Scotland']);
  assert.equal(e.version, s.version);
  const first = await run.api.post(`/api/games/${id}/actions`, { version: e.version, action: e.actions[0] }, tok.England);
  assert.equal(first.status, 200, JSON.stringify(first.body));
  // Scotland chose on the state it saw, one version ago: only England acted since.
  const second = await run.api.post(`/api/games/${id}/actions`, { version: s.version, action: s.actions[0] }, tok.Scotland);
  assert.equal(second.status, 200, JSON.stringify(second.body).slice(0, 300));
  assert.equal(second.body.version, s.version + 2);
  const log = (await run.api.get(`/api/games/${id}`, tok.Scotland)).body;
  assert.equal(log.length, 2, 'one log entry per version');
});

test('one wire: an action for a version after which the same role acted is refused with 409', async () => {
  const { run, id, tok } = await hammerBetween();
  const e = (await run.api.get(`/api/games/${id}`, tok.England)).body;
  assert.equal((await run.api.post(`/api/games/${id}/actions`, { version: e.version, action: e.actions[0] }, tok.England)).status, 200);
  const again = await run.api.post(`/api/games/${id}/actions`, { version: e.version, action: e.actions[1] ?? e.actions[0] }, tok.England);
  assert.equal(again.status, 409, JSON.stringify(again.body));
  assert.equal(again.body.error.code, 'stale-version');
});

test('one wire: one action over the socket gives one ack to the sender and one state push per viewer', async () => {
  const { run, id, tok } = await hammerBetween();
  const eng = await Live.open(run.base, id, tok.England);
  const sco = await Live.open(run.base, id, tok.Scotland);
  const spec = await Live.open(run.base, id, null);
  const first = await eng.next((m) => m.type === 'state');
  for (const l of [sco, spec]) await l.next((m) => m.type === 'state');
  const before = [eng.messages.length, sco.messages.length, spec.messages.length];
  eng.send({ type: 'action', ref: 7, version: first.version, action: first.actions[0] });
  const ack = await eng.next((m) => m.type === 'ack' || m.type === 'error');
  assert.deepEqual(ack, { type: 'ack', ref: 7, version: first.version + 1 });
  for (const l of [sco, spec]) await l.next((m) => m.type === 'state' && m.version === first.version + 1);
  await new Promise((r) => setTimeout(r, 300));
  assert.ok(eng.messages.slice(before[0]).some((m) => m.type === 'state' && m.version === first.version + 1), 'the sender gets the push too');
  assert.deepEqual([eng.messages.length - before[0]!, sco.messages.length - before[1]!, spec.messages.length - before[2]!], [2, 1, 1]);
  const push = eng.messages.slice(before[0]).find((m) => m.type === 'state');
  assert.equal(push.logFrom, first.length, 'the push carries only the new action\'s log lines');
  assert.ok(push.log.every((l: { seq: number }) => l.seq >= first.length));
  for (const l of [eng, sco, spec]) l.close();
});

test('one wire: a malformed socket message is answered 400 with its ref and changes nothing', async () => {
  const { run, id, tok } = await hammerBetween();
  const eng = await Live.open(run.base, id, tok.England);
  const st = await eng.next((m) => m.type === 'state');
  for (const bad of [{ type: 'action', ref: 1, version: 'x', action: {} }, { type: 'fly', ref: 2 }, { type: 'undo', ref: 3 }, { type: 'action', ref: 4, version: st.version, action: {}, extra: 'x'.repeat(10) }]) {
    eng.send(bad);
    const e = await eng.next((m) => m.type === 'error' || m.type === 'ack');
    assert.equal(e.type, 'error', JSON.stringify(bad));
    assert.equal(e.ref, bad.ref);
    assert.ok(e.status === 400 || e.status === 422, JSON.stringify(e));
  }
  assert.equal((await run.api.get(`/api/games/${id}`, tok.England)).body.version, st.version);
  eng.close();
});

test('one wire: push bytes stay flat as a Hammer game grows (500 actions)', async () => {
  // The Campaign: random play usually runs far past 500 actions, but a game whose random deal and play
  // give one side every noble ends early (sudden death, 9.1); such a game is replaced by a new one (at most 4 tries).
  const median = (a: number[]): number => [...a].sort((x, y) => x - y)[a.length >> 1]!;
  for (let attempt = 0; ; attempt++) {
    const { run, id, tok } = await hammerBetween('campaign');
    const spec = await Live.open(run.base, id, null);
    await spec.next((m) => m.type === 'state');
    const rng = new Rng(`flat-${attempt}`);
    const sizes: number[] = [];
    spec.ws.on('message', (d) => { const m = JSON.parse(d.toString()); if (m.type === 'state') sizes.push(Buffer.byteLength(d.toString())); });
    let n = 0;
    while (n < 500) {
      const g = (await run.api.get(`/api/games/${id}`)).body;
      if (g.status !== 'active') break;
      const role = g.active[rng.int(g.active.length)];
      const mine = (await run.api.get(`/api/games/${id}?role=${role}`, tok[role as 'England' | 'Scotland'])).body;
      const r = await run.api.post(`/api/games/${id}/actions`, { version: mine.version, action: mine.actions[rng.int(mine.actions.length)], role }, tok[role as 'England' | 'Scotland']);
      assert.equal(r.status, 200, JSON.stringify(r.body).slice(0, 200));
      n++;
      await spec.next((m) => m.type === 'state' && m.version === r.body.version);
    }
    spec.close();
    if (n < 300) {
      const g = (await run.api.get(`/api/games/${id}`)).body;
      assert.ok(attempt < 3, `four games ended before 300 actions (the last after ${n}: ${JSON.stringify(g.outcome)})`);
      continue;
    }
    const head = sizes.slice(0, 20), tail = sizes.slice(-20);
    const full = Buffer.byteLength(JSON.stringify((await run.api.get(`/api/games/${id}`)).body));
    console.log(`push bytes over ${n} actions: first ${sizes[0]}, median of the first 20 ${median(head)}, of the last 20 ${median(tail)}, last ${sizes.at(-1)}; a whole state with the log now ${full}`);
    assert.ok(median(tail) < median(head) * 2, `pushes grew from ${median(head)} to ${median(tail)} bytes`);
    assert.ok(median(tail) * 3 < full, 'a push is much smaller than the whole log');
    return;
  }
});
