/**
 * Server load (used by `tabula bench --only server-load`): N concurrent games, two WebSocket clients each, every client playing one action
 * per second when it is its turn; p50/p99 acknowledgement latency (action sent -> ack received)
 * and the server's memory. The server runs in its own process on loopback with SQLite, playing
 * the server's small test game ("tally", target 1000 so no game ends during the run).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const GAME = 'server-test-tally';

function serverScript(): string {
  // The configurable server entry of the server's tests, which registers the test game.
  return fileURLToPath(import.meta.resolve('@tabula/server/test-server'));
}

export function rssMiB(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : NaN;
  } catch {
    return NaN;
  }
}

/** CPU time (user + system) of a process so far, in ms. */
export function cpuMs(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) * 10; // clock ticks of 10 ms
  } catch {
    return NaN;
  }
}

export function startServer(db: string, env: Record<string, string> = {}): Promise<{ proc: ChildProcess; url: string }> {
  const nodeArgs = (process.env.TABULA_LOAD_NODE_ARGS ?? '').split(' ').filter(Boolean); // e.g. --cpu-prof
  const proc = spawn(process.execPath, [...nodeArgs, serverScript()], { env: { ...process.env, TABULA_DB: db, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '', started = false;
    const t = setTimeout(() => reject(new Error('bench server did not start')), 120_000);
    const copyTo = process.env.TABULA_LOAD_SERVER_STDOUT; // a file for the server's stdout (e.g. with --trace-gc)
    proc.stdout!.on('data', (d: Buffer) => {
      if (copyTo) appendFileSync(copyTo, d);
      if (started) return;
      out += d.toString();
      const m = /LISTENING (\S+)/.exec(out);
      if (m) { started = true; clearTimeout(t); resolve({ proc, url: m[1]! }); }
    });
    proc.once('exit', (c) => { clearTimeout(t); reject(new Error(`bench server exited ${c}`)); });
  });
}

export async function post(base: string, path: string, body: unknown, token?: string): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  const j = await r.json() as unknown;
  if (!r.ok) throw new Error(`${path}: ${r.status} ${JSON.stringify(j)}`);
  return j;
}

