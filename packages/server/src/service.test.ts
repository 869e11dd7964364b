// GameService on its own (no HTTP): seats, turns, undo, resign and abort, with the "tally" test game.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { botNames } from '@tabula/bots';
import { MAX_OPEN_GAMES_PER_ACCOUNT, OPEN_GAME_COUNTS_MS } from '@tabula/protocol';
import { DUEL, TALLY } from './harness/testgame.js';
import { testScrypt, uniqueName } from './harness/fixtures.js';
import { GameService } from './service.js';
import { openStore } from './store/index.js';
import { legacyNameKeyOf, nameKeyOf } from './account-policy.js';
import { hashPassword } from './passwords.js';
import { ApiError } from './errors.js';
import type { OutboxInsert, Store, UserRow } from './store/index.js';

const PW = 'correct horse battery staple';
const rejects = (p: Promise<unknown>, status: number, code: string): Promise<void> =>
  assert.rejects(p, (e: unknown) => e instanceof ApiError && e.status === status && e.code === code, `expected ${status} ${code}`);

let store: Store;
let service: GameService;
const now = 1_000_000_000;
let alice: UserRow, bob: UserRow, carol: UserRow;

async function user(prefix: string): Promise<UserRow> {
  const name = uniqueName(prefix);
  await service.signUp(name, PW);
  return (await store.findUserByNameKey(nameKeyOf(name)))!;
}

/** A tally game (target 5 unless told) with north for `n` and east for `e`. */
async function game(n: UserRow | null, e: UserRow | null, variants: Record<string, unknown> = { target: 5 }): Promise<string> {
  const { id } = await service.createGame(alice, { game: TALLY, variants });
  if (n) await service.takeSeat(n, id, 'north');
  if (e) await service.takeSeat(e, id, 'east');
  return id;
}

before(async () => {
  store = await openStore('sqlite::memory:');
  service = new GameService({ store, scrypt: testScrypt, now: () => now, openGamesPerAccount: false });
  alice = await user('alice');
  bob = await user('bob');
  carol = await user('carol');
});
after(async () => {
  await store.close?.();
});

describe('GameService: creating games', () => {
  it('accepts exactly the minimum and the maximum number of players, refuses one fewer and one more', async () => {
    for (const players of [2, 4]) {
      const { id } = await service.createGame(alice, { game: TALLY, players });
      assert.equal((await service.getState(alice, id)).seats.length, players);
    }
    for (const players of [1, 5]) await rejects(service.createGame(alice, { game: TALLY, players }), 422, 'bad-players');
  });

  it('the number of players chosen is the one the game is set up and replayed with', async () => {
    const { id } = await service.createGame(alice, { game: TALLY, players: 3 });
    for (const [u, r] of [[alice, 'north'], [bob, 'east'], [carol, 'south']] as const) await service.takeSeat(u, id, r);
    const st = await service.act(alice, id, (await service.getState(alice, id)).version, { type: 'pass' });
    assert.deepEqual((st.view as { tally: number[] }).tally, [0, 0, 0]);
    assert.deepEqual((await service.getState(carol, id)).active, ['east']);
  });

  it('refuses an anonymous caller and an unknown game', async () => {
    await rejects(service.createGame(null, { game: TALLY }), 401, 'unauthorized');
    await rejects(service.createGame(alice, { game: 'no-such-game' }), 422, 'unknown-game');
  });
});

describe('GameService: seats', () => {
  it('a game starts once every seat is taken; taken seats, unknown seats and started games are refused', async () => {
    const id = await game(bob, null);
    assert.equal((await service.getState(bob, id)).status, 'open');
    await rejects(service.takeSeat(carol, id, 'north'), 409, 'seat-taken');
    await rejects(service.takeSeat(carol, id, 'south'), 422, 'unknown-role');
    const st = await service.takeSeat(carol, id, 'east');
    assert.equal(st.status, 'active');
    assert.equal(st.role, 'east');
    await rejects(service.takeSeat(alice, id, 'east'), 409, 'game-not-open');
    await rejects(service.takeSeat(alice, 'nope', 'east'), 404, 'game-not-found');
    await rejects(service.takeSeat(null, id, 'east'), 401, 'unauthorized');
  });

  it('a seat goes to a bot only by the creator or a seated player, and only to a bot that exists', async () => {
    const { id } = await service.createGame(alice, { game: TALLY });
    const bot = botNames()[0]!;
    await rejects(service.takeSeat(bob, id, 'east', bot), 403, 'not-allowed');
    await rejects(service.takeSeat(alice, id, 'east', 'no-such-bot'), 422, 'unknown-bot');
    await service.takeSeat(bob, id, 'north');
    const st = await service.takeSeat(bob, id, 'east', bot);
    assert.equal(st.status, 'active');
    assert.deepEqual(st.seats.map((s) => s.bot), [null, bot]);
    assert.equal(st.role, 'north', 'the bot seat is not the caller\'s');
  });
});

