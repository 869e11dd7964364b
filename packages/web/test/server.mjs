// Starts a real Tabula server (the CLI's `serve`) on a free port with a throwaway SQLite file.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => res(port)); });
    s.on('error', rej);
  });
}

/** `port`/`dir`: restart on the same port and database (for reconnect tests); `env`: extra environment of the server. */
export async function startServer({ port: fixedPort, dir: fixedDir, args = [], env = {} } = {}) {
  const port = fixedPort ?? await freePort();
  const dir = fixedDir ?? mkdtempSync(join(tmpdir(), 'tabula-e2e-'));
  const child = spawn(process.execPath, [join(ROOT, 'packages/cli/dist/main.js'), 'serve', '--port', String(port), '--host', '127.0.0.1', '--db', `sqlite:${join(dir, 'e2e.db')}`, ...args],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LOG_LEVEL: 'warn', ...env } });
  let output = '';
  child.stdout.on('data', (d) => { output += d; });
  child.stderr.on('data', (d) => { output += d; });
  const url = `http://127.0.0.1:${port}`;
  const t0 = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) break;
    } catch { /* not yet */ }
    if (Date.now() - t0 > 20_000) { child.kill(); throw new Error(`server did not start: ${output}`); }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    port,
    dir,
    output: () => output,
    /** keep: leave the database for a restart. */
    async stop({ keep = false } = {}) {
      child.kill('SIGTERM');
      await new Promise((r) => { if (child.exitCode !== null) r(); else child.once('exit', r); setTimeout(r, 3000); });
      if (!keep) rmSync(dir, { recursive: true, force: true });
    },
  };
}
