import { after } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { moderationSuite } from './moderation-suite.js';
import { startPostgres, type Service } from './services.js';

const dir = mkdtempSync(join(tmpdir(), 'tabula-moderation-'));
let pg: Service | undefined;
after(async () => {
  await pg?.stop();
  rmSync(dir, { recursive: true, force: true });
});

moderationSuite('SQLite', () => Promise.resolve(`sqlite:${join(dir, 'moderation.db')}`));
moderationSuite('PostgreSQL', async () => {
  pg = await startPostgres();
  return pg.url;
});