describe('GameService: playing', () => {
  it('a move or an undo in a game whose seats are not all taken is a 409', async () => {
    const id = await game(bob, null);
    const v = (await service.getState(bob, id)).version;
    await rejects(service.act(bob, id, v, { type: 'add', n: 1 }), 409, 'game-not-active');
    await rejects(service.undo(bob, id, v), 409, 'game-not-active');
    await rejects(service.resign(bob, id), 409, 'game-not-active');
  });

  it('only a seated player acts, on its turn, with a listed action, at the current version', async () => {
    const id = await game(bob, carol);
    const st = await service.getState(bob, id);
    assert.deepEqual([st.role, st.yourTurn, st.active], ['north', true, ['north']]);
    assert.equal(st.actions.length, 4);
    const c = await service.getState(carol, id);
    assert.deepEqual([c.role, c.yourTurn, c.actions], ['east', false, []]);
    await rejects(service.act(null, id, st.version, { type: 'pass' }), 401, 'unauthorized');
    await rejects(service.act(alice, id, st.version, { type: 'pass' }), 403, 'not-your-seat');
    await rejects(service.act(bob, id, st.version, { type: 'pass' }, 'east'), 403, 'not-your-seat');
    await rejects(service.act(carol, id, st.version, { type: 'pass' }), 403, 'not-your-turn');
    await rejects(service.act(bob, id, st.version, { type: 'add', n: 3 }), 422, 'illegal-action');
    await rejects(service.act(bob, id, st.version, { type: 'add' }), 422, 'illegal-action');
    await rejects(service.act(bob, id, st.version + 1, { type: 'pass' }), 409, 'stale-version');
    await rejects(service.act(bob, id, st.version - 1, { type: 'pass' }), 409, 'stale-version');
    const after = await service.act(bob, id, st.version, { type: 'add', n: 2 });
    assert.equal(after.version, st.version + 1);
    assert.equal(after.length, 1);
    assert.deepEqual((after.view as { tally: number[] }).tally, [2, 0]);
    assert.equal(await service.actVersion(bob, id, after.version, { type: 'pass' }), after.version + 1);
    assert.deepEqual((await service.getState(carol, id)).active, ['east']);
  });

  it('a move at the current version is applied even when a state push on the same process catches up its cache first', async () => {
    // Two processes share the store; the second's cache is one action behind when a move arrives
    // there, and a push (another socket's sync) reads the missing log entry first.
    // Both read the log before either returns; the push's read (the first after `armed`) returns first.
    let armed = false, reads = 0;
    const slow = new Proxy(store, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (key !== 'readLog' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
        return async (...args: unknown[]) => {
          const delay = armed ? [0, 10, 40][++reads] ?? 0 : 0;
          const out = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          if (delay) await new Promise((r) => setTimeout(r, delay));
          return out;
        };
      },
    });
    const other = new GameService({ store: slow, scrypt: testScrypt, now: () => now, openGamesPerAccount: false });
    const id = await game(bob, carol);
    const v0 = (await other.getState(bob, id)).version;
    const v1 = (await service.act(bob, id, v0, { type: 'add', n: 1 })).version;
    const v2 = (await service.act(bob, id, v1, { type: 'add', n: 1 })).version;
    armed = true;
    const push = other.snapshot(id);
    const move = other.actVersion(bob, id, v2, { type: 'add', n: 1 });
    await push;
    assert.equal(await move, v2 + 1);
    assert.equal(reads, 2, 'the push and the move each read the log');
  });

  it('a user holding several seats and acting without a role plays the seat whose turn it is', async () => {
    const id = await game(bob, bob);
    let st = await service.getState(bob, id);
    assert.deepEqual(st.roles, ['north', 'east']);
    assert.equal(st.role, 'north');
    st = await service.act(bob, id, st.version, { type: 'pass' });
    assert.equal(st.role, 'north', 'the reply is for the seat that acted');
    assert.equal((await service.getState(bob, id)).role, 'east', 'without a role asked for, the state shown is of the seat to act');
    st = await service.act(bob, id, st.version, { type: 'add', n: 2 });
    const v = st.view as { tally: number[] };
    assert.deepEqual(v.tally, [0, 2], 'east played the add');
    st = await service.undo(bob, id, st.version);
    assert.deepEqual((st.view as { tally: number[] }).tally, [0, 0], 'east took it back');
    assert.equal((await service.getState(bob, id, 'north')).role, 'north');
  });

  it('the game ends when the rules say so: finished, with the outcome, no actions and no undo', async () => {
    const id = await game(bob, carol);
    let st = await service.getState(bob, id);
    for (let i = 0; i < 2; i++) st = await service.act(bob, id, st.version, { type: 'add', n: 2 });
    assert.equal(st.undo, 2);
    st = await service.act(bob, id, st.version, { type: 'add', n: 2 });
    assert.equal(st.status, 'finished');
    assert.ok(st.outcome);
    assert.deepEqual([st.active, st.actions, st.yourTurn, st.undo], [[], [], false, 0]);
    await rejects(service.act(bob, id, st.version, { type: 'pass' }), 409, 'game-not-active');
    await rejects(service.undo(bob, id, st.version), 409, 'game-not-active');
    assert.equal((await service.replayOf(id)).actions.length, 3);
  });

  it('the replay with the seed is refused while the game runs', async () => {
    const id = await game(bob, carol);
    await rejects(service.replayOf(id), 409, 'game-not-finished');
  });
});

