/** One cap on the sockets of one owner (an account, or an address when signed out) over every kind of socket. */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { startServer, type Running } from '../harness/fixtures.js';

const servers: Running[] = [];
after(async () => { for (const s of servers) await s.server.close(); });

/** Opens a socket at `path`; resolves with its close code when closed within 1.5 s, else null (it stays open). */
async function openAt(base: string, path: string, open: WebSocket[]): Promise<number | null> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}${path}`);
  open.push(ws);
  return new Promise((resolve) => {
    const t = setTimeout(() => resolve(null), 1500);
    ws.on('close', (code) => { clearTimeout(t); resolve(code); });
    ws.on('error', () => undefined);
  });
}

test('anonymous lobby sockets from one address stop at the cap (4429); an account\'s per-user and lobby sockets share its cap', async () => {
  const run = await startServer('sqlite::memory:', { rateLimits: false, socketsPerOwner: 3 });
  servers.push(run);
  const open: WebSocket[] = [];
  try {
    const anonymous = await Promise.all([0, 1, 2, 3].map(() => openAt(run.base, '/api/lobby/live', open)));
    assert.deepEqual(anonymous.filter((c) => c === 4429).length, 1, `closes: ${JSON.stringify(anonymous)}`);
    const t = await run.api.signUp('capuser');
    const mine = await Promise.all([
      openAt(run.base, `/api/live?token=${encodeURIComponent(t)}`, open),
      openAt(run.base, `/api/live?token=${encodeURIComponent(t)}`, open),
      openAt(run.base, `/api/lobby/live?token=${encodeURIComponent(t)}`, open),
      openAt(run.base, `/api/lobby/live?token=${encodeURIComponent(t)}`, open),
    ]);
    assert.deepEqual(mine.filter((c) => c === 4429).length, 1, `closes: ${JSON.stringify(mine)}`);
  } finally {
    for (const ws of open) ws.terminate();
  }
});
