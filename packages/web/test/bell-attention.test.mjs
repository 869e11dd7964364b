// Issue 44, item 2: the bell does not flood. Two accounts play 10 turns each of an online Carcassonne game
// with both pages open: on the game page nobody gets a "your turn" (the page tells the server what is on
// screen); on the lobby each gets at most one unread "your turn" for the game (a new one replaces the unread one).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, server, skip, newPage } from './helpers.mjs';
import { call as callApi, newAccount } from './api-fixtures.mjs';

useServerAndBrowser();

const call = (method, path, body, token) => callApi(server.url, method, path, body, token);
const account = () => newAccount(server.url, 'b');
const signedIn = async (u) => {
  const p = await newPage();
  await p.page.addInitScript(([tk, nm]) => { localStorage.setItem('tabula.token', tk); localStorage.setItem('tabula.name', nm); localStorage.setItem('tabula.lang', 'en'); }, [u.token, u.name]);
  return p;
};

/** A two-player online Carcassonne game between `a` and `b`: { id, seat } with seat[role] the account. */
async function newGame(a, b) {
  const roles = (await call('GET', '/catalog')).find((g) => g.id === 'carcassonne').roles['2'];
  const { id } = await call('POST', '/games', { game: 'carcassonne', players: 2 }, a.token);
  await call('POST', `/games/${id}/seats`, { role: roles[0] }, a.token);
  await call('POST', `/games/${id}/seats`, { role: roles[1] }, b.token);
  return { id, seat: { [roles[0]]: a, [roles[1]]: b } };
}

/** Plays `turns` whole turns each (a turn ends when the other seat is to act), by the REST API. */
async function playTurns({ id, seat }, turns) {
  const done = new Map();
  while ([...Object.keys(seat)].some((r) => (done.get(r) ?? 0) < turns)) {
    const who = (await call('GET', `/games/${id}`)).active[0];
    let st = await call('GET', `/games/${id}?role=${who}`, null, seat[who].token);
    while (st.status === 'active' && st.active.includes(who)) {
      st = await call('POST', `/games/${id}/actions`, { version: st.version, action: st.actions[0], role: who }, seat[who].token);
    }
    done.set(who, (done.get(who) ?? 0) + 1);
  }
}

const unreadTurns = async (u, gameId) => (await call('GET', '/notifications?limit=100', null, u.token)).notifications
  .filter((n) => n.kind === 'your-turn' && n.gameId === gameId && !n.read).length;

test('10 turns each with both game pages open: no unread "your turn" for either player, no badge', { skip, timeout: 120_000 }, async () => {
  const a = await account(), b = await account();
  const game = await newGame(a, b);
  const pages = [await signedIn(a), await signedIn(b)];
  for (const { page } of pages) {
    await page.goto(`${server.url}/games/${game.id}`);
    await page.getByTestId('bell').waitFor();
    await page.locator('.carc-board, [data-testid=carc-board]').first().waitFor();
  }
  await pages[0].page.waitForTimeout(500); // the pages' "watch" messages are in
  await playTurns(game, 10);
  await pages[0].page.waitForTimeout(1500); // the outbox worker has run
  for (const u of [a, b]) assert.equal(await unreadTurns(u, game.id), 0, `${u.name}: no "your turn" for the game on screen`);
  for (const { page, errors, ctx } of pages) {
    assert.equal(await page.getByTestId('unread-badge').count(), 0, 'no unread badge');
    assert.deepEqual(errors, []);
    await ctx.close();
  }
});

test('10 turns each with both pages on the lobby: at most one unread "your turn" each; opening the game reads it', { skip, timeout: 120_000 }, async () => {
  const a = await account(), b = await account();
  const game = await newGame(a, b);
  const pages = [await signedIn(a), await signedIn(b)];
  for (const { page } of pages) {
    await page.goto(`${server.url}/`);
    await page.getByTestId('bell').waitFor();
  }
  await playTurns(game, 10);
  await pages[0].page.waitForTimeout(1500);
  for (const u of [a, b]) assert.ok(await unreadTurns(u, game.id) <= 1, `${u.name}: at most one unread "your turn"`);
  const waiting = (await call('GET', `/games/${game.id}`)).active[0];
  const w = game.seat[waiting];
  assert.equal(await unreadTurns(w, game.id), 1, 'the player to move has one');
  const wp = pages[w === a ? 0 : 1].page;
  await wp.getByTestId('unread-badge').filter({ hasText: /^1$/ }).waitFor();
  await wp.getByTestId('bell').click();
  assert.equal(await wp.getByTestId('notification-list').locator('li.unread').count(), 1, 'one unread line in the list');
  await wp.keyboard.press('Escape');
  await wp.goto(`${server.url}/games/${game.id}`);
  // A reloaded page draws no badge until it hears the count: wait for the server to read it (the page's "watch").
  let left = await unreadTurns(w, game.id);
  for (const until = Date.now() + 5000; left > 0 && Date.now() < until; left = await unreadTurns(w, game.id)) await wp.waitForTimeout(100);
  assert.equal(left, 0, 'opening the game read it');
  await wp.getByTestId('unread-badge').waitFor({ state: 'detached' });
  for (const { errors, ctx } of pages) { assert.deepEqual(errors, []); await ctx.close(); }
});

test('a new browser follows the account\'s language: the bell list in German on an English browser, and the account keeps German', { skip, timeout: 60_000 }, async () => {
  const a = await account(), b = await account();
  await call('PATCH', '/notifications/settings', { language: 'de' }, b.token);
  const { id } = await call('POST', '/games', { game: 'carcassonne', players: 2 }, a.token);
  await call('POST', `/games/${id}/invite`, { name: b.name }, a.token);
  const p = await newPage({ locale: 'en-US' });
  // Signed in, but no language chosen on this device.
  await p.page.addInitScript(([tk, nm]) => { localStorage.setItem('tabula.token', tk); localStorage.setItem('tabula.name', nm); }, [b.token, b.name]);
  await p.page.goto(`${server.url}/`);
  await p.page.waitForFunction(() => document.documentElement.lang === 'de');
  await p.page.getByTestId('unread-badge').waitFor();
  await p.page.getByTestId('bell').click();
  await p.page.getByTestId('notification-list').getByText(`${a.name} lädt dich zu Carcassonne ein`).waitFor();
  await p.page.waitForTimeout(500);
  assert.equal((await call('GET', '/notifications/settings', null, b.token)).language, 'de', 'the browser did not overwrite it');
  assert.deepEqual(p.errors, []);
  await p.ctx.close();
});
