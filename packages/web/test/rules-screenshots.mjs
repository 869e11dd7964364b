#!/usr/bin/env node
// Screenshots of each game's rules page (top, and scrolled to one anchored rule) at 360 and 1280 px in English
// and Chinese, for a person to look at. Usage: node packages/web/test/rules-screenshots.mjs [outdir] (after `npm run build`).
import { mkdirSync } from 'node:fs';
import { launch } from './browser.mjs';
import { startServer } from './server.mjs';

const OUT = process.argv[2] ?? '/tmp/rules-shots';
mkdirSync(OUT, { recursive: true });
const ANCHOR = { 'hammer-of-the-scots': 'r5-32', carcassonne: 'r5-3', hacse: 'rA12' };
const server = await startServer();
const b = await launch();
try {
  for (const [lang, locale] of [['en', 'en-US'], ['zh', 'zh-CN']]) {
    for (const width of [360, 1280]) {
      const ctx = await b.browser.newContext({ viewport: { width, height: 900 }, locale });
      const p = await ctx.newPage();
      p.on('pageerror', (e) => console.error('pageerror', e.message));
      for (const [game, anchor] of Object.entries(ANCHOR)) {
        await p.goto(`${server.url}/rules/${game}`);
        await p.getByTestId('rules-reference').waitFor({ timeout: 10_000 });
        await p.screenshot({ path: `${OUT}/${game}-${lang}-${width}-top.png` });
        await p.goto(`${server.url}/rules/${game}#${anchor}`);
        await p.getByTestId('rules-reference').waitFor({ timeout: 10_000 });
        await p.waitForTimeout(200);
        await p.screenshot({ path: `${OUT}/${game}-${lang}-${width}-${anchor}.png` });
      }
      await ctx.close();
    }
  }
  console.log(`wrote ${OUT}`);
} finally {
  await b.close();
  await server.stop();
}
