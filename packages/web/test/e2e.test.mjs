// End-to-end tests in a real browser (Debian's chromium via playwright-core) against a real server.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { launch, CHROMIUM } from './browser.mjs';
import { startServer } from './server.mjs';

const haveBrowser = existsSync(CHROMIUM);
const skip = haveBrowser ? false : `no browser at ${CHROMIUM}`;
let server, b, catalog = [];

before(async () => {
  if (!haveBrowser) return;
  server = await startServer();
  b = await launch();
  catalog = await (await fetch(`${server.url}/api/catalog`)).json();
});
after(async () => {
  await b?.close();
  await server?.stop();
});

async function newPage(opts = {}) {
  const ctx = await b.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', ...opts });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.setDefaultTimeout(15_000);
  return { ctx, page, errors };
}

const logCount = (page) => page.locator('[data-testid=log] li').count();

async function signUp(page, name) {
  await page.goto(`${server.url}/signin`);
  await page.getByTestId('tab-signup').click();
  await page.fill('input[name=name]', name);
  await page.fill('input[name=password]', 'correct horse battery');
  await page.getByTestId('auth-submit').click();
  await page.getByTestId('new-game').waitFor();
}

/** On the Carcassonne board: place the tile on the first legal spot, then put a follower (or nothing). */
async function carcassonneTurn(page, { follower = true } = {}) {
  await page.getByTestId('carc-spot').first().click();
  await page.getByTestId('carc-confirm').click();
  const deploy = page.getByTestId('carc-deploy');
  await page.getByTestId('carc-skip').waitFor();
  if (follower && (await deploy.count()) > 0) {
    const notField = page.locator('[data-testid=carc-deploy]:not([data-kind=field])');
    await ((await notField.count()) > 0 ? notField.first() : deploy.first()).click();
    // A field may take a follower or a shepherd: then a choice appears.
    const choice = page.getByTestId('carc-choice');
    if (await choice.count()) await choice.locator('button').first().click();
  } else await page.getByTestId('carc-skip').click();
}

const uid = () => Math.random().toString(36).slice(2, 8);

