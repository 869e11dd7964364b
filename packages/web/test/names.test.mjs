// Issue 44, item 2: players read names, never ids. The texts of the analysis, the local hint and the results
// hold none of the game data's ids (Hammer's block and area ids, card numbers) and no bot id ("mcts-hard").
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { HAMMER_DATA } from '@tabula/hammer';
import { launch } from './browser.mjs';
import { startServer } from './server.mjs';
import { apiCall, skip, haveBrowser } from './helpers.mjs';

let server, b;
before(async () => { if (!haveBrowser) return; server = await startServer({ args: ['--analysis-iterations', '20'] }); b = await launch(); });
after(async () => { await b?.close(); await server?.stop(); });

const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// Whole ids, case-sensitive: "moray" is an id, "Moray" the area's name.
const IDS = [...HAMMER_DATA.areas.map((a) => a.id), ...HAMMER_DATA.blocks.map((x) => x.id)].filter((id) => !HAMMER_DATA.areas.some((a) => a.name === id) && !HAMMER_DATA.blocks.some((x) => x.name === id));
const ID_RE = new RegExp(`(^|[^\\w-])(${IDS.map(esc).join('|')})(?![\\w-])`);
const RAW = [/\bcard \d+/i, /#\d+/, /mcts-|\brandom\b/, /\b(block|area|from|to|noble) [\w-]+,/];

function noIds(where, text) {
  assert.ok(text.trim().length > 0, `${where}: some text`);
  const m = ID_RE.exec(text);
  assert.equal(m, null, `${where} names an id: ${m?.[2]} in ${JSON.stringify(text.slice(Math.max(0, (m?.index ?? 0) - 60), (m?.index ?? 0) + 60))}`);
  for (const re of RAW) assert.doesNotMatch(text, re, `${where}: ${text.slice(0, 400)}`);
}

async function call(method, path, body, token) {
  const r = await apiCall(server.url, method, path, body, token);
  if (r.status >= 400) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

async function page(token, name) {
  const ctx = await b.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  const p = await ctx.newPage();
  p.setDefaultTimeout(20_000);
  if (token) await p.addInitScript(([tk, nm]) => { localStorage.setItem('tabula.token', tk); localStorage.setItem('tabula.name', nm); }, [token, name]);
  return { ctx, p };
}

test('Hammer: the hint names the card, block or area as the board does', { skip, timeout: 60_000 }, async () => {
  const { ctx, p } = await page();
  await p.goto(`${server.url}/`);
  await p.evaluate((f) => localStorage.setItem('tabula.local', JSON.stringify(f)), { game: 'hammer-of-the-scots', seed: 'names', options: {}, actions: [], seats: { England: 'me', Scotland: 'random' } });
  await p.goto(`${server.url}/local/play`);
  await p.getByTestId('hint').click();
  const hint = p.getByText(/^The bot would play: .+/);
  await hint.waitFor({ timeout: 40_000 });
  noIds('hint', await hint.innerText());
  await ctx.close();
});

test('Hammer online against a hard bot: the analysis and the results name blocks, areas, cards and the bot by name', { skip, timeout: 150_000 }, async () => {
  const name = `nm${Math.random().toString(36).slice(2, 8)}`;
  const { token } = await call('POST', '/accounts', { name, password: 'correct horse battery' });
  const { id } = await call('POST', '/games', { game: 'hammer-of-the-scots' }, token);
  await call('POST', `/games/${id}/seats`, { role: 'England' }, token);
  await call('POST', `/games/${id}/seats`, { role: 'Scotland', bot: 'mcts-hard' }, token);
  // A few moves of England (the first listed), the bot answering, then England resigns.
  let x = 7;
  for (let i = 0; i < 12; i++) {
    let g;
    for (let k = 0; k < 100; k++) { g = await call('GET', `/games/${id}?role=England`, null, token); if (g.yourTurn || g.status !== 'active') break; await new Promise((r) => setTimeout(r, 200)); }
    if (g.status !== 'active' || !g.yourTurn) break;
    x = (x * 48271) % 2147483647;
    await call('POST', `/games/${id}/actions`, { version: g.version, action: g.actions[x % g.actions.length], role: 'England' }, token).catch(() => undefined);
  }
  await call('POST', `/games/${id}/resign`, { role: 'England' }, token);
  const { ctx, p } = await page(token, name);
  await p.goto(`${server.url}/games/${id}`);
  await p.getByTestId('result').waitFor();
  noIds('result', await p.getByTestId('result').innerText());
  assert.match(await p.getByTestId('result').innerText(), /Bot \(Hard\)/);
  noIds('seats', await p.locator('.seats').innerText());
  await p.goto(`${server.url}/`);
  const won = p.getByTestId('lobby-winner').first();
  await won.waitFor();
  noIds('lobby', await won.innerText());
  await p.goto(`${server.url}/games/${id}/replay`);
  await p.getByTestId('analysis-start').click();
  await p.getByTestId('analysis-graph').waitFor({ timeout: 120_000 });
  await p.waitForTimeout(500);
  // Every mistake, and the line for the current step.
  const steps = await p.getByTestId('analysis-mistake').count();
  if (steps > 0) await p.getByTestId('analysis-mistake').first().click();
  noIds('analysis', await p.getByTestId('analysis').innerText());
  await ctx.close();
});
