// Issue 44, item 6: the lobby at 1280 and 1920 px: seeks, open, running and finished games side by side in
// columns, no select wider than its words need, no Refresh button (the lobby updates itself).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, server, skip, newPage } from './helpers.mjs';
import { preparePages, signInPage } from './pages.mjs';

let acct;
useServerAndBrowser(async () => { acct = await preparePages(server.url); });

test('lobby at 1280 and 1920 px: four columns side by side, narrow selects, no Refresh', { skip }, async () => {
  const { ctx, page, errors } = await newPage();
  await signInPage(page, acct);
  await page.goto(`${server.url}/`);
  await page.locator('.game-row').first().waitFor();
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 1000 });
    await page.waitForTimeout(200);
    const boxes = await Promise.all(['.lobby-col', '[data-testid=lobby-open]', '[data-testid=lobby-active]', '[data-testid=lobby-finished]'].map((s) => page.locator(s).boundingBox()));
    const tops = boxes.map((x) => Math.round(x.y));
    assert.ok(Math.max(...tops) - Math.min(...tops) < 20, `columns side by side at ${width}: tops ${tops}`);
    for (let i = 1; i < boxes.length; i++) assert.ok(boxes[i].x >= boxes[i - 1].x + boxes[i - 1].width - 1, `column ${i} right of column ${i - 1} at ${width}`);
    const widest = await page.evaluate(() => Math.max(...[...document.querySelectorAll('.lobby select')].map((s) => s.getBoundingClientRect().width)));
    assert.ok(widest <= 400, `a select ${widest}px wide at ${width}`);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= width);
  }
  assert.equal(await page.getByRole('button', { name: /refresh/i }).count(), 0, 'no Refresh button');
  assert.deepEqual(errors, []);
  await ctx.close();
});
