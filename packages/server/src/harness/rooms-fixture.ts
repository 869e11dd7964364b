import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openStore, type Store, type UserRow } from '../store/index.js';
import { nameKeyOf } from '../accounts/account-policy.js';
import { ApiError } from '../http/errors.js';
import { TALLY } from './testgame.js';
import { testScrypt, uniqueName } from './fixtures.js';
import { createRooms, type Rooms } from './rooms.js';

/** Shared by the rooms' own tests (no HTTP): one in-memory store, three accounts, the "tally" test game. */
export const PW = 'correct horse battery staple';
export const now = 1_000_000_000;
export const rejects = (p: Promise<unknown>, status: number, code: string): Promise<void> =>
  assert.rejects(p, (e: unknown) => e instanceof ApiError && e.status === status && e.code === code, `expected ${status} ${code}`);

export let store: Store;
export let service: Rooms;
export let alice: UserRow, bob: UserRow, carol: UserRow;

export async function user(prefix: string): Promise<UserRow> {
  const name = uniqueName(prefix);
  await service.accounts.signUp(name, PW);
  return (await store.findUserByNameKey(nameKeyOf(name)))!;
}

/** A tally game (target 5 unless told) with north for `n` and east for `e`. */
export async function game(n: UserRow | null, e: UserRow | null, variants: Record<string, unknown> = { target: 5 }): Promise<string> {
  const { id } = await service.games.lobby.createGame(alice, { game: TALLY, variants });
  if (n) await service.games.lobby.takeSeat(n, id, 'north');
  if (e) await service.games.lobby.takeSeat(e, id, 'east');
  return id;
}

/** Opens the store and the accounts before the file's tests, closes it after. */
export function useRooms(): void {
  before(async () => {
    store = await openStore('sqlite::memory:');
    service = createRooms({ store, scrypt: testScrypt, now: () => now, openGamesPerAccount: false });
    alice = await user('alice');
    bob = await user('bob');
    carol = await user('carol');
  });
  after(async () => {
    await store.close?.();
  });
}

/** `base` with some methods replaced (another process's writes, counted reads, lost races). */
export function storeWith(base: Store, replace: Partial<Record<keyof Store, (...args: never[]) => unknown>>): Store {
  return new Proxy(base, {
    get(t, k) {
      if (typeof k === 'string' && k in replace) return replace[k as keyof Store];
      const v = Reflect.get(t, k) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(t) : v;
    },
  });
}
export const tallyOf = (st: { view: unknown }): number[] => (st.view as { tally: number[] }).tally;
