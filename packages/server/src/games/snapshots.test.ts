import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ReplayedGame, Rng, replayGame, type AnyGame, type LogEntry, type Role } from '@tabula/engine';
import { getGame, register } from '@tabula/games';
import { setupOptionsOfRow } from './table.js';
import { createRooms, type Rooms } from '../harness/rooms.js';
import { openStore, type Store, type UserRow } from '../store/index.js';
import { nameKeyOf } from '../accounts/account-policy.js';
import { decodeSnapshot, snapshotVersion } from './snapshots.js';
import { startPostgres, type Service } from '../harness/services.js';
import { testScrypt, uniqueName } from '../harness/fixtures.js';
import { tallyGame } from '../harness/testgame.js';

const PW = 'snapshot-test-pw';
/** The tally test game with an engine version, so the service keeps snapshots of it. */
const VERSIONED_TALLY = 'server-test-tally-versioned';
register({ ...tallyGame, id: VERSIONED_TALLY, version: '1' });

interface Table { store: Store; service: Rooms; users: UserRow[]; id: string; seatOf: Map<Role, UserRow> }

async function newTable(store: Store, body: { game: string; scenario?: string; players?: number; variants?: Record<string, unknown> }, every: number): Promise<Table> {
  const service = createRooms({ store, scrypt: testScrypt, snapshotEvery: every, openGamesPerAccount: false });
  const users: UserRow[] = [];
  for (let i = 0; i < 2; i++) {
    const name = uniqueName('snap');
    await service.accounts.signUp(name, PW);
    users.push((await store.findUserByNameKey(nameKeyOf(name)))!);
  }
  const { id } = await service.games.lobby.createGame(users[0]!, body);
  const roles = getGame(body.game)!.roles({ seed: 'x', scenario: body.scenario ?? getGame(body.game)!.scenarios[0]!, ...(body.players ? { players: body.players } : {}) });
  const seatOf = new Map<Role, UserRow>();
  for (const [i, r] of roles.entries()) {
    seatOf.set(r, users[i % 2]!);
    await service.games.lobby.takeSeat(users[i % 2]!, id, r);
  }
  return { store, service, users, id, seatOf };
}

/** Plays up to `n` random legal actions (the first active role with any), through the service. */
async function play(t: Table, n: number, rng: Rng, service = t.service): Promise<number> {
  let played = 0;
  for (; played < n; played++) {
    const { row, rg } = await service.games.table.current(t.id);
    if (row.status !== 'active') break;
    const role = (rg.game.active(rg.state) as Role[]).find((r) => rg.game.actions(rg.state, r).length > 0);
    if (role === undefined) break;
    const acts = rg.game.actions(rg.state, role) as unknown[];
    await service.games.commands.actVersion(t.seatOf.get(role)!, t.id, row.version, acts[rng.int(acts.length)], role);
    await tick();
  }
  await service.games.table.snapshots.idle();
  return played;
}

/** Lets what runs after an acknowledgement run, as the time between two requests does on a server. */
const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

interface StoredSnapshot { seq: number; engine_version: string; prefix_hash: string; data: Uint8Array }
const storedOf = (store: Store, id: string): Promise<StoredSnapshot[]> =>
  store.sql.all<StoredSnapshot>('SELECT seq, engine_version, prefix_hash, data FROM snapshots WHERE game_id = ? ORDER BY seq', [id]);

/** What each seat and a spectator get from `service` now (the whole client-visible state). */
async function views(t: Table, service: Rooms): Promise<unknown[]> {
  const out: unknown[] = [await service.games.commands.getState(null, t.id)];
  for (const [role, user] of t.seatOf) out.push(await service.games.commands.getState(user, t.id, role));
  return out.map((s) => ({ ...(s as object), away: undefined }));
}

/** The game replayed from its whole stored log, without snapshots. */
async function fullReplay(t: Table): Promise<{ rg: ReplayedGame; log: LogEntry[] }> {
  const row = (await t.store.getGame(t.id))!;
  const log = await t.store.readLog(t.id, 0);
  return { rg: replayGame(getGame(row.game)!, setupOptionsOfRow(row), row.seats.map((s) => s.role), log), log };
}

const REAL_GAMES: { label: string; body: { game: string; scenario?: string; players?: number }; actions: number; every: number }[] = [
  { label: 'Hammer of the Scots (Braveheart)', body: { game: 'hammer-of-the-scots', scenario: 'braveheart' }, actions: 260, every: 60 },
  { label: 'Carcassonne (3 players)', body: { game: 'carcassonne', players: 3 }, actions: 150, every: 30 },
  { label: 'HACSE', body: { game: 'hacse' }, actions: 160, every: 30 },
];

