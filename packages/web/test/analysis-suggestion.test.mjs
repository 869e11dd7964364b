// Issue 44, item 7: the bot's suggested move is drawn on the board in the analysis view. A finished online
// Carcassonne game is analysed (a small fixed budget: --analysis-iterations); picking a marked mistake shows
// that position with the bot's move marked on the board (its tile spot or follower spot). Screenshots of the
// analysis at 360, 1280 and 1920 px go to TABULA_SHOTS (default /tmp/tabula-analysis-shots).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { launch } from './browser.mjs';
import { startServer } from './server.mjs';
import { skip, haveBrowser } from './helpers.mjs';
import { call as callApi, finishedCarcassonne } from './api-fixtures.mjs';

const SHOTS = process.env.TABULA_SHOTS ?? '/tmp/tabula-analysis-shots';
let server, b;
before(async () => {
  if (!haveBrowser) return;
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer({ args: ['--analysis-iterations', '60'] });
  b = await launch();
});
after(async () => {
  await b?.close();
  await server?.stop();
});

const call = (method, path, body, token) => callApi(server.url, method, path, body, token);
const finishedGame = (n) => finishedCarcassonne(server.url, n, 7);

/** The elements of the board area drawn as the suggestion (their computed filter carries the mark). */
const marked = (page) => page.getByTestId('board-area').evaluate((area) => [...area.querySelectorAll('*')]
  .filter((el) => getComputedStyle(el).filter.includes('drop-shadow'))
  .map((el) => ({ testid: el.dataset.testid ?? el.getAttribute('class') ?? el.tagName, x: el.dataset.x, y: el.dataset.y, feature: el.dataset.feature })));

test('analysis: a picked mistake shows the bot\'s move marked on the board; nothing is marked elsewhere', { skip, timeout: 120_000 }, async () => {
  const n = 30;
  const { id, token, name } = await finishedGame(n);
  const ctx = await b.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.setDefaultTimeout(15_000);
  await page.addInitScript(([tk, nm]) => { localStorage.setItem('tabula.token', tk); localStorage.setItem('tabula.name', nm); localStorage.setItem('tabula.lang', 'en'); }, [token, name]);
  await page.goto(`${server.url}/games/${id}/replay`);
  await page.getByTestId('analysis-start').click();
  await page.getByTestId('analysis-graph').waitFor({ timeout: 90_000 });
  const result = (await call('GET', `/games/${id}/analysis`)).result;
  const mistakes = page.getByTestId('analysis-mistake');
  assert.ok(await mistakes.count() >= 1, 'a mistake is marked');
  assert.deepEqual(await marked(page), [], 'no mark before a mistake is picked');
  // Moves in words: where a tile goes from the start tile, figures by name; no coordinates, no feature numbers.
  for (const text of await mistakes.allInnerTexts()) assert.doesNotMatch(text, /feature \d|\bx -?\d|\by -?\d|rot \d/, text);
  // The first mistake whose better move names a board element (a tile spot or a follower spot).
  let shown = null;
  for (let i = 0; i < await mistakes.count() && !shown; i++) {
    const at = Number(await mistakes.nth(i).getAttribute('data-step'));
    const best = result.decisions.find((d) => d.index === at).best;
    if (best.type !== 'place' && best.type !== 'follower' && best.type !== 'shepherd') continue;
    await mistakes.nth(i).click();
    await page.getByText(/^The bot would have played: .+/).waitFor();
    shown = best;
  }
  assert.ok(shown, 'a mistake with a placement or a follower as the better move');
  // A replay offers no action: no tile and figure controls, no instruction to pick a spot.
  assert.equal(await page.getByTestId('carc-bar').count(), 0);
  assert.equal(await page.getByText(/highlighted spot/).count(), 0);
  const marks = await marked(page);
  assert.ok(marks.length >= 1, 'the bot\'s move is marked on the board');
  if (shown.type === 'place') assert.ok(marks.some((m) => Number(m.x) === shown.x && Number(m.y) === shown.y), JSON.stringify(marks));
  else assert.ok(marks.every((m) => Number(m.feature) === shown.feature), JSON.stringify(marks));
  for (const [w, h] of [[360, 800], [1280, 900], [1920, 1080]]) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/analysis-${w}.png`, fullPage: true });
  }
  // Stepping on clears the mark.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId('replay-next').click();
  await page.waitForFunction(() => !document.querySelector('.board-area.suggesting'));
  assert.deepEqual(await marked(page), []);
  assert.deepEqual(errors, []);
  await ctx.close();
});
