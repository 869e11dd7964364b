/**
 * A PostgreSQL connection that breaks while a transaction holds it (the database stopped or restarted) must not
 * end the server: the outside database-outage check found the process gone after a stop during a presence update.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { pgTransaction } from '../store/sql.js';
import { startPostgres } from './services.js';

describe('PostgreSQL transactions', () => {
  it('db outage: a connection killed between two statements of a transaction rejects that transaction; the process and the pool go on', async () => {
    const db = await startPostgres();
    const pool = new pg.Pool({ connectionString: db.url, max: 2 });
    pool.on('error', () => undefined);
    const admin = new pg.Pool({ connectionString: db.url, max: 1 });
    try {
      const tx = pgTransaction(pool, async (c) => {
        const pid = (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
        await admin.query('SELECT pg_terminate_backend($1)', [pid]);
        // The server's notice arrives while this client runs no query: emitted as the client's `error`.
        await new Promise((r) => setTimeout(r, 300));
        await c.query('SELECT 1');
      });
      await assert.rejects(tx);
      const r = await pool.query<{ x: number }>('SELECT 1 AS x');
      assert.equal(r.rows[0]!.x, 1, 'a new connection serves');
      assert.equal(await pgTransaction(pool, async (c) => (await c.query<{ y: number }>('SELECT 2 AS y')).rows[0]!.y), 2);
    } finally {
      await admin.end();
      await pool.end();
      await db.stop();
    }
  });
});
