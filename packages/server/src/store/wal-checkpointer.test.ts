import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from './index.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function fill(path: string, backgroundCheckpoints: boolean): Promise<{ mainAfterWrites: number; mainLater: number; walAfterClose: boolean }> {
  const store = await openStore(`sqlite:${path}`, { backgroundCheckpoints });
  const user = (await store.createUser('walwriter', 'walwriter', 'x', Date.now()))!;
  const notice = 'x'.repeat(2000);
  // About 4 MB through the WAL in many small commits, as a server writes them.
  for (let i = 0; i < 2000; i++) await store.notify.enqueue([{ userId: user.id, gameId: `g${i}`, kind: 'your-turn', payload: { notice } }], Date.now());
  const mainAfterWrites = statSync(path).size;
  let mainLater = mainAfterWrites;
  for (let t = 0; t < 40 && mainLater < 3_000_000; t++) { await sleep(100); mainLater = statSync(path).size; }
  await store.close();
  return { mainAfterWrites, mainLater, walAfterClose: existsSync(`${path}-wal`) && statSync(`${path}-wal`).size > 0 };
}

test('SQLite WAL: with background checkpoints the pages reach the database file from the worker thread, and close leaves no WAL behind', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tabula-wal-'));
  try {
    const r = await fill(join(dir, 'bg.db'), true);
    assert.ok(r.mainAfterWrites < 1_000_000, `no checkpoint inside the commits (database file ${r.mainAfterWrites} bytes right after the writes)`);
    assert.ok(r.mainLater > 3_000_000, `checkpointed in the background within 4 s (database file ${r.mainLater} bytes)`);
    assert.equal(r.walAfterClose, false, 'the worker closed its connection, so closing the store removed the WAL');
    // Without the option SQLite checkpoints inside commits: the file grows during the writes.
    const plain = await fill(join(dir, 'plain.db'), false);
    assert.ok(plain.mainAfterWrites > 3_000_000, `default: checkpoints inside commits (${plain.mainAfterWrites} bytes)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
