#!/usr/bin/env node
// Writes docs/screenshots/*.png: each board in a real game position, the lobby, a phone-sized view.
// Usage: node packages/web/test/screenshots.mjs   (starts its own server; needs `npm run build` first)
// TABULA_SHOTS_ONLY=carcassonne|hammer|hacse|lobby|result writes only that part.
import { mkdirSync } from 'node:fs';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from './browser.mjs';
import { startServer } from './server.mjs';
import { loadLocal as loadLocalFile, playout } from './drive.mjs';

const OUT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../docs/screenshots');
mkdirSync(OUT, { recursive: true });


const server = await startServer();
const b = await launch();
async function page(viewport = { width: 1280, height: 1000 }) {
  const ctx = await b.browser.newContext({ viewport, locale: 'en-US', deviceScaleFactor: 1 });
  const p = await ctx.newPage();
  p.on('pageerror', (e) => console.error('pageerror', e.message));
  return p;
}
async function loadLocal(p, file) {
  await loadLocalFile(p, server.url, file);
  // A hotseat game opens behind the curtain once the board has loaded: wait for it rather than race it.
  await p.getByTestId('curtain-go').click({ timeout: 4000 }).catch(() => undefined);
  await p.waitForTimeout(600);
}
const ONLY = process.env.TABULA_SHOTS_ONLY;
const want = (part) => !ONLY || ONLY === part;
const shot = async (p, name, full = false) => { await p.screenshot({ path: `${OUT}/${name}.png`, fullPage: full }); console.log(`wrote docs/screenshots/${name}.png`); };

// Carcassonne: 24 turns of a two-player game with Hills & Sheep, red to place a tile.
if (want('carcassonne')) {
  const { carcassonneGame: g } = await import('@tabula/carcassonne');
  const seed = 'screens-carc';
  let turns = 0;
  const actions = playout(g, seed, { players: 2 }, (s, r, acts, rng) => {
    const place = acts.filter((a) => a.type === 'place');
    if (place.length) { turns++; return rng.pick(place); }
    const fol = acts.filter((a) => a.type === 'follower' || a.type === 'shepherd');
    return fol.length && rng.float() < 0.6 ? rng.pick(fol) : (acts.find((a) => a.type === 'skip') ?? rng.pick(acts));
  }, (s) => turns >= 24 && g.active(s)[0] === 'red' && g.view(s, 'red').phase === 'place', { rngPrefix: 'shots' });
  const p = await page({ width: 1280, height: 1100 });
  await loadLocal(p, { game: 'carcassonne', seed, options: { players: 2 }, actions, seats: { red: 'me', blue: 'mcts-easy' } });
  await p.getByTestId('carc-spot').first().click();
  await p.waitForTimeout(300);
  await shot(p, 'carcassonne');
  await p.setViewportSize({ width: 1920, height: 1080 });
  await p.waitForTimeout(300);
  await shot(p, 'carcassonne-1920');
  await p.setViewportSize({ width: 360, height: 800 });
  await p.waitForTimeout(300);
  // As on a phone: tap a spot; the Rotate and Place bar stays on screen.
  await p.getByTestId('carc-spot').first().click();
  await p.waitForTimeout(300);
  await shot(p, 'carcassonne-phone');
  // Back on a desktop: place the tile; the follower spots are meeples on the features.
  await p.setViewportSize({ width: 1280, height: 1100 });
  await p.getByTestId('carc-confirm').click();
  await p.getByTestId('carc-skip').waitFor();
  await p.waitForTimeout(300);
  await shot(p, 'carcassonne-followers');
  await p.context().close();
}

