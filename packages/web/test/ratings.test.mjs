// Ratings in the browser (issue 42): after a rated game ends, the result screen shows each player's rating
// change ("Rating 1500 → 1662 (+162)"), an unrated game says "Unrated"; the profile shows the rating history
// (a line and the games with date and opponent); the navigation leads to the leaderboard of every game.
// The games are Nim (the test game, TABULA_TEST_GAME=1), played over the API; the pages are only looked at.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TEST_GAME_ID } from '@tabula/games/test-game';
import { apiCall, newPage, server, signUp, skip, uid, useServerAndBrowser } from './helpers.mjs';

useServerAndBrowser(undefined, { env: { TABULA_TEST_GAME: '1' } });

const SHOTS = process.env.TABULA_SHOTS ?? '/tmp/tabula-ratings-shots';

/** A Nim game between `first` and `second` (tokens), rated or not; returns its id. */
async function nim(first, second, rated) {
  const id = (await apiCall(server.url, 'POST', '/games', { game: TEST_GAME_ID, rated }, first)).body.id;
  assert.equal((await apiCall(server.url, 'POST', `/games/${id}/seats`, { role: 'first' }, first)).status, 200);
  assert.equal((await apiCall(server.url, 'POST', `/games/${id}/seats`, { role: 'second' }, second)).status, 200);
  return id;
}

/** Plays `takes` alternately (first, second, ...). */
async function take(id, tokens, takes) {
  for (const n of takes) {
    const s = (await apiCall(server.url, 'GET', `/games/${id}`)).body;
    const role = s.active[0];
    const r = await apiCall(server.url, 'POST', `/games/${id}/actions`, { version: s.version, action: { take: n }, role }, tokens[role]);
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
}

test('ratings: the result screen shows each rated player\'s change (and "Unrated"), the profile the history, the navigation the leaderboard', { skip, timeout: 120_000 }, async () => {
  const { ctx, page, errors } = await newPage();
  await ctx.addInitScript(() => localStorage.setItem('tabula.testGame', '1'));
  const nameA = `rita${uid()}`, nameB = `bo${uid()}`;
  await signUp(page, nameA);
  const tokA = await page.evaluate(() => localStorage.getItem('tabula.token'));
  const tokB = (await apiCall(server.url, 'POST', '/accounts', { name: nameB, password: 'correct horse battery' })).body.token;
  const tokens = { first: tokA, second: tokB };

  // A rated game, watched live by A while it ends: 3, 3, 3 taken, then B (second) takes the last stone.
  const id = await nim(tokA, tokB, true);
  await take(id, tokens, [3, 3, 3]);
  await page.goto(`${server.url}/games/${id}`);
  await page.getByTestId('prompt').waitFor();
  await take(id, tokens, [1]);
  const mine = page.getByTestId('result-rating-first');
  await mine.waitFor();
  const rated = (await apiCall(server.url, 'GET', `/games/${id}/ratings`)).body.players;
  const a = rated.find((p) => p.user === nameA), bb = rated.find((p) => p.user === nameB);
  const shown = (p) => `Rating ${Math.round(p.before)} → ${Math.round(p.after)} (${Math.round(p.after) > Math.round(p.before) ? '+' : '\u2212'}${Math.abs(Math.round(p.after) - Math.round(p.before))})`;
  assert.match(await mine.innerText(), new RegExp(`${nameA}: ${shown(a)}`.replace(/[()+]/g, '\\$&')));
  assert.ok((await page.getByTestId('result-rating-second').innerText()).endsWith(shown(bb)), await page.getByTestId('result-rating-second').innerText());
  assert.ok(a.after < 1500 && bb.after > 1500, 'the winner gains, the loser loses');
  for (const w of [360, 1280]) {
    await page.setViewportSize({ width: w, height: w === 360 ? 800 : 900 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${SHOTS}/result-rated-${w}.png` });
  }

  // An unrated game says so.
  const casual = await nim(tokA, tokB, false);
  await take(casual, tokens, [3, 3, 3, 1]);
  await page.goto(`${server.url}/games/${casual}`);
  assert.equal(await page.getByTestId('result-unrated').innerText(), 'Unrated');

  // Two more rated games for the history: A wins one (A takes the last stone), loses one.
  const g2 = await nim(tokA, tokB, true);
  await take(g2, tokens, [3, 3, 2, 1, 1]);
  const g3 = await nim(tokA, tokB, true);
  await take(g3, tokens, [3, 3, 3, 1]);
  await page.goto(`${server.url}/u/${nameA}`);
  const history = page.getByTestId(`rating-history-${TEST_GAME_ID}`);
  await history.waitFor();
  await page.getByTestId('rating-history-entry').nth(2).waitFor();
  const entries = await page.getByTestId('rating-history-entry').allInnerTexts();
  assert.equal(entries.length, 3);
  for (const e of entries) assert.ok(e.includes(`vs ${nameB}`), e);
  const newest = (await apiCall(server.url, 'GET', `/users/${nameA}/ratings?game=${TEST_GAME_ID}&limit=1`)).body.entries[0];
  assert.ok(entries[0].includes(String(Math.round(newest.rating))), entries[0]);
  assert.match(await page.getByTestId('rating-sparkline').getAttribute('aria-label'), /rating over the last 3 rated games, from 1500 to \d+/);
  for (const w of [360, 1280]) {
    await page.setViewportSize({ width: w, height: w === 360 ? 800 : 900 });
    await page.waitForTimeout(200);
    await history.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/profile-${w}.png` });
  }

  // The navigation leads to the leaderboards; each game has its own.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId('nav-leaderboard').click();
  await page.waitForURL(/\/ratings$/);
  await page.getByTestId('leaderboard-games').getByRole('link', { name: 'Nim (test game)' }).click();
  await page.waitForURL(new RegExp(`/ratings/${TEST_GAME_ID}$`));
  const board = page.getByTestId('leaderboard');
  await board.getByRole('link', { name: nameB }).waitFor();
  assert.ok((await board.innerText()).includes(nameA));
  await page.screenshot({ path: `${SHOTS}/leaderboard-1280.png` });
  assert.deepEqual(errors, []);
  await ctx.close();
});
