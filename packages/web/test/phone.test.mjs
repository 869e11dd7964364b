// Issue 44, item 5: Hammer on a 360 px phone. The map fits the width when the game opens (the zoom buttons
// still zoom into its frame), the header is one row so the board starts near the top, and the buttons of the
// header and the game are at least 44 px tall.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, server, b, skip, newPage, signUp } from './helpers.mjs';
import { openLocal } from './drive.mjs';

useServerAndBrowser();
const PHONE = { width: 360, height: 780 };

test('Hammer at 360 px: the map fits the width and starts near the top; zoom still works; 44 px tap targets', { skip }, async () => {
  const { ctx, page, errors } = await openLocal(b.browser, server.url, { game: 'hammer-of-the-scots', seed: 'phone', options: {}, actions: [], seats: { England: 'me', Scotland: 'random' } }, PHONE);
  const map = page.getByTestId('hammer-map');
  await map.locator('[data-testid=hammer-block]').first().waitFor();
  await page.waitForTimeout(300);
  const box = await map.boundingBox();
  assert.ok(box.width <= 360 && box.width >= 300, `map ${box.width}px wide`);
  assert.ok(box.y < 330, `the map starts ${box.y}px down`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 360, 'no sideways scrolling of the page');
  const header = await page.locator('header.top').boundingBox();
  assert.ok(header.height <= 60, `header ${header.height}px tall`);
  const small = await page.evaluate(() => [...document.querySelectorAll('header.top a, header.top button, header.top select, .game-screen button, .game-screen select')]
    .filter((el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'; })
    .map((el) => { const r = el.getBoundingClientRect(); return { t: (el.textContent || el.getAttribute('aria-label') || el.tagName).trim().slice(0, 30), w: Math.round(r.width), h: Math.round(r.height) }; })
    .filter((x) => x.h < 44 || x.w < 44));
  assert.deepEqual(small, [], 'tap targets under 44 px');
  await page.getByTestId('hammer-zoom-in').click();
  await page.waitForTimeout(200);
  const zoomed = await map.boundingBox();
  assert.ok(zoomed.width > box.width * 1.3, `zoomed to ${zoomed.width}px`);
  await page.getByTestId('hammer-zoom-out').click();
  await page.waitForTimeout(200);
  assert.ok(Math.abs((await map.boundingBox()).width - box.width) < 2, 'back to the width');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('signed in at 360 px: the header stays one row (it scrolls sideways), the page does not', { skip }, async () => {
  const { ctx, page, errors } = await newPage({ viewport: PHONE });
  await signUp(page, `ph${Math.random().toString(36).slice(2, 8)}`);
  const header = await page.locator('header.top').boundingBox();
  assert.ok(header.height <= 60, `header ${header.height}px tall`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 360, 'no sideways scrolling of the page');
  assert.deepEqual(errors, []);
  await ctx.close();
});
