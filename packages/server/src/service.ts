import type { Role } from '@tabula/engine';
import type { GameState } from './games/views.js';
import type { ReplayedGame } from './games/replay-cache.js';
import type { GameRow, Store, UserRow } from './store/index.js';

/** What the live sockets need of the accounts and games rooms (built in app.ts). */
export interface GameService {
  store: Store;
  authenticate(token: string): Promise<UserRow | null>;
  session(token: string): Promise<{ user: UserRow; expiresAt: number } | null>;
  snapshot(id: string): Promise<{ row: GameRow; rg: ReplayedGame }>;
  sync(row: GameRow): Promise<ReplayedGame>;
  stateFor(row: GameRow, rg: ReplayedGame, user: UserRow | null, asked?: string, logFrom?: number): GameState;
  touch(gameId: string, userId: number): Promise<void>;
  touchAll(seen: { gameId: string; userId: number }[]): Promise<void>;
  actVersion(user: UserRow | null, id: string, version: number, action: unknown, asked?: Role): Promise<number>;
  undo(user: UserRow | null, id: string, version: number, asked?: string): Promise<GameState>;
  resign(user: UserRow | null, id: string, asked?: string): Promise<GameState>;
  abort(user: UserRow | null, id: string, asked?: string): Promise<GameState>;
  claim(user: UserRow | null, id: string, asked?: string): Promise<GameState>;
}
