// Web Push in Tabula's service worker (imported by the Workbox worker the build generates). The server's
// payload is small JSON: { title, body, url, tag, lang }. A click opens (or focuses) the game it names.
self.addEventListener('push', (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch { data = { body: event.data ? event.data.text() : '' }; }
  event.waitUntil(self.registration.showNotification(data.title || 'Tabula', {
    body: data.body || '', tag: data.tag, lang: data.lang, icon: '/icons/icon-192.png', data: { url: data.url || '/' },
  }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin);
  if (url.origin !== self.location.origin) return;
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const same = windows.find((c) => c.url === url.href);
    if (same) return same.focus();
    if (windows[0]) { await windows[0].navigate(url.href).catch(() => undefined); return windows[0].focus(); }
    return self.clients.openWindow(url.href);
  })());
});
