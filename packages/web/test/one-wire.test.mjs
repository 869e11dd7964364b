// The one-wire path in a real browser: two pages of one player against a bot that answers at once, through
// many Hammer card phases (the simultaneous step where the page and the bot act at the same moment).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { Rng } from '@tabula/engine';
import { launch, CHROMIUM } from './browser.mjs';
import { startServer } from './server.mjs';
import { apiCall } from './helpers.mjs';

const haveBrowser = existsSync(CHROMIUM);
const skip = haveBrowser ? false : `no browser at ${CHROMIUM}`;
const CARD_PHASES = Number(process.env.TABULA_CARD_PHASES ?? 50);
let server, b;

before(async () => {
  if (!haveBrowser) return;
  server = await startServer({ args: ['--bot-think', '0'] });
  b = await launch();
});
after(async () => {
  await b?.close();
  await server?.stop();
});

const call = (method, path, body, token) => apiCall(server.url, method, path, body, token);

async function hammerAgainstBot(token) {
  const c = await call('POST', '/games', { game: 'hammer-of-the-scots', scenario: 'braveheart' }, token);
  assert.equal(c.status, 201, JSON.stringify(c.body));
  assert.equal((await call('POST', `/games/${c.body.id}/seats`, { role: 'England' }, token)).status, 200);
  assert.equal((await call('POST', `/games/${c.body.id}/seats`, { role: 'Scotland', bot: 'random' }, token)).status, 200);
  return c.body.id;
}

test(`one wire: two pages and a bot that answers at once play ${CARD_PHASES} Hammer card phases with no stale "waiting" and no rejected card`, { skip, timeout: 600_000 }, async () => {
  const name = `w${Math.random().toString(36).slice(2, 8)}`;
  const signup = await call('POST', '/accounts', { name, password: 'correct horse battery' });
  assert.equal(signup.status, 201);
  const token = signup.body.token;
  const ctx = await b.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  await ctx.addInitScript(([t, n]) => { localStorage.setItem('tabula.token', t); localStorage.setItem('tabula.name', n); }, [token, name]);
  const pages = [await ctx.newPage(), await ctx.newPage()];
  const errors = [];
  for (const p of pages) { p.on('pageerror', (e) => errors.push(e.message)); p.setDefaultTimeout(10_000); }
  const rng = new Rng('one-wire');
  let id = await hammerAgainstBot(token);
  for (const p of pages) await p.goto(`${server.url}/games/${id}`);
  let cardPhases = 0, worstPromptMs = 0;
  for (let step = 0; cardPhases < CARD_PHASES; step++) {
    assert.ok(step < 20_000, 'bounded');
    if (process.env.TABULA_TRACE && step % 100 === 0) console.log(`step ${step}: ${cardPhases} card phases`);
    const g = (await call('GET', `/games/${id}`, null, token)).body;
    if (g.status === 'finished') {
      id = await hammerAgainstBot(token);
      for (const p of pages) await p.goto(`${server.url}/games/${id}`);
      continue;
    }
    if (!g.yourTurn) { await new Promise((r) => setTimeout(r, 20)); continue; }
    if (g.view.phase !== 'cards') {
      // Outside the card phase England plays through the API, mostly ending its steps, so years pass quickly.
      const ends = g.actions.filter((a) => ['done', 'end', 'pass', 'hold'].includes(a.type));
      const pick = ends.length > 0 ? ends[rng.int(ends.length)] : g.actions[rng.int(g.actions.length)];
      const r = await call('POST', `/games/${id}/actions`, { version: g.version, action: pick }, token);
      assert.ok(r.status === 200 || r.status === 409, JSON.stringify(r.body).slice(0, 300));
      continue;
    }
    // The card phase: a page (alternating) must say it is our turn without a reload, then play a card by clicking it.
    const page = pages[cardPhases % 2];
    const t0 = Date.now();
    await page.locator('.prompt.mine').waitFor({ timeout: 5_000 });
    worstPromptMs = Math.max(worstPromptMs, Date.now() - t0);
    const card = g.actions[rng.int(g.actions.length)];
    await page.waitForFunction((json) => [...document.querySelectorAll('button[data-action]')].some((x) => x.dataset.action === json && !x.disabled), JSON.stringify(card));
    await page.evaluate((json) => [...document.querySelectorAll('button[data-action]')].find((x) => x.dataset.action === json && !x.disabled).click(), JSON.stringify(card));
    // The card is played (the version moves past the phase) and no page shows an error.
    await page.waitForFunction(() => !document.querySelector('.prompt.mine') || document.querySelector('[data-testid=error]'), null, { timeout: 5_000 }).catch(() => undefined);
    for (let i = 0; i < 100; i++) {
      const after = (await call('GET', `/games/${id}`, null, token)).body;
      if (after.length > g.length) break;
      await new Promise((r) => setTimeout(r, 30));
    }
    for (const p of pages) {
      const shown = await p.locator('[data-testid=error]').allTextContents();
      assert.deepEqual(shown, [], 'no page shows an error');
    }
    cardPhases++;
  }
  console.log(`${CARD_PHASES} card phases: slowest "your turn" prompt after the state said so: ${worstPromptMs} ms`);
  assert.deepEqual(errors, []);
  await ctx.close();
});
