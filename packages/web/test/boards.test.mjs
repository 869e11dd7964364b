// The three boards in Chromium at 360, 1280 and 1920 px, used as a person uses them: click a block,
// a tile spot, a card; assert on what is on screen (boxes in the viewport, text sizes, names).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { Rng } from '@tabula/engine';
import { launch, CHROMIUM } from './browser.mjs';
import { startServer } from './server.mjs';
import { localFile, openLocal, playout } from './drive.mjs';

const haveBrowser = existsSync(CHROMIUM);
const skip = haveBrowser ? false : `no browser at ${CHROMIUM}`;
let server, b;
before(async () => { if (!haveBrowser) return; server = await startServer(); b = await launch(); });
after(async () => { await b?.close(); await server?.stop(); });


const open = (viewport, file) => openLocal(b.browser, server.url, file, viewport);

const inViewport = (page, locator) => locator.evaluate((el) => {
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
});

/** The smallest rendered font size (px) of the SVG texts inside `sel`, scaled by the SVG's viewBox. */
const smallestSvgText = (page, sel) => page.evaluate((s) => {
  let min = Infinity;
  for (const svg of document.querySelectorAll(s)) {
    const vb = svg.viewBox.baseVal, scale = svg.getBoundingClientRect().width / vb.width;
    for (const tx of svg.querySelectorAll('text')) {
      if (!tx.getBoundingClientRect().width) continue;
      const px = parseFloat(getComputedStyle(tx).fontSize) * scale;
      if (px < min) min = px;
    }
  }
  return min;
}, sel);

// ---- Hammer of the Scots --------------------------------------------------------------------------

const hammerBattle = async () => {
  const { hammerGame: g } = await import('@tabula/hammer');
  const pref = ['hit', 'battle', 'card', 'group', 'block', 'to', 'stop', 'done', 'hold', 'end', 'pass'];
  const actions = playout(g, 'e2e-hammer-1', {}, (s, role, acts, rng) => {
    for (const type of pref) { const l = acts.filter((a) => a.type === type); if (l.length) return rng.pick(l); }
    return rng.pick(acts);
  }, (s) => { const r = g.active(s)[0]; return !!r && g.actions(s, r).some((a) => a.type === 'fire'); }, { max: 400, rngPrefix: 'boards' });
  return { g, file: { game: 'hammer-of-the-scots', seed: 'e2e-hammer-1', options: {}, actions, seats: { England: 'me', Scotland: 'me' } } };
};

