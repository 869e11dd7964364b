// Issue 47, learning mode: a local game against a bot started from the new-game form with "Learning mode" shows the
// hint by itself, and after the bot's move its reason in one line (a polite status); a wrong click on the board says
// why in one sentence with its rule link, and the link opens the rules panel at that section.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { apiCall, b, newPage, server, skip, uid, useServerAndBrowser } from './helpers.mjs';
import { openLocal } from './drive.mjs';
import { TILES, carcassonneGame, tileIndex } from '@tabula/carcassonne';
import { randInt, seedRng } from '@tabula/engine';
import { audit } from './pages.mjs';

useServerAndBrowser();

/** Screenshots for the docs when TABULA_SHOTS names a folder. */
async function shot(page, name) {
  const dir = process.env.TABULA_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: false });
}

async function openRuleLink(page, container, rule) {
  await container.getByTestId('rule-link').click();
  const current = page.getByTestId('rule-panel').locator('.rule.current');
  await current.waitFor();
  assert.equal(await current.getAttribute('data-rule'), rule);
}

for (const width of [1280, 360]) {
  test(`Hammer learning game at ${width} px: the hint shows by itself, the bot explains its card, a click on an area in the card phase says why (3.1) and the link opens 3.1`, { skip }, async () => {
    const { ctx, page, errors } = await newPage({ viewport: { width, height: width < 500 ? 780 : 900 } });
    try {
      await page.goto(`${server.url}/local`);
      await page.getByTestId('setup-game').selectOption('hammer-of-the-scots');
      await page.getByTestId('seat-England').selectOption('me');
      await page.getByTestId('seat-Scotland').selectOption('mcts-easy');
      await page.getByTestId('setup-learning').check();
      await page.getByTestId('setup-submit').click();
      await page.waitForURL(/\/local\/play$/);
      // The hint is asked by itself: the learner sees what the bot would play.
      const hint = page.getByTestId('hint-text');
      await hint.filter({ hasText: /^The bot would play: / }).waitFor({ timeout: 30_000 });
      // Scotland (the bot) plays its card at once: its reason appears, without naming the card.
      const said = page.getByTestId('bot-explains');
      assert.equal(await said.getAttribute('role'), 'status');
      await said.filter({ hasText: 'Scotland chose its card for this turn (you see it once both cards are revealed).' }).waitFor({ timeout: 30_000 });
      await said.scrollIntoViewIfNeeded();
      await shot(page, `learning-explains-${width}`);
      // A click on an area now (cards come first) says why, with rule 3.1.
      await page.locator('path[data-area=lothian]').dispatchEvent('click');
      const why = page.getByTestId('why-not');
      await why.waitFor();
      assert.equal(await why.textContent(), 'First both sides play a card: moves and battles follow it.§3.1');
      await why.scrollIntoViewIfNeeded();
      await shot(page, `learning-why-not-${width}`);
      await openRuleLink(page, why, '3.1');
      assert.deepEqual(errors, []);
    } finally { await ctx.close(); }
  });
}

/** A Carcassonne start whose first tile fits no way beside the start tile on some side: that cell. */
function misfitStart() {
  for (let i = 0; i < 200; i++) {
    const seed = `learn-misfit-${i}`;
    const s = carcassonneGame.setup({ seed });
    for (const [x, y] of [[0, -1], [1, 0], [0, 1], [-1, 0]]) {
      const e = carcassonneGame.whyNot(s, 'red', { kind: 'spot', id: `${x},${y}` });
      if (e?.code === 'why-spot-edge') return { seed, x, y, e };
    }
  }
  return null;
}

