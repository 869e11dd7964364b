// Issue 44, item 7: copy and locale. The bell's dates in the page's language (German: "07.12.2026, 14:26", not "12/7/2026, 2:26 PM"), the log's
// lines written to their reader without a side in front ("You play Move 2.", not "England You play Move 2."),
// and a 1 s clock refused with a message that says which field and its bounds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, server, b, skip, newPage } from './helpers.mjs';
import { preparePages, signInPage } from './pages.mjs';
import { openLocal } from './drive.mjs';

let acct;
useServerAndBrowser(async () => { acct = await preparePages(server.url); });

test('the bell dates notifications in the page language', { skip }, async () => {
  const { ctx, page, errors } = await newPage({ locale: 'de-DE' });
  await signInPage(page, acct);
  await page.goto(`${server.url}/`);
  await page.getByTestId('lang').selectOption('de');
  await page.waitForFunction(() => document.documentElement.lang === 'de');
  await page.getByTestId('bell').click();
  const date = page.getByTestId('notification-date').first();
  await date.waitFor();
  const text = await date.innerText();
  const want = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(await date.getAttribute('datetime')));
  assert.equal(text, want);
  assert.match(text, /^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/, 'day.month.year, 24-hour time');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('Hammer log: "You play …" stands without the side in front of it', { skip }, async () => {
  const { ctx, page } = await openLocal(b.browser, server.url, { game: 'hammer-of-the-scots', seed: 'log', options: {}, actions: [], seats: { England: 'me', Scotland: 'random' } });
  await page.locator('.hammer-card.hl:not(:disabled)').first().click();
  const line = page.getByTestId('log').locator('li', { hasText: /You play/ }).first();
  await line.waitFor();
  assert.match(await line.innerText(), /^\s*You play/);
  await ctx.close();
});

test('a 1 s live clock: a clear message naming the field and its bounds', { skip }, async () => {
  const { ctx, page } = await newPage();
  // English chosen on this device (the account was left in German above, which a device without a choice follows).
  await ctx.addInitScript(() => localStorage.setItem('tabula.lang', 'en'));
  await signInPage(page, acct);
  await page.goto(`${server.url}/new`);
  await page.getByTestId('time-control').selectOption('custom');
  await page.getByTestId('clock-base').fill('1');
  await page.getByTestId('setup-submit').click();
  const err = page.locator('.error[role=alert]');
  await err.waitFor();
  assert.equal(await err.innerText(), 'Seconds per player must be between 15 and 10800.');
  await ctx.close();
});
