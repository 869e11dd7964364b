import { registerManifest } from '@tabula/games/registry';
import { addManifestTexts } from './i18n/index.js';

const FLAG = 'tabula.testGame';

/**
 * Offers the platform's test game (a Nim registered only through its manifest) when the browser's storage
 * asks for it; the end-to-end tests set the flag. Its code is a separate chunk loaded only then.
 */
export async function offerTestGameIfAsked(): Promise<void> {
  let asked = false;
  try { asked = localStorage.getItem(FLAG) === '1'; } catch { /* storage may be blocked */ }
  if (!asked) return;
  const { testGameManifest } = await import('@tabula/games/test-game');
  registerManifest(testGameManifest);
  addManifestTexts(testGameManifest);
}
