// A game is one plug-in: the test game (a Nim registered only through its manifest, packages/games/src/test-game)
// appears in the server's catalog and the lobby's new-game form, and in local play, where it is played on the
// generic board. The server offers it with TABULA_TEST_GAME=1, the browser with localStorage "tabula.testGame".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TEST_GAME_ID } from '@tabula/games/test-game';
import { apiCall, newPage, server, signUp, skip, uid, useServerAndBrowser } from './helpers.mjs';

useServerAndBrowser(undefined, { env: { TABULA_TEST_GAME: '1' } });

async function pageWithTestGame() {
  const p = await newPage();
  await p.ctx.addInitScript(() => localStorage.setItem('tabula.testGame', '1'));
  return p;
}

test('test game: the server catalog lists it after the shipped games', { skip }, async () => {
  const r = await apiCall(server.url, 'GET', '/catalog');
  assert.equal(r.status, 200);
  assert.equal(r.body.at(-1).id, TEST_GAME_ID);
  assert.deepEqual(r.body.at(-1).roles, { 2: ['first', 'second'] });
});

test('test game: without the flag the browser does not offer it', { skip }, async () => {
  const { ctx, page, errors } = await newPage();
  await page.goto(`${server.url}/local`);
  await page.getByTestId('setup-game').waitFor();
  const options = await page.getByTestId('setup-game').locator('option').evaluateAll((os) => os.map((o) => o.value));
  assert.ok(!options.includes(TEST_GAME_ID), options.join(' '));
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('test game: local play offers it by its name, and a hotseat game is played to the end on the generic board', { skip }, async () => {
  const { ctx, page, errors } = await pageWithTestGame();
  await page.goto(`${server.url}/local`);
  const select = page.getByTestId('setup-game');
  await select.waitFor();
  assert.equal(await select.locator(`option[value="${TEST_GAME_ID}"]`).innerText(), 'Nim (test game)');
  await page.goto(server.url);
  await page.getByTestId(`quick-hotseat-${TEST_GAME_ID}`).click();
  await page.waitForURL(/\/local\/play$/);
  await page.getByTestId('action-list').waitFor();
  assert.match(await page.getByTestId('prompt').innerText(), /Take 1 to 3 stones \(10 left\)/);
  // Both take three stones at a time (10, 7, 4, 1 left); then "second" takes the last stone and wins.
  const take = () => page.getByTestId('action-list').locator('button').last().click();
  for (const left of [7, 4, 1]) {
    await take();
    await page.getByTestId('prompt').filter({ hasText: `(${left} left)` }).waitFor();
  }
  await take();
  await page.getByTestId('prompt').filter({ hasText: 'Game over. Winner: Second' }).waitFor();
  assert.match(await page.getByTestId('log').innerText(), /Second took 1 stone$/);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('test game: the lobby\'s new-game form offers it, and an online game of it starts', { skip }, async () => {
  const { ctx, page, errors } = await pageWithTestGame();
  await signUp(page, `nim${uid()}`);
  await page.getByTestId('new-game').click();
  await page.getByTestId('setup-game').selectOption(TEST_GAME_ID);
  await page.getByTestId('seat-second').selectOption('random');
  await page.getByTestId('setup-submit').click();
  await page.waitForURL(/\/games\/[^/]+$/);
  await page.getByTestId('action-list').waitFor();
  assert.match(await page.getByRole('heading', { level: 1 }).innerText(), /Nim \(test game\)/);
  assert.match(await page.getByTestId('prompt').innerText(), /Take 1 to 3 stones/);
  assert.deepEqual(errors, []);
  await ctx.close();
});
