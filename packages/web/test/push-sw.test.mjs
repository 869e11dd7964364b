// Issue 48: the service worker's side of Web Push. Chromium delivers a push message to the installed worker
// (DevTools' ServiceWorker.deliverPushMessage, as a push service would); the worker shows it as a
// notification with the server's title, text, tag and game link; the same tag again replaces it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { launch, CHROMIUM } from './browser.mjs';
import { startServer } from './server.mjs';

const skip = existsSync(CHROMIUM) ? false : `no browser at ${CHROMIUM}`;

test('a push message becomes a notification naming the game, and one with the same tag replaces it', { skip, timeout: 90_000 }, async () => {
  const server = await startServer();
  const b = await launch();
  try {
    const ctx = await b.browser.newContext({ locale: 'en-US' });
    await ctx.grantPermissions(['notifications'], { origin: server.url });
    const page = await ctx.newPage();
    page.setDefaultTimeout(15_000);
    const cdp = await ctx.newCDPSession(page);
    const registration = new Promise((resolve) => cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const r = registrations.find((x) => x.scopeURL === `${server.url}/` && !x.isDeleted);
      if (r) resolve(r.registrationId);
    }));
    await cdp.send('ServiceWorker.enable');
    await page.goto(`${server.url}/`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    const registrationId = await registration;
    const notifications = () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications())
      .map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data?.url, lang: n.lang })));

    const until = async (ok) => {
      for (let i = 0; i < 100; i++) { const ns = await notifications(); if (ok(ns)) return ns; await page.waitForTimeout(100); }
      throw new Error(`notifications: ${JSON.stringify(await notifications())}`);
    };
    const push = (payload) => cdp.send('ServiceWorker.deliverPushMessage', { origin: `${server.url}/`, registrationId, data: JSON.stringify(payload) });
    await push({ title: 'Du bist am Zug: HACSE', body: 'Du bist am Zug in HACSE gegen anna.', url: '/games/g1', tag: 'tabula-7', lang: 'de' });
    assert.deepEqual(await until((ns) => ns.length === 1), [{ title: 'Du bist am Zug: HACSE', body: 'Du bist am Zug in HACSE gegen anna.', tag: 'tabula-7', url: '/games/g1', lang: 'de' }]);

    // Sent again after a crash mid-delivery: same tag, so still one notification.
    await push({ title: 'Du bist am Zug: HACSE', body: 'Du bist am Zug in HACSE gegen anna (2).', url: '/games/g1', tag: 'tabula-7', lang: 'de' });
    const replaced = await until((ns) => ns.some((n) => n.body.endsWith('(2).')));
    assert.equal(replaced.length, 1);
    await push({ title: 'Game over: Carcassonne', body: 'You won Carcassonne.', url: '/games/g2', tag: 'tabula-8', lang: 'en' });
    assert.deepEqual((await until((ns) => ns.length === 2)).map((n) => n.url).sort(), ['/games/g1', '/games/g2']);
    await ctx.close();
  } finally {
    await b.close();
    await server.stop();
  }
});
