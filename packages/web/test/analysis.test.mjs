// Post-game analysis in the replay view: a finished online game is analysed by the server, the page
// shows progress, then the graph; a marked mistake jumps the replay there and shows the bot's
// alternative; a click on the graph jumps too. The server runs a small budget (--analysis-iterations)
// so the test takes seconds; the budget's figures are the bots' and the server's tests.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from './browser.mjs';
import { startServer } from './server.mjs';
import { skip, haveBrowser } from './helpers.mjs';
import { finishedCarcassonne } from './api-fixtures.mjs';

let server, b;
before(async () => {
  if (!haveBrowser) return;
  server = await startServer({ args: ['--analysis-iterations', '40'] });
  b = await launch();
});
after(async () => {
  await b?.close();
  await server?.stop();
});

const finishedGame = (n) => finishedCarcassonne(server.url, n, 1);

test('analysis: a finished game is analysed; the graph shows; a marked mistake and a click on the graph jump the replay', { skip, timeout: 90_000 }, async () => {
  const n = 30;
  const { id, token, name } = await finishedGame(n);
  const ctx = await b.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.setDefaultTimeout(15_000);
  await page.addInitScript(([tk, nm]) => { localStorage.setItem('tabula.token', tk); localStorage.setItem('tabula.name', nm); }, [token, name]);
  await page.goto(`${server.url}/games/${id}/replay`);
  await page.getByTestId('analysis-start').click();
  // Progress (or, on a fast machine, the result straight away), then the graph.
  await page.locator('[data-testid=analysis-progress], [data-testid=analysis-graph]').first().waitFor();
  await page.getByTestId('analysis-graph').waitFor({ timeout: 60_000 });
  assert.ok(await page.locator('[data-testid=analysis-graph] polyline').count() >= 1, 'no line in the graph');
  const marks = page.getByTestId('analysis-mistake');
  assert.ok(await marks.count() >= 1, 'no mistake marked');
  assert.equal(await page.getByTestId('analysis-mistake-dot').count(), await marks.count());
  const first = marks.first();
  const at = Number(await first.getAttribute('data-step'));
  await first.click();
  // The position before that decision, seen by the side that took it, with the bot's choice as the one offered.
  await page.getByText(/^The bot would have played: .+/).waitFor();
  assert.equal(await page.getByTestId('replay-step').textContent(), `Action ${at} of ${n}`);
  assert.match(await page.getByTestId('prompt').textContent(), /^The bot would have played: .+/);
  // A click in the graph's middle jumps to about the middle of the game.
  const box = await page.getByTestId('analysis-graph').boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const step = Number((await page.getByTestId('replay-step').textContent()).match(/Action (\d+)/)[1]);
  assert.ok(Math.abs(step - n / 2) <= 2, `jumped to ${step}`);
  assert.doesNotMatch(await page.getByTestId('prompt').textContent(), /bot would have played/);
  // Stored: a reload shows the result without a new start.
  await page.reload();
  await page.getByTestId('analysis-graph').waitFor();
  assert.equal(await page.getByTestId('analysis-start').count(), 0);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('hint: in a game on this device the bot suggests a move on request, and can show only that move on the board', { skip, timeout: 60_000 }, async () => {
  const ctx = await b.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.setDefaultTimeout(15_000);
  await page.goto(`${server.url}/`);
  await page.evaluate((f) => localStorage.setItem('tabula.local', JSON.stringify(f)), { game: 'carcassonne', seed: 'hint', options: { players: 2 }, actions: [], seats: { red: 'me', blue: 'random' } });
  await page.goto(`${server.url}/local/play`);
  const spots = page.getByTestId('carc-spot');
  await spots.first().waitFor();
  const before = await spots.count();
  assert.ok(before > 1, `only ${before} spots`);
  await page.getByTestId('hint').click();
  await page.getByText(/^The bot would play: .+/).waitFor({ timeout: 30_000 });
  await page.getByTestId('hint-on-board').check();
  // The hinted placement is the only spot left on the board.
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=carc-spot]').length === 1);
  await page.getByTestId('hint-on-board').uncheck();
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid=carc-spot]').length === n, before);
  assert.deepEqual(errors, []);
  await ctx.close();
});