test('HotS board at 1280 px: blocks of at least 28 px, no map text under 11 px, areas named with contents and state', { skip }, async () => {
  const { file } = await hammerBattle();
  const { ctx, page, errors } = await open({ width: 1280, height: 900 }, file);
  await page.locator('[data-testid=hammer-map] [data-testid=hammer-block]').first().waitFor();
  const sizes = await page.locator('[data-testid=hammer-map] [data-testid=hammer-block]').evaluateAll((els) => els.map((e) => Math.min(e.getBoundingClientRect().width, e.getBoundingClientRect().height)));
  assert.ok(sizes.length > 20, `${sizes.length} blocks on the map`);
  assert.ok(Math.min(...sizes) >= 28, `smallest block ${Math.min(...sizes).toFixed(1)} px`);
  const minText = await smallestSvgText(page, '[data-testid=hammer-map]');
  assert.ok(minText >= 11, `smallest map text ${minText.toFixed(1)} px`);
  // Every area is a named group; the one being fought over says so, with its blocks counted.
  const names = await page.locator('[data-testid=hammer-map] g[role=group]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  assert.equal(names.length, 23);
  const contested = names.filter((n) => /contested/.test(n));
  assert.ok(contested.length >= 1, names.join(' | '));
  for (const n of contested) assert.match(n, /^\w+, (England|Scotland) blocks: \d/);
  // Blocks in one area do not overlap.
  const overlaps = await page.evaluate(() => {
    let n = 0;
    for (const g of document.querySelectorAll('[data-testid=hammer-map] g[role=group]')) {
      const rs = [...g.querySelectorAll('[data-testid=hammer-block]')].map((e) => e.getBoundingClientRect());
      for (let i = 0; i < rs.length; i++) for (let j = i + 1; j < rs.length; j++) {
        const a = rs[i], c = rs[j];
        if (a.left < c.right - 1 && c.left < a.right - 1 && a.top < c.bottom - 1 && c.top < a.bottom - 1) n++;
      }
    }
    return n;
  });
  assert.equal(overlaps, 0, 'blocks of one area overlap');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('HotS board: clicking a block on the map (its label, not the ground) selects it and its choices appear on screen; the battle board shows rows and dice', { skip }, async () => {
  const { file } = await hammerBattle();
  const { ctx, page, errors } = await open({ width: 1280, height: 900 }, file);
  const battle = page.getByTestId('battle-panel');
  await battle.waitFor();
  assert.ok(await battle.getByTestId('battle-attacker').isVisible());
  assert.ok(await battle.getByTestId('battle-defender').isVisible());
  // The highlighted defender block on the map: click its name text, as a person would.
  const block = page.locator('[data-testid=hammer-map] [data-testid=hammer-block].spot').first();
  await block.scrollIntoViewIfNeeded();
  await block.locator('text').first().click();
  const pick = page.getByTestId('hammer-pick');
  await pick.waitFor();
  assert.equal(await block.getAttribute('aria-pressed'), 'true');
  assert.ok(await inViewport(page, pick.locator('button').first()), 'the choices are on screen');
  const before = (await localFile(page)).actions.length;
  await pick.getByRole('button', { name: /^Fire/ }).click();
  await page.waitForFunction((n) => JSON.parse(localStorage.getItem('tabula.local')).actions.length > n, before);
  // After the fire: dice drawn as dice, the hits marked on them.
  const dice = page.getByTestId('hammer-die');
  await dice.first().waitFor();
  const hits = await page.locator('[data-testid=hammer-die][data-hit=true]').count();
  const hitsText = await battle.textContent();
  if (hits > 0) assert.match(hitsText, /hits? for/);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('HotS 4.0 board: a Group Move that is the last one asks before it is spent, by keyboard from the map', { skip }, async () => {
  const { hammerGame: g } = await import('@tabula/hammer');
  // Cards until England moves with a Move 1 card: its only Group Move.
  let s = g.setup({ seed: 'warn' }), actions = [];
  const rng = new Rng('warn');
  for (let i = 0; i < 300; i++) {
    const role = g.active(s)[0];
    const acts = g.actions(s, role);
    if (acts.some((a) => a.type === 'group') && g.view(s, role).moves === 1) break;
    const a = acts.find((x) => x.type === 'card' && [19, 20, 21, 22, 23, 24, 25].includes(x.card)) ?? acts.find((x) => x.type === 'pass') ?? acts.find((x) => x.type === 'end') ?? rng.pick(acts);
    s = g.apply(s, role, a); actions.push({ role, action: a });
  }
  const role = g.active(s)[0];
  assert.equal(g.view(s, role).moves, 1, 'found a position with one Group Move');
  const { ctx, page } = await open({ width: 1280, height: 900 }, { game: 'hammer-of-the-scots', seed: 'warn', options: {}, actions, seats: { England: 'me', Scotland: 'me' } });
  const area = page.locator('[data-testid=hammer-map] path.harea.spot').first();
  await area.waitFor();
  const n = (await localFile(page)).actions.length;
  // With the keyboard: Tab reaches the area, Enter activates it, the question takes the focus, Enter answers it.
  await area.focus();
  await page.keyboard.press('Enter');
  const warn = page.getByTestId('hammer-warning');
  await warn.waitFor();
  assert.match(await warn.textContent(), /last Group Move/);
  assert.equal((await localFile(page)).actions.length, n, 'nothing was sent before the answer');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'hammer-warning-go', 'focus is on the answer');
  await page.keyboard.press('Enter');
  await page.waitForFunction((k) => JSON.parse(localStorage.getItem('tabula.local')).actions.length > k, n);
  await ctx.close();
});

test('HotS board at 1920 px: the map uses the width and the log stays in view; at 360 px the map scrolls in its frame', { skip }, async () => {
  const { file } = await hammerBattle();
  const { ctx, page } = await open({ width: 1920, height: 1080 }, file);
  const map = page.getByTestId('hammer-map');
  await map.locator('[data-testid=hammer-block]').first().waitFor();
  const w = await map.evaluate((el) => el.getBoundingClientRect().width);
  assert.ok(w >= 900, `map ${w}px wide at 1920`);
  await page.mouse.wheel(0, 800);
  await page.waitForTimeout(200);
  assert.ok(await inViewport(page, page.locator('.log-panel h2')), 'the log heading is on screen after scrolling the map');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.waitForTimeout(200);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 360, 'no sideways scrolling of the page');
  await ctx.close();
});

// ---- Carcassonne ----------------------------------------------------------------------------------

test('Carcassonne on a 360 px phone: the start tile is in view, Rotate and Place stay on screen after tapping a spot, follower spots are meeples named by place', { skip }, async () => {
  const { ctx, page, errors } = await open({ width: 360, height: 740 }, { game: 'carcassonne', seed: 'phone-carc', options: { players: 2 }, actions: [], seats: { red: 'me', blue: 'me' } });
  const board = page.getByTestId('carc-board');
  await board.waitFor();
  const start = board.locator('g[role=listitem]').first();
  assert.match(await start.getAttribute('aria-label'), /start tile/);
  assert.ok(await start.evaluate((el) => { const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; }), 'the start tile is in view when the game opens');
  const spot = page.getByTestId('carc-spot').first();
  assert.doesNotMatch(await spot.getAttribute('aria-label'), /\(|\d+, *\d+/, 'a spot is named in words, not coordinates');
  await spot.click();
  for (const id of ['carc-rotate', 'carc-confirm']) assert.ok(await inViewport(page, page.getByTestId(id)), `${id} on screen`);
  await page.getByTestId('carc-rotate').click();
  assert.ok(await inViewport(page, page.getByTestId('carc-confirm')), 'Place still on screen after rotating');
  await page.getByTestId('carc-confirm').click();
  await page.getByTestId('carc-skip').waitFor();
  const deploy = page.getByTestId('carc-deploy');
  if (await deploy.count()) {
    assert.match(await deploy.first().locator('path').last().getAttribute('d'), /^M0 -13a4\.5/, 'a follower spot is drawn as a meeple (head, arms, legs)');
    const labels = await deploy.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    assert.ok(labels.every((l) => /(side|corner|centre) of the tile at/.test(l)), labels.join(' | '));
    assert.equal(new Set(labels).size, labels.length, 'follower spot names do not repeat');
  }
  assert.ok(await inViewport(page, page.getByTestId('carc-skip')), 'Place nothing on screen');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('Carcassonne at 1280 and 1920 px: score-track labels at least 11 px and markers carry a letter, the board is in view', { skip }, async () => {
  const { ctx, page } = await open({ width: 1280, height: 900 }, { game: 'carcassonne', seed: 'desk-carc', options: { players: 2 }, actions: [], seats: { red: 'me', blue: 'me' } });
  await page.getByTestId('carc-board').waitFor();
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 1000 });
    await page.waitForTimeout(150);
    const min = await smallestSvgText(page, 'svg.score-track');
    assert.ok(min >= 11, `score track text ${min.toFixed(1)} px at ${width}`);
    const letters = await page.getByTestId('score-marker').evaluateAll((els) => els.map((e) => e.textContent));
    assert.deepEqual(letters, ['R', 'B']);
    const r = await page.locator('[data-testid=carc-board] g[role=listitem]').first().evaluate((el) => { const q = el.getBoundingClientRect(); return [q.top, q.bottom, innerHeight]; });
    assert.ok(r[0] >= 0 && r[1] <= r[2], `start tile at ${r} (top, bottom, viewport) at ${width}`);
  }
  await ctx.close();
});

// ---- HACSE ----------------------------------------------------------------------------------------

test('HACSE at 360, 1280 and 1920 px: stats, tags and text stay inside each card, a stat legend, units named with zone and stats', { skip }, async () => {
  const { hacseGame: g } = await import('@tabula/hacse');
  const actions = playout(g, 'e2e-hacse-2', {}, (s, role, acts, rng) => {
    const a = acts.find((x) => x.type === 'place' && x.zone !== 'hinterland') ?? acts.find((x) => x.type === 'pay') ?? acts.find((x) => x.type === 'end') ?? rng.pick(acts);
    return a;
  }, (s) => s.turn >= 4 && s.active === 'axis', { max: 300, rngPrefix: 'boards' });
  const { ctx, page, errors } = await open({ width: 1280, height: 900 }, { game: 'hacse', seed: 'e2e-hacse-2', options: {}, actions, seats: { axis: 'me', allies: 'me' } });
  await page.getByTestId('die-track').waitFor();
  for (const width of [360, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    const overflow = await page.locator('.hacse-card').evaluateAll((cards) => cards.flatMap((c) => {
      const r = c.getBoundingClientRect();
      return [...c.querySelectorAll('*')].filter((e) => { const q = e.getBoundingClientRect(); return q.width > 0 && (q.right > r.right + 1 || q.left < r.left - 1); }).map((e) => `${c.dataset.card}: ${e.className}`);
    }));
    assert.deepEqual(overflow, [], `at ${width}`);
    assert.ok(await page.getByTestId('hacse-legend').isVisible());
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= width, `no sideways scrolling at ${width}`);
  }
  const unit = page.getByTestId('hacse-unit').first();
  // A unit that can act carries its name on its name bar (a button), the others on the card.
  const label = (await unit.getAttribute('aria-label')) ?? (await unit.locator('button.hc-name').getAttribute('aria-label'));
  assert.match(label, /(front|reserve|hinterland|Front|Reserve|Hinterland).*armour \d/);
  assert.deepEqual(errors, []);
  await ctx.close();
});
