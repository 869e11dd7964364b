export { createServer, defaultWebDist, defaultRateLimits, serverVersion, checkDepth } from './app.js';
export type { ServerOptions, TabulaServer, RateLimits } from './app.js';
export { GameService } from './service.js';
export type { GameState, GameSummary, SeatInfo, CreateGameBody } from './service.js';
export { ApiError } from './errors.js';
export { openStore, SqliteStore, PostgresStore } from './store/index.js';
export type { Store, GameRow } from './store/index.js';
export { hashPassword, verifyPassword } from './passwords.js';
