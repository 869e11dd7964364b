// "You are offline" on pages that need the server (local play and the rules run without it).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Pages that run without the server: play on this device, its replays, and the rules. */
export const OFFLINE_PATHS = /^\/(local(\/.*)?|rules(\/.*)?)$/;

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
