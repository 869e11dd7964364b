// Every page of the web client, reachable from a fresh server: for the accessibility audit and screenshots.
// `preparePages(url)` signs up one account over the API and starts one online game per game against a
// bot (plus one finished game for the replay); `PAGES` says how to open each page in a browser page.
import { createRequire } from 'node:module';

export const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
/** WCAG 2.2 A/AA (axe's tags for every version up to 2.2) plus axe's best practices, as the outside check runs it. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export const LOCAL_SEATS = {
  carcassonne: { red: 'me', blue: 'random' },
  'hammer-of-the-scots': { England: 'me', Scotland: 'random' },
  hacse: { axis: 'me', allies: 'random' },
};
export const GAMES = Object.keys(LOCAL_SEATS);

async function call(url, method, path, body, token) {
  const r = await fetch(`${url}/api${path}`, {
    method, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
  return r.json();
}

/** An account with one game against a bot per game id, the account's seat first. */
export async function preparePages(url) {
  const name = `audit${Math.random().toString(36).slice(2, 8)}`;
  const { token } = await call(url, 'POST', '/accounts', { name, password: 'correct horse battery' });
  const catalog = await call(url, 'GET', '/catalog');
  const online = {};
  for (const id of GAMES) {
    const entry = catalog.find((g) => g.id === id);
    if (!entry) continue;
    const roles = entry.roles[entry.players.default];
    const { id: gid } = await call(url, 'POST', '/games', { game: id }, token);
    await call(url, 'POST', `/games/${gid}/seats`, { role: roles[0] }, token);
    await call(url, 'POST', `/games/${gid}/seats`, { role: roles[1], bot: 'random' }, token);
    online[id] = gid;
  }
  // A finished game for the replay page: the account resigns its HACSE game's twin.
  const { id: done } = await call(url, 'POST', '/games', { game: 'hacse' }, token);
  await call(url, 'POST', `/games/${done}/seats`, { role: 'axis' }, token);
  await call(url, 'POST', `/games/${done}/seats`, { role: 'allies', bot: 'random' }, token);
  await call(url, 'POST', `/games/${done}/resign`, { role: 'axis' }, token);
  return { name, token, online, finished: done };
}

export async function signInPage(page, ctx) {
  await page.addInitScript(([token, name]) => { localStorage.setItem('tabula.token', token); localStorage.setItem('tabula.name', name); }, [ctx.token, ctx.name]);
}

async function settle(page, selector) {
  await page.locator(selector).first().waitFor({ timeout: 15_000 });
  await page.waitForTimeout(300);
}

/** name -> open(page, url, ctx): leaves the page showing that screen. `auth`: needs the signed-in account. */
export const PAGES = [
  { name: 'home', open: async (page, url) => { await page.goto(`${url}/`); await settle(page, '[data-testid=play-local]'); } },
  { name: 'sign-in', open: async (page, url) => { await page.goto(`${url}/signin`); await settle(page, '[data-testid=auth-submit]'); } },
  { name: 'rules', open: async (page, url) => { await page.goto(`${url}/rules`); await settle(page, '[data-testid=rules-hacse]'); } },
  { name: 'rules reference (Hammer of the Scots)', open: async (page, url) => { await page.goto(`${url}/rules/hammer-of-the-scots#r5-32`); await settle(page, '[data-testid=rules-reference]'); } },
  { name: 'local-setup', open: async (page, url) => { await page.goto(`${url}/local`); await settle(page, '[data-testid=setup-submit]'); } },
  { name: 'lobby', auth: true, open: async (page, url) => { await page.goto(`${url}/`); await settle(page, '.game-row'); } },
  { name: 'new-game', auth: true, open: async (page, url) => { await page.goto(`${url}/new`); await settle(page, '[data-testid=setup-submit]'); } },
  ...GAMES.map((id) => ({
    name: `online-${id}`, auth: true, game: id,
    open: async (page, url, ctx) => { await page.goto(`${url}/games/${ctx.online[id]}`); await settle(page, '[data-testid=prompt]'); await settle(page, '.board-area > :not(p):not(h2)'); },
  })),
  ...GAMES.map((id) => ({
    name: `local-${id}`, game: id,
    open: async (page, url) => {
      await page.goto(`${url}/`);
      await page.evaluate((f) => localStorage.setItem('tabula.local', JSON.stringify(f)), { game: id, seed: 'audit', options: {}, actions: [], seats: LOCAL_SEATS[id] });
      await page.goto(`${url}/local/play`);
      await settle(page, '[data-testid=prompt]'); await settle(page, '.board-area > :not(p):not(h2)');
    },
  })),
  ...GAMES.map((id) => ({
    name: `tutorial-${id}`, game: id,
    open: async (page, url) => { await page.goto(`${url}/learn/${id}`); await settle(page, '[data-testid=tutorial-text]'); await settle(page, '.board-area > :not(p):not(h2)'); },
  })),
  {
    // a finished game: the result panel above the board
    name: 'online-finished', auth: true, game: 'hacse',
    open: async (page, url, ctx) => { await page.goto(`${url}/games/${ctx.finished}`); await settle(page, '[data-testid=result]'); await settle(page, '.board-area > :not(p):not(h2)'); },
  },
  {
    name: 'online-replay', auth: true, game: 'hacse',
    open: async (page, url, ctx) => { await page.goto(`${url}/games/${ctx.finished}/replay`); await settle(page, '[data-testid=replay-step]'); await settle(page, '.board-area > :not(p):not(h2)'); },
  },
  {
    name: 'replay', game: 'hacse',
    open: async (page, url) => {
      await page.goto(`${url}/`);
      await page.evaluate((f) => localStorage.setItem('tabula.local', JSON.stringify(f)), { game: 'hacse', seed: 'audit', options: {}, actions: [], seats: LOCAL_SEATS.hacse });
      await page.goto(`${url}/local/replay`);
      await settle(page, '[data-testid=replay-step]'); await settle(page, '.board-area > :not(p):not(h2)');
    },
  },
];

/**
 * axe-core over the page; violations split by where their nodes are: inside a board (`.board-area`,
 * packages/web/src/boards) or in the page around it.
 */
export async function audit(page) {
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async (tags) => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      nodes: v.nodes.map((n) => {
        const el = document.querySelector(n.target[0]);
        return { target: n.target.join(' '), board: !!el?.closest('.board-area'), summary: n.failureSummary?.slice(0, 200) ?? '', html: n.html.slice(0, 160) };
      }),
    }));
  }, AXE_TAGS);
  const page_ = [], board = [];
  for (const v of violations) {
    const p = v.nodes.filter((n) => !n.board), b = v.nodes.filter((n) => n.board);
    if (p.length) page_.push({ id: v.id, nodes: p });
    if (b.length) board.push({ id: v.id, nodes: b });
  }
  return { page: page_, board };
}