describe('GameService: bots', () => {
  it('actAsBot plays a bot seat and refuses a human seat', async () => {
    const { id } = await service.createGame(alice, { game: TALLY });
    await service.takeSeat(bob, id, 'north');
    await service.takeSeat(bob, id, 'east', botNames()[0]!);
    let st = await service.act(bob, id, (await service.getState(bob, id)).version, { type: 'pass' });
    await rejects(service.actAsBot(id, st.version, 'north', { type: 'pass' }), 403, 'not-your-seat');
    const v = await service.actAsBot(id, st.version, 'east', { type: 'pass' });
    assert.equal(v, st.version + 1);
    st = await service.getState(bob, id);
    assert.deepEqual(st.active, ['north']);
  });
});

describe('GameService: undo', () => {
  it('takes back the caller\'s last undoable action only, at the current version', async () => {
    const id = await game(bob, carol);
    let st = await service.getState(bob, id);
    assert.equal(st.undo, 0);
    await rejects(service.undo(bob, id, st.version), 422, 'nothing-to-undo');
    st = await service.act(bob, id, st.version, { type: 'add', n: 1 });
    assert.equal(st.undo, 1);
    await rejects(service.undo(carol, id, st.version), 422, 'nothing-to-undo');
    await rejects(service.undo(bob, id, st.version - 1), 409, 'stale-version');
    await rejects(service.undo(null, id, st.version), 401, 'unauthorized');
    const u = await service.undo(bob, id, st.version);
    assert.equal(u.version, st.version + 1);
    assert.equal(u.length, 0);
    assert.equal(u.undo, 0);
    assert.deepEqual((u.view as { tally: number[] }).tally, [0, 0]);
    assert.deepEqual(u.active, ['north']);
    // the cache was replaced: a fresh read agrees
    assert.equal((await service.getState(carol, id)).length, 0);
    const again = await service.act(bob, id, u.version, { type: 'add', n: 2 });
    assert.deepEqual((again.view as { tally: number[] }).tally, [2, 0]);
  });
});

describe('GameService: resign and abort', () => {
  it('resigning ends the game: every other seat wins', async () => {
    const id = await game(bob, carol);
    await rejects(service.resign(null, id), 401, 'unauthorized');
    await rejects(service.resign(alice, id), 403, 'not-your-seat');
    const st = await service.resign(carol, id);
    assert.equal(st.status, 'finished');
    assert.deepEqual(st.outcome, { winners: ['north'], reason: 'resigned', by: 'east' });
    await rejects(service.resign(bob, id), 409, 'game-not-active');
  });

  it('abort: no winner, before the 2nd action only; an open game by its creator; not after the end', async () => {
    const id = await game(bob, carol);
    let st = await service.getState(bob, id);
    assert.equal(st.abortable, true);
    st = await service.act(bob, id, st.version, { type: 'pass' });
    assert.equal(st.abortable, true);
    st = await service.act(carol, id, st.version, { type: 'pass' });
    assert.equal(st.abortable, false);
    await rejects(service.abort(carol, id), 409, 'too-late-to-abort');

    const open = await game(bob, null);
    await rejects(service.abort(carol, open), 403, 'not-your-seat');
    const a = await service.abort(alice, open);
    assert.equal(a.status, 'finished');
    assert.deepEqual(a.outcome, { winners: [], reason: 'aborted' });
    await rejects(service.abort(bob, open), 409, 'game-not-active');
    await rejects(service.abort(alice, open), 403, 'not-your-seat');

    const early = await game(bob, carol);
    await rejects(service.abort(bob, early, 'east'), 403, 'not-your-seat');
    const b = await service.abort(bob, early);
    assert.deepEqual(b.outcome, { winners: [], reason: 'aborted', by: 'north' });
    await rejects(service.abort(null, early), 401, 'unauthorized');
  });
});

