// Report and ban in a real browser (issue 42): B writes an insult in a game's chat; A reports that line from the
// chat; an account made moderator with the CLI (`tabula moderator grant`, on the server's database) finds the
// Moderation link, sees the report in its queue with the line in context, and bans B; B's page, already open
// on the game, is signed out at once without a reload, and B cannot sign in again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { apiCall, newPage, server, signUp, skip, uid, useServerAndBrowser } from './helpers.mjs';
import { audit } from './pages.mjs';

useServerAndBrowser();

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SHOTS = process.env.TABULA_SHOTS ?? '/tmp/tabula-moderation-shots';

const tokenOf = (page) => page.evaluate(() => localStorage.getItem('tabula.token'));

async function pageWithDialogs(opts) {
  const p = await newPage(opts);
  p.dialogs = [];
  p.page.on('dialog', (d) => { p.dialogs.push(d.message()); void d.accept(); });
  return p;
}

test('a reported chat line reaches a moderator\'s queue in context; a ban signs the banned player\'s open page out without a reload', { skip, timeout: 120_000 }, async () => {
  // The moderator's page is audited with axe-core, injected as a script (which the CSP rightly forbids).
  const A = await pageWithDialogs(), B = await pageWithDialogs(), M = await pageWithDialogs({ bypassCSP: true });
  const nameA = `ann${uid()}`, nameB = `bo${uid()}`, nameM = `mod${uid()}`;
  await signUp(A.page, nameA);
  await signUp(B.page, nameB);
  await signUp(M.page, nameM);

  // A game of A and B (made over the API: the chat is what this test is about).
  const [ta, tb] = [await tokenOf(A.page), await tokenOf(B.page)];
  const made = await apiCall(server.url, 'POST', '/games', { game: 'carcassonne' }, ta);
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const id = made.body.id;
  const roles = (await apiCall(server.url, 'GET', `/games/${id}`)).body.seats.map((s) => s.role);
  assert.equal((await apiCall(server.url, 'POST', `/games/${id}/seats`, { role: roles[0] }, ta)).status, 200);
  assert.equal((await apiCall(server.url, 'POST', `/games/${id}/seats`, { role: roles[1] }, tb)).status, 200);
  await A.page.goto(`${server.url}/games/${id}`);
  await B.page.goto(`${server.url}/games/${id}`);
  for (const [p, text] of [[A.page, 'good luck'], [B.page, 'you play like garbage'], [A.page, 'please be nice']]) {
    await p.getByTestId('chat-input').fill(text);
    await p.getByTestId('chat-send').click();
    await p.waitForFunction(() => document.querySelector('[data-testid=chat-input]')?.value === '', null, { timeout: 5000 });
  }

  // A reports B's line from the chat.
  const insult = A.page.getByTestId('chat-line').filter({ hasText: 'you play like garbage' });
  await insult.waitFor();
  assert.equal(await A.page.getByTestId('chat-line').filter({ hasText: 'please be nice' }).getByTestId('chat-report').count(), 0, 'no Report on one\'s own line');
  await insult.getByTestId('chat-report').click();
  await A.page.getByTestId('report-reason').selectOption('abuse');
  await A.page.getByTestId('report-note').fill('Insults during the game.');
  mkdirSync(SHOTS, { recursive: true });
  await A.page.getByTestId('report-form').screenshot({ path: join(SHOTS, 'report-form-1280.png') });
  await A.page.getByTestId('chat').screenshot({ path: join(SHOTS, 'chat-report-1280.png') });
  await A.page.getByTestId('report-send').click();
  await A.page.getByTestId('report-done').waitFor();

  // The moderator role, granted with the CLI on the running server's database.
  assert.equal(await M.page.getByTestId('nav-moderation').count(), 0, 'no Moderation link before the role');
  const cli = await promisify(execFile)(process.execPath, [join(ROOT, 'packages/cli/dist/main.js'), 'moderator', 'grant', nameM, '--db', `sqlite:${join(server.dir, 'e2e.db')}`]);
  assert.match(cli.stdout, new RegExp(`${nameM} is a moderator`));
  await M.page.reload();
  await M.page.getByTestId('nav-moderation').click();
  const card = M.page.getByTestId('report').filter({ hasText: nameB });
  await card.waitFor();
  assert.match(await card.innerText(), new RegExp(`${nameA} reports ${nameB}`));
  const context = card.getByTestId('report-context');
  assert.deepEqual(await context.locator('li').allInnerTexts().then((x) => x.map((s) => s.replace(/\s+/g, ' ').trim())),
    [`${nameA} good luck`, `${nameB} you play like garbage reported`, `${nameA} please be nice`], 'the line with its neighbours, by name');
  assert.equal(await context.locator('li[data-reported=true]').innerText().then((s) => s.includes('garbage')), true);
  assert.equal(await card.getByTestId('report-game').getAttribute('href'), `/games/${id}`);

  for (const width of [360, 1280, 1920]) {
    await M.page.setViewportSize({ width, height: 900 });
    await M.page.screenshot({ path: join(SHOTS, `moderation-queue-${width}.png`), fullPage: true });
    assert.ok(await M.page.evaluate(() => document.documentElement.scrollWidth) <= width, `no sideways scrolling at ${width} px`);
    if (width !== 1920) assert.deepEqual((await audit(M.page)).page, [], `no axe violation on the queue at ${width} px`);
  }
  await M.page.setViewportSize({ width: 1280, height: 900 });

  // The ban: B's open page loses its session at once.
  assert.equal(await B.page.getByTestId('nav-signin').count(), 0);
  await card.getByTestId('mod-why').fill('Insulting opponents.');
  const t0 = Date.now();
  await card.getByTestId('mod-ban').click();
  await B.page.getByTestId('nav-signin').waitFor({ timeout: 10_000 });
  const signedOutMs = Date.now() - t0;
  assert.equal(await tokenOf(B.page), null, 'the banned page holds no token');
  assert.equal(await B.page.getByTestId('chat-input').count(), 0, 'it cannot chat');
  assert.ok(M.dialogs.some((d) => d.includes(`Ban ${nameB}?`)), 'the ban was confirmed');
  await M.page.getByTestId('mod-log').locator('[data-action=ban]').filter({ hasText: nameB }).waitFor();
  assert.equal(await M.page.getByTestId('report').filter({ hasText: nameB }).count(), 0, 'the report left the queue');
  assert.equal((await apiCall(server.url, 'POST', '/sessions', { name: nameB, password: 'correct horse battery' })).status, 403, 'sign-in refused');
  // The moderator lifts the ban by name: B may sign in again, and the log says so.
  await M.page.getByTestId('mod-unban-name').fill(nameB);
  await M.page.getByTestId('mod-unban-why').fill('Appeal accepted.');
  await M.page.getByTestId('mod-unban').click();
  await M.page.getByText(`${nameB} may sign in again.`).waitFor();
  await M.page.getByTestId('mod-log').locator('[data-action=unban]').filter({ hasText: nameB }).waitFor();
  assert.equal((await apiCall(server.url, 'POST', '/sessions', { name: nameB, password: 'correct horse battery' })).status, 201, 'sign-in allowed after the ban is lifted');
  console.log(`banned page signed out ${signedOutMs} ms after the click`);
  for (const p of [A, B, M]) assert.deepEqual(p.errors, []);
  for (const p of [A, B, M]) await p.ctx.close();
});

