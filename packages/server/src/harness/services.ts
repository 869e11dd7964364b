/**
 * Real PostgreSQL and Redis for the tests: a throw-away cluster (initdb, run as the `postgres` user
 * when we are root, since postgres refuses to run as root) and a redis-server, each on a free port
 * in a temp dir; or the ones given by TABULA_TEST_PG_URL / TABULA_TEST_REDIS_URL. A missing binary
 * is an error, never a skip.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openStore, type Store } from '../store/index.js';

const children = new Set<ChildProcess>();
const postmasters = new Set<number>();
process.on('exit', () => {
  for (const pid of postmasters) {
    try {
      process.kill(pid, 'SIGQUIT');
    } catch {
      // already gone
    }
  }
  for (const c of children) {
    try {
      c.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
});

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function pgBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', name))).sort((a, b) => Number(b) - Number(a)) : [];
  if (versions.length === 0) throw new Error(`PostgreSQL is not installed (no ${root}/*/bin/${name}): apt-get install postgresql`);
  return join(root, versions[0]!, 'bin', name);
}

export interface Service {
  url: string;
  stop(): Promise<void>;
  /** Stops the server process but keeps its data and port (fault tests); only for servers the tests started. */
  halt?(): Promise<void>;
  /** Starts it again after `halt`, on the same port with the same data. */
  restart?(): Promise<void>;
}

function waitExit(c: ChildProcess, ms: number): Promise<void> {
  return new Promise((resolve) => {
    if (c.exitCode !== null || c.signalCode !== null) return resolve();
    const t = setTimeout(() => { c.kill('SIGKILL'); resolve(); }, ms);
    c.once('exit', () => { clearTimeout(t); resolve(); });
  });
}

/** A PostgreSQL server URL whose database is fresh for this caller. */
export async function startPostgres(): Promise<Service> {
  const given = process.env.TABULA_TEST_PG_URL;
  if (given) return freshDatabase(given, async () => undefined);
  const initdb = pgBin('initdb');
  const postgres = pgBin('postgres');
  const dir = mkdtempSync(join(tmpdir(), 'tabula-pg-'));
  const asRoot = process.getuid?.() === 0;
  let prefix: string[] = [];
  if (asRoot) {
    const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (id.status !== 0) throw new Error('running as root but there is no "postgres" user to run PostgreSQL as');
    chownSync(dir, Number(id.stdout.trim()), Number(gid.stdout.trim()));
    prefix = ['runuser', '-u', 'postgres', '--'];
  }
  const run = (cmd: string, args: string[]): ReturnType<typeof spawnSync> => (prefix.length
    ? spawnSync(prefix[0]!, [...prefix.slice(1), cmd, ...args], { encoding: 'utf8' })
    : spawnSync(cmd, args, { encoding: 'utf8' }));
  const init = run(initdb, ['-D', join(dir, 'data'), '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  if (init.status !== 0) throw new Error(`initdb failed: ${String(init.stderr)}`);
  const port = await freePort();
  const args = ['-D', join(dir, 'data'), '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off',
    '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200', '-c', 'shared_buffers=32MB'];
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let child: ChildProcess, postmasterPid = 0;
  const launch = async (): Promise<void> => {
    const c = prefix.length ? spawn(prefix[0]!, [...prefix.slice(1), postgres, ...args], { stdio: ['ignore', 'ignore', 'pipe'] }) : spawn(postgres, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    child = c;
    children.add(c);
    let stderr = '';
    c.stderr?.on('data', (d: Buffer) => { stderr += d.toString(); });
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (c.exitCode !== null) throw new Error(`postgres exited: ${stderr}`);
      const client = new pg.Client({ connectionString: url });
      try {
        await client.connect();
        await client.end();
        break;
      } catch {
        await client.end().catch(() => undefined);
        if (Date.now() > deadline) throw new Error(`postgres did not start: ${stderr}`);
        await sleep(100);
      }
    }
    postmasterPid = Number(readFileSync(join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    postmasters.add(postmasterPid);
  };
  // Signal the postmaster itself (runuser does not pass signals on). SIGQUIT: immediate shutdown (cleanup);
  // SIGINT: fast shutdown, which writes a checkpoint (with synchronous_commit=off an immediate one could
  // drop the last commits, which a fault test must not confuse with a server bug).
  const shutdown = async (signal: NodeJS.Signals = 'SIGQUIT'): Promise<void> => {
    try {
      process.kill(postmasterPid, signal);
    } catch {
      // already gone
    }
    await waitExit(child, 10_000);
    postmasters.delete(postmasterPid);
    children.delete(child);
  };
  await launch();
  const service = await freshDatabase(url, async () => {
    await shutdown();
    rmSync(dir, { recursive: true, force: true });
  });
  return { ...service, halt: () => shutdown('SIGINT'), restart: launch };
}

async function freshDatabase(adminUrl: string, stopServer: () => Promise<void>): Promise<Service> {
  const name = `tabula_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async stop() {
      const a = new pg.Client({ connectionString: adminUrl });
      try {
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } catch {
        // the server may be going away anyway
      } finally {
        await a.end().catch(() => undefined);
      }
      await stopServer();
    },
  };
}

export async function startRedis(): Promise<Service> {
  const given = process.env.TABULA_TEST_REDIS_URL;
  if (given) return { url: given, stop: async () => undefined };
  const which = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  if (which.status !== 0) throw new Error('redis-server is not installed: apt-get install redis-server');
  const dir = mkdtempSync(join(tmpdir(), 'tabula-redis-'));
  const port = await freePort();
  let child: ChildProcess;
  const launch = async (): Promise<void> => {
    const c = spawn(which.stdout.trim(), ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = c;
    children.add(c);
    let out = '';
    await new Promise<void>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`redis-server did not start: ${out}`)), 15_000);
      const on = (d: Buffer): void => {
        out += d.toString();
        if (/ready to accept connections/i.test(out)) { clearTimeout(t); resolve(); }
      };
      c.stdout?.on('data', on);
      c.stderr?.on('data', on);
      c.once('exit', () => { clearTimeout(t); reject(new Error(`redis-server exited: ${out}`)); });
    });
  };
  await launch();
  const halt = async (): Promise<void> => {
    child.kill('SIGKILL');
    await waitExit(child, 5000);
    children.delete(child);
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await waitExit(child, 5000);
      children.delete(child);
      rmSync(dir, { recursive: true, force: true });
    },
    halt,
    restart: launch,
  };
}

/** Runs `run` on a fresh SQLite store in a temporary folder, then on a fresh store in a throw-away PostgreSQL. */
export async function withBothStores(run: (store: Store) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tabula-stores-'));
  try {
    const s = await openStore(`sqlite:${join(dir, 't.db')}`);
    try { await run(s); } finally { await s.close(); }
  } finally { rmSync(dir, { recursive: true, force: true }); }
  const pg = await startPostgres();
  try {
    const s = await openStore(pg.url);
    try { await run(s); } finally { await s.close(); }
  } finally { await pg.stop(); }
}