export async function inBatches<T>(items: T[], size: number, fn: (x: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

export interface LoadResult { games: number; clients: number; acks: number; allAcks: number; pendingAtEnd: number; perSecond: number; p50: number; p99: number; max: number; rssIdle: number; rssPeak: number; errors: number; errorCodes: Record<string, number>; cpuPerAck: number; cpuShare: number }

/** One load run with `n` games against a fresh server process. */
export async function runLoad(n: number, warmMs: number, measureMs: number, log: (l: string) => void): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'tabula-load-'));
  const { proc, url } = await startServer(`sqlite:${join(dir, 'load.db')}`);
  try {
    const stamp = Date.now().toString(36);
    const a = (await post(url, '/api/accounts', { name: `loadA${stamp}`, password: 'load-test-pw' })).token as string;
    const b = (await post(url, '/api/accounts', { name: `loadB${stamp}`, password: 'load-test-pw' })).token as string;
    const ids: string[] = [];
    await inBatches(Array.from({ length: n }, (_, i) => i), 25, async () => {
      const { id } = await post(url, '/api/games', { game: GAME, variants: { target: 1000 } }, a) as { id: string };
      await post(url, `/api/games/${id}/seats`, { role: 'north' }, a);
      await post(url, `/api/games/${id}/seats`, { role: 'east' }, b);
      ids.push(id);
    });
    log(`N=${n}: ${n} games ready`);
    const pairs = ids.flatMap((id) => [[id, a], [id, b]] as [string, string][]);
    return await measureClients(proc.pid!, [url], pairs, warmMs, measureMs, 'tally', log, `N=${n}`);
  } finally {
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Plays `pairs` (game id, token: one WebSocket client each) against running servers (`urls`: the
 * sockets spread over them; `pids`: their processes, whose RSS and CPU are measured) and measures.
 * `pick`: "tally" plays the test game's mostly-adds; "random" a uniform random legal action.
 */
export async function measureClients(pid: number | number[], urls: string[], pairs: [string, string][], warmMs: number, measureMs: number, pick: 'tally' | 'random', log: (l: string) => void, label: string): Promise<LoadResult> {
  const pids = Array.isArray(pid) ? pid : [pid];
  const n = new Set(pairs.map(([id]) => id)).size;
  {
    // The clients run in worker threads, so their own event loops do not dominate the latencies.
    const K = Math.max(1, Math.min(CLIENT_THREADS, Math.ceil(pairs.length / 100)));
    const workers = Array.from({ length: K }, (_, i) => new Worker(new URL(import.meta.url), {
      workerData: { loadClients: { urls, pairs: pairs.filter((_, j) => j % K === i), warmMs, measureMs, pick } },
    }));
    const results = workers.map((w) => new Promise<{ latencies: number[]; errors: number; errorCodes: Record<string, number>; acks: number; allAcks: number; pendingAtEnd: number }>((resolve, reject) => {
      w.on('message', (m: { type: string; latencies?: number[]; errors?: number; errorCodes?: Record<string, number>; acks?: number; allAcks?: number; pendingAtEnd?: number }) => {
        if (m.type === 'done') resolve({ latencies: m.latencies!, errors: m.errors!, errorCodes: m.errorCodes!, acks: m.acks!, allAcks: m.allAcks!, pendingAtEnd: m.pendingAtEnd! });
      });
      w.once('error', reject);
    }));
    await Promise.all(workers.map((w) => new Promise<void>((resolve) => w.on('message', (m: { type: string }) => { if (m.type === 'ready') resolve(); }))));
    log(`${label}: ${pairs.length} sockets open in ${K} client threads; warming up ${warmMs / 1000} s`);
    for (const w of workers) w.postMessage('go');
    await new Promise((r) => setTimeout(r, warmMs));
    const rssNow = (): number => pids.reduce((x, p) => x + rssMiB(p), 0);
    const cpuNow = (): number => pids.reduce((x, p) => x + cpuMs(p), 0);
    const rssIdle = rssNow();
    const cpu0 = cpuNow();
    let rssPeak = rssIdle;
    const t0 = Date.now();
    while (Date.now() - t0 < measureMs) {
      await new Promise((r) => setTimeout(r, 500));
      rssPeak = Math.max(rssPeak, rssNow());
    }
    const cpu = cpuNow() - cpu0;
    const seconds = (Date.now() - t0) / 1000;
    const parts = await Promise.all(results);
    await Promise.all(workers.map((w) => w.terminate()));
    const latencies = parts.flatMap((p) => p.latencies).sort((x, y) => x - y);
    const acks = parts.reduce((x, p) => x + p.acks, 0);
    const errors = parts.reduce((x, p) => x + p.errors, 0);
    const errorCodes: Record<string, number> = {};
    for (const p of parts) for (const [c, k] of Object.entries(p.errorCodes)) errorCodes[c] = (errorCodes[c] ?? 0) + k;
    const r: LoadResult = {
      games: n, clients: pairs.length, acks, allAcks: parts.reduce((x, p) => x + p.allAcks, 0), pendingAtEnd: parts.reduce((x, p) => x + p.pendingAtEnd, 0), perSecond: acks / seconds, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99),
      max: latencies[latencies.length - 1] ?? NaN, rssIdle, rssPeak, errors, errorCodes, cpuPerAck: cpu / Math.max(1, acks), cpuShare: cpu / (seconds * 1000),
    };
    log(`${label}: ${r.acks} acks, ${r.perSecond.toFixed(0)}/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, RSS ${r.rssPeak} MiB, server CPU ${r.cpuPerAck.toFixed(2)} ms/ack (${(100 * r.cpuShare).toFixed(0)}% of a core), errors ${errors}${errors ? ` (${Object.entries(errorCodes).map(([c, k]) => `${c} ${k}`).join(', ')})` : ''}`);
    return r;
  }
}


