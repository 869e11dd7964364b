/** Socket frames are checked against the protocol's schemas: a frame with a field the schema does not name is refused, whatever its kind. */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { Live } from '../harness/client.js';
import { startServer, type Running } from '../harness/fixtures.js';
import { TALLY } from '../harness/testgame.js';

const servers: Running[] = [];
after(async () => { for (const s of servers) await s.server.close(); });

/** The messages a raw socket at `path` gets after sending `frame` (the first `error` answer, or null after 2 s). */
async function answerTo(base: string, path: string, frame: object): Promise<{ type: string; status?: number; error?: { code: string } } | null> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}${path}`);
  await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
  try {
    return await new Promise((resolve) => {
      const t = setTimeout(() => resolve(null), 2000);
      ws.on('message', (d) => {
        const m = JSON.parse(d.toString()) as { type: string };
        if (m.type === 'error' || m.type === 'pong') { clearTimeout(t); resolve(m); }
      });
      // Give the socket its first message (its state or hello) before the frame.
      setTimeout(() => ws.send(JSON.stringify(frame)), 100);
    });
  } finally {
    ws.close();
  }
}

test('a legal action with one field more is refused 400 and not played; so is every other game-socket message with an unknown field', async () => {
  const run = await startServer('sqlite::memory:', { rateLimits: false });
  servers.push(run);
  const north = await run.api.signUp('strictn'), east = await run.api.signUp('stricte');
  const id = (await run.api.post('/api/games', { game: TALLY, variants: { target: 1000 } }, north)).body.id as string;
  for (const [role, t] of [['north', north], ['east', east]] as const) assert.equal((await run.api.post(`/api/games/${id}/seats`, { role }, t)).status, 200);
  const live = await Live.open(run.base, id, north);
  const st = await live.next((m) => m.type === 'state');
  const frames = [
    { type: 'action', ref: 1, version: st.version, action: { type: 'pass' }, note: 'x' },
    { type: 'undo', ref: 2, version: st.version, extra: 1 },
    { type: 'resign', ref: 3, extra: true },
    { type: 'abort', ref: 4, extra: true },
    { type: 'claim', ref: 5, extra: true },
    { type: 'sync', ref: 6, extra: true },
    { type: 'ping', ref: 7, extra: true },
    { type: 'chat', ref: 8, text: 'hello', extra: true },
    { type: 'rematch', ref: 9, op: 'offer', extra: true },
  ];
  for (const frame of frames) {
    live.send(frame);
    const e = await live.next((m) => (m.type === 'error' || m.type === 'ack' || m.type === 'pong') && m.ref === frame.ref);
    assert.deepEqual([e.type, e.status, e.error?.code], ['error', 400, 'bad-request'], JSON.stringify(frame));
  }
  const after = (await run.api.get(`/api/games/${id}`, north)).body;
  assert.deepEqual([after.version, after.status], [st.version, 'active'], 'nothing was played, resigned or aborted');
  live.close();
});

test('the lobby and per-user sockets refuse a frame with an unknown field too', async () => {
  const run = await startServer('sqlite::memory:', { rateLimits: false });
  servers.push(run);
  const t = await run.api.signUp('strictu');
  for (const path of ['/api/lobby/live', `/api/live?token=${encodeURIComponent(t)}`]) {
    const ok = await answerTo(run.base, path, { type: 'ping', ref: 1 });
    assert.equal(ok?.type, 'pong', `${path}: a plain ping is answered`);
    const bad = await answerTo(run.base, path, { type: 'ping', ref: 1, extra: 'x' });
    assert.deepEqual([bad?.type, bad?.status], ['error', 400], `${path}: ${JSON.stringify(bad)}`);
  }
});