test('Carcassonne learning game: a click on a cell where the tile fits no way names the side and both edges, with rule 2.2', { skip }, async () => {
  const found = misfitStart();
  assert.ok(found, 'a start where the first tile misfits beside the start tile');
  const f = { game: 'carcassonne', seed: found.seed, options: {}, actions: [], seats: { red: 'me', blue: 'mcts-easy' }, learning: true };
  const { ctx, page, errors } = await openLocal(b.browser, server.url, f);
  try {
    await page.getByTestId('learning').waitFor();
    const cell = page.locator(`[data-testid=carc-no-fit][data-x="${found.x}"][data-y="${found.y}"]`);
    await cell.dispatchEvent('click');
    const why = page.getByTestId('why-not');
    await why.waitFor();
    const sideWord = { N: 'north', E: 'east', S: 'south', W: 'west' }[found.e.details.side];
    await shot(page, 'learning-carcassonne-why-not-1280');
    assert.match(await why.textContent(), new RegExp(`^However you turn the tile, it does not fit: at best its \\w+ edge would meet a \\w+ edge of the tile to the ${sideWord}\\.§2\\.2$`));
    await openRuleLink(page, why, '2.2');
    assert.deepEqual(errors, []);
  } finally { await ctx.close(); }
});

for (const width of [1280, 360]) {
  test(`online learning game at ${width} px: against a server bot seat the hint comes from the server by itself and shows on the board, and the bot's reason for its move shows beside it`, { skip }, async () => {
    const api = (method, path, body, token) => apiCall(server.url, method, path, body, token);
    const name = `learn${uid()}`;
    const { body: { token } } = await api('POST', '/accounts', { name, password: 'correct horse battery' });
    const { body: { id } } = await api('POST', '/games', { game: 'hammer-of-the-scots', learning: true }, token);
    await api('POST', `/games/${id}/seats`, { role: 'England' }, token);
    await api('POST', `/games/${id}/seats`, { role: 'Scotland', bot: 'random' }, token);
    const { ctx, page, errors } = await newPage({ viewport: { width, height: width < 500 ? 780 : 900 } });
    try {
      // The learning choice comes from the game (the server), not from this device.
      await page.addInitScript(([t, n]) => { localStorage.setItem('tabula.token', t); localStorage.setItem('tabula.name', n); }, [token, name]);
      await page.goto(`${server.url}/games/${id}`);
      assert.equal(await page.getByTestId('learning-toggle').isChecked(), true);
      const hint = page.getByTestId('hint-text');
      await hint.filter({ hasText: /^The bot would play: / }).waitFor({ timeout: 30_000 });
      // The hinted card by its name, never its number.
      assert.match(await hint.textContent(), /^The bot would play: (Play card: )?(Move \d|[A-Z][a-z]+)/);
      assert.doesNotMatch(await hint.textContent(), /card \d/);
      const cards = page.locator('.hammer-card.hl:not(:disabled)');
      assert.ok(await cards.count() > 1, 'several cards to choose from');
      // On the board: only the hinted card is offered (the board's own highlight).
      await page.getByTestId('hint-on-board').check();
      await page.waitForFunction(() => document.querySelectorAll('.hammer-card.hl:not(:disabled)').length === 1);
      await cards.first().scrollIntoViewIfNeeded();
      await shot(page, `learning-online-hint-${width}`);
      await cards.first().click();
      // The bot's card (played at once or after) is explained without naming it.
      const said = page.getByTestId('bot-explains');
      await said.filter({ hasText: 'Scotland chose its card for this turn' }).waitFor({ timeout: 20_000 });
      await said.scrollIntoViewIfNeeded();
      await shot(page, `learning-online-explains-${width}`);
      assert.deepEqual(errors, []);
    } finally { await ctx.close(); }
  });
}

