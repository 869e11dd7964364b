// Issue 45: axe-core (WCAG 2.2 A/AA, as the page audit runs it) on boards in the middle of play, not only at
// move 0: per game the positions of midgame.mjs (Hammer: cards, movement, battle, Winter; Carcassonne:
// placing, deploying a follower; HACSE: a hand full, an attack with combat orders), each at 360 and 1280 px,
// in English and Chinese, in a local game ("Play on this device") and in an online game. One browser, one
// page per width and language, reused for every position.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, server, b, skip, apiCall, uid } from './helpers.mjs';
import { audit } from './pages.mjs';
import { SCENARIOS, localPositions, playOnline } from './midgame.mjs';

const ENGINES = {
  'hammer-of-the-scots': async () => (await import('@tabula/hammer')).hammerGame,
  carcassonne: async () => (await import('@tabula/carcassonne')).carcassonneGame,
  hacse: async () => (await import('@tabula/hacse')).hacseGame,
};
const VIEWS = [
  { width: 1280, height: 900, locale: 'en-US' }, { width: 360, height: 740, locale: 'en-US' },
  { width: 1280, height: 900, locale: 'zh-CN' }, { width: 360, height: 740, locale: 'zh-CN' },
];

let account;
useServerAndBrowser(async () => {
  const name = `ax${uid()}`;
  const r = await apiCall(server.url, 'POST', '/accounts', { name, password: 'correct horse battery' });
  account = { name, token: r.body.token };
});

/** One page per width and language (axe is injected as a script, which the CSP rightly forbids: bypassed here only). */
async function openViews(signedIn) {
  return Promise.all(VIEWS.map(async (v) => {
    const ctx = await b.browser.newContext({ viewport: { width: v.width, height: v.height }, locale: v.locale, bypassCSP: true });
    if (signedIn) await ctx.addInitScript(([token, name]) => { localStorage.setItem('tabula.token', token); localStorage.setItem('tabula.name', name); }, [account.token, account.name]);
    const page = await ctx.newPage();
    page.setDefaultTimeout(15_000);
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    return { v, ctx, page, errors };
  }));
}

/** What shows that a game's board is drawn (the Hammer map loads its geometry after the board). */
const READY = { 'hammer-of-the-scots': '[data-testid=hammer-map]', carcassonne: '[data-testid=carc-board]', hacse: '[data-testid=die-track]' };

/** Waits for the board of the position, then audits it: a list of "where: rule xN (target: summary)". */
async function auditBoard({ v, page }, gameId, where) {
  await page.locator('[data-testid=prompt]').first().waitFor();
  await page.locator(`.board-area ${READY[gameId]}`).waitFor();
  await page.waitForTimeout(300);
  const r = await audit(page);
  return [...r.page, ...r.board].map((x) => `${where} at ${v.width} px ${v.locale}: ${x.id} x${x.nodes.length} (${x.nodes[0].target}: ${x.nodes[0].summary.replace(/\s+/g, ' ')} ${x.nodes[0].html})`);
}

for (const gameId of Object.keys(SCENARIOS)) {
  const names = SCENARIOS[gameId].checkpoints.map((c) => c.name).join(', ');
  test(`issue 45: ${gameId} played locally to ${names}: no axe violation at 360 and 1280 px, in English and Chinese`, { skip, timeout: 300_000 }, async (t) => {
    const game = await ENGINES[gameId]();
    const seed = `a11y-${gameId}`;
    const positions = localPositions(game, gameId, seed);
    const roles = game.roles({ ...SCENARIOS[gameId].options, seed });
    const views = await openViews(false);
    const failures = [];
    try {
      for (const p of positions) {
        const seats = Object.fromEntries(roles.map((r) => [r, 'me']));
        const file = { game: gameId, seed, options: SCENARIOS[gameId].options, actions: p.actions, seats };
        await Promise.all(views.map(async (w) => {
          await w.page.goto(`${server.url}/`);
          await w.page.evaluate((f) => localStorage.setItem('tabula.local', JSON.stringify(f)), file);
          await w.page.goto(`${server.url}/local/play`);
          // A hotseat game with hidden information shows a curtain first: the side to act goes ahead.
          await w.page.locator(`[data-testid=curtain-go], .board-area ${READY[gameId]}`).first().waitFor();
          if (await w.page.getByTestId('curtain-go').isVisible()) await w.page.getByTestId('curtain-go').click();
        }));
        for (const w of views) failures.push(...await auditBoard(w, gameId, `local ${p.name} (${p.actions.length} actions)`));
      }
      t.diagnostic(`${positions.length} positions x ${views.length} views audited: ${positions.map((p) => `${p.name} @${p.actions.length}`).join(', ')}`);
      for (const w of views) assert.deepEqual(w.errors, [], 'page errors');
    } finally { await Promise.all(views.map((w) => w.ctx.close())); }
    assert.deepEqual(failures, []);
  });

  test(`issue 45: ${gameId} played online to ${names}: no axe violation at 360 and 1280 px, in English and Chinese`, { skip, timeout: 300_000 }, async (t) => {
    const views = await openViews(true);
    const failures = [], seen = [];
    try {
      await playOnline(server.url, account.token, gameId, async (name, id) => {
        seen.push(name);
        await Promise.all(views.map((w) => w.page.goto(`${server.url}/games/${id}`)));
        for (const w of views) failures.push(...await auditBoard(w, gameId, `online ${name}`));
      });
      t.diagnostic(`online positions audited: ${seen.join(', ')}`);
      for (const w of views) assert.deepEqual(w.errors, [], 'page errors');
    } finally { await Promise.all(views.map((w) => w.ctx.close())); }
    assert.equal(seen.length, SCENARIOS[gameId].checkpoints.length);
    assert.deepEqual(failures, []);
  });
}
