import { Rng } from '@tabula/engine';
// Drives a local game in the page: reads the page's saved log, replays it through the same engine in
// Node, lets a policy pick one of the legal actions and clicks the button that carries exactly it.

/** Loads a local game file into `page` from the /local page of the server at `url`; resolves on the game's page. */
export async function loadLocal(page, url, file) {
  await page.goto(`${url}/local`);
  await page.getByTestId('load-file').setInputFiles({ name: 'g.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  await page.waitForURL(/\/local\/play$/);
}

/** A fresh English context at `viewport` with `file` loaded, past the hotseat curtain; page errors collected. */
export async function openLocal(browser, url, file, viewport = { width: 1280, height: 900 }) {
  const ctx = await browser.newContext({ viewport, locale: 'en-US' });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.setDefaultTimeout(10_000);
  await loadLocal(page, url, file);
  await page.getByTestId('curtain-go').click({ timeout: 3000 }).catch(() => undefined);
  return { ctx, page, errors };
}

export async function localFile(page) {
  return JSON.parse(await page.evaluate(() => localStorage.getItem('tabula.local') ?? 'null'));
}

export function replayFile(game, f) {
  let s = game.setup({ ...f.options, seed: f.seed });
  for (const e of f.actions) s = game.apply(s, e.role, e.action);
  return s;
}

export async function clickAction(page, action) {
  return page.evaluate((json) => {
    const b = [...document.querySelectorAll('button[data-action]')].find((x) => x.dataset.action === json && !x.disabled);
    if (!b) return false;
    b.click();
    return true;
  }, JSON.stringify(action));
}

/**
 * Plays until `done(state, played)` is true. `policy(state, role, actions)` returns an action or null
 * (null: wait, e.g. for a bot). Returns the list of { role, action } the test played.
 */
export async function drive(page, game, { humans, policy, done, maxSteps = 200, timeoutMs = 60_000 }) {
  const played = [];
  const t0 = Date.now();
  for (let step = 0; step < maxSteps; step++) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`drive: timed out after ${played.length} actions`);
    const f = await localFile(page);
    const s = replayFile(game, f);
    if (done(s, played)) return played;
    if (game.outcome(s)) throw new Error('drive: the game ended first');
    const active = game.active(s);
    const role = humans.find((r) => active.includes(r));
    if (!role) { await page.waitForTimeout(150); continue; }
    const a = policy(s, role, game.actions(s, role));
    if (!a) { await page.waitForTimeout(150); continue; }
    const n = f.actions.length;
    let ok = false;
    for (let i = 0; i < 40 && !ok; i++) { ok = await clickAction(page, a); if (!ok) await page.waitForTimeout(100); }
    if (!ok) throw new Error(`drive: no button for ${JSON.stringify(a)}`);
    // A board may ask before an irreversible move (Hammer: the last Group Move, the Anglo-Scottish border): say yes.
    const go = page.getByTestId('hammer-warning-go');
    if (await go.waitFor({ timeout: 300 }).then(() => true, () => false)) await go.click();
    await page.waitForFunction((k) => (JSON.parse(localStorage.getItem('tabula.local')).actions.length > k), n, { timeout: 10_000 });
    played.push({ role, action: a });
  }
  throw new Error(`drive: not done after ${maxSteps} steps`);
}

/**
 * Plays `pick(state, role, actions, rng)` from a seed until `stop(state)` and returns the log's actions
 * (positions for the board tests and the screenshots). `rngPrefix` keeps each caller's sequence of picks.
 */
export function playout(game, seed, options, pick, stop, { max = 2000, rngPrefix = 'playout' } = {}) {
  const rng = new Rng(`${rngPrefix}:${seed}`);
  let s = game.setup({ ...options, seed });
  const actions = [];
  for (let i = 0; i < max && !stop(s); i++) {
    const role = game.active(s)[0];
    if (!role) break;
    const a = pick(s, role, game.actions(s, role), rng);
    s = game.apply(s, role, a);
    actions.push({ role, action: a });
  }
  return actions;
}
