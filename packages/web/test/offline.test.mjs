// Issue 48: the installable app plays on this device with no network. Chromium loads the app once, the
// service worker precaches it; then the network goes (the browser's offline mode, and the server is
// stopped as well), a new page cold-starts at the local-play URL and a game against a random bot is
// played to its end in each game; the browser is closed and reopened (the same profile, still offline)
// and the games are listed, finished, and replay.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { Rng } from '@tabula/engine';
import { load } from '@tabula/games/registry';
import { TEST_GAME_ID } from '@tabula/games/test-game';
import { CHROMIUM } from './browser.mjs';
import { startServer } from './server.mjs';
import { drive, localFile, playout, replayFile } from './drive.mjs';

const skip = existsSync(CHROMIUM) ? false : `no browser at ${CHROMIUM}`;
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

async function openProfile(dir) {
  const ctx = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, args: ARGS, viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  await ctx.addInitScript(() => localStorage.setItem('tabula.testGame', '1'));
  return ctx;
}

/** A game a random playout took to within `left` actions of its end; the rest is played in the browser. */
async function nearlyOver(id, scenario, human, bot, left) {
  const { game } = await load(id);
  const all = playout(game, `offline-${id}`, { scenario }, (s, r, acts, rng) => rng.pick(acts), (s) => game.outcome(s) !== null, { max: 3000, rngPrefix: 'offline' });
  return { game, file: { game: id, seed: `offline-${id}`, options: { scenario }, actions: all.slice(0, Math.max(0, all.length - left)), seats: { [human]: 'me', [bot]: 'random' } } };
}

/** Whether the game on screen is saved in the device's list (IndexedDB) as finished. */
const savedFinished = (page) => page.evaluate(() => new Promise((resolve) => {
  const id = JSON.parse(localStorage.getItem('tabula.local')).id;
  const open = indexedDB.open('tabula');
  open.onerror = () => resolve(false);
  open.onsuccess = () => {
    const get = open.result.transaction('games').objectStore('games').get(id);
    get.onsuccess = () => { open.result.close(); resolve(get.result?.finished === true); };
    get.onerror = () => { open.result.close(); resolve(false); };
  };
}));

/** Carcassonne through its board (tiles are placed on spots, not from a list): the first legal spot, no follower. */
async function carcassonneToTheEnd(page, game, human) {
  for (let step = 0; step < 400; step++) {
    const f = await localFile(page);
    const s = replayFile(game, f);
    if (game.outcome(s)) return;
    if (!game.active(s).includes(human)) { await page.waitForTimeout(150); continue; }
    const n = f.actions.length;
    if (await page.getByTestId('carc-spot').count() > 0) {
      await page.getByTestId('carc-spot').first().click();
      await page.getByTestId('carc-confirm').click();
    } else if (await page.getByTestId('carc-skip').count() > 0) await page.getByTestId('carc-skip').click();
    else if (await page.getByTestId('carc-choice').count() > 0) await page.getByTestId('carc-choice').locator('button').first().click();
    else if (await page.locator('button[data-action]:not([disabled])').count() > 0) await page.locator('button[data-action]:not([disabled])').first().click();
    else { await page.waitForTimeout(150); continue; }
    await page.waitForFunction((k) => JSON.parse(localStorage.getItem('tabula.local')).actions.length > k, n, { timeout: 10_000 });
  }
  throw new Error('carcassonne: not over after 400 steps');
}