describe('GameService: what a caller sees', () => {
  it('asking for a seat you do not hold is refused; a spectator sees no role, no actions and no undo', async () => {
    const id = await game(bob, carol);
    await rejects(service.getState(alice, id, 'north'), 403, 'not-your-seat');
    const sp = await service.getState(null, id);
    assert.deepEqual([sp.role, sp.roles, sp.actions, sp.undo, sp.yourTurn, sp.abortable], [null, [], [], 0, false, false]);
    assert.deepEqual((sp.view as { secrets: unknown[] }).secrets, [null, null]);
    const b = await service.getState(bob, id);
    assert.equal(typeof (b.view as { secrets: unknown[] }).secrets[0], 'number');
    await rejects(service.getState(bob, 'nope'), 404, 'game-not-found');
  });

  it('the list puts the games where it is your turn first and includes your own', async () => {
    const mineWaiting = await game(carol, bob); // north: carol to move
    const mineToMove = await game(bob, carol); // north: bob to move
    const list = await service.list(bob, 'active', true, 200);
    const ids = list.map((g) => g.id);
    assert.ok(ids.includes(mineWaiting) && ids.includes(mineToMove));
    const firstWaiting = list.findIndex((g) => !g.yourTurn);
    const lastTurn = list.map((g) => g.yourTurn).lastIndexOf(true);
    assert.ok(lastTurn < firstWaiting, 'your turn first');
    assert.equal(list.find((g) => g.id === mineToMove)!.yourTurn, true);
    assert.deepEqual(list.find((g) => g.id === mineToMove)!.yourRoles, ['north']);
    assert.equal(list.find((g) => g.id === mineWaiting)!.yourTurn, false);
    await rejects(service.list(null, 'active', true, 10), 401, 'unauthorized');
    for (const limit of [0, 201, 1.5]) await rejects(service.list(bob, 'active', false, limit), 400, 'bad-request');
    assert.equal((await service.list(bob, 'active', true, 1)).length, 1);
  });
});

describe('GameService: accounts and sessions', () => {
  it('sign-up gives a working token, sign-in another; a wrong password, an unknown name or a taken name is refused', async () => {
    const name = uniqueName('dave');
    const up = await service.signUp(name, PW);
    assert.equal(up.name, name);
    assert.equal((await service.authenticate(up.token))?.name, name);
    const inn = await service.signIn(name, PW);
    assert.notEqual(inn.token, up.token);
    assert.equal((await service.authenticate(inn.token))?.name, name);
    await rejects(service.signIn(name, `${PW}!`), 401, 'bad-credentials');
    await rejects(service.signIn(uniqueName('nobody'), PW), 401, 'bad-credentials');
    await rejects(service.signUp(name, PW), 409, 'name-taken');
  });

  it('a token that is empty or longer than 200 characters is no session', async () => {
    assert.equal(await service.authenticate(''), null);
    assert.equal(await service.authenticate('x'.repeat(201)), null);
    assert.equal(await service.session('x'.repeat(200)), null);
  });

  it('signing out ends that session; signing out everywhere ends all of the account\'s', async () => {
    const name = uniqueName('erin');
    const a = await service.signUp(name, PW);
    const b = await service.signIn(name, PW);
    const c = await service.signIn(name, PW);
    await service.signOut(a.token);
    assert.equal(await service.authenticate(a.token), null);
    const u = (await service.authenticate(b.token))!;
    assert.ok(u);
    await service.signOutEverywhere(u);
    assert.equal(await service.authenticate(b.token), null);
    assert.equal(await service.authenticate(c.token), null);
  });

  it('a session ends idle-time after its last use (each use renews it, at most every tenth of the idle time) and absolute-time after sign-in', async () => {
    let t = 5_000_000;
    const s = new GameService({ store, scrypt: testScrypt, now: () => t, sessionTtlMs: 10_000, sessionIdleMs: 1_000 });
    const t0 = t;
    const { token } = await s.signUp(uniqueName('fay'), PW);
    assert.equal((await s.session(token))!.expiresAt, t0 + 1_000);
    t = t0 + 99;
    assert.equal((await s.session(token))!.expiresAt, t0 + 1_000, 'not renewed within a tenth of the idle time');
    t = t0 + 100;
    assert.equal((await s.session(token))!.expiresAt, t0 + 1_100, 'renewed');
    t = t0 + 1_100;
    assert.equal((await s.session(token))!.expiresAt, t0 + 2_100, 'still valid at its expiry, and renewed');
    t = t0 + 2_101;
    assert.equal(await s.session(token), null, 'idle too long');
    const t1 = t;
    const other = await s.signIn((await s.signUp(uniqueName('gus'), PW)).name, PW);
    for (t = t1 + 500; t <= t1 + 9_500; t += 500) assert.ok(await s.session(other.token), `in use at ${t - t1}`);
    t = t1 + 10_000;
    assert.equal((await s.session(other.token))!.expiresAt, t1 + 10_000, 'the absolute limit');
    t = t1 + 10_001;
    assert.equal(await s.session(other.token), null, 'past the absolute limit');
  });

  it('expired sessions are swept out when a session is created, at most once an hour', async () => {
    const { hashToken } = await import('./passwords.js');
    let t = 9_000_000;
    const s = new GameService({ store, scrypt: testScrypt, now: () => t, sessionTtlMs: 10_000, sessionIdleMs: 1_000 });
    const t0 = t;
    const name = uniqueName('hal');
    const { token } = await s.signUp(name, PW); // the first session sweeps
    const row = (): Promise<unknown> => store.findSession(hashToken(token), 0, 0);
    t = t0 + 2_000;
    await s.signIn(name, PW);
    assert.ok(await row(), 'expired, but no sweep within the hour');
    t = t0 + 3_600_000;
    await s.signIn(name, PW);
    assert.ok(await row(), 'exactly an hour: no sweep yet');
    t = t0 + 3_600_001;
    const fresh = await s.signIn(name, PW);
    assert.equal(await row(), null, 'swept');
    assert.ok(await s.authenticate(fresh.token), 'the new session is kept');
  });
});