test('the UI switches to German and Simplified Chinese, and remembers the choice', { skip }, async () => {
  const { ctx, page, errors } = await newPage();
  await page.goto(server.url);
  await page.getByTestId('play-local').waitFor();
  assert.equal(await page.getByTestId('play-local').innerText(), 'Play now on this device');
  await page.getByTestId('lang').selectOption('de');
  assert.equal(await page.getByTestId('play-local').innerText(), 'Jetzt auf diesem Gerät spielen');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
  await page.getByTestId('lang').selectOption('zh-Hans');
  assert.equal(await page.getByTestId('play-local').innerText(), '立即在本设备上玩');
  await page.reload();
  assert.equal(await page.getByTestId('play-local').innerText(), '立即在本设备上玩');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('a German browser gets German by default', { skip }, async () => {
  const { ctx, page } = await newPage({ locale: 'de-DE' });
  await page.goto(server.url);
  assert.equal(await page.getByTestId('play-local').innerText(), 'Jetzt auf diesem Gerät spielen');
  await ctx.close();
});

test('local Carcassonne against a bot: place a tile and a follower, the bot answers; then step through the replay', { skip }, async () => {
  const { ctx, page, errors } = await newPage();
  await page.goto(`${server.url}/local`);
  await page.getByTestId('setup-game').selectOption('carcassonne');
  await page.getByTestId('seat-blue').selectOption('random');
  await page.getByTestId('setup-submit').click();
  await carcassonneTurn(page);
  assert.equal(await page.locator('svg [data-owner=red]').count(), 1, 'a red follower on the board');
  // The bot (in a Web Worker) draws, places and deploys; then it is red's turn again.
  await page.getByTestId('carc-spot').first().waitFor();
  const lines = await page.getByTestId('log').innerText();
  assert.match(lines, /Blue/);
  assert.ok((await logCount(page)) >= 3);
  // Replay: step forward and back.
  await page.getByRole('button', { name: 'Replay' }).click();
  await page.getByTestId('replay-step').waitFor();
  assert.match(await page.getByTestId('replay-step').innerText(), /^Action 0 of \d+$/);
  await page.getByTestId('replay-next').click();
  await page.getByTestId('replay-next').click();
  assert.match(await page.getByTestId('replay-step').innerText(), /^Action 2 of \d+$/);
  assert.equal(await page.locator('.carc-svg g[transform^="translate"] > g > rect').count() >= 2, true);
  await page.getByTestId('replay-prev').click();
  assert.match(await page.getByTestId('replay-step').innerText(), /^Action 1 of/);
  await page.getByTestId('replay-viewer').selectOption('blue');
  assert.match(await page.locator('.viewing').innerText(), /Blue/);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('online: sign up, create a Carcassonne game against a bot, place a tile and a follower, see the bot answer', { skip }, async (t) => {
  if (!catalog.some((g) => g.id === 'carcassonne')) return t.skip('carcassonne is not in the server catalog yet');
  const { ctx, page, errors } = await newPage();
  await signUp(page, `ann${uid()}`);
  await page.getByTestId('new-game').click();
  await page.getByTestId('setup-game').selectOption('carcassonne');
  await page.getByTestId('seat-blue').selectOption('random');
  await page.getByTestId('setup-submit').click();
  await page.waitForURL(/\/games\/[^/]+$/);
  await carcassonneTurn(page);
  // The bot plays on the server; the live socket brings its move without a reload.
  await page.getByTestId('carc-spot').first().waitFor({ timeout: 20_000 });
  assert.match(await page.getByTestId('log').innerText(), /Blue/);
  assert.equal(await page.getByTestId('live-status').getAttribute('data-status'), 'open');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('online: two browsers playing one game see each other\'s moves live', { skip }, async (t) => {
  const entry = catalog.find((g) => g.id === 'carcassonne') ?? catalog[0];
  if (!entry) return t.skip('no game in the catalog');
  const a = await newPage();
  const c = await newPage();
  await signUp(a.page, `amy${uid()}`);
  await signUp(c.page, `bob${uid()}`);
  await a.page.getByTestId('new-game').click();
  await a.page.getByTestId('setup-game').selectOption(entry.id);
  const roles = entry.roles[entry.players.default];
  await a.page.getByTestId(`seat-${roles[1]}`).selectOption('human');
  await a.page.getByTestId('setup-submit').click();
  await a.page.waitForURL(/\/games\/[^/]+$/);
  const invite = await a.page.getByTestId('invite').innerText();
  await c.page.goto(invite);
  await c.page.getByTestId(`take-${roles[1]}`).click();
  await a.page.getByTestId('invite').waitFor({ state: 'detached' });
  // Whoever is to move plays one action; the other page must show it without reloading.
  for (let i = 0; i < 2; i++) {
    const pages = [a.page, c.page];
    const mover = await Promise.race(pages.map(async (p, k) => { await p.locator('.prompt.mine').waitFor({ timeout: 15_000 }); return k; }));
    const me = pages[mover], other = pages[1 - mover];
    const before = await logCount(other);
    if (entry.id === 'carcassonne') await carcassonneTurn(me, { follower: false });
    else await me.locator('.action-list button.action').first().click();
    await other.waitForFunction((n) => document.querySelectorAll('[data-testid=log] li').length > n, before, { timeout: 15_000 });
  }
  assert.deepEqual([...a.errors, ...c.errors], []);
  await a.ctx.close();
  await c.ctx.close();
});

test('the lobby and game pages fit a 360 px wide phone screen', { skip }, async () => {
  const { ctx, page } = await newPage({ viewport: { width: 360, height: 740 } });
  for (const path of ['/', '/local', '/rules', '/signin']) {
    await page.goto(`${server.url}${path}`);
    await page.waitForTimeout(200);
    const w = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(w <= 360, `${path} is ${w}px wide`);
  }
  await ctx.close();
});