test('issue 48: offline, a cold start plays a game against a bot to its end in every game; reopened, the games are listed', { skip, timeout: 420_000 }, async () => {
  const server = await startServer();
  const dir = mkdtempSync(join(tmpdir(), 'tabula-offline-'));
  let ctx = await openProfile(dir);
  const errors = [];
  try {
    // Online once: the service worker installs and precaches the build; the manifest is the installable one.
    const first = await ctx.newPage();
    await first.goto(`${server.url}/`);
    const sw = await first.evaluate(async () => {
      const r = await navigator.serviceWorker.ready;
      return r.active?.scriptURL ?? null;
    });
    assert.equal(sw, `${server.url}/sw.js`);
    // Chromium's own installability check (what Lighthouse's "installable" audit asks): no errors.
    const cdp = await ctx.newCDPSession(first);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, [], JSON.stringify(installabilityErrors));
    const { errors: manifestErrors, url: manifestUrl } = await cdp.send('Page.getAppManifest');
    assert.equal(manifestUrl, `${server.url}/manifest.webmanifest`);
    assert.deepEqual(manifestErrors, []);
    await cdp.detach();
    const manifest = await (await fetch(`${server.url}/manifest.webmanifest`)).json();
    assert.equal(manifest.display, 'standalone');
    assert.ok(manifest.icons.some((i) => i.sizes === '512x512' && i.type === 'image/png'), 'a 512 px PNG icon');
    assert.ok(manifest.icons.some((i) => i.sizes === '192x192' && i.type === 'image/png'), 'a 192 px PNG icon');
    await first.close();

    await server.stop();
    await ctx.setOffline(true);

    // Online pages say they need the network.
    const home = await ctx.newPage();
    home.on('pageerror', (e) => errors.push(`home: ${e.message}`));
    await home.goto(`${server.url}/`);
    await home.getByTestId('offline-notice').waitFor();
    await home.close();

    // The test game from the setup form of a cold-started /local: Nim against the random bot.
    const nim = await ctx.newPage();
    nim.setDefaultTimeout(15_000);
    nim.on('pageerror', (e) => errors.push(`nim: ${e.message}`));
    await nim.goto(`${server.url}/local`);
    assert.equal(await nim.getByTestId('offline-notice').count(), 0, 'local play needs no network: no notice');
    await nim.getByTestId('setup-game').selectOption(TEST_GAME_ID);
    await nim.getByTestId('seat-second').selectOption('random');
    await nim.getByTestId('setup-submit').click();
    await nim.waitForURL(/\/local\/play$/);
    for (let i = 0; i < 20; i++) {
      if (/Game over/.test(await nim.getByTestId('prompt').innerText())) break;
      const take = nim.getByTestId('action-list').locator('button').last();
      if (await take.isVisible() && await take.isEnabled()) await take.click().catch(() => undefined);
      await nim.waitForTimeout(400);
    }
    await nim.getByTestId('prompt').filter({ hasText: 'Game over' }).waitFor();
    await nim.close();

    // The three games, each from a position near its end, played out against the random bot by engine-chosen legal actions.
    const games = [
      await nearlyOver('carcassonne', 'standard', 'red', 'blue', 16),
      await nearlyOver('hacse', 'late', 'axis', 'allies', 12),
      await nearlyOver('hammer-of-the-scots', 'braveheart', 'England', 'Scotland', 16),
    ];
    for (const { game, file } of games) {
      const page = await ctx.newPage();
      page.setDefaultTimeout(15_000);
      page.on('pageerror', (e) => errors.push(`${file.game}: ${e.message}`));
      // A move that loses at once is confirmed with the browser's dialog: a random player says yes.
      page.on('dialog', (d) => void d.accept());
      await page.goto(`${server.url}/local`);
      await page.evaluate((f) => localStorage.setItem('tabula.local', JSON.stringify(f)), file);
      await page.goto(`${server.url}/local/play`);
      await page.getByTestId('prompt').waitFor();
      const rng = new Rng(`offline-drive-${file.game}`);
      const human = Object.keys(file.seats).find((r) => file.seats[r] === 'me');
      if (file.game === 'carcassonne') await carcassonneToTheEnd(page, game, human);
      else await drive(page, game, { humans: [human], policy: (s, role, acts) => rng.pick(acts), done: (s) => game.outcome(s) !== null, maxSteps: 400, timeoutMs: 180_000 });
      // The device's list has it as finished (IndexedDB is written just after localStorage: wait for it).
      for (let i = 0; i < 50 && !(await savedFinished(page)); i++) await page.waitForTimeout(100);
      await page.goto(`${server.url}/local`);
      await page.locator(`[data-testid=saved-game][data-game="${file.game}"][data-finished=true]`).waitFor();
      await page.close();
    }
    await ctx.close();

    // Closed and reopened, still offline: the list is there, and a game replays.
    ctx = await openProfile(dir);
    await ctx.setOffline(true);
    const again = ctx.pages()[0] ?? await ctx.newPage();
    again.setDefaultTimeout(15_000);
    again.on('pageerror', (e) => errors.push(`reopened: ${e.message}`));
    await again.goto(`${server.url}/local`);
    await again.getByTestId('saved-games').waitFor();
    const listed = await again.getByTestId('saved-game').evaluateAll((els) => els.map((e) => `${e.dataset.game}:${e.dataset.finished ?? 'open'}`));
    assert.deepEqual(listed.sort(), ['carcassonne:true', 'hacse:true', 'hammer-of-the-scots:true', `${TEST_GAME_ID}:true`].sort());
    await again.locator('[data-testid=saved-game][data-game=hacse] [data-testid=saved-replay]').click();
    await again.waitForURL(/\/local\/replay\?id=/);
    await again.getByTestId('replay-controls').waitFor();
    assert.deepEqual(errors, []);
  } finally {
    await ctx.close().catch(() => undefined);
    await server.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
});

