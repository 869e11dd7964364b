// "A new version is ready": the service worker (vite-plugin-pwa, registerType 'prompt') waits until the player
// says so; then it takes over and every open page reloads on the new version, so one page never runs two
// versions' code.
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';

export default function UpdatePrompt() {
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
