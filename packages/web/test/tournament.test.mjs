// Tournaments in the browser (issue 51). Four accounts play a 2-round Swiss of Nim (the test game,
// TABULA_TEST_GAME=1): one creates it through the page, each joins through the page, and each game is played on
// the board by clicks. A fifth account opens the tournament page before round 1 and never reloads it: it shows
// each result as it happens and the final table. A second test: a double-elimination bracket renders, and a
// 360 px page scrolls sideways only inside the bracket's own box.
// The organiser's address is verified through a real SMTP sink (organising needs a verified account).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { TEST_GAME_ID } from '@tabula/games/test-game';
import { newPage, server, skip, uid, useServerAndBrowser } from './helpers.mjs';
import { call, newAccount } from './api-fixtures.mjs';
import { audit } from './pages.mjs';

const mails = [];
const smtp = new SMTPServer({
  authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
  onData(stream, _session, cb) { simpleParser(stream).then((m) => { mails.push(m); cb(); }, cb); },
});
await new Promise((r) => smtp.listen(0, '127.0.0.1', r));
after(() => new Promise((r) => smtp.close(() => r())));
useServerAndBrowser(undefined, { args: ['--smtp', `smtp://127.0.0.1:${smtp.server.address().port}`], env: { TABULA_TEST_GAME: '1' } });

const SHOTS = process.env.TABULA_SHOTS ?? '/tmp/tabula-tournament-shots';
mkdirSync(SHOTS, { recursive: true });

