import { register } from '../catalog.js';
import { registerManifest, manifestOf } from '../manifests.js';
import { TEST_GAME_ID } from './id.js';
import { testGameManifest } from './manifest.js';
import { nimGame } from './nim.js';

/** Offers the test game (catalog, lobby, API) in this process; tests only. Safe to call twice. */
export function registerTestGame(): void {
  if (manifestOf(TEST_GAME_ID)) return;
  registerManifest(testGameManifest);
  register(nimGame);
}
