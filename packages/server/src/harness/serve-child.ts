/**
 * A server process for the multi-process and crash tests and the cli's load benchmark (exported as
 * `@tabula/server/test-server`): `node serve-child.js`, configured by
 * TABULA_DB and TABULA_REDIS; prints "LISTENING <url>" once it serves. The test game is registered.
 */
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
});
const url = await server.listen(Number(process.env.TABULA_PORT ?? 0), '127.0.0.1');
process.stdout.write(`LISTENING ${url}\n`);
const stop = (): void => { void server.close().finally(() => process.exit(0)); };
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
