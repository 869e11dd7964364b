/**
 * Plain SQL for the features' stores (notify.ts, social.ts, seeks.ts, analyses.ts, snapshots.ts): `?`
 * placeholders, written once for both dialects; each dialect supplies a runner (`sqliteRunner`, `pgRunner`).
 */
import type Database from 'better-sqlite3';
import type pg from 'pg';

export type Statement = [string, unknown[]];

/** Statements run together: `rest` only when `guard` (if any) changed a row. */
export interface Group { guard?: Statement; rest: Statement[] }

/** Whether a group ran, and the rows its guard returned (`... RETURNING`; else none). */
export interface GroupResult { ran: boolean; rows: Record<string, unknown>[] }

export interface BatchOptions {
  /** A guard that changes no row rolls the whole batch back (every group reports false). */
  allOrNothing?: boolean;
}

export interface SqlRunner {
  all<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** The number of rows changed. */
  run(sql: string, params?: readonly unknown[]): Promise<number>;
  /** Runs the groups in one transaction; says for each whether it ran (its guard changed a row). */
  batch(groups: Group[], opts?: BatchOptions): Promise<GroupResult[]>;
}

/** `?` placeholders as PostgreSQL's `$1, $2, ...` (no `?` appears in our SQL otherwise). */
export function pgPlaceholders(sql: string): string {
  let i = 0;
  return sql.replace(/\?/g, () => `$${++i}`);
}

/** Thrown inside a transaction to undo it; never leaves the runner. */
class RolledBack extends Error {}

/** `prepare` compiles a statement once (the store's own cache, shared). */
export function sqliteRunner(db: Database.Database, prepare: (sql: string) => Database.Statement): SqlRunner {
  return {
    all: <T>(sql: string, params: readonly unknown[] = []): Promise<T[]> => {
      const st = prepare(sql);
      return Promise.resolve((st.reader ? st.all(...params) : (st.run(...params), [])) as T[]);
    },
    run: (sql, params = []) => Promise.resolve(prepare(sql).run(...params).changes),
    batch: (groups, opts = {}) => {
      const none = (): GroupResult[] => groups.map(() => ({ ran: false, rows: [] }));
      try {
        return Promise.resolve(db.transaction(() => groups.map((g): GroupResult => {
          let rows: Record<string, unknown>[] = [];
          if (g.guard) {
            const st = prepare(g.guard[0]);
            const changed = st.reader ? (rows = st.all(...g.guard[1]) as Record<string, unknown>[]).length : st.run(...g.guard[1]).changes;
            if (changed === 0) {
              if (opts.allOrNothing) throw new RolledBack();
              return { ran: false, rows: [] };
            }
          }
          for (const [sql, p] of g.rest) prepare(sql).run(...p);
          return { ran: true, rows };
        })).immediate());
      } catch (e) {
        if (e instanceof RolledBack) return Promise.resolve(none());
        return Promise.reject(e);
      }
    },
  };
}

/**
 * `fn` inside BEGIN ... COMMIT on one pooled connection; any error rolls back. `undo` rolls back and returns its value.
 * A connection that breaks while it is checked out (the database stopped or restarted) emits `error` on the client,
 * which would end the process without a listener: it is caught here, and the broken client is discarded.
 */
export async function pgTransaction<T>(pool: pg.Pool, fn: (c: pg.PoolClient, undo: <U>(value: U) => Promise<U>) => Promise<T>): Promise<T> {
  const c = await pool.connect();
  let broken: Error | undefined;
  const onError = (e: Error): void => { broken = e; };
  c.on('error', onError);
  let undone = false;
  const undo = async <U>(value: U): Promise<U> => {
    undone = true;
    await c.query('ROLLBACK');
    return value;
  };
  try {
    await c.query('BEGIN');
    const out = await fn(c, undo);
    if (!undone) await c.query('COMMIT');
    return out;
  } catch (e) {
    if (!undone) await c.query('ROLLBACK').catch((e2: unknown) => { broken ??= e2 instanceof Error ? e2 : new Error(String(e2)); });
    throw e;
  } finally {
    c.off('error', onError);
    c.release(broken);
  }
}

export function pgRunner(pool: pg.Pool): SqlRunner {
  return {
    all: async <T>(sql: string, params: readonly unknown[] = []): Promise<T[]> => (await pool.query(pgPlaceholders(sql), params as unknown[])).rows as T[],
    run: async (sql, params = []) => (await pool.query(pgPlaceholders(sql), params as unknown[])).rowCount ?? 0,
    batch: (groups, opts = {}) => pgTransaction(pool, async (c, undo) => {
      const out: GroupResult[] = [];
      for (const g of groups) {
        let rows: Record<string, unknown>[] = [];
        if (g.guard) {
          const r = await c.query(pgPlaceholders(g.guard[0]), g.guard[1]);
          rows = r.rows as Record<string, unknown>[];
          if ((r.rowCount ?? 0) === 0) {
            if (opts.allOrNothing) return undo(groups.map(() => ({ ran: false, rows: [] })));
            out.push({ ran: false, rows: [] });
            continue;
          }
        }
        for (const [sql, p] of g.rest) await c.query(pgPlaceholders(sql), p);
        out.push({ ran: true, rows });
      }
      return out;
    }),
  };
}
