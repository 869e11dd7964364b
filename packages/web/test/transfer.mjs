// Bytes over the wire per page, measured in Chromium against a real `tabula serve` (issue 23):
// `node packages/web/test/transfer.mjs` after `npm run build`. For each page: a first visit with an
// empty cache (as Chromium asks: br, gzip), the same with `Accept-Encoding: identity` (what every
// visit cost before compression), and a second visit in the same browser (immutable assets from cache).
// Bytes are Playwright's request sizes: encoded response bodies plus response headers, every request
// of the page (scripts, styles, API JSON; not the WebSocket).
import { launch } from './browser.mjs';
import { startServer } from './server.mjs';
import { GAMES, LOCAL_SEATS, preparePages, signInPage } from './pages.mjs';

const server = await startServer();
const b = await launch();

async function measure(open, { identity = false, auth = null } = {}) {
  const ctx = await b.browser.newContext({ viewport: { width: 1280, height: 900 }, ...(identity ? { extraHTTPHeaders: { 'accept-encoding': 'identity' } } : {}) });
  const page = await ctx.newPage();
  if (auth) await signInPage(page, auth);
  const visit = async () => {
    let bytes = 0, requests = 0;
    const pending = [];
    const onDone = (r) => { pending.push(r.sizes().then((s) => { bytes += s.responseBodySize + s.responseHeadersSize; requests++; }, () => undefined)); };
    page.on('requestfinished', onDone);
    await open(page);
    await page.waitForLoadState('networkidle');
    page.off('requestfinished', onDone);
    await Promise.all(pending);
    return { bytes, requests };
  };
  const first = await visit();
  const again = await visit();
  await ctx.close();
  return { first, again };
}

const kib = (n) => (n / 1024).toFixed(1);
try {
  const auth = await preparePages(server.url);
  const rows = [];
  const pages = [
    ['home (signed out)', null, async (p) => { await p.goto(`${server.url}/`); await p.getByTestId('play-local').waitFor(); }],
    ...GAMES.map((id) => [`online game: ${id}`, auth, async (p) => { await p.goto(`${server.url}/games/${auth.online[id]}`); await p.locator('.board-area > :not(p):not(h2)').first().waitFor({ timeout: 15_000 }); }]),
    ...GAMES.map((id) => [`on this device: ${id}`, null, async (p) => {
      await p.goto(`${server.url}/`);
      await p.evaluate((f) => localStorage.setItem('tabula.local', JSON.stringify(f)), { game: id, seed: 'transfer', options: {}, actions: [], seats: LOCAL_SEATS[id] });
      await p.goto(`${server.url}/local/play`);
      await p.locator('.board-area > :not(p):not(h2)').first().waitFor({ timeout: 15_000 });
    }]),
  ];
  for (const [name, a, open] of pages) {
    const c = await measure(open, { auth: a });
    const raw = await measure(open, { identity: true, auth: a });
    rows.push(`| ${name} | ${c.first.requests} | ${kib(raw.first.bytes)} | ${kib(c.first.bytes)} | ${kib(c.again.bytes)} |`);
  }
  console.log('| page | requests | KiB, identity (uncompressed) | KiB, first visit (br) | KiB, second visit (cached) |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of rows) console.log(r);
} finally {
  await b.close();
  await server.stop();
}