// Hammer of the Scots: hotseat, played until a battle is being fought.
if (want('hammer')) {
  const { hammerGame: g } = await import('@tabula/hammer');
  const seed = 'e2e-hammer-1';
  const pref = ['hit', 'battle', 'card', 'group', 'block', 'to', 'stop', 'done', 'hold', 'end', 'pass'];
  const actions = playout(g, seed, {}, (s, role, acts, rng) => {
    for (const type of pref) { const l = acts.filter((a) => a.type === type); if (l.length) return rng.pick(l); }
    return rng.pick(acts);
  }, (s) => { const r = g.active(s)[0]; return !!r && g.actions(s, r).some((a) => a.type === 'fire'); }, { max: 400, rngPrefix: 'shots' });
  const p = await page({ width: 1280, height: 1250 });
  await loadLocal(p, { game: 'hammer-of-the-scots', seed, options: {}, actions, seats: { England: 'me', Scotland: 'me' } });
  await p.getByTestId('hammer-block').first().waitFor();
  await shot(p, 'hammer-of-the-scots', true);
  // Click the block to act on the map, fire it: the battle board shows the dice and the hits.
  await p.locator('[data-testid=hammer-map] [data-testid=hammer-block].spot').first().click();
  await p.getByTestId('hammer-pick').getByRole('button', { name: /^Fire/ }).click();
  await p.getByTestId('curtain-go').click({ timeout: 3000 }).catch(() => undefined);
  await p.getByTestId('hammer-die').first().waitFor({ timeout: 5000 });
  await p.waitForTimeout(300);
  await p.getByTestId('battle-panel').screenshot({ path: `${OUT}/hammer-battle-board.png` });
  console.log('wrote docs/screenshots/hammer-battle-board.png');
  await p.setViewportSize({ width: 1920, height: 1080 });
  await p.waitForTimeout(300);
  await shot(p, 'hammer-of-the-scots-1920');
  await p.setViewportSize({ width: 360, height: 800 });
  await p.waitForTimeout(300);
  await shot(p, 'hammer-of-the-scots-phone');
  await p.context().close();
}

// HACSE: against a bot, a few turns in, attacking.
if (want('hacse')) {
  const { hacseGame: g } = await import('@tabula/hacse');
  const seed = 'e2e-hacse-2';
  let attacks = 0;
  const actions = playout(g, seed, {}, (s, role, acts, rng) => {
    const first = (pred) => acts.find(pred);
    const a = (s.turn > 4 ? first((x) => x.type === 'attack') : undefined)
      ?? first((x) => x.type === 'commit' && x.order !== null)
      ?? first((x) => x.type === 'place' && x.zone !== 'hinterland')
      ?? first((x) => x.type === 'pay') ?? first((x) => x.type === 'end') ?? rng.pick(acts);
    if (a.type === 'attack') attacks++;
    return a;
  }, (s) => attacks >= 2 && s.combat?.stage === 'declare' && s.active === 'axis', { max: 600, rngPrefix: 'shots' });
  const p = await page({ width: 1280, height: 1150 });
  await loadLocal(p, { game: 'hacse', seed, options: {}, actions, seats: { axis: 'me', allies: 'mcts-easy' } });
  await shot(p, 'hacse', true);
  await p.setViewportSize({ width: 1920, height: 1080 });
  await p.waitForTimeout(300);
  await shot(p, 'hacse-1920');
  await p.setViewportSize({ width: 360, height: 800 });
  await p.waitForTimeout(300);
  await shot(p, 'hacse-phone');
  await p.context().close();
}

