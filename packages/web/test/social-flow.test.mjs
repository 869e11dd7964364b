// Playing people, together, in a real browser (issue 16): two accounts post the same quick-pairing seek from the
// lobby and land on the game it makes; they chat both ways live; a third account watches and writes in the
// spectators' channel (the players can hide it); the game ends by resignation; both profiles show the result
// and the new provisional ratings; a rematch is offered and accepted and both pages move to it with seats
// swapped; meanwhile a page on the lobby shows the seek, the game starting and finishing without
// a reload. Hostile text (HTML, U+202E, zero-width characters) in names and chat renders as harmless text.
// Everything is done by clicking; the API is read only to check what the UI cannot show (seat roles).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, server, signUp, skip, submitSignUp, uid, useServerAndBrowser } from './helpers.mjs';

useServerAndBrowser();

const SHOTS = process.env.TABULA_SHOTS ?? '/tmp/tabula-social-shots';
const HOSTILE = '<img src=x onerror="window.__pwned=1">\u202Eevil\u200Bline\u200D';
/** What the server keeps of HOSTILE: format characters (Cf) stripped, the markup left as plain text. */
const HOSTILE_SHOWN = '<img src=x onerror="window.__pwned=1">evilline';

/** A page whose dialogs are recorded: a "Resign this game?" confirm is accepted, anything else is refused. */
async function page(opts) {
  const p = await newPage(opts);
  p.dialogs = [];
  p.page.on('dialog', (d) => {
    p.dialogs.push(`${d.type()}: ${d.message()}`);
    if (d.type() === 'confirm' && d.message() === 'Resign this game?') void d.accept();
    else void d.dismiss();
  });
  return p;
}