describe('GameService: clocks, timeouts, sweeps and claims', () => {
  const live = (baseSeconds: number) => ({ kind: 'live' as const, baseSeconds, incrementSeconds: 0 });
  async function clocked(baseSeconds: number, clock: { t: number }): Promise<{ s: GameService; id: string }> {
    const s = new GameService({ store, scrypt: testScrypt, now: () => clock.t, openGamesPerAccount: false });
    const { id } = await s.createGame(alice, { game: TALLY, variants: { target: 1000 }, timeControl: live(baseSeconds) });
    await s.takeSeat(bob, id, 'north');
    await s.takeSeat(carol, id, 'east');
    return { s, id };
  }

  it('a seat whose time runs out loses at the next read; a move after that is refused', async () => {
    const clock = { t: 50_000_000 };
    const { s, id } = await clocked(60, clock);
    clock.t += 30_000;
    let st = await s.getState(bob, id);
    assert.equal(st.status, 'active');
    assert.equal(st.clock!.remaining.north, 30_000);
    assert.equal(st.clock!.remaining.east, 60_000);
    clock.t += 31_000;
    await rejects(s.act(bob, id, st.version, { type: 'pass' }), 409, 'game-not-active');
    st = await s.getState(carol, id);
    assert.equal(st.status, 'finished');
    assert.deepEqual(st.outcome, { winners: ['east'], reason: 'timeout', by: 'north' });
  });

  it('the sweep ends games whose clock ran out and open games nobody joined, and counts them', async () => {
    const clock = { t: 60_000_000 };
    const { s, id } = await clocked(60, clock);
    const { id: open } = await s.createGame(alice, { game: TALLY });
    clock.t += 61_000;
    assert.equal(await s.sweep(), 1, 'the timeout only: the open game is young');
    assert.equal((await s.getState(bob, id)).outcome?.reason, 'timeout');
    clock.t += 14 * 24 * 60 * 60 * 1000 + 1;
    assert.ok((await s.sweep()) >= 1);
    const o = await s.getState(alice, open);
    assert.deepEqual([o.status, o.outcome], ['finished', { winners: [], reason: 'expired' }]);
    assert.equal(await s.sweep(), 0, 'nothing left to end');
  });

  it('a live game shows how long the other human seats have been away; the win can be claimed once all have been away 2 minutes', async () => {
    const clock = { t: 70_000_000 };
    const { s, id } = await clocked(3600, clock);
    const start = (await s.getState(bob, id)).version;
    clock.t += 1_000;
    const st = await s.getState(bob, id);
    assert.deepEqual(st.away, { east: 1_000 });
    await rejects(s.claim(bob, id), 409, 'opponent-connected');
    await s.touch(id, carol.id);
    clock.t += 2 * 60 * 1000;
    await s.touch(id, bob.id);
    assert.deepEqual((await s.getState(bob, id)).away, { east: 120_000 });
    const won = await s.claim(bob, id);
    assert.deepEqual(won.outcome, { winners: ['north'], reason: 'abandoned', by: 'east' });
    assert.equal(won.version, start + 1);
    await rejects(s.claim(bob, id), 409, 'game-not-active');
    await rejects(s.claim(null, id), 401, 'unauthorized');
  });

  it('a game without a clock has no away list and cannot be claimed', async () => {
    const id = await game(bob, carol);
    assert.deepEqual((await service.getState(bob, id)).away, {});
    await rejects(service.claim(bob, id), 409, 'not-live');
  });
});

/** `base` with some methods replaced (another process's writes, counted reads, lost races). */
function storeWith(base: Store, replace: Partial<Record<keyof Store, (...args: never[]) => unknown>>): Store {
  return new Proxy(base, {
    get(t, k) {
      if (typeof k === 'string' && k in replace) return replace[k as keyof Store];
      const v = Reflect.get(t, k) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(t) : v;
    },
  });
}
const tallyOf = (st: { view: unknown }): number[] => (st.view as { tally: number[] }).tally;

