/**
 * A server process for the multi-process and crash tests and the cli's load benchmark (exported as
 * `@tabula/server/test-server`): `node serve-child.js`, configured by
 * TABULA_DB and TABULA_REDIS (notifications: TABULA_SMTP, TABULA_ALLOW_PRIVATE_WEBHOOKS=1, TABULA_NOTIFY_WORKER=0 to
 * leave the outbox undrained, TABULA_NOTIFY_BACKOFF_MS, TABULA_NOTIFY_LEASE_MS; TABULA_LOOP_STATS=1 prints the event loop's
 * delay percentiles to stderr when it stops); prints "LISTENING <url>" once it serves. The test game is registered.
 */
import { monitorEventLoopDelay, PerformanceObserver, constants, type PerformanceEntry } from 'node:perf_hooks';
import { createServer } from '../app.js';
import { testGameModule, testScrypt } from './fixtures.js';

const server = await createServer({
  db: process.env.TABULA_DB ?? 'sqlite::memory:',
  redis: process.env.TABULA_REDIS || undefined,
  logger: process.env.TABULA_LOG ? { level: process.env.TABULA_LOG } : false,
  webDist: null,
  scrypt: testScrypt,
  // TABULA_RATE_LIMITS="accounts,sessions,actions" (per minute) turns the limits on; off by default.
  rateLimits: process.env.TABULA_RATE_LIMITS
    ? (([accounts, sessions, actions]) => ({ accounts: accounts!, sessions: sessions!, actions: actions! }))(process.env.TABULA_RATE_LIMITS.split(',').map(Number))
    : false,
  // The load benchmark opens 1,000 sockets per account (and the tests create many games per account).
  socketsPerOwner: false,
  openGamesPerAccount: false,
  bots: { threads: 1, thinkMs: 5, modules: [testGameModule] },
  ...(process.env.TABULA_SWEEP_MS ? { sweepMs: Number(process.env.TABULA_SWEEP_MS) } : {}),
  // TABULA_TOURNAMENT_KILL_AT=paired|game-made: the process kills itself (SIGKILL) at that point of a round's pairing.
  ...(process.env.TABULA_TOURNAMENT_KILL_AT ? { tournamentFault: (point: string) => { if (point === process.env.TABULA_TOURNAMENT_KILL_AT) process.kill(process.pid, 'SIGKILL'); } } : {}),
  ...(process.env.TABULA_SMTP ? { smtp: process.env.TABULA_SMTP } : {}),
  allowPrivateWebhooks: process.env.TABULA_ALLOW_PRIVATE_WEBHOOKS === '1',
  notify: {
    worker: process.env.TABULA_NOTIFY_WORKER !== '0', pollMs: 100,
    ...(process.env.TABULA_NOTIFY_BACKOFF_MS ? { backoffMs: Number(process.env.TABULA_NOTIFY_BACKOFF_MS) } : {}),
    ...(process.env.TABULA_NOTIFY_LEASE_MS ? { leaseMs: Number(process.env.TABULA_NOTIFY_LEASE_MS) } : {}),
  },
});
// The clock race test counts which process flagged each timeout (changes are reported only where made).
server.games.events.on(({ gameId, row }) => {
  if (row.outcome?.reason === 'timeout') process.stdout.write(`TIMEOUT ${gameId}\n`);
});
const url = await server.listen(Number(process.env.TABULA_PORT ?? 0), '127.0.0.1');
process.stdout.write(`LISTENING ${url}\n`);
const loop = process.env.TABULA_LOOP_STATS ? monitorEventLoopDelay({ resolution: 5 }) : null;
loop?.enable();
if (loop && process.env.TABULA_LOOP_STATS === 'stalls') {
  // Every stall of the event loop over 40 ms, with the time since start (to match it with periodic work).
  const t0 = Date.now();
  let last = Date.now();
  setInterval(() => {
    const now = Date.now();
    if (now - last > 50) process.stderr.write(`stall ${now - last - 10} ms at ${((now - t0) / 1000).toFixed(1)} s\n`);
    last = now;
  }, 10).unref();
  // Garbage collections of 10 ms or more, on the same clock, to tell their pauses from the server's own work.
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.duration >= 10) process.stderr.write(`gc ${(e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR ? 'major' : 'minor'} ${e.duration.toFixed(0)} ms at ${((performance.timeOrigin + e.startTime - t0) / 1000).toFixed(1)} s\n`);
    }
  }).observe({ entryTypes: ['gc'] });
}
const stop = (): void => {
  if (loop) {
    const ms = (ns: number): string => (ns / 1e6).toFixed(1);
    process.stderr.write(`event loop delay ms: p50 ${ms(loop.percentile(50))} p90 ${ms(loop.percentile(90))} p99 ${ms(loop.percentile(99))} p99.9 ${ms(loop.percentile(99.9))} max ${ms(loop.max)}\n`);
  }
  void server.close().finally(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
