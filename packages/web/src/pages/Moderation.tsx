import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ApiError } from '../api/client.js';
import { moderationApi, type ModerationAction, type Report } from '../api/moderation.js';
import { formatDateTime } from '../dates.js';
import { Link } from '../router.js';
import '../components/safety.css';

/** Mute lengths offered, in minutes. */
const MUTE_MINUTES = [60, 24 * 60, 7 * 24 * 60] as const;

function actionText(t: TFunction, a: ModerationAction, lang: string): string {
  return t(`moderation.action.${a.action}`, { moderator: a.moderator, target: a.target, until: a.until !== null ? formatDateTime(a.until, lang) : '' });
}

function ActionLine({ a }: { a: ModerationAction }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return (
    <li data-testid="log-line" data-action={a.action}>
      <span className="muted small">{formatDateTime(a.at, lang)}</span> <span dir="auto">{actionText(t, a, lang)}</span>
      <span className="muted" dir="auto"> · {a.reason}</span>
    </li>
  );
}

function ReportCard({ r, onDone }: { r: Report; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const [why, setWhy] = useState('');
  const [minutes, setMinutes] = useState<number>(MUTE_MINUTES[1]);
  const [error, setError] = useState<string | null>(null);
  const act = async (action: 'dismiss' | 'warn' | 'mute' | 'ban') => {
    if (!why.trim()) { setError(t('moderation.whyMissing')); return; }
    if (action === 'ban' && !confirm(t('moderation.banConfirm', { name: r.target }))) return;
    try {
      await moderationApi.act({ action, reportId: r.id, reason: why, ...(action === 'mute' ? { minutes } : {}) });
      onDone();
    } catch (e) {
      setError(e instanceof ApiError ? t(`error.${e.code}`, { defaultValue: e.message }) : String(e));
    }
  };
  const whyId = `why-${r.id}`;
  return (
    <li className="panel report" data-testid="report" data-target={r.target}>
      <h3>
        <span dir="auto">{t('moderation.reportBy', { reporter: r.reporter, target: r.target })}</span>{' '}
        <span className="tag">{t(`safety.reason.${r.reason}`)}</span>
      </h3>
      <p className="muted small">{formatDateTime(r.createdAt, lang)} · <Link to={`/u/${encodeURIComponent(r.target)}`} dir="auto">{r.target}</Link></p>
      {r.note && <p dir="auto">{t('moderation.note', { note: r.note })}</p>}
      {r.context.length > 0 ? (
        <>
          <ol className="chat-lines report-context" data-testid="report-context">
            {r.context.map((l) => (
              <li key={l.id} className={l.reported ? 'chat-line reported' : 'chat-line'} data-reported={l.reported ? 'true' : undefined}>
                <b dir="auto">{l.user}</b> <span className="chat-text" dir="auto">{l.text}</span>
                {l.reported && ' '}{l.reported && <span className="tag small">{t('moderation.reportedLine')}</span>}
              </li>
            ))}
          </ol>
          {r.gameId && <p className="small"><Link to={`/games/${encodeURIComponent(r.gameId)}`} data-testid="report-game">{t('moderation.game')}</Link></p>}
        </>
      ) : <p className="muted small">{t('moderation.noLine')}</p>}
      <details className="small" data-testid="report-history">
        <summary>{t('moderation.history', { name: r.target, reports: r.history.reports, actions: r.history.actions.length })}</summary>
        {r.history.actions.length === 0 ? <p className="muted">{t('moderation.noActions')}</p> : <ul className="safety-list">{r.history.actions.map((a) => <ActionLine key={a.id} a={a} />)}</ul>}
      </details>
      <div className="form">
        <label htmlFor={whyId}>{t('moderation.why')}</label>
        <textarea id={whyId} rows={2} value={why} onChange={(e) => setWhy(e.target.value)} data-testid="mod-why" dir="auto" />
        <div className="button-row">
          <button type="button" onClick={() => void act('dismiss')} data-testid="mod-dismiss">{t('moderation.dismiss')}</button>
          <button type="button" onClick={() => void act('warn')} data-testid="mod-warn">{t('moderation.warn')}</button>
          <span className="mute-group">
            <button type="button" onClick={() => void act('mute')} data-testid="mod-mute">{t('moderation.mute')}</button>
            <select value={minutes} onChange={(e) => setMinutes(Number(e.target.value))} aria-label={t('moderation.muteFor')} data-testid="mod-minutes">
              {MUTE_MINUTES.map((m) => <option key={m} value={m}>{t(`moderation.for.${m}`)}</option>)}
            </select>
          </span>
          <button type="button" className="danger" onClick={() => void act('ban')} data-testid="mod-ban">{t('moderation.ban')}</button>
        </div>
        {error && <p className="error small" role="alert">{error}</p>}
      </div>
    </li>
  );
}

/** Lifts a ban by the player's name (logged like every action). */
function LiftBan({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [why, setWhy] = useState('');
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await moderationApi.act({ action: 'unban', name: name.trim(), reason: why.trim() });
      setNote({ ok: true, text: t('moderation.unbanDone', { name: name.trim() }) });
      setName(''); setWhy('');
      onDone();
    } catch (err) {
      setNote({ ok: false, text: err instanceof ApiError ? t(`error.${err.code}`, { defaultValue: err.message }) : String(err) });
    }
  };
  return (
    <section className="panel" aria-labelledby="mod-unban">
      <h2 id="mod-unban">{t('moderation.unbanTitle')}</h2>
      <form onSubmit={(e) => void submit(e)} className="stack">
        <label>{t('moderation.unbanName')} <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={64} data-testid="mod-unban-name" /></label>
        <label>{t('moderation.unbanWhy')} <input value={why} onChange={(e) => setWhy(e.target.value)} required maxLength={500} data-testid="mod-unban-why" /></label>
        <button type="submit" disabled={!name.trim() || !why.trim()} data-testid="mod-unban">{t('moderation.unban')}</button>
      </form>
      {note && <p className={note.ok ? 'small' : 'error small'} role={note.ok ? 'status' : 'alert'}>{note.text}</p>}
    </section>
  );
}