describe('GameService: limits and messages (issue 24)', () => {
  it(`an account may have ${MAX_OPEN_GAMES_PER_ACCOUNT} open games from the last 24 hours: one more is a 429 until the oldest is older than that`, async () => {
    let t = 2_000_000_000;
    const s = new GameService({ store, scrypt: testScrypt, now: () => t });
    const u = await user('cap');
    for (let i = 0; i < MAX_OPEN_GAMES_PER_ACCOUNT; i++) await s.createGame(u, { game: TALLY });
    await rejects(s.createGame(u, { game: TALLY }), 429, 'too-many-open-games');
    t += OPEN_GAME_COUNTS_MS;
    await rejects(s.createGame(u, { game: TALLY }), 429, 'too-many-open-games');
    t += 1;
    assert.ok((await s.createGame(u, { game: TALLY })).id);
  });

  it('the list of all active games adds your own older ones (your turn first), "mine" lists only yours, and a spectator gets the newest', async () => {
    let t = 3_000_000_000;
    const s = new GameService({ store, scrypt: testScrypt, now: () => t, openGamesPerAccount: false });
    const { id: mine } = await s.createGame(alice, { game: TALLY });
    await s.takeSeat(bob, mine, 'north');
    await s.takeSeat(carol, mine, 'east');
    t += 1_000;
    const { id: other } = await s.createGame(alice, { game: TALLY });
    await s.takeSeat(alice, other, 'north');
    await s.takeSeat(carol, other, 'east');
    assert.deepEqual((await s.list(bob, 'active', false, 1)).map((g) => g.id), [mine]);
    assert.deepEqual((await s.list(null, 'active', false, 1)).map((g) => g.id), [other]);
    const only = await s.list(bob, 'active', true, 200);
    assert.ok(only.some((g) => g.id === mine) && only.every((g) => g.yourRoles.length > 0), 'only games with a seat of yours');
  });

  it('a name whose old-style key (before look-alike keys) belongs to an account is taken', async () => {
    const name = uniqueName('b0');
    assert.notEqual(nameKeyOf(name), legacyNameKeyOf(name));
    assert.ok(await store.createUser(name, legacyNameKeyOf(name), await hashPassword(PW, testScrypt), now));
    await rejects(service.signUp(name, PW), 409, 'name-taken');
  });

  it('refusals say why: a game not started, an illegal action', async () => {
    const open = await game(bob, null);
    await assert.rejects(service.act(bob, open, 1, { type: 'pass' }), (e: unknown) => e instanceof ApiError && /has not started/.test(e.message));
    const id = await game(bob, carol);
    const v = (await service.getState(bob, id)).version;
    for (const bad of [{ type: 'add', n: 3 }, { type: 'add' }, 'garbage', null]) {
      await assert.rejects(service.act(bob, id, v, bad), (e: unknown) => e instanceof ApiError && e.code === 'illegal-action' && e.message === 'That action is not one of your legal actions now.');
    }
  });

  it('a seat asked for is the one that plays, even when another seat of the same user is to act', async () => {
    const id = await game(bob, bob);
    const v = (await service.getState(bob, id)).version;
    await rejects(service.act(bob, id, v, { type: 'pass' }, 'east'), 403, 'not-your-turn');
  });

  it('a user holding several seats, none of them to act, resigns with the first', async () => {
    const { id } = await service.createGame(alice, { game: TALLY, players: 3 });
    for (const [u, r] of [[bob, 'north'], [bob, 'east'], [carol, 'south']] as const) await service.takeSeat(u, id, r);
    let st = await service.act(bob, id, (await service.getState(bob, id)).version, { type: 'pass' }, 'north');
    st = await service.act(bob, id, st.version, { type: 'pass' }, 'east');
    assert.deepEqual(st.active, ['south']);
    const r = await service.resign(bob, id);
    assert.deepEqual(r.outcome, { winners: ['east', 'south'], reason: 'resigned', by: 'north' });
  });

  it('a state sends the whole log unless asked for less', async () => {
    const id = await game(bob, carol);
    await service.act(bob, id, (await service.getState(bob, id)).version, { type: 'pass' });
    const st = await service.getState(carol, id);
    assert.equal(st.logFrom, 0);
    assert.equal(st.log.length, st.length);
  });

  it('every committed change goes to the change listeners with its new version', async () => {
    const s = new GameService({ store, scrypt: testScrypt, now: () => now, openGamesPerAccount: false });
    const seen: [string, number, string][] = [];
    s.onChange((id, v, row) => seen.push([id, v, row.status]));
    const { id } = await s.createGame(alice, { game: TALLY, variants: { target: 5 } });
    const versions: number[] = [];
    await s.takeSeat(bob, id, 'north');
    let st = await s.takeSeat(carol, id, 'east');
    versions.push(st.version);
    st = await s.act(bob, id, st.version, { type: 'add', n: 1 });
    versions.push(st.version);
    st = await s.undo(bob, id, st.version);
    versions.push(st.version);
    st = await s.resign(carol, id);
    versions.push(st.version);
    assert.deepEqual(seen.slice(1), [[id, versions[0], 'active'], [id, versions[1], 'active'], [id, versions[2], 'active'], [id, versions[3], 'finished']]);
    assert.deepEqual(seen[0]!.slice(0, 1), [id]);
  });

  it('notifications never go to the person whose own action caused them', async () => {
    const sent: OutboxInsert[][] = [];
    const spy = storeWith(store, {
      appendAction: ((...a: Parameters<Store['appendAction']>) => { sent.push(a[5] ?? []); return store.appendAction(...a); }) as never,
      updateGame: ((...a: Parameters<Store['updateGame']>) => { sent.push(a[3] ?? []); return store.updateGame(...a); }) as never,
    });
    const s = new GameService({ store: spy, scrypt: testScrypt, now: () => now, openGamesPerAccount: false });
    const { id } = await s.createGame(alice, { game: TALLY });
    await s.takeSeat(bob, id, 'north');
    const st = await s.takeSeat(carol, id, 'east');
    await s.act(bob, id, st.version, { type: 'pass' });
    assert.deepEqual(sent.at(-1)!.map((e) => [e.userId, e.kind]), [[carol.id, 'your-turn']]);
    await s.resign(carol, id);
    assert.deepEqual(sent.at(-1)!.map((e) => [e.userId, e.kind]), [[bob.id, 'game-over']]);
  });
});

