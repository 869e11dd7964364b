// The registry without engine code (the browser's entry, `@tabula/games/registry`): ids, manifests, lazy load.
export { GAME_IDS, isGameId, type GameId } from './ids.js';
export { MANIFESTS, manifestOf, manifests, gameIds, gameName, registerManifest } from './manifests.js';
export { load, type LoadedEntry } from './load.js';