/** Moderators only (the server checks): the open reports with their lines in context, actions, and the log. */
export function Moderation() {
  const { t } = useTranslation();
  const [q, setQ] = useState<Awaited<ReturnType<typeof moderationApi.queue>> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    moderationApi.queue().then((x) => { setQ(x); setError(null); }, (e: unknown) => setError(e instanceof ApiError ? t(`error.${e.code}`, { defaultValue: e.message }) : String(e)));
  }, [t]);
  useEffect(load, [load]);
  return (
    <div className="narrow moderation" data-testid="moderation">
      <h1>{t('moderation.title')}</h1>
      {error && <p className="error" role="alert">{error}</p>}
      {!q && !error && <p className="muted">{t('common.loading')}</p>}
      {q && (
        <>
          <section aria-labelledby="mod-queue">
            <h2 id="mod-queue">{t('moderation.queue', { n: q.reports.length })}</h2>
            {q.reports.length === 0 ? <p className="muted">{t('moderation.empty')}</p> : <ul className="safety-list reports">{q.reports.map((r) => <ReportCard key={r.id} r={r} onDone={load} />)}</ul>}
          </section>
          <LiftBan onDone={load} />
          <section className="panel" aria-labelledby="mod-log">
            <h2 id="mod-log">{t('moderation.log')}</h2>
            {q.log.length === 0 ? <p className="muted">{t('moderation.logEmpty')}</p> : <ul className="safety-list" data-testid="mod-log">{q.log.map((a) => <ActionLine key={a.id} a={a} />)}</ul>}
          </section>
        </>
      )}
    </div>
  );
}
