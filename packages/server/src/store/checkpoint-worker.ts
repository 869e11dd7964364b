/**
 * A worker thread that checkpoints a SQLite WAL in the background (see wal-checkpointer.ts): its own
 * connection runs a PASSIVE checkpoint, which never blocks the server's writers or readers, every
 * `everyMs`. The fsync of a checkpoint then happens here instead of inside some action's commit.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { path, everyMs } = workerData as { path: string; everyMs: number };
const db = new Database(path);
db.pragma('busy_timeout = 1000');
db.pragma('wal_autocheckpoint = 0');

const checkpoint = (): void => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (e) {
    parentPort?.postMessage({ error: e instanceof Error ? e.message : String(e) });
  }
};
const timer = setInterval(checkpoint, everyMs);
parentPort?.on('message', (m: unknown) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort?.postMessage('stopped');
  parentPort?.close();
});