describe('GameService: simultaneous steps (issue 24)', () => {
  it('an action sent for an older version is played when only other seats acted since; not when the sender acted since', async () => {
    const { id } = await service.createGame(alice, { game: DUEL });
    await service.takeSeat(bob, id, 'left');
    const v0 = (await service.takeSeat(carol, id, 'right')).version;
    await service.act(bob, id, v0, { type: 'pick', v: 'a' });
    let st = await service.act(carol, id, v0, { type: 'pick', v: 'b' });
    assert.deepEqual([st.version, st.length], [v0 + 2, 2], 'overtaken by the left seat only: played');
    st = await service.act(carol, id, st.version, { type: 'pick', v: 'a' });
    st = await service.act(bob, id, st.version, { type: 'pick', v: 'a' });
    assert.equal(st.version, v0 + 4);
    await rejects(service.act(carol, id, v0 + 2, { type: 'pick', v: 'a' }), 409, 'stale-version');
    st = await service.act(carol, id, v0 + 3, { type: 'pick', v: 'b' });
    assert.deepEqual([st.version, st.length], [v0 + 5, 5]);
  });
});

describe('GameService: another process on the same database, and the replay cache (issue 24)', () => {
  it('a second server sees every change: a fresh load, new actions, moves of its own, an undo and the moves after it', async () => {
    const b = new GameService({ store, scrypt: testScrypt, now: () => now, openGamesPerAccount: false });
    const id = await game(bob, carol, { target: 1000 });
    let st = await service.act(bob, id, (await service.getState(bob, id)).version, { type: 'add', n: 1 });
    st = await service.act(bob, id, st.version, { type: 'add', n: 2 });
    assert.deepEqual(tallyOf(await b.getState(carol, id)), [3, 0], 'loaded from the stored log');
    st = await service.act(bob, id, st.version, { type: 'pass' });
    const seen = await b.getState(carol, id);
    assert.deepEqual([seen.length, seen.active], [3, ['east']], 'the new action read on top of the cached replay');
    st = await b.act(carol, id, st.version, { type: 'add', n: 2 });
    assert.deepEqual(tallyOf(await service.getState(bob, id)), [3, 2]);
    st = await service.undo(carol, id, st.version);
    await service.act(carol, id, st.version, { type: 'add', n: 1 });
    assert.deepEqual(tallyOf(await b.getState(bob, id)), [3, 1], 'after an undo elsewhere, the same log length is a different game');
    assert.equal((b as unknown as { loads: Map<string, unknown> }).loads.size, 0, 'finished loads are forgotten');
  });

  it('a load that finds the log grown meanwhile reads the row again', async () => {
    const id = await game(bob, carol, { target: 1000 });
    const v = (await service.getState(bob, id)).version;
    await service.act(bob, id, v, { type: 'add', n: 1 });
    let race = true;
    const spy = storeWith(store, {
      readLog: (async (gid: string, from: number) => {
        if (race) { race = false; await service.act(bob, id, v + 1, { type: 'add', n: 2 }); }
        return store.readLog(gid, from);
      }) as never,
    });
    const b = new GameService({ store: spy, scrypt: testScrypt, now: () => now, openGamesPerAccount: false });
    const st = await b.getState(carol, id);
    assert.deepEqual([st.length, st.version, tallyOf(st)], [2, v + 2, [3, 0]], 'the newer row and its replay, never a mix');
  });

  it('reads, moves and undos of a game this server has loaded come from its replay cache: the log is not read again', async () => {
    let reads = 0;
    const spy = storeWith(store, { readLog: ((gid: string, from: number) => { reads++; return store.readLog(gid, from); }) as never });
    const s = new GameService({ store: spy, scrypt: testScrypt, now: () => now, openGamesPerAccount: false });
    const { id } = await s.createGame(alice, { game: TALLY, variants: { target: 1000 } });
    await s.takeSeat(bob, id, 'north');
    let st = await s.takeSeat(carol, id, 'east');
    const first = reads;
    st = await s.act(bob, id, st.version, { type: 'add', n: 1 });
    st = await s.act(bob, id, st.version, { type: 'add', n: 2 });
    await s.getState(carol, id);
    st = await s.undo(bob, id, st.version);
    assert.deepEqual(tallyOf(await s.getState(carol, id)), [1, 0]);
    await s.act(bob, id, st.version, { type: 'pass' });
    assert.deepEqual(tallyOf(await s.getState(carol, id)), [1, 0]);
    assert.equal(reads, first);
  });

  it('a stored log that no longer replays is a 409 naming the engine\'s reason', async () => {
    const id = await game(bob, carol);
    const row = (await store.getGame(id))!;
    await store.appendAction(id, row.version, 0, { role: 'north', action: { type: 'teleport' } }, { status: 'active', activeRoles: ['north'], outcome: null, now });
    const fresh = new GameService({ store, scrypt: testScrypt, now: () => now, openGamesPerAccount: false });
    await assert.rejects(fresh.getState(bob, id), (e: unknown) => e instanceof ApiError && e.code === 'replay-failed' && /^The stored log of this game no longer replays: Action 0 \(north\): /.test(e.message));
  });
});

