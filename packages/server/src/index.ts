export { createServer, defaultWebDist, defaultRateLimits, serverVersion, checkDepth } from './app.js';
export type { ServerOptions, TabulaServer, RateLimits } from './app.js';
export { Accounts } from './accounts/accounts.js';
export { Games } from './games/index.js';
export type { GameState, GameSummary, SeatInfo, CreateGameBody } from './games/index.js';
export { ApiError } from './http/errors.js';
export { openStore, SqliteStore, PostgresStore } from './store/index.js';
export type { Store, GameRow } from './store/index.js';
export { hashPassword, verifyPassword } from './accounts/passwords.js';
