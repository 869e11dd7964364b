// Keeping people safe: the report form (a chat line or a player), block and unblock on a profile, the list of
// blocked players in the settings, and the notices a moderator's warning or mute leaves for its player.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { REPORT_NOTE_MAX_CHARS, REPORT_REASONS } from '@tabula/protocol/limits';
import { ApiError, getAuth } from '../api/client.js';
import { moderationApi, refreshStanding, useStanding, type ReportReason } from '../api/moderation.js';
import { formatDateTime } from '../dates.js';
import './safety.css';

const errorText = (t: TFunction, e: unknown): string =>
  e instanceof ApiError ? t(`error.${e.code}`, { defaultValue: e.message }) : String(e);

/** Reports a chat line (`lineId`) or a player (`name` alone): a reason from the list and an optional note. */
export function ReportForm({ name, lineId, onClose }: { name: string; lineId?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<ReportReason>('abuse');
  const [note, setNote] = useState('');
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await moderationApi.report({ ...(lineId !== undefined ? { lineId } : { name }), reason, ...(note.trim() ? { note } : {}) });
      setDone(true);
      setError(null);
    } catch (err) {
      setError(errorText(t, err));
    }
  };
  if (done) return <p className="small" role="status" data-testid="report-done">{t('safety.reported')} <button type="button" className="small link" onClick={onClose}>{t('safety.close')}</button></p>;
  return (
    <form className="form report-form" onSubmit={(e) => void submit(e)} data-testid="report-form">
      <strong dir="auto">{t(lineId !== undefined ? 'safety.reportLineTitle' : 'safety.reportTitle', { name })}</strong>
      <label>{t('safety.reason')}
        <select value={reason} onChange={(e) => setReason(e.target.value as ReportReason)} data-testid="report-reason">
          {REPORT_REASONS.map((r) => <option key={r} value={r}>{t(`safety.reason.${r}`)}</option>)}
        </select>
      </label>
      <label>{t('safety.note')}
        <textarea value={note} maxLength={REPORT_NOTE_MAX_CHARS} rows={2} onChange={(e) => setNote(e.target.value)} data-testid="report-note" dir="auto" />
      </label>
      {error && <p className="error small" role="alert">{error}</p>}
      <div className="button-row">
        <button type="submit" className="primary" data-testid="report-send">{t('safety.send')}</button>
        <button type="button" onClick={onClose}>{t('safety.cancel')}</button>
      </div>
    </form>
  );
}

/** On a profile (signed in, someone else's): block or unblock, and report. */
export function UserSafety({ name }: { name: string }) {
  const { t } = useTranslation();
  const me = getAuth()?.name;
  const [blocked, setBlocked] = useState<boolean | null>(null);
  const [reporting, setReporting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const other = !!me && me.toLowerCase() !== name.toLowerCase();
  useEffect(() => {
    if (other) moderationApi.blocked().then((r) => setBlocked(r.blocked.includes(name)), () => setBlocked(false));
  }, [other, name]);
  if (!other) return null;
  const toggle = async () => {
    if (!blocked && !confirm(t('safety.blockConfirm', { name }))) return;
    try {
      const r = blocked ? await moderationApi.unblock(name) : await moderationApi.block(name);
      setBlocked(r.blocked.includes(name));
      setError(null);
    } catch (e) {
      setError(errorText(t, e));
    }
  };
  return (
    <div className="user-safety" data-testid="user-safety">
      <div className="button-row">
        <button type="button" className="small" onClick={() => void toggle()} disabled={blocked === null} data-testid="block-toggle">{t(blocked ? 'safety.unblock' : 'safety.block')}</button>
        <button type="button" className="small" onClick={() => setReporting(true)} data-testid="report-user">{t('safety.report')}</button>
      </div>
      {blocked && <p className="muted small" data-testid="is-blocked">{t('safety.isBlocked', { name })}</p>}
      {error && <p className="error small" role="alert">{error}</p>}
      {reporting && <ReportForm name={name} onClose={() => setReporting(false)} />}
    </div>
  );
}

/** The settings' list of blocked players, each with "Unblock". */
export function BlockedList() {
  const { t } = useTranslation();
  const [names, setNames] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => { moderationApi.blocked().then((r) => setNames(r.blocked), (e: unknown) => setError(errorText(t, e))); }, [t]);
  const unblock = (name: string) => void moderationApi.unblock(name).then((r) => setNames(r.blocked), (e: unknown) => setError(errorText(t, e)));
  return (
    <section className="panel" data-testid="blocked-list">
      <h2>{t('safety.blockedTitle')}</h2>
      <p className="muted small">{t('safety.blockedHint')}</p>
      {error && <p className="error small" role="alert">{error}</p>}
      {names && (names.length === 0 ? <p className="muted">{t('safety.blockedNone')}</p> : (
        <ul className="safety-list">
          {names.map((n) => <li key={n}><span dir="auto">{n}</span> <button type="button" className="small" onClick={() => unblock(n)} aria-label={t('safety.unblockUser', { name: n })}>{t('safety.unblock')}</button></li>)}
        </ul>
      ))}
    </section>
  );
}

/** A moderator's warnings and mutes not yet acknowledged, at the top of every page. */
export function StandingNotices() {
  const { t, i18n } = useTranslation();
  const standing = useStanding();
  const notices = standing?.notices ?? [];
  if (notices.length === 0) return null;
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const ok = () => void moderationApi.noticesRead(notices.map((n) => n.id)).then(refreshStanding, () => undefined);
  return (
    <div className="panel standing-notice" role="alert" data-testid="standing-notice">
      {notices.map((n) => (
        <p key={n.id} dir="auto">{n.action === 'mute' && n.until !== null
          ? t('safety.muted', { until: formatDateTime(n.until, lang), reason: n.reason })
          : t('safety.warned', { reason: n.reason })}</p>
      ))}
      <button type="button" className="small" onClick={ok} data-testid="standing-ok">{t('safety.ok')}</button>
    </div>
  );
}
