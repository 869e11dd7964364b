// The rules page of a game (issue 17): the full-rules link names the language of the page it leads to and
// opens in a new tab; a link to a rule number scrolls to its section; cross references link to sections.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { b, server, skip, useServerAndBrowser } from './helpers.mjs';

useServerAndBrowser();

async function open(locale, path) {
  const ctx = await b.browser.newContext({ viewport: { width: 1280, height: 900 }, locale });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.setDefaultTimeout(10_000);
  await page.goto(`${server.url}${path}`);
  await page.getByTestId('rules-reference').waitFor();
  return { ctx, page, errors };
}

const inView = (loc) => loc.evaluate((el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; });

test('rules page (de): the full-rules link says "englisch" and opens in a new tab without an opener', { skip }, async () => {
  const { ctx, page, errors } = await open('de-DE', '/rules/hammer-of-the-scots');
  const link = page.getByTestId('rules-full-link');
  assert.match(await link.innerText(), /^Vollständige Regeln \(englisch, rally-the-troops\.com\)/);
  assert.equal(await link.getAttribute('target'), '_blank');
  assert.match(await link.getAttribute('rel'), /\bnoopener\b/);
  assert.equal(await link.getAttribute('hreflang'), 'en');
  // HACSE's full rules are the German wiki page.
  await page.goto(`${server.url}/rules/hacse`);
  assert.match(await page.getByTestId('rules-full-link').innerText(), /^Vollständige Regeln \(deutsch, hacse\.hacfleisch\.org\)/);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('rules page (zh-Hans): /rules/hammer-of-the-scots#r5-32 shows rule 5.32 in Chinese; its cross reference (5.41) jumps to 5.41', { skip }, async () => {
  const { ctx, page, errors } = await open('zh-CN', '/rules/hammer-of-the-scots#r5-32');
  const s532 = page.locator('#r5-32');
  await page.waitForFunction(() => { const r = document.getElementById('r5-32')?.getBoundingClientRect(); return !!r && r.top >= 0 && r.top < 200; }, null, { timeout: 5000 });
  assert.match(await s532.locator('h4').innerText(), /^5\.32\s+进攻方后备部队与主攻/);
  await page.locator('#r3-12 p a[href="#r5-41"]').click();
  await page.waitForFunction(() => location.hash === '#r5-41');
  assert.ok(await inView(page.locator('#r5-41')), 'section 5.41 scrolled into view');
  // A HACSE decision code from our notes is an anchor too.
  await page.goto(`${server.url}/rules/hacse#rA12`);
  await page.getByTestId('rules-reference').waitFor();
  await page.waitForFunction(() => { const r = document.getElementById('rA12')?.getBoundingClientRect(); return !!r && r.top >= 0 && r.top < innerHeight; }, null, { timeout: 5000 });
  assert.match(await page.locator('section:has(> #rA12) h3').innerText(), /推进/);
  assert.deepEqual(errors, []);
  await ctx.close();
});
