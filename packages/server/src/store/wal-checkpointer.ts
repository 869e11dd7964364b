/**
 * Moves SQLite's WAL checkpoints off the event loop. By default SQLite checkpoints inside the commit
 * that takes the WAL past 1,000 pages, and with synchronous = NORMAL that checkpoint fsyncs the
 * database file: a busy server then stalls one action for 10-50 ms every few hundred commits. With
 * this, the server's connection never checkpoints (wal_autocheckpoint = 0) and a worker thread does it
 * every second (a PASSIVE checkpoint runs beside writers). After a complete checkpoint SQLite starts
 * the WAL again from its beginning, so the file stays at about one second of writes.
 */
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

export class WalCheckpointer {
  private readonly worker: Worker;
  private stopped: Promise<void> | null = null;

  constructor(db: Database.Database, path: string, everyMs = 1000, warn: (msg: string) => void = (m) => process.emitWarning(m)) {
    db.pragma('wal_autocheckpoint = 0');
    this.worker = new Worker(new URL('./checkpoint-worker.js', import.meta.url), { workerData: { path, everyMs } });
    this.worker.unref();
    this.worker.on('message', (m: unknown) => {
      if (m && typeof m === 'object' && 'error' in m) warn(`WAL checkpoint failed: ${String((m as { error: unknown }).error)}`);
    });
    this.worker.on('error', (e) => warn(`WAL checkpoint worker failed: ${e.message}`));
  }

  /** Runs a last checkpoint and ends the worker. */
  stop(): Promise<void> {
    this.stopped ??= new Promise<void>((resolve) => {
      const done = (): void => { clearTimeout(t); resolve(); };
      const t = setTimeout(() => { void this.worker.terminate().then(done, done); }, 5000);
      this.worker.once('exit', done);
      this.worker.postMessage('stop');
    });
    return this.stopped;
  }
}
