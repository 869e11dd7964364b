import { after } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiSuite } from './api-suite.js';
import { startPostgres, type Service } from './services.js';

const dir = mkdtempSync(join(tmpdir(), 'tabula-api-'));
let pg: Service | undefined;
after(async () => {
  await pg?.stop();
  rmSync(dir, { recursive: true, force: true });
});

apiSuite('SQLite', () => Promise.resolve(`sqlite:${join(dir, 'api.db')}`));
apiSuite('PostgreSQL', async () => {
  pg = await startPostgres();
  return pg.url;
});
