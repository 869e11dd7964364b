// Arrow keys on the boards (issue 17): on the Hammer map they move the focus to the area in that direction
// (the neighbour across a border nearest the arrow's ray, else the nearest area on that side); on the
// Carcassonne table they move between the legal placement spots, and Enter then picks the focused spot.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { b, server, skip, useServerAndBrowser } from './helpers.mjs';
import { openLocal } from './drive.mjs';
import { hacseGame } from '@tabula/hacse';

useServerAndBrowser();

const open = (file) => openLocal(b.browser, server.url, file);

/** The focused element: its map area (or Carcassonne spot), test id, and whether the focus shows. */
const focused = (page) => page.evaluate(() => {
  const e = document.activeElement;
  return { area: e?.getAttribute('data-area') ?? null, spot: e?.dataset?.x !== undefined ? `${e.dataset.x},${e.dataset.y}` : null,
    testid: e?.getAttribute('data-testid') ?? null, visible: !!e?.matches(':focus-visible') };
});

test('HotS map: arrow keys move the focus to the area in that direction, visibly; no area that way keeps it', { skip }, async () => {
  const { ctx, page, errors } = await open({ game: 'hammer-of-the-scots', seed: 'arrows', options: {}, actions: [], seats: { England: 'me', Scotland: 'me' } });
  const map = page.getByTestId('hammer-map');
  await map.waitFor();
  await map.locator('path[data-area=fife]').focus();
  // Fife's neighbours: Angus (up and to the right), Atholl (up left), Mentieth (left). Nothing borders it
  // below, so Down falls back to the nearest area below: Lothian, across the Firth of Forth.
  const steps = [['ArrowUp', 'angus'], ['ArrowLeft', 'atholl'], ['ArrowDown', 'mentieth'], ['ArrowRight', 'fife'], ['ArrowDown', 'lothian'],
    ['ArrowRight', 'dunbar'], ['ArrowRight', 'england'], ['ArrowRight', 'england'], ['ArrowLeft', 'annan']];
  for (const [key, want] of steps) {
    await page.keyboard.press(key);
    const f = await focused(page);
    assert.equal(f.area, want, `${key} leads to ${want}: ${JSON.stringify(f)}`);
    assert.ok(f.visible, `the focused area shows its focus after ${key}`);
  }
  // An area with nothing to do is reachable by arrows but stays out of the Tab order.
  assert.equal(await map.locator('path[data-area=annan]').getAttribute('tabindex'), '-1');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('Carcassonne: arrow keys move between the placement spots (same row or column first), Enter picks the focused one', { skip }, async () => {
  const { ctx, page, errors } = await open({ game: 'carcassonne', seed: 'arrows-carc', options: { players: 2 }, actions: [], seats: { red: 'me', blue: 'me' } });
  await page.getByTestId('carc-board').waitFor();
  const spots = await page.getByTestId('carc-spot').evaluateAll((els) => els.map((e) => [Number(e.dataset.x), Number(e.dataset.y)]));
  assert.ok(spots.length >= 2 && spots.every(([x, y]) => Number.isInteger(x) && Number.isInteger(y)), `at least two spots around the start tile: ${JSON.stringify(spots)}`);
  // From the top-left spot, Right (or Down when no spot lies to the right) goes to the nearest spot in the
  // same row (column), else to the nearest spot on that side; the opposite arrow comes back.
  const [x0, y0] = [...spots].sort((a, b) => a[0] - b[0] || a[1] - b[1])[0];
  const [key, back, axis] = spots.some(([x]) => x > x0) ? ['ArrowRight', 'ArrowLeft', 0] : ['ArrowDown', 'ArrowUp', 1];
  const ahead = spots.filter((p) => p[axis] > [x0, y0][axis]);
  const inLine = ahead.filter((p) => p[1 - axis] === [x0, y0][1 - axis]).sort((a, b) => a[axis] - b[axis]);
  const right = inLine[0] ?? ahead.sort((a, b) => Math.hypot(a[0] - x0, a[1] - y0) - Math.hypot(b[0] - x0, b[1] - y0))[0];
  await page.locator(`[data-testid=carc-spot][data-x="${x0}"][data-y="${y0}"]`).focus();
  await page.keyboard.press(key);
  let f = await focused(page);
  assert.equal(f.spot, `${right[0]},${right[1]}`, `${key} from ${x0},${y0}: ${JSON.stringify(f)}`);
  assert.ok(f.visible, 'the focused spot shows its focus');
  await page.keyboard.press(back);
  f = await focused(page);
  assert.equal(f.spot, `${x0},${y0}`, `${back} goes back: ${JSON.stringify(f)}`);
  await page.keyboard.press(key);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'carc-confirm', null, { timeout: 5000 });
  assert.ok(await page.locator(`[data-testid=carc-spot][data-x="${right[0]}"][data-y="${right[1]}"] image, [data-testid=carc-spot][data-x="${right[0]}"][data-y="${right[1]}"] g[opacity]`).count() > 0,
    'Enter picked the spot the arrows reached (the tile is previewed there)');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('replay: arrow keys step it, Home and End jump to the ends; no action buttons in the replay', { skip }, async () => {
  // Three legal actions from the engine itself (the decks are ours to change: a recorded list would go stale).
  let state = hacseGame.setup({ seed: 'a', scenario: 'early' });
  const actions = [];
  for (let i = 0; i < 3; i++) {
    const role = hacseGame.active(state)[0];
    const action = hacseGame.actions(state, role)[0];
    actions.push({ role, action });
    state = hacseGame.apply(state, role, action);
  }
  const { ctx, page, errors } = await open({ game: 'hacse', seed: 'a', options: { scenario: 'early' }, actions, seats: { allies: 'me', axis: 'me' } });
  await page.goto(`${server.url}/local/replay`);
  const stepText = page.getByTestId('replay-step');
  await stepText.waitFor();
  await page.locator('h1').click();
  assert.equal(await stepText.innerText(), 'Action 0 of 3');
  await page.keyboard.press('ArrowRight');
  assert.equal(await stepText.innerText(), 'Action 1 of 3');
  await page.keyboard.press('ArrowRight');
  assert.equal(await stepText.innerText(), 'Action 2 of 3');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await stepText.innerText(), 'Action 1 of 3');
  await page.keyboard.press('End');
  assert.equal(await stepText.innerText(), 'Action 3 of 3');
  await page.keyboard.press('Home');
  assert.equal(await stepText.innerText(), 'Action 0 of 3');
  assert.equal(await page.locator('button[data-action]:visible').count(), 0, 'no action buttons');
  assert.deepEqual(errors, []);
  await ctx.close();
});
