/** `tabula bench --only server-load`: see runLoad (load.ts). */
import { runLoad, type LoadResult } from './load.js';
import { loadavg } from 'node:os';
import type { Benchmark, BenchSection } from './types.js';

export const serverLoadBench: Benchmark = {
  name: 'server-load',
  async run({ quick, log }): Promise<BenchSection> {
    const sizes = quick ? [20, 50] : (process.env.TABULA_BENCH_LOAD_SIZES ?? '100,500,1000').split(',').map(Number);
    const warm = quick ? 2000 : 5000, measure = quick ? 4000 : 15_000;
    const results: LoadResult[] = [];
    for (const n of sizes) results.push(await runLoad(n, warm, measure, log));
    const rows = results.map((r) => ({
      games: r.games, 'WebSocket clients': r.clients, 'acks/s': Number(r.perSecond.toFixed(0)), 'p50 ms': Number(r.p50.toFixed(1)),
      'p99 ms': Number(r.p99.toFixed(1)), 'max ms': Number(r.max.toFixed(1)), 'server RSS MiB': r.rssPeak, 'server CPU ms/ack': Number(r.cpuPerAck.toFixed(2)), errors: r.errors,
    }));
    const header = `| ${Object.keys(rows[0] ?? {}).join(' | ')} |`;
    const sep = `|${Object.keys(rows[0] ?? {}).map(() => '---:').join('|')}|`;
    const table = [header, sep, ...rows.map((r) => `| ${Object.values(r).join(' | ')} |`)].join('\n');
    return {
      title: 'Server load (WebSocket play, SQLite, loopback)',
      command: `npx tabula bench --only server-load${quick ? ' --quick' : ''}`,
      markdown: `${table}\n\nEach game has two WebSocket clients (one per seat); a client whose turn it is sends one action per second over its socket; latency is from sending the action to receiving its acknowledgement (sent after the SQLite commit). The server (\`tabula serve\` internals, test game "tally") runs in its own process with SQLite (WAL) and default settings except logging and rate limits off; the clients share the same ${quick ? 'machine' : '2-core machine'}. Warm-up ${warm / 1000} s, measured ${measure / 1000} s per row. "server RSS" is the server process's peak resident memory; "server CPU ms/ack" its user + system CPU time during the measurement divided by the acknowledged actions (each action also pushes two per-viewer states). Load average of the machine when measured: ${loadavg()[0]!.toFixed(1)} (other jobs were running).`,
      rows,
    };
  },
};
