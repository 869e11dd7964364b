/**
 * Server benchmarks with the real games (issue 20): a store filled with games at recorded positions
 * (random legal playouts through the server's own games room, so its snapshots are written as a
 * running server writes them), then a fresh server process:
 * - cold start: the first action on active games of a large store, one game at a time;
 * - real-game load: Hammer (Braveheart, from positions of 300-3,000 actions), Carcassonne (2-5 players)
 *   and HACSE, two WebSocket clients per game, one action per second on a client's turn (load.ts);
 * - two processes + PostgreSQL + Redis: the same load over two server processes sharing a database.
 * Sizes are set by environment variables (see each benchmark) so the full sizes can be run on a quiet machine.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import WebSocket from 'ws';
import { Rng, type Role } from '@tabula/engine';
import { getGame, type GameId } from '@tabula/games';
import { Accounts, Games, openStore } from '@tabula/server';
import { measureClients, percentile, post, rssMiB, startServer, type LoadResult } from './load.js';
import type { Benchmark, BenchSection } from './types.js';

const HAMMER: GameId = 'hammer-of-the-scots';
const PW = 'bench-real-games-pw';
const env = (name: string, dflt: number): number => Number(process.env[name] ?? dflt);

export interface PlannedGame {
  game: GameId;
  scenario?: string;
  players?: number;
  /** Random legal actions to play (fewer when the game would end first: it stays active). */
  actions: number;
  /** Resign after the actions: a finished game. */
  finish?: boolean;
}

export interface PlacedGame {
  id: string;
  plan: PlannedGame;
  length: number;
  active: boolean;
  /** A legal first action for a client of the game (active games). */
  first?: { owner: 0 | 1; role: Role; version: number; action: unknown };
}

export interface Populated { tokens: [string, string]; games: PlacedGame[]; seconds: number; snapshots: number }

