// `@tabula/games` for Node (server, CLI, bots): the registry plus every engine loaded at once.
export * from './registry.js';
export { register, getGame, listGames, catalog, catalogEntry, type CatalogEntry } from './catalog.js';
export { registerTestGame } from './test-game/register.js';
export { TEST_GAME_ID } from './test-game/id.js';
import { registerTestGame } from './test-game/register.js';

// A server started for end-to-end tests offers the test game too.
if (globalThis.process?.env?.TABULA_TEST_GAME === '1') registerTestGame();
