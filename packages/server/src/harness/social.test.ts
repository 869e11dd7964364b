import { after } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { socialSuite } from './social-suite.js';
import { startPostgres, type Service } from './services.js';

const dir = mkdtempSync(join(tmpdir(), 'tabula-social-'));
let pg: Service | undefined;
after(async () => {
  await pg?.stop();
  rmSync(dir, { recursive: true, force: true });
});

socialSuite('SQLite', () => Promise.resolve(`sqlite:${join(dir, 'social.db')}`));
socialSuite('PostgreSQL', async () => {
  pg = await startPostgres();
  return pg.url;
});