// The lobby, in German, with a few games.
if (want('lobby')) {
  const p = await page({ width: 1280, height: 800 });
  await p.goto(`${server.url}/signin`);
  await p.getByTestId('tab-signup').click();
  await p.fill('input[name=name]', 'Anna');
  await p.fill('input[name=password]', 'correct horse battery');
  await p.getByTestId('auth-submit').click();
  for (const [game, second] of [['carcassonne', 'random'], ['hacse', 'human'], ['hammer-of-the-scots', 'human']]) {
    await p.getByTestId('new-game').click();
    await p.getByTestId('setup-game').selectOption(game);
    await p.locator('[data-testid^=seat-]').nth(1).selectOption(second);
    await p.getByTestId('setup-submit').click();
    await p.waitForURL(/\/games\//);
    await p.waitForTimeout(800);
    await p.goto(`${server.url}/`);
  }
  await p.getByTestId('lang').selectOption('de');
  await p.waitForTimeout(500);
  await shot(p, 'lobby-de');
  // Chinese needs a CJK font on the machine (Debian: fonts-wqy-microhei or fonts-noto-cjk); the page's font stack names the usual ones.
  await p.getByTestId('lang').selectOption('zh-Hans');
  await p.waitForTimeout(500);
  await shot(p, 'lobby-zh');
  // The lobby in English at a phone's, a laptop's and a desktop's width: seeks and games side by side from 1200 px.
  await p.getByTestId('lang').selectOption('en');
  for (const [w, h] of [[360, 800], [1280, 900], [1920, 1080]]) {
    await p.setViewportSize({ width: w, height: h });
    await p.waitForTimeout(400);
    await shot(p, `lobby-${w}`);
  }
  await p.setViewportSize({ width: 1280, height: 800 });
  await p.getByTestId('lang').selectOption('es');
  await p.goto(`${server.url}/rules`);
  await p.waitForTimeout(300);
  await shot(p, 'rules-es');
  await p.context().close();
}

// The result screen of a rated Carcassonne game between two people (each placed a tile, then Clara resigned):
// the winner, the reason, the scores and each player's rating change, at three widths; then Clara's profile.
if (want('result')) {
  const api = async (method, path, body, token) => {
    const r = await fetch(`${server.url}/api${path}`, { method, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body ? JSON.stringify(body) : undefined });
    return r.json();
  };
  const signUp = async (name) => (await api('POST', '/accounts', { name, password: 'correct horse battery' })).token;
  const clara = await signUp('Clara'), ben = await signUp('Ben');
  const tokens = { red: clara, blue: ben };
  const id = (await api('POST', '/games', { game: 'carcassonne', players: 2, rated: true }, clara)).id;
  await api('POST', `/games/${id}/seats`, { role: 'red' }, clara);
  await api('POST', `/games/${id}/seats`, { role: 'blue' }, ben);
  for (let i = 0; i < 40; i++) {
    const s = await api('GET', `/games/${id}`);
    if (new Set(s.log.map((l) => l.role)).size === 2 && s.active[0] === 'red') break;
    const role = s.active[0];
    const mine = await api('GET', `/games/${id}?role=${role}`, undefined, tokens[role]);
    const skip = mine.actions.find((a) => a.type === 'skip');
    await api('POST', `/games/${id}/actions`, { version: mine.version, action: skip ?? mine.actions[0], role }, tokens[role]);
  }
  const p = await page({ width: 1280, height: 900 });
  await p.context().addInitScript(([token]) => { localStorage.setItem('tabula.token', token); localStorage.setItem('tabula.name', 'Clara'); }, [clara]);
  await p.goto(`${server.url}/games/${id}`);
  p.once('dialog', (d) => void d.accept());
  await p.getByRole('button', { name: 'Resign' }).click();
  await p.getByTestId('result-ratings').waitFor();
  for (const [w, h] of [[360, 800], [1280, 900], [1920, 1080]]) {
    await p.setViewportSize({ width: w, height: h });
    await p.waitForTimeout(400);
    await shot(p, `result-${w}`);
  }
  // Clara's profile after it: the rating history (the line and the game, with date, opponent and change).
  await p.goto(`${server.url}/u/Clara`);
  await p.getByTestId('rating-history-carcassonne').waitFor();
  for (const [w, h] of [[360, 800], [1280, 900]]) {
    await p.setViewportSize({ width: w, height: h });
    await p.waitForTimeout(400);
    await shot(p, `profile-${w}`);
  }
  await p.context().close();
}

await b.close();
await server.stop();