test('issue 48: a new deployment waits for the player: the open page keeps its version, "Update now" reloads on the new one', { skip, timeout: 120_000 }, async () => {
  const swPath = new URL('../dist/sw.js', import.meta.url);
  const original = readFileSync(swPath);
  const server = await startServer();
  const dir = mkdtempSync(join(tmpdir(), 'tabula-update-'));
  const ctx = await openProfile(dir);
  try {
    const page = await ctx.newPage();
    page.setDefaultTimeout(15_000);
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/local`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'the page is served by the worker');
    assert.equal(await page.getByTestId('update-ready').count(), 0);
    // A local game records the engine version it started with; under another version its page says so.
    await page.evaluate(() => localStorage.setItem('tabula.local', JSON.stringify({ game: 'hacse', seed: 'v', options: {}, actions: [], seats: { axis: 'me', allies: 'random' }, id: 'v1', engine: 'an-older-build' })));
    await page.goto(`${server.url}/local/play`);
    await page.getByTestId('other-engine').waitFor();
    await page.evaluate(() => localStorage.removeItem('tabula.local'));
    await page.goto(`${server.url}/local`);

    // "Deploy" a new version: the worker script changes on the server.
    writeFileSync(swPath, Buffer.concat([original, Buffer.from(`\n// deployed ${Date.now()}\n`)]));
    await page.evaluate(async () => { await (await navigator.serviceWorker.getRegistration()).update(); });
    await page.getByTestId('update-ready').waitFor();
    const waiting = await page.evaluate(async () => { const r = await navigator.serviceWorker.getRegistration(); return { waiting: r.waiting !== null, active: r.active !== null }; });
    assert.deepEqual(waiting, { waiting: true, active: true }, 'the new worker waits; the old one still serves this page');
    // The open page goes on under the old worker: a chunk it had not loaded yet (a rules reference) still loads.
    await page.getByTestId('nav-local').waitFor();
    await page.evaluate(() => { history.pushState(null, '', '/rules/hacse'); dispatchEvent(new PopStateEvent('popstate')); });
    await page.getByTestId('rules-reference').waitFor();

    await page.getByTestId('update-now').click();
    await page.waitForFunction(() => performance.getEntriesByType('navigation')[0]?.type === 'reload');
    await page.locator('main h1').waitFor();
    const after = await page.evaluate(async () => { const r = await navigator.serviceWorker.getRegistration(); return { waiting: r.waiting !== null, controlled: navigator.serviceWorker.controller !== null }; });
    assert.deepEqual(after, { waiting: false, controlled: true }, 'the new worker took over after the reload');
    assert.equal(await page.getByTestId('update-ready').count(), 0);
    assert.deepEqual(errors, []);
  } finally {
    writeFileSync(swPath, original);
    await ctx.close().catch(() => undefined);
    await server.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
});
