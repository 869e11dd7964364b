// Issue 44: a finished game asks for nothing (HACSE resigned while a cost was being paid showed the payment
// prompt), for all three games; and the header fits a 360 px phone (it collapses into a menu) on the lobby,
// the home page and a game page, while at 1280 px its links stay in the row.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CARDS } from '@tabula/hacse';
import { useServerAndBrowser, server, skip, newPage } from './helpers.mjs';
import { call as callApi, newAccount } from './api-fixtures.mjs';

useServerAndBrowser();

const call = (method, path, body, token) => callApi(server.url, method, path, body, token);
const account = () => newAccount(server.url, 'f');
const signedIn = async (u, viewport) => {
  const p = await newPage(viewport ? { viewport } : {});
  await p.page.addInitScript(([tk, nm]) => { localStorage.setItem('tabula.token', tk); localStorage.setItem('tabula.name', nm); localStorage.setItem('tabula.lang', 'en'); }, [u.token, u.name]);
  return p;
};

/** A game of `game` with `u` in seat `first` (the one that acts first) and a random bot in the other; `u` plays `until` allows, then resigns. */
async function resignedGame(u, game, first, body, until) {
  const { id } = await call('POST', '/games', { game, ...body }, u.token);
  const roles = (await call('GET', '/catalog')).find((g) => g.id === game).roles['2'];
  first ??= roles[0];
  await call('POST', `/games/${id}/seats`, { role: first }, u.token);
  await call('POST', `/games/${id}/seats`, { role: roles.find((r) => r !== first), bot: 'random' }, u.token);
  let st = await call('GET', `/games/${id}?role=${first}`, null, u.token);
  const me = st.seats.find((s) => s.user === u.name).role;
  for (let i = 0; i < 5 && st.active.includes(me); i++) {
    const a = until(st);
    if (!a) break;
    st = await call('POST', `/games/${id}/actions`, { version: st.version, action: a, role: me }, u.token);
  }
  await call('POST', `/games/${id}/resign`, { role: me }, u.token);
  return id;
}

test('a finished game shows no action prompt: HACSE resigned while paying, Carcassonne and Hammer resigned mid-turn', { skip, timeout: 120_000 }, async () => {
  const u = await account();
  const hacse = await resignedGame(u, 'hacse', 'allies', { scenario: 'early' },
    // Place a unit that costs cards: the game then waits for the payment.
    (st) => (st.actions.some((a) => a.type === 'pay') ? null : st.actions.find((a) => a.type === 'place' && (CARDS.get(a.card)?.cost ?? 0) > 0) ?? null));
  const hacseView = (await call('GET', `/games/${hacse}`, null, u.token)).view;
  assert.equal(hacseView.pending?.kind, 'pay', 'the game ended while a cost was being paid');
  const carc = await resignedGame(u, 'carcassonne', null, { players: 2 }, (st) => (st.actions.some((a) => a.type === 'place') ? st.actions[0] : null));
  const hammer = await resignedGame(u, 'hammer-of-the-scots', 'England', {}, () => null);
  const { page, errors, ctx } = await signedIn(u);
  for (const [id, board] of [[hacse, 'die-track'], [carc, 'carc-board'], [hammer, 'hammer-map-wrap']]) {
    await page.goto(`${server.url}/games/${id}`);
    await page.getByTestId('prompt').filter({ hasText: /won|over/i }).waitFor();
    await page.getByTestId(board).waitFor(); // the board (a lazily loaded chunk) is drawn
    await page.waitForTimeout(300);
    assert.equal(await page.getByTestId('hacse-paying').count(), 0, `${id}: no payment prompt`);
    assert.equal(await page.locator('button[data-action]:not([disabled])').count(), 0, `${id}: no action to press`);
    for (const testid of ['carc-confirm', 'carc-deploy', 'hammer-pick', 'hammer-warning', 'hacse-choices']) {
      assert.equal(await page.getByTestId(testid).count(), 0, `${id}: no ${testid}`);
    }
    assert.equal(await page.locator('.carc-hand, .hacse-card.hl, .hammer-card.hl').count(), 0, `${id}: nothing highlighted to play`);
  }
  assert.deepEqual(errors, []);
  await ctx.close();
});

/** The header elements that stick out of the viewport (left or right). */
const overflowing = (page) => page.evaluate(() => {
  const w = document.documentElement.clientWidth;
  return [...document.querySelectorAll('header.top, header.top *')].filter((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && (r.left < -0.5 || r.right > w + 0.5);
  }).map((el) => `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''} "${el.textContent.trim().slice(0, 20)}"`);
});

test('the header fits 360 px: nothing sticks out on the home page, the lobby and a game page; the menu opens to every link', { skip, timeout: 60_000 }, async () => {
  const u = await account();
  const { id } = await call('POST', '/games', { game: 'hammer-of-the-scots' }, u.token);
  const anon = await newPage({ viewport: { width: 360, height: 800 } });
  await anon.page.goto(`${server.url}/`);
  await anon.page.getByTestId('nav-signin').waitFor();
  assert.deepEqual(await overflowing(anon.page), [], 'home, signed out');
  await anon.ctx.close();
  const { page, errors, ctx } = await signedIn(u, { width: 360, height: 800 });
  for (const path of ['/', `/games/${id}`]) {
    await page.goto(`${server.url}${path}`);
    await page.getByTestId('bell').waitFor();
    assert.deepEqual(await overflowing(page), [], `${path}: header closed`);
    const headerHeight = await page.locator('header.top').evaluate((h) => h.getBoundingClientRect().height);
    assert.ok(headerHeight <= 64, `${path}: one header row (${headerHeight} px)`);
    await page.getByTestId('menu-toggle').click();
    const rules = page.locator('header.top nav').getByRole('link', { name: 'Rules' });
    await rules.waitFor();
    assert.deepEqual(await overflowing(page), [], `${path}: header with the menu open`);
    for (const el of [rules, page.getByTestId('nav-settings'), page.getByTestId('lang'), page.getByRole('button', { name: 'Sign out' })]) {
      const box = await el.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 360, 'inside the screen');
    }
    await page.getByTestId('menu-toggle').click();
    await rules.waitFor({ state: 'hidden' });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  assert.equal(await page.getByTestId('menu-toggle').isVisible(), false, 'no menu button at 1280 px');
  assert.ok(await page.locator('header.top nav').getByRole('link', { name: 'Rules' }).isVisible(), 'the links in the row at 1280 px');
  assert.deepEqual(await overflowing(page), []);
  assert.deepEqual(errors, []);
  await ctx.close();
});
