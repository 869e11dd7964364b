// The header's notification bell: an invitation pushed over /api/live shows as an unread badge, the list
// words it, "mark all read" clears the badge; the settings page in German. Screenshots at 360/1280/1920 px
// go to /tmp/tabula-notify-shots (set TABULA_SHOTS to keep them elsewhere).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { launch } from './browser.mjs';
import { startServer } from './server.mjs';

const SHOTS = process.env.TABULA_SHOTS ?? '/tmp/tabula-notify-shots';
mkdirSync(SHOTS, { recursive: true });
const server = await startServer();
const b = await launch();
after(async () => { await b.close(); await server.stop(); });

async function post(path, body, token, method = 'POST') {
  const r = await fetch(server.url + path, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : null };
}
const account = async (name) => (await post('/api/accounts', { name, password: 'correct horse' })).body.token;

test('bell: an invitation arrives as an unread badge over /api/live; the list words it; mark all read clears it', async () => {
  const suffix = Date.now().toString(36);
  const alice = await account(`alice${suffix}`);
  const bobName = `bob${suffix}`;
  const bob = await account(bobName);
  for (const width of [360, 1280, 1920]) {
    const ctx = await b.browser.newContext({ viewport: { width, height: 800 }, locale: 'en-US' });
    await ctx.addInitScript(([t, n]) => { localStorage.setItem('tabula.token', t); localStorage.setItem('tabula.name', n); localStorage.setItem('tabula.lang', 'en'); }, [bob, bobName]);
    const p = await ctx.newPage();
    await p.goto(`${server.url}/`);
    await p.getByTestId('bell').waitFor({ timeout: 5000 });
    const id = (await post('/api/games', { game: 'carcassonne', players: 2 }, alice)).body.id;
    assert.equal((await post(`/api/games/${id}/invite`, { name: bobName }, alice)).status, 204);
    await p.getByTestId('unread-badge').waitFor({ timeout: 5000 });
    assert.equal(await p.getByTestId('unread-badge').textContent(), '1');
    await p.getByTestId('bell').click();
    const list = p.getByTestId('notification-list');
    await list.getByText(`alice${suffix} invites you to Carcassonne`).first().waitFor({ timeout: 5000 });
    await p.screenshot({ path: `${SHOTS}/bell-${width}.png` });
    await list.getByRole('button', { name: 'Mark all read' }).click();
    await p.getByTestId('unread-badge').waitFor({ state: 'detached', timeout: 5000 });
    await ctx.close();
  }
});

test('settings page in German: channels, email address saved, the server told the UI language', async () => {
  const name = `carla${Date.now().toString(36)}`;
  const token = await account(name);
  for (const width of [360, 1280, 1920]) {
    const ctx = await b.browser.newContext({ viewport: { width, height: 1000 }, locale: 'de-DE' });
    await ctx.addInitScript(([t, n]) => { localStorage.setItem('tabula.token', t); localStorage.setItem('tabula.name', n); localStorage.setItem('tabula.lang', 'de'); }, [token, name]);
    const p = await ctx.newPage();
    await p.goto(`${server.url}/settings`);
    await p.getByRole('heading', { name: 'Benachrichtigungseinstellungen' }).waitFor({ timeout: 5000 });
    await p.getByTestId('email').fill('carla@example.test');
    await p.getByRole('button', { name: 'Speichern' }).first().click();
    await p.getByText('Dieser Server verschickt keine Mails').waitFor({ timeout: 5000 });
    await p.screenshot({ path: `${SHOTS}/settings-${width}.png`, fullPage: true });
    await ctx.close();
  }
  const s = await (await fetch(`${server.url}/api/notifications/settings`, { headers: { authorization: `Bearer ${token}` } })).json();
  assert.equal(s.email, 'carla@example.test');
  assert.equal(s.language, 'de');
});
