// The installed app's two banners: "a new version is ready" (the service worker waits until the player says
// so, then every open page reloads on the new version: one page never runs two versions' code) and "offline"
// on pages that need the server.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';

/** Pages that run without the server: play on this device, its replays, and the rules. */
export const OFFLINE_PATHS = /^\/(local(\/.*)?|rules(\/.*)?)$/;

export function UpdatePrompt() {
  const { t } = useTranslation();
  const { needRefresh: [needRefresh, setNeedRefresh], updateServiceWorker } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      // A long-open app (a phone keeps it for days) looks for a new version every hour.
      if (registration) setInterval(() => { if (navigator.onLine) void registration.update().catch(() => undefined); }, 60 * 60 * 1000);
    },
  });
  if (!needRefresh) return null;
  return (
    <div className="app-banner" role="status" data-testid="update-ready">
      <span>{t('app.updateReady')} <span className="muted small">{t('app.updateHint')}</span></span>
      <button type="button" className="primary small" onClick={() => void updateServiceWorker(true)} data-testid="update-now">{t('app.updateNow')}</button>
      <button type="button" className="small" onClick={() => setNeedRefresh(false)}>{t('app.updateLater')}</button>
    </div>
  );
}

export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true), off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => { window.removeEventListener('online', on); window.removeEventListener('offline', off); };
  }, []);
  return online;
}

/** Said plainly on a page that needs the network while there is none (the sockets reconnect by themselves when it returns). */
export function OfflineNotice({ path }: { path: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  if (online || OFFLINE_PATHS.test(path)) return null;
  return <p className="app-banner offline" role="alert" data-testid="offline-notice">{t('app.offline')}</p>;
}
