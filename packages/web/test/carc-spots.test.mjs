// Issue 44, item 6: Carcassonne follower spots never overlap and are big enough to tap; followers on a
// zoomed-out table stay readable. The tile placed here (seed "spots-c", Hills & Sheep) offers 8 spots:
// a city, roads and fields, one of them a field that also takes the shepherd.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { carcassonneGame as game } from '@tabula/carcassonne';
import { useServerAndBrowser, server, b, skip } from './helpers.mjs';
import { openLocal, replayFile } from './drive.mjs';

useServerAndBrowser();

const MANY_SPOTS = {
  game: 'carcassonne', seed: 'spots-c', options: { players: 2 }, seats: { red: 'me', blue: 'me' },
  actions: [
    { role: 'red', action: { type: 'place', x: 1, y: 0, rot: 0 } }, { role: 'red', action: { type: 'skip' } },
    { role: 'blue', action: { type: 'place', x: 0, y: -1, rot: 3 } }, { role: 'blue', action: { type: 'skip' } },
    { role: 'red', action: { type: 'place', x: 0, y: 1, rot: 3 } }, { role: 'red', action: { type: 'skip' } },
    { role: 'blue', action: { type: 'place', x: -1, y: 0, rot: 0 } },
  ],
};

/** Every deploy-spot target's box in CSS px. */
const targets = (page) => page.getByTestId('carc-deploy').evaluateAll((els) => els.map((e) => {
  const r = e.getBoundingClientRect();
  return { x: r.left, y: r.top, w: r.width, h: r.height, kind: e.dataset.kind, label: e.getAttribute('aria-label') };
}));
const overlap = (a, c) => Math.min(a.x + a.w, c.x + c.w) - Math.max(a.x, c.x) > 0.5 && Math.min(a.y + a.h, c.y + c.h) - Math.max(a.y, c.y) > 0.5;

test('every follower spot target of a tile with 8 spots is at least 24 x 24 px (44 where there is room) and none overlap, at 360 and 1280 px', { skip }, async () => {
  const s = replayFile(game, MANY_SPOTS);
  const features = new Set(game.actions(s, 'blue').filter((a) => a.type === 'follower' || a.type === 'shepherd').map((a) => a.feature));
  assert.equal(features.size, 8, 'the position offers 8 spots');
  assert.ok(game.actions(s, 'blue').some((a) => a.type === 'shepherd'), 'one of them takes the shepherd');
  for (const width of [360, 1280]) {
    const { ctx, page, errors } = await openLocal(b.browser, server.url, MANY_SPOTS, { width, height: 800 });
    try {
      await page.getByTestId('carc-skip').waitFor();
      const boxes = await targets(page);
      assert.equal(boxes.length, 8, `${width}: a target per spot`);
      const sizes = boxes.map((x) => `${x.w.toFixed(1)}x${x.h.toFixed(1)}`);
      console.log(`# ${width} px: spot targets ${sizes.join(' ')}`);
      for (const x of boxes) assert.ok(x.w >= 24 && x.h >= 24, `${width}: ${x.label} is ${x.w}x${x.h} px`);
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) assert.ok(!overlap(boxes[i], boxes[j]), `${width}: ${boxes[i].label} overlaps ${boxes[j].label}`);
      }
      for (const x of boxes) assert.ok(x.x >= 0 && x.x + x.w <= width, `${width}: ${x.label} on screen`);
      assert.ok(boxes.filter((x) => x.w >= 43.5).length >= boxes.length / 2, `${width}: most targets 44 px (${sizes.join(' ')})`);
      assert.equal(await page.locator('svg.carc-svg [role=button][data-kind]').count(), 0, 'the table shows hints, not a second set of targets');
      // A tap on a target plays that spot.
      await page.locator('[data-testid=carc-deploy]:not([data-kind=field])').first().click();
      await page.getByTestId('carc-skip').waitFor({ state: 'detached' });
      assert.deepEqual(errors, []);
    } finally { await ctx.close(); }
  }
});

test('followers on a zoomed-out table mid-game are drawn at least 24 px tall at 360 px', { skip }, async () => {
  // 24 turns, each placing the first legal tile and a follower where one may go.
  let s = game.setup({ players: 2, seed: 'readable' });
  const actions = [];
  for (let turn = 0; turn < 24; turn++) {
    const role = game.active(s)[0];
    const place = game.actions(s, role).find((a) => a.type === 'place');
    s = game.apply(s, role, place); actions.push({ role, action: place });
    while (!game.outcome(s) && game.active(s)[0] === role) {
      const acts = game.actions(s, role);
      const a = acts.find((x) => x.type === 'follower') ?? acts.find((x) => x.type === 'skip') ?? acts[0];
      s = game.apply(s, role, a); actions.push({ role, action: a });
    }
  }
  const { ctx, page, errors } = await openLocal(b.browser, server.url, { game: 'carcassonne', seed: 'readable', options: { players: 2 }, seats: { red: 'me', blue: 'me' }, actions }, { width: 360, height: 800 });
  try {
    await page.getByTestId('carc-board').waitFor();
    const figures = page.getByTestId('carc-figure');
    await figures.first().waitFor();
    const heights = await figures.evaluateAll((els) => els.map((e) => e.querySelector('path').getBoundingClientRect().height));
    assert.ok(heights.length >= 4, `${heights.length} followers on the table`);
    console.log(`# 360 px, ${heights.length} followers: smallest ${Math.min(...heights).toFixed(1)} px tall`);
    for (const h of heights) assert.ok(h >= 24, `a follower is ${h.toFixed(1)} px tall`);
    assert.deepEqual(errors, []);
  } finally { await ctx.close(); }
});