/** Client threads (1 by default: on a small machine more threads only compete with the server). */
const CLIENT_THREADS = Number(process.env.TABULA_BENCH_LOAD_CLIENT_THREADS ?? 1);

/** One client thread: its share of the sockets; plays after "go", measures after the warm-up. */
async function clientThread(d: { urls: string[]; pairs: [string, string][]; warmMs: number; measureMs: number; pick: 'tally' | 'random' }): Promise<void> {
  const { urls, pairs, warmMs, measureMs, pick } = d;
  const sockets: WebSocket[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let playing = false;
  const kicks: (() => void)[] = [];
  const latencies: number[] = [];
  let measuring = false, errors = 0, acks = 0, allAcks = 0;
  const errorCodes: Record<string, number> = {};
  const inFlight = new Set<() => boolean>();
  let next = 0;
  await inBatches(pairs, 50, ([id, token]) => new Promise<void>((resolve, reject) => {
    const wsBase = urls[next++ % urls.length]!.replace(/^http/, 'ws');
    const ws = new WebSocket(`${wsBase}/api/games/${id}/live?token=${token}`);
    sockets.push(ws);
    let last = 0, pending = false, scheduled = false, myTurn = false, version = -1, k = 0;
    let actions: unknown[] = [];
    const sent = new Map<number, number>();
    const act = (): void => {
      scheduled = false;
      if (pending || actions.length === 0) return;
      pending = true;
      last = Date.now();
      const ref = ++k;
      sent.set(ref, performance.now());
      // mostly "add" and "pass": turns alternate, and tallies grow slowly
      const choice = pick === 'random' ? actions[Math.floor(Math.random() * actions.length)] : actions.find((x) => (x as { type: string }).type === (k % 3 === 0 ? 'pass' : 'add')) ?? actions[0];
      ws.send(JSON.stringify({ type: 'action', ref, version, action: choice }));
    };
    ws.on('message', (d) => {
      const m = JSON.parse(d.toString()) as { type: string; ref?: number; version: number; yourTurn?: boolean; actions?: unknown[]; error?: { code?: string } };
      if (m.type === 'state') {
        if (m.version < version) return;
        version = m.version;
        actions = m.actions ?? [];
        myTurn = m.yourTurn === true;
      } else if (m.type === 'ack' || m.type === 'error') {
        const t0 = sent.get(m.ref!);
        sent.delete(m.ref!);
        pending = false;
        if (m.type === 'error') {
          errors++;
          const code = m.error?.code ?? '?';
          errorCodes[code] = (errorCodes[code] ?? 0) + 1;
        }
        else {
          allAcks++;
          if (t0 !== undefined && measuring) { latencies.push(performance.now() - t0); acks++; }
        }
      }
      maybe();
    });
    const maybe = (): void => {
      if (!playing || !myTurn || pending || scheduled) return;
      scheduled = true;
      const t = setTimeout(() => { timers.delete(t); act(); }, Math.max(0, last + 1000 - Date.now()) + Math.random() * 50);
      timers.add(t);
    };
    kicks.push(maybe);
    inFlight.add(() => pending);
    ws.once('open', () => resolve());
    ws.once('error', reject);
  }));
  parentPort!.postMessage({ type: 'ready' });
  await new Promise<void>((resolve) => parentPort!.once('message', () => resolve()));
  playing = true;
  for (const kick of kicks) kick();
  await new Promise((r) => setTimeout(r, warmMs));
  measuring = true;
  await new Promise((r) => setTimeout(r, measureMs));
  measuring = false;
  for (const t of timers) clearTimeout(t);
  for (const s of sockets) s.terminate();
  let pendingAtEnd = 0;
  for (const p of inFlight) if (p()) pendingAtEnd++;
  parentPort!.postMessage({ type: 'done', latencies, errors, errorCodes, acks, allAcks, pendingAtEnd });
}

if (!isMainThread && (workerData as { loadClients?: unknown } | null)?.loadClients) {
  await clientThread((workerData as { loadClients: Parameters<typeof clientThread>[0] }).loadClients);
}
