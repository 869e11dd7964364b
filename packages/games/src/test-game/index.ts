// `@tabula/games/test-game`: the test game's manifest, for clients that register it themselves.
export { TEST_GAME_ID } from './id.js';
export { testGameManifest } from './manifest.js';
