// End-to-end tests in a real browser (Debian's chromium via playwright-core) against a real server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, restartServer, server, signUp, skip, submitSignUp, uid, useServerAndBrowser } from './helpers.mjs';

let catalog = [];

useServerAndBrowser(async () => {
  catalog = await (await fetch(`${server.url}/api/catalog`)).json();
});

const logCount = (page) => page.locator('[data-testid=log] li').count();

/** On the Carcassonne board: place the tile on the first legal spot, then put a follower (or nothing). */
async function carcassonneTurn(page, { follower = true } = {}) {
  await page.getByTestId('carc-spot').first().click();
  await page.getByTestId('carc-confirm').click();
  const deploy = page.getByTestId('carc-deploy');
  await page.getByTestId('carc-skip').waitFor();
  if (follower && (await deploy.count()) > 0) {
    const notField = page.locator('[data-testid=carc-deploy]:not([data-kind=field])');
    await ((await notField.count()) > 0 ? notField.first() : deploy.first()).click();
    // A field may take a follower or a shepherd: then a choice appears; else the deploy step ends.
    const choice = page.getByTestId('carc-choice');
    const which = await Promise.race([
      choice.waitFor().then(() => 'choice'),
      page.getByTestId('carc-skip').waitFor({ state: 'detached' }).then(() => 'done'),
    ]);
    if (which === 'choice') await choice.locator('button').first().click();
  } else await page.getByTestId('carc-skip').click();
}