/** Fills the store at `db` (closed again after) with `plan`'s games, seats alternating between two accounts. */
export async function populate(db: string, plan: PlannedGame[], seed: string, log: (l: string) => void): Promise<Populated> {
  const t0 = performance.now();
  const store = await openStore(db);
  const accounts = new Accounts({ store, scrypt: { N: 1024, r: 8, p: 1 } });
  const room = new Games({ store, openGamesPerAccount: false });
  const stamp = Date.now().toString(36);
  const tokens: [string, string] = [(await accounts.signUp(`benchA${stamp}`, PW)).token, (await accounts.signUp(`benchB${stamp}`, PW)).token];
  const users = await Promise.all(tokens.map(async (t) => (await accounts.authenticate(t))!));
  const rng = new Rng(seed);
  const games: PlacedGame[] = [];
  const tick = (): Promise<void> => new Promise((r) => setImmediate(r));
  for (const [k, p] of plan.entries()) {
    const game = getGame(p.game)!;
    const { id } = await room.lobby.createGame(users[0]!, { game: p.game, ...(p.scenario ? { scenario: p.scenario } : {}), ...(p.players ? { players: p.players } : {}) });
    const roles = game.roles({ seed: 'x', scenario: p.scenario ?? game.scenarios[0]!, ...(p.players ? { players: p.players } : {}) });
    const owner = (r: Role): 0 | 1 => (roles.indexOf(r) % 2) as 0 | 1;
    for (const r of roles) await room.lobby.takeSeat(users[owner(r)]!, id, r);
    let length = 0;
    for (let i = 0; i < p.actions; i++) {
      const { row, rg } = await room.table.current(id);
      const role = (game.active(rg.state) as Role[]).find((r) => game.actions(rg.state, r).length > 0);
      if (row.status !== 'active' || role === undefined) break;
      const acts = game.actions(rg.state, role) as unknown[];
      const a = acts[rng.int(acts.length)];
      if (game.outcome(game.apply(rg.state, role, a))) break; // keep it going
      await room.commands.actVersion(users[owner(role)]!, id, row.version, a, role);
      length++;
      await tick(); // lets the snapshot step after each action run, as between two requests
    }
    if (p.finish) await room.commands.resign(users[0]!, id, roles[0]);
    const { row, rg } = await room.table.current(id);
    const placed: PlacedGame = { id, plan: p, length, active: row.status === 'active' };
    if (placed.active) {
      const role = (game.active(rg.state) as Role[]).find((r) => game.actions(rg.state, r).length > 0);
      if (role !== undefined) {
        const acts = game.actions(rg.state, role) as unknown[];
        placed.first = { owner: owner(role), role, version: row.version, action: acts[rng.int(acts.length)] };
      }
    }
    games.push(placed);
    if ((k + 1) % 25 === 0 || k + 1 === plan.length) log(`populate: ${k + 1}/${plan.length} games (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  await room.table.snapshots.idle();
  const n = (await store.sql.all<{ n: number }>('SELECT COUNT(*) AS n FROM snapshots'))[0]?.n ?? 0;
  await store.close();
  return { tokens, games, seconds: (performance.now() - t0) / 1000, snapshots: Number(n) };
}

/** A third each: Hammer Braveheart at 300-`hammerMax` (3,000) actions, Carcassonne with 2-5 players, HACSE (both from the start). */
export function realMix(n: number, rng: Rng, hammerMax = 3000): PlannedGame[] {
  return Array.from({ length: n }, (_, i): PlannedGame => {
    if (i % 3 === 0) return { game: HAMMER, scenario: 'braveheart', actions: 300 + rng.int(Math.max(1, hammerMax - 299)) };
    if (i % 3 === 1) return { game: 'carcassonne', players: 2 + rng.int(4), actions: 0 };
    return { game: 'hacse', actions: 0 };
  });
}

/** The cold-start store: `long` Campaign games past `longActions`, the rest a mix of short games, about half finished. */
export function coldMix(total: number, long: number, longActions: number, rng: Rng): PlannedGame[] {
  const out: PlannedGame[] = [];
  for (let i = 0; i < long; i++) out.push({ game: HAMMER, scenario: 'campaign', actions: longActions + rng.int(200) });
  for (let i = long; i < total; i++) {
    const finish = rng.int(2) === 0;
    const k = i % 3;
    out.push(k === 0 ? { game: HAMMER, scenario: 'braveheart', actions: rng.int(150), finish } : k === 1 ? { game: 'carcassonne', players: 2 + rng.int(4), actions: rng.int(120), finish } : { game: 'hacse', actions: rng.int(120), finish });
  }
  return out;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Opens a socket on game `g` and sends its first action at once: ms from opening to the ack, and from sending to the ack. */
function firstAction(url: string, token: string, g: PlacedGame): Promise<{ ack: number; connectToAck: number; ok: boolean }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/games/${g.id}/live?token=${token}`);
    let sent = 0;
    // Counted as an error (with its time) when no answer comes within 2 minutes.
    const timer = setTimeout(() => { ws.terminate(); resolve({ ack: performance.now() - sent, connectToAck: performance.now() - t0, ok: false }); }, 120_000);
    ws.once('open', () => {
      sent = performance.now();
      ws.send(JSON.stringify({ type: 'action', ref: 1, version: g.first!.version, action: g.first!.action, role: g.first!.role }));
    });
    ws.on('message', (d) => {
      const m = JSON.parse(d.toString()) as { type: string; ref?: number };
      if ((m.type === 'ack' || m.type === 'error') && m.ref === 1) {
        const now = performance.now();
        clearTimeout(timer);
        ws.close();
        resolve({ ack: now - sent, connectToAck: now - t0, ok: m.type === 'ack' });
      }
    });
    ws.once('error', (e) => { clearTimeout(timer); reject(e); });
  });
}

interface ColdRow { store: string; kind: string; games: number; p50: number; p99: number; max: number; connectP99: number; errors: number; rssMiB: number }