/** A new account whose address is verified (through the link mailed to it). */
async function verifiedAccount(prefix) {
  const a = await newAccount(server.url, prefix);
  const address = `${a.name}@example.test`;
  await call(server.url, 'PATCH', '/notifications/settings', { email: address }, a.token);
  const t0 = Date.now();
  for (;;) {
    const m = mails.find((x) => x.to?.text === address && /\/verify\?token=/.test(x.text ?? ''));
    if (m) { await call(server.url, 'POST', '/accounts/verify', { token: /\/verify\?token=([\w-]+)/.exec(m.text)[1] }); return a; }
    if (Date.now() - t0 > 10_000) throw new Error(`no verification mail to ${address}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A browser page signed in as `account` (its token in storage), offering the test game, accepting confirmations. */
async function pageOf(account, viewport) {
  // bypassCSP: the accessibility audit injects axe-core as a script, which the page's CSP (rightly) forbids.
  const p = await newPage({ bypassCSP: true, ...(viewport ? { viewport } : {}) });
  await p.ctx.addInitScript(([token, name]) => {
    localStorage.setItem('tabula.token', token);
    localStorage.setItem('tabula.name', name);
    localStorage.setItem('tabula.testGame', '1');
  }, [account.token, account.name]);
  p.page.on('dialog', (d) => void d.accept());
  return p;
}

/** axe-core (WCAG 2.2 AA and best practices, as a11y.test.mjs runs it) finds nothing on the page. */
async function accessible(page, what) {
  const r = await audit(page);
  assert.deepEqual([...r.page, ...r.board].map((v) => `${v.id} x${v.nodes.length} (${v.nodes[0].target}: ${v.nodes[0].summary.replace(/\s+/g, ' ')})`), [], what);
}

const tournament = (id) => call(server.url, 'GET', `/tournaments/${id}`);

/** Waits until `f` (over the tournament as the API gives it) holds; returns that tournament. */
async function until(id, f, what) {
  const t0 = Date.now();
  for (;;) {
    const x = await tournament(id);
    if (f(x)) return x;
    if (Date.now() - t0 > 30_000) throw new Error(`tournament never got ${what}: ${JSON.stringify(x).slice(0, 600)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Plays a Nim game of tournament `tournamentId` on the board: each take is a click on the page of the player whose turn it is ("Take n" is the
 * n-th action button), after that page shows the pile the take is made from. Returns the winner's name.
 */
async function playOnBoard(tournamentId, gameId, pages, takes) {
  const seats = (await call(server.url, 'GET', `/games/${gameId}`)).seats;
  const userOf = Object.fromEntries(seats.map((s) => [s.role, s.user]));
  // Each player goes to the game from the tournament page's "Play your game of round …".
  for (const name of new Set(Object.values(userOf))) {
    await pages[name].goto(`${server.url}/tournaments/${encodeURIComponent(tournamentId)}`);
    await pages[name].getByTestId('tournament-your-game').getByRole('link').click();
    await pages[name].waitForURL(new RegExp(`/games/${gameId}$`));
  }
  let pile = 10, last = null;
  for (const n of takes) {
    const s = await call(server.url, 'GET', `/games/${gameId}`);
    const who = userOf[s.active[0]];
    const page = pages[who];
    await page.getByTestId('prompt').filter({ hasText: `(${pile} left)` }).waitFor();
    await page.getByTestId('action-list').locator('button').nth(n - 1).click();
    pile -= n;
    last = who;
    for (let t0 = Date.now(); (await call(server.url, 'GET', `/games/${gameId}`)).version === s.version;) {
      if (Date.now() - t0 > 15_000) throw new Error(`the take of ${n} by ${who} in ${gameId} did not land`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  assert.equal(pile, 0);
  await pages[last].getByTestId('prompt').filter({ hasText: 'Game over' }).waitFor();
  return last;
}

/** The Swiss of the first test, once finished: a game of its second round and its organiser. */
let played = null;

test('tournament: four players join a 2-round Swiss made on the page and play it on the board; a fifth page, never reloaded, shows each result and the final table', { skip, timeout: 300_000 }, async () => {
  const org = await verifiedAccount('org');
  const others = [await newAccount(server.url, 'bea'), await newAccount(server.url, 'cai'), await newAccount(server.url, 'dov')];
  const players = [org, ...others];
  const watcher = await newAccount(server.url, 'eve');
  const contexts = [];
  const pages = {};
  const errors = [];
  for (const a of players) {
    const p = await pageOf(a);
    contexts.push(p.ctx);
    pages[a.name] = p.page;
    p.page.on('pageerror', (e) => errors.push(`${a.name}: ${e.message}`));
  }

  // The organiser creates the tournament through the navigation and the form.
  const op = pages[org.name];
  await op.goto(server.url);
  await op.getByTestId('nav-tournaments').click();
  await op.getByTestId('tournament-create').click();
  await op.getByTestId('tournament-name').fill(`Spring Swiss ${uid()}`);
  await op.getByTestId('setup-game').selectOption(TEST_GAME_ID);
  await op.getByTestId('tournament-format').selectOption('swiss');
  await op.getByTestId('tournament-rounds').fill('2');
  await op.getByTestId('tournament-min').fill('4');
  await op.getByTestId('tournament-max').fill('4');
  await accessible(op, 'the create form');
  for (const [width, height] of [[360, 800], [1280, 900]]) {
    await op.setViewportSize({ width, height });
    await op.screenshot({ path: `${SHOTS}/tournaments-new-${width}.png`, fullPage: true });
  }
  await op.setViewportSize({ width: 1280, height: 900 });
  await op.getByTestId('setup-submit').click();
  await op.getByTestId('tournament').waitFor();
  const id = decodeURIComponent(new URL(op.url()).pathname.split('/').pop());
  const created = await tournament(id);
  assert.equal(created.format, 'swiss');
  assert.equal(created.rounds, 2);
  assert.equal(created.game, TEST_GAME_ID);
  assert.deepEqual(created.timeControl, { kind: 'live', baseSeconds: 300, incrementSeconds: 3 });
  // The start is shown in the viewer's time zone, with a countdown.
  assert.match(await op.getByTestId('tournament-when').innerText(), /^Starts .+ \(in (\d+:)?\d+:\d\d\)$/);

  // The watcher opens the page before round 1 and keeps it (a marker in the window shows it was never reloaded).
  const w = await pageOf(watcher);
  contexts.push(w.ctx);
  w.page.on('pageerror', (e) => errors.push(`watcher: ${e.message}`));
  await w.page.goto(`${server.url}/tournaments/${encodeURIComponent(id)}`);
  await w.page.getByTestId('tournament-join').waitFor();
  await w.page.evaluate(() => { window.neverReloaded = true; });

  // Everyone joins through the page (the watcher sees the entrants arrive), then the organiser starts it.
  for (const a of players) {
    const page = pages[a.name];
    if (a !== org) await page.goto(`${server.url}/tournaments/${encodeURIComponent(id)}`);
    await page.getByTestId('tournament-join').click();
    await page.getByTestId('tournament-joined').waitFor();
    await w.page.locator(`[data-testid=standing][data-player="${a.name}"]`).waitFor();
  }
  // The lobby lists it (upcoming, full) and links to it.
  const bp = pages[others[0].name];
  await bp.goto(server.url);
  const inLobby = bp.getByTestId('lobby-tournaments').locator(`[data-tournament-id="${id}"]`);
  await inLobby.filter({ hasText: '4/4 players' }).waitFor();
  await bp.screenshot({ path: `${SHOTS}/tournaments-lobby-1280.png` });
  await inLobby.getByRole('link').click();
  await bp.getByTestId('tournament-joined').waitFor();

  await op.getByTestId('tournament-start-now').click();

  const wRound = (n) => w.page.locator(`[data-testid=round][data-round="${n}"]`);
  const announce = w.page.getByTestId('tournament-announce');
  let shotRunning = false;
  for (const round of [1, 2]) {
    const x = await until(id, (t) => t.roundsPlayed.some((r) => r.number === round && r.pairings.every((p) => p.games.length > 0)), `round ${round} paired`);
    const pairings = x.roundsPlayed.find((r) => r.number === round).pairings;
    assert.equal(pairings.length, 2, 'four players: two games a round, no bye');
    await wRound(round).waitFor();
    await announce.filter({ hasText: `Round ${round} has started.` }).waitFor();
    assert.equal(await wRound(round).getByTestId('pairing').count(), 2);
    // Table 1: the first seat wins (takes 2, 3, 1, 3, 1); table 2: the second seat wins (3, 3, 3, 1).
    for (const p of pairings) {
      const row = wRound(round).getByTestId('pairing').nth(p.table - 1);
      assert.equal(await row.getAttribute('data-result'), 'playing');
      assert.equal(await row.getByTestId('pairing-game').innerText(), 'Watch');
      // Each player's side in the game, by its name (Nim: First, Second), in the pairing's order.
      const side = { first: '(First)', second: '(Second)' };
      assert.deepEqual((await row.getByTestId('pairing-side').allInnerTexts()).map((s) => s.trim()), p.players.map((n) => side[p.games[0].sides[n]]));
      const winner = await playOnBoard(id, p.games[0].id, pages, p.table === 1 ? [2, 3, 1, 3, 1] : [3, 3, 3, 1]);
      const loser = p.players.find((n) => n !== winner);
      // The watcher's page shows the result: the winner's point, the loser's zero, in the pairing's order.
      await row.and(w.page.locator('[data-result=done]')).waitFor();
      const pts = await row.getByTestId('pairing-points').allInnerTexts();
      assert.deepEqual(pts.map((s) => s.trim()), p.players.map((n) => (n === winner ? '1' : '0')), `${winner} beat ${loser}`);
      if (round === 1 && !shotRunning) {
        shotRunning = true;
        for (const [width, height] of [[360, 800], [1280, 900], [1920, 1080]]) {
          await w.page.setViewportSize({ width, height });
          await w.page.waitForTimeout(150);
          await w.page.screenshot({ path: `${SHOTS}/tournaments-swiss-running-${width}.png`, fullPage: true });
          if (width !== 1920) await accessible(w.page, `a running Swiss at ${width} px`);
        }
        await w.page.setViewportSize({ width: 1280, height: 900 });
      }
    }
  }

  // The end: the watcher's table is the server's final table, row by row; the winner is named.
  const final = await until(id, (t) => t.status === 'finished', 'finished');
  await w.page.locator('[data-testid=tournament][data-status=finished]').waitFor();
  await w.page.getByTestId('champion').waitFor();
  assert.equal(await w.page.getByTestId('champion').innerText(), `Winner: ${final.champion}`);
  const rows = await w.page.getByTestId('standing').evaluateAll((trs) => trs.map((tr) => ({
    name: tr.getAttribute('data-player'),
    rank: tr.querySelector('[data-testid=standing-rank]').textContent,
    score: tr.querySelector('[data-testid=standing-score]').textContent,
    buchholz: tr.querySelector('[data-testid=standing-buchholz]')?.textContent,
    sb: tr.querySelector('[data-testid=standing-sb]')?.textContent,
  })));
  assert.deepEqual(rows, final.standings.map((s) => ({ name: s.name, rank: String(s.rank), score: String(s.score), buchholz: String(s.tieBreaks.buchholz), sb: String(s.tieBreaks.sonnebornBerger) })));
  // By hand: two rounds among four, no draws, no repeat pairing: the scores are 2, 1, 1, 0. The winner met both 1s,
  // the last both 1s, each 1 met the winner and the last: every Buchholz is 2. Only the winner beat anyone who
  // scored (both 1s): Sonneborn-Berger 2, 0, 0, 0; the two 1s tie on everything and share rank 2.
  assert.deepEqual(final.standings.map((s) => s.score), [2, 1, 1, 0]);
  assert.deepEqual(final.standings.map((s) => s.tieBreaks.buchholz), [2, 2, 2, 2]);
  assert.deepEqual(final.standings.map((s) => s.tieBreaks.sonnebornBerger), [2, 0, 0, 0]);
  assert.deepEqual(final.standings.map((s) => s.rank), [1, 2, 2, 4]);
  assert.ok(final.standings.every((s) => s.played === 2));
  assert.equal(final.champion, final.standings[0].name);
  assert.equal(await w.page.evaluate(() => window.neverReloaded), true, 'the watcher\'s page was never reloaded');

  played = { id, name: final.name, game: final.roundsPlayed[1].pairings[0].games[0].id, player: org };

  // The organiser's bell says where they placed and leads to the tournament (written off the action's path: wait for it).
  for (let t0 = Date.now(); !(await call(server.url, 'GET', '/notifications', null, org.token)).notifications.some((n) => n.kind === 'tournament-finished');) {
    if (Date.now() - t0 > 20_000) throw new Error('no tournament-finished notification');
    await new Promise((r) => setTimeout(r, 100));
  }
  const rank = final.standings.find((s) => s.name === org.name).rank;
  await op.goto(server.url);
  await op.getByTestId('bell').click();
  await op.getByTestId('notification-list').getByRole('link', { name: `${final.name} has finished: you placed ${rank} of 4` }).click();
  await op.waitForURL(new RegExp(`/tournaments/${id}$`));

  for (const [width, height] of [[360, 800], [1280, 900], [1920, 1080]]) {
    await w.page.setViewportSize({ width, height });
    await w.page.waitForTimeout(150);
    await w.page.screenshot({ path: `${SHOTS}/tournaments-swiss-finished-${width}.png`, fullPage: true });
  }
  // The list: the finished tournament among the finished ones.
  await w.page.goto(`${server.url}/tournaments`);
  await w.page.getByTestId('tournaments-finished').locator(`[data-tournament-id="${id}"]`).waitFor();
  assert.deepEqual(errors, []);
  for (const c of contexts) await c.close();
});

test('tournament: a game of a tournament links back to it ("Round 2 of …")', { skip, timeout: 60_000 }, async () => {
  assert.ok(played, 'the Swiss of the first test finished');
  const { ctx, page, errors } = await pageOf(played.player);
  await page.goto(`${server.url}/games/${played.game}`);
  assert.equal(await page.getByTestId('game-tournament').innerText(), `Round 2 of ${played.name}`);
  await page.getByTestId('game-tournament').click();
  await page.waitForURL(new RegExp(`/tournaments/${played.id}$`));
  await page.getByTestId('tournament').waitFor();
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('tournament: a double-elimination bracket renders, and at 360 px only the bracket\'s own box scrolls sideways', { skip, timeout: 120_000 }, async () => {
  const org = await verifiedAccount('cup');
  const startsAt = new Date(Date.now() + 3600_000).toISOString();
  const { id } = await call(server.url, 'POST', '/tournaments', {
    name: `Winter Cup ${uid()}`, game: TEST_GAME_ID, format: 'double-elimination', timeControl: { kind: 'live', baseSeconds: 300, incrementSeconds: 3 },
    rated: false, capacity: { min: 2, max: 8 }, startsAt,
  }, org.token);
  const entrants = [];
  for (const p of ['ana', 'ben', 'cid', 'dee', 'eli', 'fay']) entrants.push(await newAccount(server.url, p));
  for (const a of entrants) await call(server.url, 'POST', `/tournaments/${id}/join`, {}, a.token);
  await call(server.url, 'POST', `/tournaments/${id}/start`, {}, org.token);
  const x = await until(id, (t) => t.status === 'running' && t.bracket?.winners?.length > 0, 'a bracket');

  // The page of an entrant who plays in round 1 (the top seeds have byes).
  const playing = x.roundsPlayed[0].pairings.find((p) => !p.bye).players[0];
  const viewer = entrants.find((a) => a.name === playing);
  const { ctx, page, errors } = await pageOf(viewer, { width: 360, height: 800 });
  await page.goto(`${server.url}/tournaments/${encodeURIComponent(id)}`);
  const bracket = page.getByTestId('bracket');
  await bracket.waitFor();
  const matches = x.bracket.winners.reduce((n, r) => n + r.matches.length, 0) + (x.bracket.losers ?? []).reduce((n, r) => n + r.matches.length, 0) + (x.bracket.final?.matches.length ?? 0);
  assert.equal(await page.getByTestId('bracket-match').count(), matches);
  await page.getByTestId('bracket-winners').waitFor();
  await page.getByTestId('bracket-losers').waitFor();
  // Every entrant is in the winners' bracket by name.
  const winnersText = await page.getByTestId('bracket-winners').innerText();
  for (const a of entrants) assert.ok(winnersText.includes(a.name), `${a.name} in the bracket`);

  const widths = await page.evaluate(() => {
    const box = document.querySelector('[data-testid=bracket]');
    return { page: document.documentElement.scrollWidth, view: document.documentElement.clientWidth, boxScroll: box.scrollWidth, boxView: box.clientWidth };
  });
  assert.ok(widths.page <= widths.view, `the page does not scroll sideways at 360 px: ${JSON.stringify(widths)}`);
  assert.ok(widths.boxScroll > widths.boxView, `the bracket scrolls inside its own box: ${JSON.stringify(widths)}`);
  // A keyboard reaches the scroller (it is focusable and named).
  assert.equal(await bracket.getAttribute('tabindex'), '0');
  assert.equal(await bracket.getAttribute('aria-label'), 'Bracket');

  for (const [width, height] of [[360, 800], [1280, 900], [1920, 1080]]) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/tournaments-bracket-${width}.png`, fullPage: true });
    if (width !== 1920) await accessible(page, `a bracket at ${width} px`);
  }
  // The bell says the round started, by the tournament's name and the opponent.
  // (Notifications are written off the action's path: wait for the server to have it, then open the bell.)
  for (let t0 = Date.now(); !(await call(server.url, 'GET', '/notifications', null, viewer.token)).notifications.some((n) => n.kind === 'tournament-round');) {
    if (Date.now() - t0 > 20_000) throw new Error('no tournament-round notification');
    await new Promise((r) => setTimeout(r, 100));
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId('bell').click();
  const note = page.getByTestId('notification-list').getByRole('link', { name: new RegExp(`^Round 1 of ${x.name} has started: your game against \\S+$`) });
  await note.waitFor();
  await page.keyboard.press('Escape');
  // The list of tournaments, the running cup in it.
  await page.goto(`${server.url}/tournaments`);
  await page.getByTestId('tournaments-running').locator(`[data-tournament-id="${id}"]`).waitFor();
  for (const [width, height] of [[360, 800], [1280, 900], [1920, 1080]]) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/tournaments-list-${width}.png`, fullPage: true });
    if (width !== 1920) await accessible(page, `the list at ${width} px`);
  }
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('tournament: the organiser of a tournament that takes bots enters one by its name and withdraws it again', { skip, timeout: 60_000 }, async () => {
  const org = await verifiedAccount('bots');
  const { id } = await call(server.url, 'POST', '/tournaments', {
    name: `Bot Night ${uid()}`, game: TEST_GAME_ID, format: 'swiss', rounds: 1, timeControl: { kind: 'none' }, rated: false, allowBots: true,
    capacity: { min: 2, max: 4 }, startsAt: new Date(Date.now() + 3600_000).toISOString(),
  }, org.token);
  const { ctx, page, errors } = await pageOf(org);
  await page.goto(`${server.url}/tournaments/${encodeURIComponent(id)}`);
  await page.getByTestId('tournament-add-bot').selectOption('mcts-easy');
  const entry = page.locator('[data-testid=standing][data-player="mcts-easy"]');
  await entry.waitFor();
  assert.equal((await entry.locator('th').innerText()).trim(), 'Bot (Easy)');
  assert.deepEqual((await tournament(id)).standings.map((s) => s.name), ['mcts-easy']);
  await page.getByRole('button', { name: 'Withdraw Bot (Easy)' }).click();
  await entry.waitFor({ state: 'detached' });
  assert.equal((await tournament(id)).players, 0);
  assert.deepEqual(errors, []);
  await ctx.close();
});
