/**
 * Seeks a crash left in 'pairing' (the process died between claiming two seeks and marking them paired) are
 * recovered by the sweep, on SQLite and PostgreSQL: reopened and paired again when no game was made, finished
 * (the missing player seated, the rated mark written) when the game was. The rows are put in the state such a
 * crash leaves, then the sweep's `recover` runs.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAIRING_STALE_MS } from '../social/seeks.js';
import { nameKeyOf } from '../accounts/account-policy.js';
import { startServer, uniqueName, type Running } from './fixtures.js';
import { startPostgres, type Service } from './services.js';
import { TALLY } from './testgame.js';

const dir = mkdtempSync(join(tmpdir(), 'tabula-seek-recovery-'));
let pg: Service | undefined;
after(async () => {
  await pg?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const live = (s: number) => ({ kind: 'live', baseSeconds: s, incrementSeconds: 0 });

function suite(label: string, db: () => Promise<string>): void {
  describe(`seek recovery on ${label}`, () => {
    let run: Running;
    let tc = 100;
    before(async () => { run = await startServer(await db(), { sweepMs: false }); });
    after(async () => { await run?.server.close(); });

    /** Two people with one open seek each (different clocks, so they do not pair), then both seeks "claimed" as a crash leaves them. */
    async function stuckPair(gameId: string | null, ageMs: number) {
      const names: [string, string] = [uniqueName('ra'), uniqueName('rb')];
      const tokens = [await run.api.signUp(names[0]), await run.api.signUp(names[1])];
      const ids: string[] = [];
      for (const t of tokens) {
        const r = await run.api.post('/api/seeks', { game: TALLY, timeControl: live(tc++), rated: true }, t);
        assert.equal(r.status, 201, JSON.stringify(r.body));
        assert.equal(r.body.status, 'open');
        ids.push(r.body.id as string);
      }
      const sql = run.server.store.sql;
      const [first] = await sql.all<{ time_control: string }>('SELECT time_control FROM seeks WHERE id = ?', [ids[0]]);
      for (const id of ids) {
        await sql.run(`UPDATE seeks SET time_control = ?, status = 'pairing', token = 'dead-process', game_id = ?, updated_at = ? WHERE id = ?`,
          [first!.time_control, gameId, Date.now() - ageMs, id]);
      }
      const users = await Promise.all(names.map(async (n) => (await run.server.store.findUserByNameKey(nameKeyOf(n)))!));
      return { names, tokens, ids, users: users.map((u) => ({ id: u.id, name: u.name })) };
    }

    const seek = async (id: string) => (await run.api.get(`/api/seeks/${id}`)).body as { status: string; gameId: string | null };
    const listed = async (ids: string[]) => ((await run.api.get('/api/seeks')).body.seeks as { id: string }[]).filter((s) => ids.includes(s.id)).length;

    it('claimed but no game made: left alone while fresh; after PAIRING_STALE_MS open again, and the next sweep pairs them into one game', async () => {
      const fresh = await stuckPair('never-made-1', 1000);
      assert.equal(await run.server.social.seeks.recover(), 0, 'a claim younger than PAIRING_STALE_MS may still be working');
      assert.equal((await seek(fresh.ids[0]!)).status, 'open', 'shown as open while pairing');
      assert.equal(await listed(fresh.ids), 0, 'but not offered to others while claimed');
      await run.server.store.sql.run(`UPDATE seeks SET updated_at = ? WHERE token = 'dead-process'`, [Date.now() - PAIRING_STALE_MS - 1]);

      assert.equal(await run.server.social.seeks.recover(), 2);
      assert.equal(await listed(fresh.ids), 2, 'both open again');
      for (const id of fresh.ids) assert.deepEqual([(await seek(id)).status, (await seek(id)).gameId], ['open', null]);
      assert.equal(await run.server.social.seeks.pairAll(), 1);
      const [a, b] = [await seek(fresh.ids[0]!), await seek(fresh.ids[1]!)];
      assert.equal(a.status, 'paired');
      assert.equal(b.gameId, a.gameId);
      const g = await run.server.store.getGame(a.gameId!);
      assert.equal(g!.status, 'active');
      assert.deepEqual(g!.seats.map((s) => s.userId).sort(), fresh.users.map((u) => u.id).sort());
      assert.equal(await run.server.social.seeks.recover(), 0, 'nothing left to recover');
    });

    it('the game was made and one player seated when the process died: the sweep seats the other, marks it rated and both seeks paired to it', async () => {
      // The game as the dead process left it: created (its rated mark not yet written) with one seat taken.
      const s = await stuckPair(null, PAIRING_STALE_MS + 1);
      const made = await run.server.games.lobby.createGame(s.users[0]!, { game: TALLY });
      await run.server.games.lobby.takeSeat(s.users[1]!, made.id, 'north');
      await run.server.store.sql.run(`UPDATE seeks SET game_id = ? WHERE token = 'dead-process'`, [made.id]);

      assert.equal(await run.server.social.seeks.recover(), 2);
      for (const x of s.ids) assert.deepEqual([(await seek(x)).status, (await seek(x)).gameId], ['paired', made.id]);
      const g = (await run.server.store.getGame(made.id))!;
      assert.equal(g.status, 'active');
      assert.deepEqual(g.seats.map((x) => x.userId).sort(), s.users.map((u) => u.id).sort(), 'each player in one seat');
      const [meta] = await run.server.store.sql.all<{ rated: number | string }>('SELECT rated FROM game_meta WHERE game_id = ?', [made.id]);
      assert.equal(Number(meta?.rated), 1, 'rated, as both seeks asked');
    });

    it('a process stalled past PAIRING_STALE_MS while making the game loses its claim: it seats nobody, and the reopened seeks pair into one game', async () => {
      const [ta, tb] = [await run.api.signUp(uniqueName('sa')), await run.api.signUp(uniqueName('sb'))];
      const body = { game: TALLY, timeControl: live(tc++), rated: true };
      const sa = await run.api.post('/api/seeks', body, ta);
      assert.equal(sa.body.status, 'open');
      // B's pairing stalls just before creating the game, long enough for another process's sweep to reopen the seeks.
      const lobby = run.server.games.lobby;
      const createGame = lobby.createGame.bind(lobby);
      let stalled = '';
      lobby.createGame = async (...args) => {
        lobby.createGame = createGame;
        assert.equal(await run.server.social.seeks.recover(0), 2, 'the sweep reopens both claimed seeks');
        stalled = (await createGame(...args)).id;
        return { id: stalled };
      };
      const sb = await run.api.post('/api/seeks', body, tb);
      assert.equal(sb.status, 201);
      assert.equal(sb.body.status, 'open', 'the stalled pairing gave up');
      assert.ok(stalled);
      const g0 = (await run.server.store.getGame(stalled))!;
      assert.deepEqual([g0.status, g0.seats.filter((x) => x.userId !== null).length], ['open', 0], 'nobody seated in the stalled game');
      assert.equal(await run.server.social.seeks.pairAll(), 1);
      const [a, b] = [await seek(sa.body.id as string), await seek(sb.body.id as string)];
      assert.equal(a.status, 'paired');
      assert.equal(a.gameId, b.gameId);
      assert.notEqual(a.gameId, stalled);
      assert.equal((await run.server.store.getGame(a.gameId!))!.status, 'active');
    });
  });
}

suite('SQLite', () => Promise.resolve(`sqlite:${join(dir, 'recovery.db')}`));
suite('PostgreSQL', async () => {
  pg = await startPostgres();
  return pg.url;
});
