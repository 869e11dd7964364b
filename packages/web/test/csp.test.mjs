// Issue 19: the built web client runs under the server's Content-Security-Policy without a single
// violation (Chromium reports each as a `securitypolicyviolation` event and a console error), on the
// pages a player visits: home, sign-in, rules, new game, an online game of each board over its socket.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { launch, CHROMIUM } from './browser.mjs';
import { startServer } from './server.mjs';

const haveBrowser = existsSync(CHROMIUM);
const skip = haveBrowser ? false : `no browser at ${CHROMIUM}`;
let server, b;

before(async () => {
  if (!haveBrowser) return;
  server = await startServer();
  b = await launch();
});
after(async () => {
  await b?.close();
  await server?.stop();
});

async function api(method, path, token, body) {
  const r = await fetch(server.url + path, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: r.status, body: await r.json().catch(() => null) };
}

test('issue 19: every page runs under the CSP with no violation, and games play over the socket', { skip, timeout: 90_000 }, async () => {
  const stamp = Date.now().toString(36);
  const a = (await api('POST', '/api/accounts', null, { name: `cspa${stamp}`, password: 'correct horse battery' })).body;
  const bTok = (await api('POST', '/api/accounts', null, { name: `cspb${stamp}`, password: 'correct horse battery' })).body.token;
  const games = {};
  for (const [game, roles] of [['carcassonne', ['red', 'blue']], ['hacse', ['axis', 'allies']], ['hammer-of-the-scots', ['England', 'Scotland']]]) {
    const id = (await api('POST', '/api/games', a.token, { game })).body.id;
    assert.equal((await api('POST', `/api/games/${id}/seats`, a.token, { role: roles[0] })).status, 200);
    assert.equal((await api('POST', `/api/games/${id}/seats`, bTok, { role: roles[1] })).status, 200);
    games[game] = id;
  }
  const page0 = await fetch(`${server.url}/`);
  assert.match(page0.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);

  const ctx = await b.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  await ctx.addInitScript(() => {
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const page = await ctx.newPage();
  page.setDefaultTimeout(15_000);
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error' && /Content.Security.Policy|Refused to/i.test(m.text())) problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  const visit = async (path, ready) => {
    await page.goto(server.url + path);
    await ready();
    await page.waitForTimeout(300);
    const seen = await page.evaluate(() => window.__csp);
    problems.push(...seen.map((v) => `${path}: ${v}`));
  };
  await visit('/', () => page.getByTestId('new-game').waitFor().catch(() => page.locator('main').waitFor()));
  await visit('/signin', () => page.getByTestId('auth-submit').waitFor());
  // Sign in through the page (the token goes to localStorage, as for a player).
  await page.getByTestId('tab-signin').click().catch(() => undefined);
  await page.fill('input[name=name]', a.name);
  await page.fill('input[name=password]', 'correct horse battery');
  await page.getByTestId('auth-submit').click();
  await page.getByTestId('new-game').waitFor();
  problems.push(...(await page.evaluate(() => window.__csp)).map((v) => `after sign-in: ${v}`));
  await visit('/rules', () => page.locator('main').waitFor());
  await visit('/new', () => page.locator('main').waitFor());
  await visit('/rules/hacse', () => page.locator('main').waitFor());
  await visit('/local', () => page.locator('main').waitFor());
  for (const [game, id] of Object.entries(games)) {
    // The board renders from the socket's first state push (connect-src 'self' covers ws: of the same origin).
    await visit(`/games/${id}`, () => page.locator('[data-testid=live-status][data-status=open]').waitFor());
    assert.ok(await page.locator('[data-testid=undo]').count() > 0, `${game}: the game page shows its controls`);
  }
  await ctx.close();
  assert.deepEqual(problems, [], 'no CSP violations or page errors');
});
