// Draw offers in a real browser (issue 49): one player offers a draw beside Resign (after a confirmation), the
// other sees "NAME offers a draw" with Accept / Decline, the offerer sees "Draw offered"; the other accepts and
// both pages show "Draw by agreement" without a reload. Screenshots at 360, 1280 and 1920 px.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { apiCall, newPage, server, signUp, skip, uid, useServerAndBrowser } from './helpers.mjs';

useServerAndBrowser();

const SHOTS = process.env.TABULA_SHOTS ?? '/tmp/tabula-draw-shots';

/** A signed-up page whose "Offer a draw?" confirm is accepted (any other dialog refused), with its token. */
async function player(name) {
  const p = await newPage();
  p.dialogs = [];
  p.page.on('dialog', (d) => {
    p.dialogs.push(d.message());
    if (d.type() === 'confirm' && d.message().startsWith('Offer a draw?')) void d.accept();
    else void d.dismiss();
  });
  await signUp(p.page, name);
  p.token = await p.page.evaluate(() => localStorage.getItem('tabula.token'));
  return p;
}

/** The seat to act ends its turn (HACSE), through the API. */
async function endTurn(id, tokenOf) {
  const s = (await apiCall(server.url, 'GET', `/games/${id}`)).body;
  const role = s.active[0];
  const mine = (await apiCall(server.url, 'GET', `/games/${id}`, undefined, tokenOf[role])).body;
  const r = await apiCall(server.url, 'POST', `/games/${id}/actions`, { version: mine.version, action: { type: 'end' } }, tokenOf[role]);
  assert.equal(r.status, 200, JSON.stringify(r.body));
}

test('a draw offered on one page and accepted on the other ends the game "Draw by agreement" on both, without a reload', { skip, timeout: 120_000 }, async () => {
  mkdirSync(SHOTS, { recursive: true });
  const nameA = `ann${uid()}`, nameB = `ben${uid()}`;
  const A = await player(nameA), B = await player(nameB);
  const id = (await apiCall(server.url, 'POST', '/games', { game: 'hacse' }, A.token)).body.id;
  assert.equal((await apiCall(server.url, 'POST', `/games/${id}/seats`, { role: 'axis' }, A.token)).status, 200);
  assert.equal((await apiCall(server.url, 'POST', `/games/${id}/seats`, { role: 'allies' }, B.token)).status, 200);
  const tokenOf = { axis: A.token, allies: B.token };
  // Two actions: past the abort window, so Resign and Offer a draw are shown.
  await endTurn(id, tokenOf);
  await endTurn(id, tokenOf);

  for (const p of [A, B]) await p.page.goto(`${server.url}/games/${id}`);
  await B.page.getByTestId('draw-offer-button').waitFor();
  assert.equal(await B.page.getByTestId('draw-offer').count(), 0, 'no offer yet');

  await A.page.screenshot({ path: `${SHOTS}/draw-button-1280.png` });
  await A.page.getByTestId('draw-offer-button').click();
  const waiting = A.page.locator('[data-testid=draw-offer][data-status=offered]');
  await waiting.waitFor();
  assert.match(await waiting.innerText(), new RegExp(`Draw offered: waiting for ${nameB}`));
  assert.deepEqual(A.dialogs, ['Offer a draw? The game ends drawn once every other player accepts.']);
  assert.equal(await A.page.getByTestId('draw-offer-button').count(), 0, 'no second offer while one is open');

  const banner = B.page.locator('[data-testid=draw-offer][data-status=open]');
  await banner.waitFor();
  assert.match(await banner.innerText(), new RegExp(`${nameA} offers a draw`));
  for (const width of [360, 1280, 1920]) {
    await B.page.setViewportSize({ width, height: 900 });
    await B.page.screenshot({ path: `${SHOTS}/draw-offered-${width}.png` });
  }
  await A.page.screenshot({ path: `${SHOTS}/draw-waiting-1280.png` });
  await B.page.setViewportSize({ width: 1280, height: 900 });

  const navigations = [0, 0];
  [A, B].forEach((p, i) => p.page.on('framenavigated', (f) => { if (f === p.page.mainFrame()) navigations[i]++; }));
  await B.page.getByTestId('draw-accept').click();
  for (const p of [A, B]) {
    const reason = p.page.getByTestId('result-reason');
    await reason.waitFor();
    assert.equal(await reason.innerText(), 'Draw by agreement: every player agreed.');
    assert.equal(await p.page.locator('#result-title').innerText(), 'Draw by agreement');
    assert.equal(await p.page.getByTestId('draw-offer').count(), 0, 'the banner is gone');
    assert.equal(await p.page.getByTestId('draw-offer-button').count(), 0);
  }
  assert.deepEqual(navigations, [0, 0], 'no reload');
  await B.page.screenshot({ path: `${SHOTS}/draw-result-1280.png` });
  const fin = (await apiCall(server.url, 'GET', `/games/${id}`)).body;
  assert.deepEqual(fin.outcome, { winners: [], reason: 'agreed' });
  assert.deepEqual([A.errors, B.errors], [[], []]);
});