test('the UI switches to German and Simplified Chinese, and remembers the choice', { skip }, async () => {
  const { ctx, page, errors } = await newPage();
  await page.goto(server.url);
  await page.getByTestId('play-local').waitFor();
  assert.equal(await page.getByTestId('play-local').innerText(), 'Play now on this device');
  await page.getByTestId('lang').selectOption('de');
  // The page switches once the language's dictionary (a chunk of its own) has loaded.
  await page.waitForFunction(() => document.documentElement.lang === 'de');
  assert.equal(await page.getByTestId('play-local').innerText(), 'Jetzt auf diesem Gerät spielen');
  await page.getByTestId('lang').selectOption('zh-Hans');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-Hans');
  assert.equal(await page.getByTestId('play-local').innerText(), '立即在本设备上玩');
  await page.reload();
  assert.equal(await page.getByTestId('play-local').innerText(), '立即在本设备上玩');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('a German browser gets German by default', { skip }, async () => {
  const { ctx, page } = await newPage({ locale: 'de-DE' });
  await page.goto(server.url);
  assert.equal(await page.getByTestId('play-local').innerText(), 'Jetzt auf diesem Gerät spielen');
  await ctx.close();
});

test('a first visit loads only its language\'s UI dictionary; another loads when chosen, and the page never shows a key', { skip }, async () => {
  const { ctx, page, errors } = await newPage({ locale: 'de-DE' });
  const dictionaries = [];
  page.on('request', (r) => { const m = new URL(r.url()).pathname.match(/^\/assets\/ui-(en|de|es|zh-Hans)-[^/]*\.js$/); if (m) dictionaries.push(m[1]); });
  // Every text the page ever shows on the way, so a key standing in for a word ("home.playLocal") would be caught.
  await page.addInitScript(() => {
    window.__seen = [];
    new MutationObserver(() => window.__seen.push(document.body?.innerText ?? '')).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto(server.url);
  assert.equal(await page.getByTestId('play-local').innerText(), 'Jetzt auf diesem Gerät spielen');
  assert.deepEqual(dictionaries, ['de']);
  await page.getByTestId('lang').selectOption('es');
  await page.waitForFunction(() => document.documentElement.lang === 'es');
  assert.equal(await page.getByTestId('play-local').innerText(), 'Jugar ya en este dispositivo');
  assert.deepEqual(dictionaries, ['de', 'es']);
  // Back to German: already here, so no request and the switch is immediate.
  await page.getByTestId('lang').selectOption('de');
  assert.equal(await page.getByTestId('play-local').innerText(), 'Jetzt auf diesem Gerät spielen');
  assert.deepEqual(dictionaries, ['de', 'es']);
  const keys = (await page.evaluate(() => window.__seen)).filter((text) => /\b(home|nav|auth)\.[a-zA-Z]+/.test(text));
  assert.deepEqual(keys, []);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('local Carcassonne against a bot: place a tile and a follower, the bot answers; then step through the replay', { skip }, async () => {
  const { ctx, page, errors } = await newPage();
  await page.goto(`${server.url}/local`);
  await page.getByTestId('setup-game').selectOption('carcassonne');
  await page.getByTestId('seat-blue').selectOption('random');
  await page.getByTestId('setup-submit').click();
  await carcassonneTurn(page);
  const first = (await localFile(page)).actions.slice(0, 2);
  assert.deepEqual(first.map((e) => e.role), ['red', 'red']);
  assert.ok(['follower', 'shepherd'].includes(first[1].action.type), 'red deployed a figure');
  // The bot (in a Web Worker) draws, places and deploys; then it is red's turn again.
  await page.getByTestId('carc-spot').first().waitFor();
  const lines = await page.getByTestId('log').innerText();
  assert.match(lines, /Blue/);
  assert.ok((await logCount(page)) >= 3);
  // Replay: step forward and back.
  await page.getByRole('button', { name: 'Replay' }).click();
  await page.getByTestId('replay-step').waitFor();
  assert.match(await page.getByTestId('replay-step').innerText(), /^Action 0 of \d+$/);
  await page.getByTestId('replay-next').click();
  await page.getByTestId('replay-next').click();
  assert.match(await page.getByTestId('replay-step').innerText(), /^Action 2 of \d+$/);
  assert.equal(await page.locator('.carc-svg g[transform^="translate"] > g > rect').count() >= 2, true);
  await page.getByTestId('replay-prev').click();
  assert.match(await page.getByTestId('replay-step').innerText(), /^Action 1 of/);
  await page.getByTestId('replay-viewer').selectOption('blue');
  assert.match(await page.locator('.viewing').innerText(), /Blue/);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('home page: each game starts at once against a bot or in hotseat; the log names tiles, not ids; cottages are drawn', { skip }, async () => {
  const { ctx, page, errors } = await newPage();
  for (const id of ['hammer-of-the-scots', 'hacse', 'carcassonne']) {
    await page.goto(server.url);
    await page.getByTestId(`quick-bot-${id}`).click();
    await page.waitForURL(/\/local\/play$/);
    await page.getByTestId('prompt').waitFor();
    const f = await localFile(page);
    assert.equal(f.game, id);
    const seats = Object.values(f.seats);
    assert.equal(seats[0], 'me');
    assert.ok(seats.slice(1).length > 0 && seats.slice(1).every((s) => s === 'mcts-easy'), `bots in the other seats: ${seats}`);
  }
  // Carcassonne: one turn, then the log reads "draws a city cap …", never "draws base-E".
  await carcassonneTurn(page);
  await page.getByTestId('carc-spot').first().waitFor({ timeout: 30_000 });
  const log = await page.getByTestId('log').innerText();
  assert.match(log, /draws /);
  assert.doesNotMatch(log, /\b(base-[A-X]|hs-[a-z-]+)\b/);
  // The Hills & Sheep tiles whose roads end at a house show one (3 tile types in the unseen list).
  await page.getByText(/Tiles not yet seen/).click();
  assert.ok((await page.locator('details [data-house]').count()) >= 2, 'cottages drawn');
  // Online: the card's link asks to sign in, then opens the new-game form with that game chosen.
  await page.goto(server.url);
  await page.getByTestId('quick-online-hacse').click();
  await submitSignUp(page, `quick${uid()}`);
  await page.getByTestId('setup-submit').waitFor();
  assert.equal(await page.getByTestId('setup-game').inputValue(), 'hacse');
  assert.equal(await page.getByTestId('seat-allies').inputValue(), 'mcts-easy');
  // Hotseat: every side is a person at this device.
  await page.evaluate(() => { localStorage.removeItem('tabula.token'); localStorage.removeItem('tabula.name'); });
  await page.goto(server.url);
  await page.getByTestId('quick-hotseat-hacse').click();
  await page.waitForURL(/\/local\/play$/);
  assert.deepEqual(Object.values((await localFile(page)).seats), ['me', 'me']);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('online: sign up, create a Carcassonne game against a bot, place a tile and a follower, see the bot answer', { skip }, async (t) => {
  if (!catalog.some((g) => g.id === 'carcassonne')) return t.skip('carcassonne is not in the server catalog yet');
  const { ctx, page, errors } = await newPage();
  await signUp(page, `ann${uid()}`);
  await page.getByTestId('new-game').click();
  await page.getByTestId('setup-game').selectOption('carcassonne');
  await page.getByTestId('seat-blue').selectOption('random');
  let sockets = 0;
  page.on('websocket', () => { sockets++; });
  await page.getByTestId('setup-submit').click();
  await page.waitForURL(/\/games\/[^/]+$/);
  await carcassonneTurn(page);
  // The bot plays on the server; the live socket brings its move without a reload.
  await page.getByTestId('carc-spot').first().waitFor({ timeout: 20_000 });
  assert.match(await page.getByTestId('log').innerText(), /Blue/);
  assert.equal(await page.getByTestId('live-status').getAttribute('data-status'), 'open');
  assert.equal(sockets, 1, 'one live socket for the whole game (no reconnect storm)');
  // Resign; the finished game can be replayed (from GET /api/games/:id/replay, through the engine in the page).
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Resign' }).click();
  await page.getByTestId('replay-link').click();
  await page.getByTestId('replay-step').waitFor();
  const total = Number((await page.getByTestId('replay-step').innerText()).match(/of (\d+)/)[1]);
  assert.ok(total >= 4, `${total} actions in the replay`);
  await page.getByTestId('replay-slider').fill(String(total));
  assert.equal(await page.getByTestId('replay-step').innerText(), `Action ${total} of ${total}`);
  await page.getByTestId('replay-prev').click();
  assert.equal(await page.getByTestId('replay-step').innerText(), `Action ${total - 1} of ${total}`);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('online: the creator is told the game waits for a player; two browsers playing one game see each other\'s moves live', { skip }, async (t) => {
  const entry = catalog.find((g) => g.id === 'carcassonne') ?? catalog[0];
  if (!entry) return t.skip('no game in the catalog');
  const a = await newPage();
  const c = await newPage();
  await signUp(a.page, `amy${uid()}`);
  await signUp(c.page, `bob${uid()}`);
  await a.page.getByTestId('new-game').click();
  await a.page.getByTestId('setup-game').selectOption(entry.id);
  const roles = entry.roles[entry.players.default];
  await a.page.getByTestId(`seat-${roles[1]}`).selectOption('human');
  await a.page.getByTestId('setup-submit').click();
  await a.page.waitForURL(/\/games\/[^/]+$/);
  const invite = await a.page.getByTestId('invite').innerText();
  // The creator is told the game waits for a player, and is not offered the free seat too.
  assert.match(await a.page.getByTestId('prompt').innerText(), /^Waiting for players: .+ still free\./);
  assert.equal(await a.page.getByTestId(`take-${roles[1]}`).count(), 0);
  await c.page.goto(invite);
  await c.page.getByTestId(`take-${roles[1]}`).click();
  await a.page.getByTestId('invite').waitFor({ state: 'detached' });
  // Whoever is to move plays one action; the other page must show it without reloading.
  for (let i = 0; i < 2; i++) {
    const pages = [a.page, c.page];
    const mover = await Promise.race(pages.map(async (p, k) => { await p.locator('.prompt.mine').waitFor({ timeout: 15_000 }); return k; }));
    const me = pages[mover], other = pages[1 - mover];
    const before = await logCount(other);
    if (entry.id === 'carcassonne') await carcassonneTurn(me, { follower: false });
    else await me.locator('.action-list button.action').first().click();
    await other.waitForFunction((n) => document.querySelectorAll('[data-testid=log] li').length > n, before, { timeout: 15_000 });
  }
  assert.deepEqual([...a.errors, ...c.errors], []);
  await a.ctx.close();
  await c.ctx.close();
});

test('the lobby and game pages fit a 360 px wide phone screen', { skip }, async () => {
  const { ctx, page } = await newPage({ viewport: { width: 360, height: 740 } });
  for (const path of ['/', '/local', '/rules', '/signin']) {
    await page.goto(`${server.url}${path}`);
    await page.waitForTimeout(200);
    const w = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(w <= 360, `${path} is ${w}px wide`);
  }
  // Each board, in a local game.
  for (const [game, seats, ready] of [
    ['carcassonne', { red: 'me', blue: 'me' }, 'carc-board'],
    ['hammer-of-the-scots', { England: 'me', Scotland: 'random' }, 'hammer-map'],
    ['hacse', { axis: 'me', allies: 'random' }, 'die-track'],
  ]) {
    await startLocal(page, { game, seed: 'phone', options: {}, actions: [], seats });
    await page.getByTestId(ready).waitFor();
    const w = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(w <= 360, `the ${game} board is ${w}px wide`);
  }
  // The Hammer map opens fitting its frame on a phone (issue 44); zoomed in it scrolls inside the frame, and zooms back out to fit.
  await startLocal(page, { game: 'hammer-of-the-scots', seed: 'phone', options: {}, actions: [], seats: { England: 'me', Scotland: 'random' } });
  const mapWidth = () => page.getByTestId('hammer-map').evaluate((el) => el.getBoundingClientRect().width);
  const frameWidth = await page.getByTestId('hammer-map-wrap').evaluate((el) => el.clientWidth);
  assert.ok(await mapWidth() <= frameWidth + 1, `the map opens at ${await mapWidth()}px in a ${frameWidth}px frame`);
  await page.getByTestId('hammer-zoom-in').click();
  await page.getByTestId('hammer-zoom-in').click();
  assert.ok(await mapWidth() >= 1.9 * frameWidth, `zoomed map ${await mapWidth()}px in a ${frameWidth}px frame`);
  await page.getByTestId('hammer-map-wrap').evaluate((el) => { el.scrollLeft = 200; });
  assert.ok(await page.getByTestId('hammer-map-wrap').evaluate((el) => el.scrollLeft) > 0, 'the frame scrolls');
  await page.getByTestId('hammer-zoom-out').click();
  await page.getByTestId('hammer-zoom-out').click();
  assert.ok(await mapWidth() <= frameWidth + 1, 'zoomed out, the map fits its frame');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 360);
  await ctx.close();
});

// ---- Local games driven through the boards' action buttons -------------------------------------

import { drive, loadLocal, localFile } from './drive.mjs';
import { readFileSync as readJson } from 'node:fs';

const startLocal = (page, file) => loadLocal(page, server.url, file);

test('Hammer of the Scots hotseat: play cards, move a group, fight a battle round', { skip }, async () => {
  const { hammerGame } = await import('@tabula/hammer');
  const data = JSON.parse(readJson(new URL('../../hammer/src/data/hammer-of-the-scots.json', import.meta.url), 'utf8'));
  const pos = new Map(data.areas.map((a) => [a.id, a.boardPosition]));
  const moveValue = new Map(data.cards.movement.map((c) => [c.id, c.value]));
  const { ctx, page, errors } = await newPage();
  await startLocal(page, { game: 'hammer-of-the-scots', seed: 'e2e-hammer-1', options: {}, actions: [], seats: { England: 'me', Scotland: 'me' } });
  await page.getByTestId('curtain-go').click();
  await page.getByRole('checkbox').uncheck();
  const enemyAreas = (s, role) => hammerGame.view(s, role).areas.filter((a) => a.blocks.some((b) => b.side !== role)).map((a) => a.id);
  const dist = (a, b) => { const p = pos.get(a), q = pos.get(b); return p && q ? Math.hypot(p.x - q.x, p.y - q.y) : 1e9; };
  const nearest = (area, targets) => Math.min(...targets.map((x) => dist(area, x)));
  const pref = ['fire', 'hit', 'battle', 'card', 'group', 'block', 'to', 'stop', 'done', 'hold', 'end', 'pass'];
  const played = await drive(page, hammerGame, {
    humans: ['England', 'Scotland'],
    done: (s, p) => p.some((x) => x.action.type === 'fire') && !hammerGame.actions(s, hammerGame.active(s)[0] ?? 'England').some((a) => a.type === 'fire' || a.type === 'hit'),
    policy: (s, role, acts) => {
      const targets = enemyAreas(s, role);
      const by = (type) => acts.filter((a) => a.type === type);
      for (const type of pref) {
        const list = by(type);
        if (list.length === 0) continue;
        if (type === 'card') {
          const moves = list.filter((a) => moveValue.has(a.card));
          return (moves.length ? moves : list).sort((a, b) => (moveValue.get(b.card) ?? 0) - (moveValue.get(a.card) ?? 0))[0];
        }
        if (type === 'group') return list.sort((a, b) => nearest(a.area, targets) - nearest(b.area, targets))[0];
        if (type === 'to') {
          const into = list.find((a) => targets.includes(a.area));
          if (into) return into;
          return list.sort((a, b) => nearest(a.area, targets) - nearest(b.area, targets))[0];
        }
        return list[0];
      }
      return acts[0];
    },
    maxSteps: 160,
  });
  const types = played.map((p) => `${p.role}:${p.action.type}`);
  assert.ok(types.includes('England:card') && types.includes('Scotland:card'), 'both sides played a card');
  assert.ok(played.some((p) => p.action.type === 'group'), 'a group moved');
  assert.ok(played.some((p) => p.action.type === 'fire'), 'a block fired in battle');
  await page.getByTestId('log').waitFor();
  assert.ok((await logCount(page)) >= played.length);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('HACSE against a bot: place a unit and attack', { skip }, async () => {
  const { hacseGame, CARDS } = await import('@tabula/hacse');
  const { ctx, page, errors } = await newPage();
  await startLocal(page, { game: 'hacse', seed: 'e2e-hacse-1', options: {}, actions: [], seats: { axis: 'me', allies: 'random' } });
  await page.getByTestId('die-track').waitFor();
  const isUnit = (id) => CARDS.get(id)?.kind === 'unit';
  const played = await drive(page, hacseGame, {
    humans: ['axis'],
    done: (s, p) => p.some((x) => x.action.type === 'attack') && !s.combat,
    policy: (s, role, acts) => {
      const first = (pred) => acts.find(pred);
      return first((a) => a.type === 'attack')
        ?? first((a) => a.type === 'commit' && a.order !== null && !s.combat?.attackers.some((x) => x.uid === a.uid))
        ?? first((a) => a.type === 'declared')
        ?? first((a) => a.type === 'hqPass')
        ?? first((a) => ['assign', 'resolve', 'flank', 'spread', 'blocked', 'target', 'doctrine', 'pay', 'sacrifice'].includes(a.type))
        ?? first((a) => a.type === 'place' && a.zone === 'front' && isUnit(a.card))
        ?? first((a) => a.type === 'end')
        ?? acts[0];
    },
    maxSteps: 120,
  });
  assert.ok(played.some((p) => p.action.type === 'place'), 'placed a unit');
  assert.ok(played.some((p) => p.action.type === 'attack'), 'attacked');
  await page.getByTestId('last-combat').waitFor();
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('keyboard only: place a Carcassonne tile with Tab, Enter and R', { skip }, async () => {
  const { ctx, page, errors } = await newPage();
  await startLocal(page, { game: 'carcassonne', seed: 'e2e-keys', options: { players: 2 }, actions: [], seats: { red: 'me', blue: 'random' } });
  await page.getByTestId('carc-spot').first().waitFor();
  let onSpot = false;
  for (let i = 0; i < 40 && !onSpot; i++) {
    await page.keyboard.press('Tab');
    onSpot = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'carc-spot');
  }
  assert.ok(onSpot, 'a legal spot is reachable with Tab');
  // The focused element is visibly marked (the :focus-visible style draws a drop shadow).
  assert.notEqual(await page.evaluate(() => getComputedStyle(document.activeElement).filter), 'none');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'carc-confirm');
  await page.keyboard.press('r');
  await page.keyboard.press('Enter');
  await page.getByTestId('carc-skip').waitFor();
  assert.equal((await (await import('./drive.mjs')).localFile(page)).actions[0].action.type, 'place');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('the live view reconnects and resyncs after the server restarts', { skip }, async (t) => {
  if (!catalog.some((g) => g.id === 'carcassonne')) return t.skip('carcassonne is not in the server catalog');
  const { ctx, page, errors } = await newPage();
  await signUp(page, `rex${uid()}`);
  await page.getByTestId('new-game').click();
  await page.getByTestId('setup-game').selectOption('carcassonne');
  await page.getByTestId('seat-blue').selectOption('me');
  await page.getByTestId('setup-submit').click();
  await page.waitForURL(/\/games\/[^/]+$/);
  const status = page.getByTestId('live-status');
  await page.locator('[data-testid=live-status][data-status=open]').waitFor();
  await server.stop({ keep: true });
  await page.locator('[data-testid=live-status][data-status=closed]').waitFor();
  await restartServer();
  await page.locator('[data-testid=live-status][data-status=open]').waitFor({ timeout: 20_000 });
  // Still playable without a reload: the page refetched the game after reconnecting.
  await carcassonneTurn(page, { follower: false });
  await page.getByTestId('carc-spot').first().waitFor();
  assert.equal(await status.getAttribute('data-status'), 'open');
  assert.deepEqual(errors, []);
  await ctx.close();
});