describe('GameService: clocks (issue 24)', () => {
  const live = (baseSeconds: number, incrementSeconds = 0) => ({ kind: 'live' as const, baseSeconds, incrementSeconds });
  let dave: UserRow;
  before(async () => { dave = await user('dave'); });

  it('a move charges the mover\'s clock; a resignation charges the seat to move; a bot\'s move earns no increment', async () => {
    let t = 80_000_000;
    const s = new GameService({ store, scrypt: testScrypt, now: () => t, openGamesPerAccount: false });
    const { id } = await s.createGame(alice, { game: TALLY, variants: { target: 1000 }, timeControl: live(60) });
    await s.takeSeat(bob, id, 'north');
    let st = await s.takeSeat(carol, id, 'east');
    t += 10_000;
    st = await s.act(bob, id, st.version, { type: 'pass' });
    t += 5_000;
    st = await s.getState(bob, id);
    assert.deepEqual(st.clock!.remaining, { north: 50_000, east: 55_000 });
    t += 5_000;
    st = await s.resign(bob, id);
    assert.deepEqual(st.clock!.remaining, { north: 50_000, east: 50_000 });

    const { id: withBot } = await s.createGame(alice, { game: TALLY, variants: { target: 1000 }, timeControl: live(60, 5) });
    await s.takeSeat(bob, withBot, 'north');
    st = await s.takeSeat(bob, withBot, 'east', botNames()[0]!);
    st = await s.act(bob, withBot, st.version, { type: 'pass' });
    await s.actAsBot(withBot, st.version, 'east', { type: 'pass' });
    assert.deepEqual((await s.getState(bob, withBot)).clock!.remaining, { north: 65_000, east: 60_000 });
  });

  it('a read after the deadline flags the timeout by itself', async () => {
    let t = 90_000_000;
    const s = new GameService({ store, scrypt: testScrypt, now: () => t, openGamesPerAccount: false });
    const { id } = await s.createGame(alice, { game: TALLY, variants: { target: 1000 }, timeControl: live(60) });
    await s.takeSeat(bob, id, 'north');
    await s.takeSeat(carol, id, 'east');
    t += 61_000;
    const st = await s.getState(carol, id);
    assert.deepEqual([st.status, st.outcome], ['finished', { winners: ['east'], reason: 'timeout', by: 'north' }]);
  });

  it('flagging a timeout is tried three times when other writes come first', async () => {
    let t = 100_000_000, lost = 2;
    const spy = storeWith(store, {
      updateGame: ((...a: Parameters<Store['updateGame']>) => (lost-- > 0 ? Promise.resolve('stale') : store.updateGame(...a))) as never,
    });
    const s = new GameService({ store: spy, scrypt: testScrypt, now: () => t, openGamesPerAccount: false });
    const { id } = await s.createGame(alice, { game: TALLY, variants: { target: 1000 }, timeControl: live(60) });
    await s.takeSeat(bob, id, 'north');
    await s.takeSeat(carol, id, 'east');
    t += 61_000;
    const row = await s.checkTimeout(id);
    assert.deepEqual([row?.status, row?.outcome?.reason], ['finished', 'timeout']);
  });

  it('the sweep counts only the games it ended by timeout', async () => {
    const id = await game(bob, carol);
    await service.resign(bob, id);
    const spy = storeWith(store, { listDue: (() => Promise.resolve([id])) as never, listOpenBefore: (() => Promise.resolve([])) as never });
    const s = new GameService({ store: spy, scrypt: testScrypt, now: () => now, openGamesPerAccount: false });
    assert.equal(await s.sweep(), 0);
  });

  it('in a three-seat live game the win is claimed only once every other person is away', async () => {
    let t = 110_000_000;
    const s = new GameService({ store, scrypt: testScrypt, now: () => t, openGamesPerAccount: false });
    const { id } = await s.createGame(alice, { game: TALLY, players: 3, variants: { target: 1000 }, timeControl: live(3600) });
    for (const [u, r] of [[bob, 'north'], [carol, 'east'], [dave, 'south']] as const) await s.takeSeat(u, id, r);
    t += 3 * 60 * 1000;
    await s.touch(id, dave.id);
    await rejects(s.claim(bob, id), 409, 'opponent-connected');
  });
});