const gameIdOf = (url) => /\/games\/([^/?#]+)$/.exec(new URL(url).pathname)?.[1] ?? null;

/** Chooses Carcassonne in the lobby's quick-pairing form (rated, the default scenario, no clock) and submits it. */
async function postSeek(p) {
  await p.getByTestId('seek-game').selectOption('carcassonne');
  assert.equal(await p.getByTestId('seek-rated').isChecked(), true, 'rated by default');
  await p.getByTestId('seek-submit').click();
}

async function say(p, text) {
  await p.getByTestId('chat-input').fill(text);
  await p.getByTestId('chat-send').click();
  // The input empties once the server acked the line (an error leaves it filled and fails here).
  await p.waitForFunction(() => document.querySelector('[data-testid=chat-input]')?.value === '', null, { timeout: 5000 });
}

const lineWith = (p, text) => p.getByTestId('chat-line').filter({ hasText: text });

/** The seat roles a user holds in a game (the UI shows names on seats; the test compares roles). */
async function rolesOf(id, name) {
  const s = await (await fetch(`${server.url}/api/games/${id}`)).json();
  return s.seats.filter((x) => x.user === name).map((x) => x.role);
}

test('issue 16: seek -> game, chat both ways, spectators\' channel, resign, profiles with provisional ratings, rematch with seats swapped, live lobby; hostile text stays text',
  { skip, timeout: 180_000 }, async () => {
    const t0 = Date.now();
    const mark = (what) => { if (process.env.TABULA_TRACE) console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s: ${what}`); };
    const A = await page(), B = await page(), C = await page();
    const nameA = `ann${uid()}`, nameB = `דנה${uid()}`, nameC = `cy${uid()}`;

    mark('pages open');
    // Hostile names are refused at sign-up, and the refusal is shown as text (nothing injected, no dialog).
    await C.page.goto(`${server.url}/signin`);
    for (const bad of ['<img src=x onerror=alert(1)>', `eve\u202Egnp${uid()}`, `zw\u200B${uid()}`]) {
      const answer = C.page.waitForResponse((r) => r.url().endsWith('/api/accounts'), { timeout: 10_000 });
      await submitSignUp(C.page, bad);
      const r = await answer;
      assert.deepEqual([r.status(), (await r.json()).error.code], [422, 'bad-name'], `refused: ${JSON.stringify(bad)}`);
      const alert = C.page.locator('p.error[role=alert]');
      await alert.waitFor();
      assert.match(await alert.innerText(), /Names may not hold|letters, digits/);
      assert.equal(await C.page.locator('main img, #root img').count(), 0, 'no element injected');
    }
    mark('hostile names refused');
    await C.page.fill('input[name=name]', nameC);
    await C.page.getByTestId('auth-submit').click();
    await C.page.getByTestId('new-game').waitFor();

    mark('C signed up');
    // The lobby watcher: C's second tab, on the lobby from start to end, never reloaded (the lobby needs an account).
    const L = { page: await C.ctx.newPage(), errors: [], dialogs: [] };
    L.page.on('pageerror', (e) => L.errors.push(e.message));
    L.page.on('dialog', (d) => { L.dialogs.push(`${d.type()}: ${d.message()}`); void d.dismiss(); });
    await L.page.goto(`${server.url}/`);
    await L.page.locator('[data-testid=lobby-filters][data-live=yes]').waitFor();
    await L.page.evaluate(() => { window.__sameDocument = true; });

    mark('signed up C, lobby open');
    // A seeks; the lobby watcher sees the open seek pushed.
    await signUp(A.page, nameA);
    await postSeek(A.page);
    await A.page.getByTestId('my-seeks').waitFor();
    await L.page.getByTestId('open-seeks').filter({ hasText: nameA }).waitFor({ timeout: 5000 });

    mark('A seeks');
    // B posts the same seek: paired at once; B's page goes to the game, A's lobby socket takes A there too.
    await signUp(B.page, nameB);
    await postSeek(B.page);
    await B.page.waitForURL(/\/games\/[^/]+$/, { timeout: 10_000 });
    await A.page.waitForURL(/\/games\/[^/]+$/, { timeout: 10_000 });
    const id = gameIdOf(B.page.url());
    assert.equal(gameIdOf(A.page.url()), id, 'both on the same game');
    for (const p of [A.page, B.page]) await p.getByTestId('chat').waitFor();

    // The lobby watcher: the seek is gone and the game is being played (pushed, no reload).
    await L.page.locator(`[data-testid=lobby-active] [data-game-id="${id}"]`).waitFor({ timeout: 5000 });
    assert.equal(await L.page.getByTestId('open-seeks').count(), 0, 'no open seek left');
    assert.match(await L.page.locator(`[data-testid=lobby-active] [data-game-id="${id}"]`).innerText(), /Rated/);

    mark('paired');
    // Chat both ways, live.
    await say(A.page, `hello from ${nameA}`);
    await lineWith(B.page, `hello from ${nameA}`).waitFor({ timeout: 5000 });
    await say(B.page, 'hi back');
    await lineWith(A.page, 'hi back').waitFor({ timeout: 5000 });
    assert.equal(await lineWith(A.page, 'hi back').getAttribute('data-channel'), 'players');

    mark('chatted');
    // C watches and writes hostile text in the spectators' channel.
    await C.page.goto(`${server.url}/games/${id}`);
    await C.page.getByTestId('chat').waitFor();
    assert.equal(await C.page.getByTestId('chat-input').getAttribute('placeholder'), 'Message to the spectators');
    await lineWith(C.page, 'hi back').waitFor({ timeout: 5000 });
    await say(C.page, HOSTILE);
    for (const p of [A.page, B.page, C.page]) {
      const line = lineWith(p, 'evilline');
      await line.waitFor({ timeout: 5000 });
      assert.equal(await line.getAttribute('data-channel'), 'spectators');
      assert.equal(await line.locator('.chat-text').textContent(), HOSTILE_SHOWN, 'controls and zero-width characters stripped, markup as text');
      assert.equal(await p.locator('[data-testid=chat] img').count(), 0, 'no element injected');
      assert.equal(await p.evaluate(() => window.__pwned), undefined, 'no script ran');
    }
    // B's name (right-to-left letters) is bidi-isolated wherever it is shown in the chat.
    const nameEl = lineWith(A.page, 'hi back').locator('.chat-user');
    assert.equal(await nameEl.textContent(), nameB);
    assert.match(await nameEl.evaluate((el) => getComputedStyle(el).unicodeBidi), /isolate|plaintext/);
    // A player hides the spectators' channel and shows it again.
    await A.page.getByTestId('chat-hide-spectators').check();
    await lineWith(A.page, 'evilline').waitFor({ state: 'detached', timeout: 2000 });
    assert.equal(await lineWith(A.page, 'hi back').count(), 1, 'the players\' lines stay');
    await A.page.getByTestId('chat-hide-spectators').uncheck();
    await lineWith(A.page, 'evilline').waitFor({ timeout: 2000 });

    mark('spectator');
    // Whoever is to move places the first tile and no follower, the other player too, then A resigns.
    const mover = await Promise.race([A, B].map(async (x) => { await x.page.getByTestId('carc-spot').first().waitFor(); return x; }));
    await mover.page.getByTestId('carc-spot').first().click();
    await mover.page.getByTestId('carc-confirm').click();
    await mover.page.getByTestId('carc-skip').click();
    // A result before every seat has acted is unrated (the server's first-move rule): the other player moves too.
    const other = mover === A ? B : A;
    await other.page.getByTestId('carc-spot').first().click();
    await other.page.getByTestId('carc-confirm').click();
    await other.page.getByTestId('carc-skip').click();
    const resign = A.page.getByRole('button', { name: 'Resign' });
    await resign.waitFor({ timeout: 5000 });
    await resign.click();
    for (const p of [A.page, B.page, C.page]) await p.getByTestId('result').waitFor({ timeout: 5000 });
    assert.match(await B.page.getByTestId('result-reason').innerText(), /resign/i);

    mark('resigned');
    // The lobby watcher sees it finish, won by B.
    const done = L.page.locator(`[data-testid=lobby-finished] [data-game-id="${id}"]`);
    await done.waitFor({ timeout: 5000 });
    assert.equal(await done.getByTestId('lobby-winner').locator('[dir=auto]').textContent(), `Won by ${nameB}`);

    // Both profiles: the result and the new rating, provisional ("?" after one game).
    const P = await C.ctx.newPage();
    for (const [name, result] of [[nameA, 'Lost'], [nameB, 'Won']]) {
      await P.goto(`${server.url}/u/${encodeURIComponent(name)}`);
      await P.getByTestId('profile').waitFor();
      assert.equal(await P.locator('h1').textContent(), name);
      const row = P.locator(`[data-game-id="${id}"]`);
      assert.equal(await row.getByTestId('profile-result').textContent(), result);
      const rating = P.getByTestId('stats-carcassonne').getByTestId('rating');
      assert.match(await rating.textContent(), /^\d{3,4}\?$/, `${name}: a provisional rating`);
      assert.notEqual(await rating.textContent(), '1500?', `${name}: the rating moved`);
      assert.ok(await rating.getAttribute('title'), 'the "?" is explained');
      assert.deepEqual(await P.getByTestId('stats-carcassonne').locator('td').allTextContents().then((c) => c.slice(0, 2)), ['1', result === 'Won' ? '1' : '0'], 'played, won');
    }
    await P.close();

    mark('profiles');
    // The rematch: B offers, A accepts, both pages move to the new game with the seats swapped.
    const before = { a: await rolesOf(id, nameA), b: await rolesOf(id, nameB) };
    await B.page.getByTestId('rematch-offer').click();
    await A.page.getByTestId('rematch-accept').click();
    const moved = (p) => p.waitForURL((u) => { const g = gameIdOf(u.href); return g !== null && g !== id; }, { timeout: 10_000 });
    await Promise.all([moved(A.page), moved(B.page)]);
    const id2 = gameIdOf(A.page.url());
    assert.equal(gameIdOf(B.page.url()), id2, 'both on the new game');
    assert.deepEqual(await rolesOf(id2, nameA), before.b, 'A has the seat B had');
    assert.deepEqual(await rolesOf(id2, nameB), before.a, 'B has the seat A had');
    for (const p of [A.page, B.page]) await p.getByTestId('carc-board').waitFor();
    await L.page.locator(`[data-testid=lobby-active] [data-game-id="${id2}"]`).waitFor({ timeout: 5000 });
    assert.equal(await L.page.evaluate(() => window.__sameDocument), true, 'the lobby page was never reloaded');

    mark('rematch');
    // A player opening the old game later stays on it (it links to the rematch; it does not bounce there).
    await B.page.goto(`${server.url}/games/${id}`);
    await B.page.getByTestId('rematch-game').waitFor();
    await lineWith(B.page, 'evilline').waitFor({ timeout: 5000 });
    assert.equal(gameIdOf(B.page.url()), id, 'still on the old game');

    // Screenshots: the game page with chat and a profile, at 360 and 1280 px.
    const P2 = await A.ctx.newPage();
    await P2.goto(`${server.url}/u/${encodeURIComponent(nameB)}`);
    await P2.getByTestId('profile').waitFor();
    for (const width of [360, 1280]) {
      await B.page.setViewportSize({ width, height: 900 });
      await P2.setViewportSize({ width, height: 900 });
      await B.page.waitForTimeout(200);
      await B.page.screenshot({ path: `${SHOTS}/game-chat-${width}.png`, fullPage: true });
      await A.page.setViewportSize({ width, height: 900 });
      await A.page.screenshot({ path: `${SHOTS}/game-playing-${width}.png` });
      await L.page.setViewportSize({ width, height: 900 });
      await L.page.screenshot({ path: `${SHOTS}/lobby-${width}.png` });
      await P2.screenshot({ path: `${SHOTS}/profile-${width}.png`, fullPage: true });
    }

    mark('screenshots');
    for (const x of [A, B, C, L]) {
      assert.deepEqual(x.dialogs.filter((d) => d !== 'confirm: Resign this game?'), [], 'no other dialog');
      assert.deepEqual(x.errors, []);
    }
    assert.deepEqual(A.dialogs, ['confirm: Resign this game?']);
    for (const x of [A, B, C]) await x.ctx.close();
    console.log(`social flow: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  });