async function coldRun(db: string, label: string, pop: Populated, sample: PlacedGame[], log: (l: string) => void): Promise<ColdRow[]> {
  const { proc, url } = await startServer(db);
  try {
    const by = new Map<string, { ack: number[]; conn: number[]; errors: number }>();
    for (const g of sample) {
      const kind = g.plan.scenario === 'campaign' ? 'long Hammer Campaign games' : 'other active games';
      const r = await firstAction(url, pop.tokens[g.first!.owner], g);
      const e = by.get(kind) ?? { ack: [], conn: [], errors: 0 };
      e.ack.push(r.ack);
      e.conn.push(r.connectToAck);
      if (!r.ok) e.errors++;
      by.set(kind, e);
      await sleep(5);
    }
    const rss = rssMiB(proc.pid!);
    const rows: ColdRow[] = [];
    for (const [kind, e] of by) {
      const a = e.ack.sort((x, y) => x - y), c = e.conn.sort((x, y) => x - y);
      rows.push({ store: label, kind, games: a.length, p50: percentile(a, 0.5), p99: percentile(a, 0.99), max: a[a.length - 1]!, connectP99: percentile(c, 0.99), errors: e.errors, rssMiB: rss });
      log(`cold start (${label}), ${kind}: ${a.length} games, first action p50 ${percentile(a, 0.5).toFixed(1)} ms, p99 ${percentile(a, 0.99).toFixed(1)} ms, max ${a[a.length - 1]!.toFixed(1)} ms`);
    }
    return rows;
  } finally {
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r));
  }
}

const fmt = (x: number): string => x.toFixed(1);
function table(rows: Record<string, string | number>[]): string {
  const keys = Object.keys(rows[0] ?? {});
  return [`| ${keys.join(' | ')} |`, `|${keys.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${Object.values(r).join(' | ')} |`)].join('\n');
}
/** Says so when a run was smaller than the issue's sizes. */
const sizeNote = (reduced: boolean, full: string): string => (reduced ? `**Reduced size** (the issue's size: ${full}), run while other jobs shared the machine. ` : '');
function cpuModel(): string {
  try {
    return /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? 'unknown CPU';
  } catch {
    return 'unknown CPU';
  }
}
/** Where and under what load a figure was taken (the server, its clients and any other jobs share these cores). */
const machineNote = (): string => `Machine: nproc ${availableParallelism()}, ${cpuModel()}; load average ${loadavg().map((x) => x.toFixed(1)).join(' / ')} (1/5/15 min) when it finished`;