test('online new-game form with "Learning mode" against a server bot: the game is made a learning game on the server, and its page asks the hint by itself', { skip }, async () => {
  const api = (method, path, body, token) => apiCall(server.url, method, path, body, token);
  const name = `learnf${uid()}`;
  const { body: { token } } = await api('POST', '/accounts', { name, password: 'correct horse battery' });
  const { ctx, page, errors } = await newPage();
  try {
    await page.addInitScript(([t, n]) => { localStorage.setItem('tabula.token', t); localStorage.setItem('tabula.name', n); }, [token, name]);
    await page.goto(`${server.url}/new`);
    await page.getByTestId('setup-game').selectOption('hammer-of-the-scots');
    await page.getByTestId('seat-England').selectOption('me');
    await page.getByTestId('seat-Scotland').selectOption('random');
    await page.getByTestId('setup-learning').check();
    await page.getByTestId('setup-submit').click();
    await page.waitForURL(/\/games\/[^/]+$/);
    const id = new URL(page.url()).pathname.split('/').pop();
    const st = await api('GET', `/games/${id}`, undefined, token);
    assert.equal(st.body.learning, true, 'the server keeps the choice');
    await page.getByTestId('hint-text').filter({ hasText: /^The bot would play: / }).waitFor({ timeout: 30_000 });
    assert.equal(await page.getByTestId('learning-toggle').isChecked(), true);
    assert.deepEqual(errors, []);
  } finally { await ctx.close(); }
});

test('WCAG 2.2 AA: a Carcassonne learning game with the bot\'s reason and a why-not answer on screen has no axe violation at 360 and 1280 px', { skip }, async () => {
  const found = misfitStart();
  const f = { game: 'carcassonne', seed: found.seed, options: {}, actions: [], seats: { red: 'me', blue: 'mcts-easy' }, learning: true };
  for (const width of [1280, 360]) {
    const ctx = await b.browser.newContext({ viewport: { width, height: width < 500 ? 740 : 900 }, locale: 'en-US', bypassCSP: true });
    try {
      const page = await ctx.newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(`${server.url}/local`);
      await page.getByTestId('load-file').setInputFiles({ name: 'g.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(f)) });
      await page.waitForURL(/\/local\/play$/);
      await page.locator(`[data-testid=carc-no-fit][data-x="${found.x}"][data-y="${found.y}"]`).dispatchEvent('click');
      await page.getByTestId('why-not').waitFor();
      const r = await audit(page);
      assert.deepEqual([...r.page, ...r.board].map((v) => `${v.id}: ${v.nodes[0].target} ${v.nodes[0].summary}`), [], `${width} px`);
    } finally { await ctx.close(); }
  }
});

test('Carcassonne 2.3: a click on a feature of the tile just placed where no follower may go (one is already along it) says why, with its rule link', { skip }, async () => {
  let found = null;
  for (let g = 0; g < 40 && !found; g++) {
    const rng = seedRng(`learn-feature-${g}`);
    const f = { game: 'carcassonne', seed: `learn-feature-${g}`, options: {}, actions: [], seats: { red: 'me', blue: 'me' } };
    let s = carcassonneGame.setup({ seed: f.seed });
    for (let i = 0; i < 120 && !found && s.phase !== 'over'; i++) {
      const role = carcassonneGame.active(s)[0];
      const acts = carcassonneGame.actions(s, role);
      if (s.phase === 'deploy' && acts.some((a) => a.type === 'follower')) {
        const v = carcassonneGame.view(s, role);
        const last = v.tiles.find((t) => t.x === v.lastTile.x && t.y === v.lastTile.y);
        const feature = TILES[tileIndex(last.id)].features.findIndex((_, k) => carcassonneGame.whyNot(s, role, { kind: 'spot', id: `${v.lastTile.x},${v.lastTile.y}#${k}` })?.code === 'feature-occupied');
        if (feature >= 0) { found = { f, feature }; break; }
      }
      const a = acts[randInt(rng, acts.length)];
      f.actions.push({ role, action: a });
      s = carcassonneGame.apply(s, role, a);
    }
  }
  assert.ok(found, 'a tile just placed with a feature already occupied');
  const { ctx, page, errors } = await openLocal(b.browser, server.url, found.f);
  try {
    await page.locator(`[data-testid=carc-closed-spot][data-feature="${found.feature}"]`).dispatchEvent('click');
    const why = page.getByTestId('why-not');
    await why.waitFor();
    await shot(page, 'learning-carcassonne-feature-1280');
    assert.equal(await why.textContent(), 'That feature already has a follower somewhere along it.§2.3');
    await openRuleLink(page, why, '2.3');
    assert.deepEqual(errors, []);
  } finally { await ctx.close(); }
});
