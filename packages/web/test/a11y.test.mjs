// Issue 23: axe-core (WCAG 2.2 A/AA tags and axe's best practices) over every page at 360 and 1280 px.
// The page around the boards must have no violation; what axe finds inside a board (.board-area,
// packages/web/src/boards) is reported by rule id as a diagnostic (the boards' own work).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { launch, CHROMIUM } from './browser.mjs';
import { startServer } from './server.mjs';
import { PAGES, audit, preparePages, signInPage } from './pages.mjs';

const haveBrowser = existsSync(CHROMIUM);
const skip = haveBrowser ? false : `no browser at ${CHROMIUM}`;
let server, b, ctx;

before(async () => {
  if (!haveBrowser) return;
  server = await startServer();
  b = await launch();
  ctx = await preparePages(server.url);
});
after(async () => {
  await b?.close();
  await server?.stop();
});

for (const width of [1280, 360]) {
  test(`issue 23 / WCAG 2.2 AA: no axe violation on any page or board at ${width} px, each page with its own <h1> and title`, { skip, timeout: 180_000 }, async () => {
    const bc = await b.browser.newContext({ viewport: { width, height: width < 500 ? 740 : 900 }, locale: 'en-US', bypassCSP: true }); // axe-core is injected as a script by the test, which the CSP (rightly) forbids
    const failures = [];
    const titles = new Set();
    for (const p of PAGES) {
      const page = await bc.newPage();
      if (p.auth) await signInPage(page, ctx);
      await p.open(page, server.url, ctx);
      const r = await audit(page);
      for (const v of r.page) failures.push(`${p.name}: ${v.id} x${v.nodes.length} (${v.nodes[0].target}: ${v.nodes[0].summary.replace(/\s+/g, ' ')})`);
      for (const v of r.board) failures.push(`${p.name}, inside the board: ${v.id} x${v.nodes.length} (${v.nodes[0].target}: ${v.nodes[0].summary.replace(/\s+/g, ' ')})`);
      assert.equal(await page.locator('h1').count(), 1, `${p.name}: one <h1>`);
      const title = await page.title();
      assert.match(title, / · Tabula$/, `${p.name}: title "${title}"`);
      titles.add(title.replace(/^● [^·]+ · /, ''));
      const w = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(w <= width, `${p.name} is ${w}px wide at ${width}`);
      await page.close();
    }
    await bc.close();
    assert.deepEqual(failures, []);
    // Pages of different kinds have different titles (the games' pages share theirs by game).
    assert.ok(titles.size >= 10, [...titles].join(' | '));
  });
}