test('block from a profile, listed in Settings, unblocked there; a moderator\'s warning and mute show on the player\'s open page', { skip, timeout: 120_000 }, async () => {
  const A = await pageWithDialogs(), M = await pageWithDialogs();
  const nameA = `cat${uid()}`, nameB = `dan${uid()}`, nameM = `mo${uid()}`;
  await signUp(A.page, nameA);
  await signUp(M.page, nameM);
  assert.equal((await apiCall(server.url, 'POST', '/accounts', { name: nameB, password: 'correct horse battery' })).status, 201);

  await A.page.goto(`${server.url}/u/${nameB}`);
  await A.page.getByTestId('block-toggle').click();
  await A.page.getByTestId('is-blocked').waitFor();
  assert.ok(A.dialogs.some((d) => d.startsWith(`Block ${nameB}?`)), 'blocking asks first');
  await A.page.goto(`${server.url}/settings`);
  const list = A.page.getByTestId('blocked-list');
  await list.getByText(nameB).waitFor();
  await list.getByRole('button', { name: `Unblock ${nameB}` }).click();
  await list.getByText('You have not blocked anyone.').waitFor();
  // A report of a player, from the profile.
  await A.page.goto(`${server.url}/u/${nameB}`);
  await A.page.getByTestId('report-user').click();
  await A.page.getByTestId('report-reason').selectOption('name');
  await A.page.getByTestId('report-send').click();
  await A.page.getByTestId('report-done').waitFor();

  // Warned and muted while A's page is open: the notices appear without a reload, and stay until acknowledged.
  await promisify(execFile)(process.execPath, [join(ROOT, 'packages/cli/dist/main.js'), 'moderator', 'grant', nameM, '--db', `sqlite:${join(server.dir, 'e2e.db')}`]);
  const tm = await tokenOf(M.page);
  assert.equal((await apiCall(server.url, 'POST', '/moderation/actions', { action: 'warn', name: nameA, reason: 'Reports need a reason.' }, tm)).status, 201);
  const notice = A.page.getByTestId('standing-notice');
  await notice.getByText('A moderator warned you: Reports need a reason.').waitFor();
  assert.equal((await apiCall(server.url, 'POST', '/moderation/actions', { action: 'mute', name: nameA, reason: 'Cool off.', minutes: 60 }, tm)).status, 201);
  await notice.getByText(/A moderator muted you in chat until .*: Cool off\./).waitFor();
  await A.page.setViewportSize({ width: 360, height: 800 });
  await A.page.screenshot({ path: join(SHOTS, 'standing-notice-360.png') });
  await A.page.getByTestId('standing-ok').click();
  await notice.waitFor({ state: 'detached' });
  await A.page.reload();
  await A.page.getByTestId('user-safety').waitFor();
  assert.equal(await A.page.getByTestId('standing-notice').count(), 0, 'acknowledged notices stay gone');
  for (const p of [A, M]) assert.deepEqual(p.errors, []);
  for (const p of [A, M]) await p.ctx.close();
});