/** `tabula bench --only cold-start`. Sizes: TABULA_BENCH_COLD_GAMES (10000), TABULA_BENCH_COLD_LONG (200), TABULA_BENCH_COLD_LONG_ACTIONS (3000), TABULA_BENCH_COLD_SAMPLE (other active games measured, 300). */
export const coldStartBench: Benchmark = {
  name: 'cold-start',
  async run({ quick, log }): Promise<BenchSection> {
    const total = env('TABULA_BENCH_COLD_GAMES', quick ? 200 : 10_000), long = env('TABULA_BENCH_COLD_LONG', quick ? 5 : 200);
    const longActions = env('TABULA_BENCH_COLD_LONG_ACTIONS', quick ? 1000 : 3000), otherSample = env('TABULA_BENCH_COLD_SAMPLE', quick ? 50 : 300);
    const dir = mkdtempSync(join(tmpdir(), 'tabula-cold-'));
    try {
      const db = join(dir, 'cold.db');
      const pop = await populate(`sqlite:${db}`, coldMix(total, long, longActions, new Rng('cold')), 'cold-play', log);
      const actives = pop.games.filter((g) => g.first);
      const rng = new Rng('cold-sample');
      const others = actives.filter((g) => g.plan.scenario !== 'campaign');
      for (let i = others.length - 1; i > 0; i--) { const j = rng.int(i + 1); [others[i], others[j]] = [others[j]!, others[i]!]; }
      const sample = [...actives.filter((g) => g.plan.scenario === 'campaign'), ...others.slice(0, otherSample)];
      for (let i = sample.length - 1; i > 0; i--) { const j = rng.int(i + 1); [sample[i], sample[j]] = [sample[j]!, sample[i]!]; }
      // The same store without its snapshots, for comparison (its server replays each game from the start).
      const bare = join(dir, 'bare.db');
      copyFileSync(db, bare);
      if (existsSync(`${db}-wal`)) copyFileSync(`${db}-wal`, `${bare}-wal`);
      const s = await openStore(`sqlite:${bare}`);
      await s.sql.run('DELETE FROM snapshots');
      await s.close();
      const rows = [...await coldRun(`sqlite:${db}`, 'with snapshots', pop, sample, log), ...await coldRun(`sqlite:${bare}`, 'snapshots deleted', pop, sample, log)];
      const lengths = pop.games.filter((g) => g.plan.scenario === 'campaign').map((g) => g.length);
      const out = rows.map((r) => ({ store: r.store, games: r.kind, measured: r.games, 'first action p50 ms': fmt(r.p50), 'p99 ms': fmt(r.p99), 'max ms': fmt(r.max), 'socket open to ack p99 ms': fmt(r.connectP99), errors: r.errors, 'server RSS MiB': r.rssMiB }));
      return {
        title: 'Cold start (real games, SQLite)',
        command: `TABULA_BENCH_COLD_GAMES=${total} TABULA_BENCH_COLD_LONG=${long} TABULA_BENCH_COLD_LONG_ACTIONS=${longActions} TABULA_BENCH_COLD_SAMPLE=${otherSample} npx tabula bench --only cold-start${quick ? ' --quick' : ''}`,
        markdown: `${table(out)}\n\n${sizeNote(total < 10_000 || long < 200 || longActions < 3000, '10,000 games with 200 Campaign games past 3,000 actions')}The store: ${total} games (${pop.games.filter((g) => g.active).length} active, ${pop.games.filter((g) => !g.active).length} finished), among them ${long} Hammer Campaign games of ${Math.min(...lengths)}-${Math.max(...lengths)} actions; the others Hammer Braveheart, Carcassonne (2-5 players) and HACSE games of 0-150 random legal actions, about half resigned. It was filled through the server's games room (random legal actions, snapshots written as a running server writes them: ${pop.snapshots} stored) in ${pop.seconds.toFixed(0)} s. Then a fresh server process (\`@tabula/server/test-server\`, SQLite) and, one game at a time (5 ms apart), a WebSocket client opens the game and sends a legal action at once: "first action" is from sending it to its acknowledgement, which includes loading the game (reading its log and the newest snapshot, replaying the actions after it); "socket open to ack" also counts the connection. Measured: every long game and ${others.slice(0, otherSample).length} of the other active games, in random order. "snapshots deleted": the same store file with its snapshots table emptied, on another fresh server (each game is replayed from its first action). ${machineNote()}.`,
        rows: out,
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

function loadRow(label: string, r: LoadResult, rssStart: number): Record<string, string | number> {
  return {
    setup: label, games: r.games, 'WebSocket clients': r.clients, 'acks/s': Number(r.perSecond.toFixed(0)), 'p50 ms': fmt(r.p50), 'p99 ms': fmt(r.p99), 'max ms': fmt(r.max),
    'server CPU ms/action': r.cpuPerAck.toFixed(2), 'server RSS MiB': r.rssPeak, 'KiB per active game': Math.round(((r.rssPeak - rssStart) * 1024) / r.games), errors: r.errors,
  };
}

/** `tabula bench --only real-load`. Sizes: TABULA_BENCH_REAL_GAMES (1000), TABULA_BENCH_REAL_HAMMER_MAX (longest Hammer position, 3000), TABULA_BENCH_REAL_MEASURE_S (20); TABULA_BENCH_REAL_STORE=postgres: a throw-away PostgreSQL instead of SQLite; TABULA_BENCH_REAL_SPECTATORS: signed-in spectator sockets per game (0). */
export const realLoadBench: Benchmark = {
  name: 'real-load',
  async run({ quick, log }): Promise<BenchSection> {
    const n = env('TABULA_BENCH_REAL_GAMES', quick ? 60 : 1000), hammerMax = env('TABULA_BENCH_REAL_HAMMER_MAX', quick ? 600 : 3000), measure = env('TABULA_BENCH_REAL_MEASURE_S', quick ? 5 : 20) * 1000, warm = quick ? 2000 : 5000;
    const dir = mkdtempSync(join(tmpdir(), 'tabula-real-'));
    const onPg = process.env.TABULA_BENCH_REAL_STORE === 'postgres';
    const spectators = env('TABULA_BENCH_REAL_SPECTATORS', 0);
    const pg = onPg ? await (await harness()).startPostgres() : null;
    try {
      const db = pg ? pg.url : `sqlite:${join(dir, 'real.db')}`;
      const pop = await populate(db, realMix(n, new Rng('real'), hammerMax), 'real-play', log);
      const { proc, url } = await startServer(db);
      try {
        await sleep(500);
        const rssStart = rssMiB(proc.pid!);
        // Spectators: that many more sockets per game, each signed in to an account of its own that holds no seat (they never act).
        const watchers: string[] = [];
        for (let i = 0; i < spectators; i++) watchers.push((await post(url, '/api/accounts', { name: `benchW${i}${Date.now().toString(36)}`, password: PW })).token as string);
        const pairs = pop.games.filter((g) => g.active).flatMap((g) => [[g.id, pop.tokens[0]], [g.id, pop.tokens[1]], ...watchers.map((w) => [g.id, w])] as [string, string][]);
        const r = await measureClients(proc.pid!, [url], pairs, warm, measure, 'random', log, `real-load N=${n}`);
        const row = loadRow(`1 process, ${pg ? 'PostgreSQL' : 'SQLite'}${spectators ? `, ${spectators} spectators a game` : ''}`, r, rssStart);
        const hammer = pop.games.filter((g) => g.plan.game === HAMMER).map((g) => g.length);
        return {
          title: `Real-game load (WebSocket play, ${pg ? 'PostgreSQL' : 'SQLite'}, loopback)`,
          command: `${pg ? 'TABULA_BENCH_REAL_STORE=postgres ' : ''}${spectators ? `TABULA_BENCH_REAL_SPECTATORS=${spectators} ` : ''}TABULA_BENCH_REAL_GAMES=${n} TABULA_BENCH_REAL_HAMMER_MAX=${hammerMax} TABULA_BENCH_REAL_MEASURE_S=${measure / 1000} npx tabula bench --only real-load${quick ? ' --quick' : ''}`,
          markdown: `${table([row])}\n\n${sizeNote(n < 1000 || hammerMax < 3000, '1,000 games, Hammer positions up to 3,000 actions')}${n} games: a third each Hammer of the Scots (Braveheart, started from recorded positions of ${Math.min(...hammer)}-${Math.max(...hammer)} random legal actions), Carcassonne (2-5 players) and HACSE (from the start); the store filled through the server's games room first (${pop.seconds.toFixed(0)} s). A fresh server process (${pg ? 'a throw-away PostgreSQL on the same cores, fsync off' : 'SQLite, WAL'}) then serves two WebSocket clients per game (one account each; with more than two seats, each holds every other seat); a client whose turn it is sends a random legal action one second after its previous one. Latency: from sending an action to its acknowledgement. "server CPU ms/action": the server's user + system CPU time during the measured ${measure / 1000} s divided by the acknowledged actions (each also pushes a redacted state to both sockets); "KiB per active game": (peak RSS - RSS before the first socket) / games. Warm-up ${warm / 1000} s (the games are loaded then). ${machineNote()}.`,
          rows: [row],
        };
      } finally {
        proc.kill('SIGTERM');
        await new Promise((r) => proc.once('exit', r));
      }
    } finally {
      await pg?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

interface Service { url: string; stop(): Promise<void> }

/** The server's test harness: a throw-away PostgreSQL and Redis (or TABULA_TEST_PG_URL / TABULA_TEST_REDIS_URL). */
async function harness(): Promise<{ startPostgres(): Promise<Service>; startRedis(): Promise<Service> }> {
  const url = pathToFileURL(join(dirname(fileURLToPath(import.meta.resolve('@tabula/server/test-server'))), 'services.js')).href;
  return await import(url) as { startPostgres(): Promise<Service>; startRedis(): Promise<Service> };
}

/** `tabula bench --only cluster-load`: two server processes, PostgreSQL, Redis. Size: TABULA_BENCH_CLUSTER_GAMES (2000). */
export const clusterLoadBench: Benchmark = {
  name: 'cluster-load',
  async run({ quick, log }): Promise<BenchSection> {
    const n = env('TABULA_BENCH_CLUSTER_GAMES', quick ? 60 : 2000), hammerMax = env('TABULA_BENCH_REAL_HAMMER_MAX', quick ? 600 : 3000), measure = env('TABULA_BENCH_REAL_MEASURE_S', quick ? 5 : 20) * 1000, warm = quick ? 2000 : 5000;
    const { startPostgres, startRedis } = await harness();
    const pg = await startPostgres();
    const redis = await startRedis();
    try {
      const pop = await populate(pg.url, realMix(n, new Rng('cluster'), hammerMax), 'cluster-play', log);
      const active = pop.games.filter((g) => g.active);
      const servers = [await startServer(pg.url, { TABULA_REDIS: redis.url }), await startServer(pg.url, { TABULA_REDIS: redis.url })];
      let r: LoadResult, rssStart: number;
      try {
        await sleep(500);
        rssStart = servers.reduce((x, s) => x + rssMiB(s.proc.pid!), 0);
        // A game's two clients on different processes: every action's push crosses Redis.
        const pairs = active.flatMap((g) => [[g.id, pop.tokens[0]], [g.id, pop.tokens[1]]] as [string, string][]);
        r = await measureClients(servers.map((s) => s.proc.pid!), servers.map((s) => s.url), pairs, warm, measure, 'random', log, `cluster-load N=${n}`);
      } finally {
        for (const s of servers) s.proc.kill('SIGTERM');
        await Promise.all(servers.map((s) => new Promise((res) => s.proc.once('exit', res))));
      }
      // No action applied twice: the logs grew by the acknowledged actions (plus those in flight when the clients stopped), and each log replays.
      const store = await openStore(pg.url);
      let grown = 0, replayFailures = 0;
      try {
        const svc = new Games({ store, snapshotEvery: false });
        for (const g of active) {
          const row = (await store.getGame(g.id))!;
          grown += row.logLength - g.length;
          try { await svc.table.current(g.id); } catch { replayFailures++; }
        }
      } finally {
        await store.close();
      }
      const once = grown >= r.allAcks && grown <= r.allAcks + r.pendingAtEnd && replayFailures === 0;
      log(`cluster-load: logs grew by ${grown}, ${r.allAcks} acks, ${r.pendingAtEnd} in flight at the end, ${replayFailures} logs that do not replay`);
      const row = { ...loadRow('2 processes, PostgreSQL + Redis', r, rssStart), 'actions applied once': once ? 'yes' : 'NO' };
      return {
        title: 'Two processes + PostgreSQL + Redis (real games)',
        command: `TABULA_BENCH_CLUSTER_GAMES=${n} TABULA_BENCH_REAL_HAMMER_MAX=${hammerMax} TABULA_BENCH_REAL_MEASURE_S=${measure / 1000} npx tabula bench --only cluster-load${quick ? ' --quick' : ''}`,
        markdown: `${table([row])}\n\n${sizeNote(n < 2000 || hammerMax < 3000, '2,000 games, Hammer positions up to 3,000 actions')}The real-game mix of the section above (${n} games), in a throw-away PostgreSQL (fsync off, as the server's tests run it), served by two server processes that share it and a Redis for the pushes; each game's two clients are on different processes. RSS and CPU are the sum over both processes. "Actions applied once": over all games the logs grew by ${grown} actions, between the ${r.allAcks} acknowledged (warm-up included) and those plus the ${r.pendingAtEnd} in flight when the clients stopped, and every log replays (${replayFailures} failures). PostgreSQL and Redis run on the same 2 cores. ${machineNote()}.`,
        rows: [row],
      };
    } finally {
      await redis.stop();
      await pg.stop();
    }
  },
};
