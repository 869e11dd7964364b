import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notificationsApi, type NotifySettings } from '../api/notifications.js';
import { browserNotifyOn, setBrowserNotify } from '../components/Notifications.js';
import { ChangePassword, DeleteAccount, EmailState, ExportData, Sessions } from './Account.js';
import { api } from '../api/client.js';
import { navigate } from '../router.js';
import { BlockedList } from '../components/Safety.js';

// Web Push (the subscription and the devices' list) is its own chunk.
const PushSettings = lazy(() => import('../pwa/PushSettings.js'));

/** Notification settings per channel: in the app (always), the browser, email and a webhook. */
export function Settings() {
  const { t } = useTranslation();
  const [s, setS] = useState<NotifySettings | null>(null);
  const [email, setEmail] = useState('');
  const [hook, setHook] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [browser, setBrowser] = useState(browserNotifyOn());
  useEffect(() => {
    notificationsApi.settings().then((r) => { setS(r); setEmail(r.email ?? ''); setHook(r.webhookUrl ?? ''); }, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, []);
  const save = async (patch: Parameters<typeof notificationsApi.patch>[0]) => {
    setSaved(false);
    try {
      const r = await notificationsApi.patch(patch);
      setS(r); setError(null); setSaved(true);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  const toggleBrowser = async (on: boolean) => {
    if (on && typeof Notification !== 'undefined' && Notification.permission !== 'granted') {
      const p = await Notification.requestPermission();
      if (p !== 'granted') { setError(t('settings.browserDenied')); return; }
    }
    setBrowserNotify(on);
    setBrowser(on);
    await save({ browser: on });
  };
  if (!s) return <div className="narrow"><h1>{t('settings.title')}</h1>{error ? <p className="error" role="alert">{error}</p> : <p>{t('common.loading')}</p>}</div>;
  const submitMail = (e: FormEvent) => { e.preventDefault(); void save({ email: email.trim() || null }); };
  const submitHook = (e: FormEvent) => { e.preventDefault(); void save({ webhookUrl: hook.trim() || null }); };
  return (
    <div className="narrow settings">
      <h1>{t('settings.title')}</h1>
      {error && <p className="error" role="alert">{error}</p>}
      <p className="sr-only" role="status">{saved ? t('settings.saved') : ''}</p>
      <section className="panel">
        <h2>{t('settings.inApp')}</h2>
        <p className="muted">{t('settings.inAppHint')}</p>
      </section>
      <section className="panel">
        <h2>{t('settings.browser')}</h2>
        <label className="check"><input type="checkbox" checked={browser} data-testid="browser-toggle" onChange={(e) => void toggleBrowser(e.target.checked)} /> {t('settings.browserHint')}</label>
      </section>
      <Suspense fallback={null}><PushSettings onError={setError} /></Suspense>
      <section className="panel">
        <h2>{t('settings.email')}</h2>
        {!s.mailAvailable && <p className="muted">{t('settings.noMail')}</p>}
        <form className="form" onSubmit={submitMail}>
          <label>{t('settings.emailAddress')}<input type="email" value={email} autoComplete="email" data-testid="email" onChange={(e) => setEmail(e.target.value)} /></label>
          {s.email && s.mailAvailable && <EmailState verified={s.emailVerified} onError={setError} />}
          <label className="check"><input type="checkbox" checked={s.emailOn} data-testid="email-on" onChange={(e) => void save({ emailOn: e.target.checked })} /> {t('settings.emailOn')}</label>
          <p className="muted small">{t('settings.emailHint')}</p>
          <div><button type="submit" className="primary">{t('settings.save')}</button></div>
        </form>
      </section>
      <ChangePassword />
      <Sessions />
      <BlockedList />
      <ExportData />
      <DeleteAccount onDeleted={() => { api.signOut(); navigate('/', true); }} />
      <section className="panel">
        <h2>{t('settings.webhook')}</h2>
        <form className="form" onSubmit={submitHook}>
          <label>{t('settings.webhookUrl')}<input type="url" value={hook} placeholder="https://discord.com/api/webhooks/…" data-testid="webhook-url" onChange={(e) => setHook(e.target.value)} /></label>
          <label>{t('settings.webhookFormat')}
            <select value={s.webhookFormat} onChange={(e) => void save({ webhookFormat: e.target.value as 'discord' | 'json' })}>
              <option value="discord">Discord</option>
              <option value="json">JSON</option>
            </select>
          </label>
          {s.webhookSecret && <p className="small">{t('settings.webhookSecret')} <code className="invite">{s.webhookSecret}</code></p>}
          {s.webhookDisabled && <p className="error">{t('settings.webhookDisabled')}</p>}
          <div><button type="submit" className="primary">{t('settings.save')}</button></div>
        </form>
      </section>
    </div>
  );
}
