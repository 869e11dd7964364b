// Screenshots of one tutorial step per game at 360, 1280 and 1920 px: docs/screenshots/tutorial-<game>-<width>.png.
// Needs the built packages and web client: node packages/web/test/tutorial-screenshots.mjs
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { manifestOf } from '@tabula/games/registry';
import { launch } from './browser.mjs';
import { startServer } from './server.mjs';
import { playStep } from './tutorial-drive.mjs';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '../../../docs/screenshots');
/** The step shown per game (1-based): one where the board's highlight says what to do. */
const SHOWN = { carcassonne: 2, 'hammer-of-the-scots': 4, hacse: 13 };

mkdirSync(OUT, { recursive: true });
const server = await startServer();
const b = await launch();
try {
  for (const [gameId, step] of Object.entries(SHOWN)) {
    const [tutorial] = await manifestOf(gameId).tutorials();
    for (const width of [360, 1280, 1920]) {
      const ctx = await b.browser.newContext({ viewport: { width, height: width === 360 ? 780 : 1000 }, locale: 'en-US' });
      const page = await ctx.newPage();
      await page.goto(`${server.url}/learn/${gameId}`);
      await page.getByTestId('tutorial-text').waitFor();
      for (let i = 0; i < step - 1; i++) await playStep(page, gameId, tutorial.steps[i].actions[0]);
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(OUT, `tutorial-${gameId}-${width}.png`), fullPage: width === 360 });
      await ctx.close();
    }
  }
} finally {
  await b.close();
  await server.stop();
}
