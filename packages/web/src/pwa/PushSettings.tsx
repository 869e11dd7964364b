import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PushSubscriptionOutT } from '@tabula/protocol';
import { pushApi, pushSupported, subscribeThisDevice, thisDeviceId } from './push.js';

/** Settings' Web Push section: turn it on for this device; the devices that get pushes, each removable. */
export default function PushSettings({ onError }: { onError: (message: string | null) => void }) {
  const { t, i18n } = useTranslation();
  const [devices, setDevices] = useState<PushSubscriptionOutT[] | null>(null);
  const [here, setHere] = useState<string | null>(thisDeviceId);
  const [busy, setBusy] = useState(false);
  const fail = (e: unknown) => onError(e instanceof Error ? e.message : String(e));
  const reload = () => void pushApi.list().then(setDevices, fail);
  useEffect(reload, []);
  const enable = async () => {
    setBusy(true);
    try {
      const r = await subscribeThisDevice();
      if (r === 'denied') onError(t('push.denied'));
      else { onError(null); setHere(r.id); reload(); }
    } catch (e) { fail(e); } finally { setBusy(false); }
  };
  const remove = async (id: string) => { try { await pushApi.remove(id); reload(); } catch (e) { fail(e); } };
  return (
    <section className="panel" data-testid="push-settings">
      <h2>{t('push.title')}</h2>
      <p className="muted">{t('push.hint')}</p>
      {pushSupported()
        ? <button type="button" onClick={() => void enable()} disabled={busy} data-testid="push-enable">{t('push.enable')}</button>
        : <p className="muted">{t('push.unsupported')}</p>}
      <h3>{t('push.devices')}</h3>
      {devices && devices.length === 0 && <p className="muted">{t('push.none')}</p>}
      {devices && devices.length > 0 && (
        <ul className="saved-games" data-testid="push-devices">
          {devices.map((d) => (
            <li key={d.id} data-testid="push-device">
              {d.label}{d.id === here ? ` (${t('push.thisDevice')})` : ''}{' '}
              <span className="muted small">{new Date(d.createdAt).toLocaleDateString(i18n.resolvedLanguage ?? 'en')}</span>{' '}
              <button type="button" className="small" onClick={() => void remove(d.id)} data-testid="push-remove">{t('push.remove')}</button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
