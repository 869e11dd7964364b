// Issue 44, item 4: signs of life from the other side. A bot's turn shows "thinking"; a human opponent's
// connection shows, and while they are gone a countdown says when the win may be claimed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, server, skip, newPage } from './helpers.mjs';
import { call as callApi, newAccount } from './api-fixtures.mjs';

useServerAndBrowser();

const call = (method, path, body, token) => callApi(server.url, method, path, body, token);
const account = () => newAccount(server.url, 'w');
const signedIn = async (u) => {
  const { ctx, page, errors } = await newPage();
  await page.addInitScript(([tk, nm]) => { localStorage.setItem('tabula.token', tk); localStorage.setItem('tabula.name', nm); }, [u.token, u.name]);
  return { ctx, page, errors };
};

test('a bot turn shows "thinking", named as the bot', { skip, timeout: 60_000 }, async () => {
  const u = await account();
  const { id } = await call('POST', '/games', { game: 'hacse' }, u.token);
  await call('POST', `/games/${id}/seats`, { role: 'axis' }, u.token);
  await call('POST', `/games/${id}/seats`, { role: 'allies', bot: 'mcts-hard' }, u.token); // the Allies move first
  const { ctx, page, errors } = await signedIn(u);
  await page.goto(`${server.url}/games/${id}`);
  const thinking = page.getByTestId('thinking');
  await thinking.waitFor({ timeout: 10_000 });
  assert.match(await thinking.innerText(), /Bot \(Hard\) is thinking/);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('a human opponent: their connection shows, and while they are gone a countdown to the claim', { skip, timeout: 60_000 }, async () => {
  const a = await account(), c = await account();
  const { id } = await call('POST', '/games', { game: 'hacse', timeControl: { kind: 'live', baseSeconds: 300, incrementSeconds: 0 } }, a.token);
  await call('POST', `/games/${id}/seats`, { role: 'allies' }, a.token);
  await call('POST', `/games/${id}/seats`, { role: 'axis' }, c.token);
  const pa = await signedIn(a), pc = await signedIn(c);
  await pa.page.goto(`${server.url}/games/${id}`);
  await pc.page.goto(`${server.url}/games/${id}`);
  await pa.page.getByTestId('presence-axis').filter({ hasText: `${c.name}: connected` }).waitFor();
  // The Allies are to act: the Axis player's page shows them thinking, with their first-move countdown.
  await pc.page.getByTestId('thinking').filter({ hasText: `${a.name} is thinking` }).waitFor();
  await pc.page.getByTestId('first-move-allies').filter({ hasText: /first move within \d+:\d\d/ }).waitFor();
  await pc.ctx.close();
  const away = pa.page.getByTestId('presence-axis');
  await away.filter({ hasText: /gone for 0:\d\d/ }).waitFor({ timeout: 20_000 });
  const cd = pa.page.getByTestId('claim-countdown');
  await cd.waitFor();
  const s1 = await cd.innerText();
  assert.match(s1, /claim the win in 1:\d\d|claim the win in 2:00/);
  await pa.page.waitForTimeout(2100);
  assert.notEqual(await cd.innerText(), s1, 'the countdown counts');
  assert.deepEqual(pa.errors, []);
  await pa.ctx.close();
});
