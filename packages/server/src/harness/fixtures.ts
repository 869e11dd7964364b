/** Starting test servers on either store. */
import { fileURLToPath } from 'node:url';
import { createServer, defaultRateLimits, type ServerOptions, type TabulaServer } from '../app.js';
import { openStore } from '../store/index.js';
import { Api } from './client.js';
import './testgame.js';

export const testGameModule = new URL('./testgame.js', import.meta.url).href;
export const childScript = fileURLToPath(new URL('./serve-child.js', import.meta.url));
/** Cheap scrypt for tests (the production cost is N = 2^14). */
export const testScrypt = { N: 1024, r: 8, p: 1 };

export interface Running {
  server: TabulaServer;
  api: Api;
  base: string;
}

export async function startServer(db: string, extra: Partial<ServerOptions> = {}): Promise<Running> {
  const store = await openStore(db);
  const server = await createServer({
    store, logger: false, webDist: null, scrypt: testScrypt,
    bots: { threads: 1, thinkMs: 5, modules: [testGameModule] },
    // Suites create many games per account; the cap and the creation limits have their own tests (hardening.test.ts).
    openGamesPerAccount: false,
    rateLimits: { accounts: defaultRateLimits.accounts, sessions: defaultRateLimits.sessions, actions: defaultRateLimits.actions },
    ...extra,
  });
  const base = await server.listen(0, '127.0.0.1');
  return { server, api: new Api(base), base };
}

let n = 0;
/** A unique account name per call. */
export function uniqueName(prefix = 'u'): string {
  return `${prefix}${process.pid.toString(36)}${(n++).toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`.slice(0, 32);
}
