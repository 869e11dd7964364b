import { Accounts, type AccountsOptions } from '../accounts/accounts.js';
import { Games, type GamesOptions } from '../games/index.js';
import type { Store } from '../store/index.js';

/** The accounts and games rooms on one store, wired as app.ts wires them (tests without HTTP). */
export interface Rooms {
  store: Store;
  accounts: Accounts;
  games: Games;
}

export function createRooms(opts: GamesOptions & AccountsOptions): Rooms {
  return { store: opts.store, accounts: new Accounts(opts), games: new Games(opts) };
}