function suite(label: string, open: () => Promise<Store>): void {
  describe(`stored snapshots (${label})`, () => {
    for (const g of REAL_GAMES) {
      it(`${g.label}: each stored snapshot equals the replay of its log prefix, and a fresh server resumes from it`, async () => {
        const store = await open();
        try {
          // Random play can end a game early (a HACSE side wiped out in its first turns), or just past `every`
          // before a checkpoint (snapshots are taken at checkpoints): take the first of a few games that stores one.
          let t = await newTable(store, g.body, g.every);
          let played = await play(t, g.actions, new Rng(`snap:${g.label}`));
          for (let attempt = 1; attempt < 8 && (played <= g.every || (await storedOf(store, t.id)).length === 0); attempt++) {
            t = await newTable(store, g.body, g.every);
            played = await play(t, g.actions, new Rng(`snap:${g.label}:${attempt}`));
          }
          const stored = await storedOf(store, t.id);
          assert.ok(stored.length >= 1, `no snapshot written after ${played} actions`);
          assert.ok(stored.length <= 2, 'only the newest two are kept');
          const { rg: full, log } = await fullReplay(t);
          const row = (await store.getGame(t.id))!;
          const game = getGame(row.game)!, setup = setupOptionsOfRow(row), viewers = row.seats.map((s) => s.role);
          for (const s of stored) {
            assert.equal(s.engine_version, snapshotVersion(game));
            const prefix = replayGame(game, setup, viewers, log.slice(0, s.seq));
            const cp = decodeSnapshot(s.seq, s.data);
            assert.equal(JSON.stringify(cp.state), JSON.stringify(prefix.state), `state after ${s.seq} actions`);
            const resumed = ReplayedGame.resume(game, setup, viewers, log.slice(0, s.seq), cp);
            for (const v of [...viewers, null]) assert.deepEqual(resumed.log(v), prefix.log(v), `log lines of ${v ?? 'the spectator'}`);
          }
          // A fresh server (empty cache) resumes from the newest snapshot and shows exactly what the first one shows.
          const fresh = createRooms({ store, scrypt: testScrypt, snapshotEvery: g.every });
          assert.deepEqual(await views(t, fresh), await views(t, t.service));
          assert.equal(fresh.games.table.snapshots.stats.resumed, 1);
          await fresh.games.table.snapshots.idle();
          assert.equal(fresh.games.table.snapshots.stats.written, 0, 'resumed, not replayed in full: no snapshot is written again');
          assert.equal(JSON.stringify((await fresh.games.table.current(t.id)).rg.state), JSON.stringify(full.state));
          // and plays on from there like a full replay would
          await play(t, 20, new Rng(`snap2:${g.label}`), fresh);
          const after2 = await fullReplay(t);
          assert.equal(JSON.stringify((await fresh.games.table.current(t.id)).rg.state), JSON.stringify(after2.rg.state));
          for (const [role] of t.seatOf) assert.deepEqual((await fresh.games.table.current(t.id)).rg.log(role), after2.rg.log(role));
        } finally {
          await store.close();
        }
      });
    }

    it('a changed engine version ignores the stored snapshots and rebuilds them', async () => {
      const store = await open();
      const hammer = getGame('hammer-of-the-scots')!;
      try {
        const t = await newTable(store, { game: 'hammer-of-the-scots', scenario: 'braveheart' }, 50);
        await play(t, 120, new Rng('version'));
        const before = await storedOf(store, t.id);
        assert.ok(before.length > 0);
        register({ ...hammer, version: `${hammer.version}-changed` } as AnyGame);
        const fresh = createRooms({ store, scrypt: testScrypt, snapshotEvery: 50 });
        assert.deepEqual(await views(t, fresh), await views(t, t.service));
        assert.equal(fresh.games.table.snapshots.stats.resumed, 0);
        assert.ok(fresh.games.table.snapshots.stats.ignored >= 1);
        await fresh.games.table.snapshots.idle();
        const rebuilt = await storedOf(store, t.id);
        assert.ok(rebuilt.some((s) => s.engine_version === snapshotVersion(getGame('hammer-of-the-scots')!)), 'a snapshot of the new version was written');
        // the next fresh server of the new version resumes from the rebuilt one
        const third = createRooms({ store, scrypt: testScrypt, snapshotEvery: 50 });
        await third.games.table.current(t.id);
        assert.equal(third.games.table.snapshots.stats.resumed, 1);
      } finally {
        register(hammer);
        await store.close();
      }
    });

    it('a damaged snapshot, or one whose log prefix no longer matches, is ignored: the log decides', async () => {
      const store = await open();
      try {
        const t = await newTable(store, { game: VERSIONED_TALLY, variants: { target: 1000 } }, 10);
        await play(t, 60, new Rng('damaged'));
        const stored = await storedOf(store, t.id);
        assert.ok(stored.length === 2);
        const truth = await views(t, t.service);
        // the newest: garbage data; the older: a prefix hash that is not this log's
        await store.sql.run('UPDATE snapshots SET data = ? WHERE game_id = ? AND seq = ?', [Buffer.from('not deflated'), t.id, stored[1]!.seq]);
        await store.sql.run('UPDATE snapshots SET prefix_hash = ? WHERE game_id = ? AND seq = ?', ['another-log', t.id, stored[0]!.seq]);
        const fresh = createRooms({ store, scrypt: testScrypt, snapshotEvery: 10 });
        assert.deepEqual(await views(t, fresh), truth);
        assert.equal(fresh.games.table.snapshots.stats.resumed, 0);
        assert.equal(fresh.games.table.snapshots.stats.ignored, 2);
        // A snapshot whose state is wrong but whose checks hold would be believed: the checks are what guard it.
        const good = (await storedOf(store, t.id)).length;
        assert.ok(good >= 1);
      } finally {
        await store.close();
      }
    });

    it('undo across a snapshot boundary: a fresh server resumed from the snapshot takes back the whole run and plays on', async () => {
      const store = await open();
      try {
        const t = await newTable(store, { game: VERSIONED_TALLY, variants: { target: 1000 } }, 3);
        const [north, east] = [t.seatOf.get('north')!, t.seatOf.get('east')!];
        const act = async (s: Rooms, user: UserRow, action: unknown): Promise<void> => {
          const { row } = await s.games.table.current(t.id);
          await s.games.commands.actVersion(user, t.id, row.version, action);
          await tick();
        };
        const add = { type: 'add', n: 1 }, pass = { type: 'pass' };
        // Tally: a turn is up to 3 adds then a pass; adds and passes can be taken back, so a run of one role's actions is undoable.
        for (const [u, a] of [[north, add], [north, pass], [east, add], [east, pass], [north, add], [north, add], [north, pass], [east, add], [east, add]] as const) await act(t.service, u, a);
        await t.service.games.table.snapshots.idle();
        const stored = await storedOf(store, t.id);
        assert.deepEqual(stored.map((s) => s.seq), [4, 7], 'snapshots at the starts of runs');
        const fresh = createRooms({ store, scrypt: testScrypt, snapshotEvery: 3 });
        const st = await fresh.games.commands.getState(east, t.id);
        assert.equal(fresh.games.table.snapshots.stats.resumed, 1);
        assert.equal(st.undo, 2, 'east may take back both adds after the snapshot at 7');
        await fresh.games.commands.undo(east, t.id, st.version);
        const st2 = await fresh.games.commands.getState(east, t.id);
        assert.equal(st2.undo, 1);
        await fresh.games.commands.undo(east, t.id, st2.version);
        const st3 = await fresh.games.commands.getState(east, t.id);
        assert.equal(st3.length, 7);
        assert.equal(st3.undo, 0);
        const prefix = (await fullReplay(t)).rg;
        assert.equal(JSON.stringify((await fresh.games.table.current(t.id)).rg.state), JSON.stringify(prefix.state));
        // east plays differently: the log and every view match a full replay, here and on yet another fresh server
        await act(fresh, east, { type: 'add', n: 2 });
        await act(fresh, east, pass);
        await fresh.games.table.snapshots.idle();
        const { rg: full } = await fullReplay(t);
        assert.equal(JSON.stringify((await fresh.games.table.current(t.id)).rg.state), JSON.stringify(full.state));
        const third = createRooms({ store, scrypt: testScrypt, snapshotEvery: 3 });
        assert.deepEqual(await views(t, third), await views(t, fresh));
      } finally {
        await store.close();
      }
    });
  });
}

let pg: Service | undefined;
after(async () => { await pg?.stop(); });

suite('SQLite', () => openStore('sqlite::memory:'));
suite('PostgreSQL', async () => {
  pg ??= await startPostgres();
  return openStore(pg.url);
});
