/** A NUL character in a path parameter, a query or a JSON body is a 400 on both stores (PostgreSQL answered 500). */
import { describe, it, before, after } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, uniqueName, type Running } from '../harness/fixtures.js';
import { startPostgres, type Service } from '../harness/services.js';
import { assertError } from '../harness/api-support.js';

const dir = mkdtempSync(join(tmpdir(), 'tabula-nul-'));
let pg: Service | undefined;
after(async () => {
  await pg?.stop();
  rmSync(dir, { recursive: true, force: true });
});

function suite(label: string, db: () => Promise<string>): void {
  describe(`NUL characters on ${label}`, () => {
    let run: Running;
    let token: string;
    before(async () => {
      run = await startServer(await db(), { rateLimits: false });
      token = await run.api.signUp(uniqueName('nul'));
    });
    after(async () => { await run?.server.close(); });

    it('in a path parameter: 400 bad-request on every kind of route', async () => {
      for (const path of ['/api/games/%00', '/api/seeks/%00', '/api/games/%00/chat', '/api/users/%00', '/api/users/a%00b/ratings', '/api/games/x%00/replay']) {
        assertError(await run.api.get(path, token), 400, 'bad-request');
      }
    });

    it('in a query or a JSON body: 400 bad-request, and nothing is made', async () => {
      assertError(await run.api.get('/api/games?status=open%00', token), 400, 'bad-request');
      const name = uniqueName('nul');
      assertError(await run.api.post('/api/accounts', { name: `${name}\u0000`, password: 'correct horse battery staple' }), 400, 'bad-request');
      assertError(await run.api.get(`/api/users/${name}`), 404);
      assertError(await run.api.post('/api/games', { game: 'carcassonne', options: { 'a\u0000': 1 } }, token), 400, 'bad-request');
    });
  });
}

suite('SQLite', () => Promise.resolve(`sqlite:${join(dir, 'nul.db')}`));
suite('PostgreSQL', async () => {
  pg = await startPostgres();
  return pg.url;
});
