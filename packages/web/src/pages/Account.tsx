// The account life cycle in the browser: the pages a verification or reset mail links to, the
// "forgot password" form of the sign-in page, and the settings' address and password sections.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MIN_PASSWORD_LENGTH } from '@tabula/protocol/limits';
import { ApiError, request } from '../api/client.js';
import { Link } from '../router.js';

type T = ReturnType<typeof useTranslation>['t'];
const message = (t: T, e: unknown): string =>
  e instanceof ApiError ? t(`error.${e.code}`, { defaultValue: e.message }) : String(e);

/** /verify?token=: verifies the address of the mail the link came in. */
export function VerifyEmail({ token }: { token: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ email: string } | { error: string } | null>(null);
  useEffect(() => {
    request<{ email: string }>('POST', '/accounts/verify', { token }).then(setState, (e: unknown) => setState({ error: message(t, e) }));
  }, [token, t]);
  return (
    <div className="narrow">
      <h1>{t('account.verifyTitle')}</h1>
      {state === null && <p>{t('common.loading')}</p>}
      {state && 'email' in state && <p role="status" data-testid="verified">{t('account.verified', { email: state.email })}</p>}
      {state && 'error' in state && <p className="error" role="alert">{state.error}</p>}
    </div>
  );
}

/** /reset?token=: a new password with the token of a reset mail. */
export function ResetPassword({ token }: { token: string }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await request('POST', '/accounts/reset/confirm', { token, password });
      setDone(true);
    } catch (err) { setError(message(t, err)); }
  };
  return (
    <div className="narrow">
      <h1>{t('account.resetTitle')}</h1>
      {done ? <p role="status" data-testid="reset-done">{t('account.resetDone')} <Link to="/signin">{t('auth.signIn')}</Link></p> : (
        <form className="card form" onSubmit={submit}>
          <label>{t('account.newPassword')}
            <input type="password" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} value={password} data-testid="reset-password" onChange={(e) => setPassword(e.target.value)} />
          </label>
          <p className="muted small">{t('auth.passwordHint', { min: MIN_PASSWORD_LENGTH })}</p>
          {error && <p className="error" role="alert">{error}</p>}
          <button type="submit" className="primary" data-testid="reset-submit">{t('account.setPassword')}</button>
        </form>
      )}
    </div>
  );
}

/** The sign-in page's "Forgot password?": asks for a reset mail by name or address. */
export function ForgotPassword() {
  const { t } = useTranslation();
  const [who, setWho] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const v = who.trim();
    try {
      await request('POST', '/accounts/reset', v.includes('@') ? { email: v } : { name: v });
      setSent(true);
    } catch (err) { setError(message(t, err)); }
  };
  return (
    <form className="card form" onSubmit={submit}>
      <h2>{t('account.forgotTitle')}</h2>
      <label>{t('account.nameOrEmail')}<input required maxLength={254} value={who} data-testid="forgot-who" onChange={(e) => setWho(e.target.value)} /></label>
      {sent ? <p role="status" data-testid="forgot-sent">{t('account.forgotSent')}</p> : <button type="submit" data-testid="forgot-submit">{t('account.forgotSend')}</button>}
      {error && <p className="error" role="alert">{error}</p>}
    </form>
  );
}

/** The address's verification state and a resend button (settings). */
export function EmailState({ verified, onError }: { verified: boolean; onError: (m: string) => void }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState<boolean | null>(null);
  if (verified) return <p className="small" data-testid="email-verified">{t('account.emailVerified')}</p>;
  const resend = async () => {
    try { setSent((await request<{ sent: boolean }>('POST', '/accounts/verify/resend')).sent); } catch (e) { onError(message(t, e)); }
  };
  return (
    <p className="small" data-testid="email-unverified">
      {t('account.emailUnverified')} <button type="button" className="small" onClick={() => void resend()} data-testid="email-resend">{t('account.resend')}</button>
      {sent !== null && <span role="status"> {sent ? t('account.resent') : t('account.resendLimit')}</span>}
    </p>
  );
}

/** Change the password (settings): every other session ends. */
export function ChangePassword() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    try {
      await request('POST', '/accounts/password', { current, next });
      setDone(true); setError(null); setCurrent(''); setNext('');
    } catch (err) { setError(message(t, err)); }
  };
  return (
    <section className="panel">
      <h2>{t('account.passwordTitle')}</h2>
      <form className="form" onSubmit={submit}>
        <label>{t('account.currentPassword')}<input type="password" autoComplete="current-password" required value={current} data-testid="pw-current" onChange={(e) => setCurrent(e.target.value)} /></label>
        <label>{t('account.newPassword')}<input type="password" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} value={next} data-testid="pw-next" onChange={(e) => setNext(e.target.value)} /></label>
        <p className="muted small">{t('account.passwordHint')}</p>
        {error && <p className="error" role="alert">{error}</p>}
        {done && <p role="status" data-testid="pw-done">{t('account.passwordChanged')}</p>}
        <div><button type="submit" className="primary" data-testid="pw-submit">{t('account.setPassword')}</button></div>
      </form>
    </section>
  );
}

interface SessionRow { id: string; createdAt: number; seenAt: number; current: boolean }

/** The account's sessions with sign-out per session (settings). */
export function Sessions() {
  const { t, i18n } = useTranslation();
  const [rows, setRows] = useState<SessionRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = () => request<{ sessions: SessionRow[] }>('GET', '/accounts/me/sessions').then((r) => setRows(r.sessions), (e: unknown) => setError(message(t, e)));
  useEffect(() => { void load(); }, []);
  const end = async (id: string) => {
    try { await request('DELETE', `/accounts/me/sessions/${encodeURIComponent(id)}`); await load(); } catch (e) { setError(message(t, e)); }
  };
  const when = (ms: number) => new Date(ms).toLocaleString(i18n.language);
  return (
    <section className="panel">
      <h2>{t('account.sessionsTitle')}</h2>
      {error && <p className="error" role="alert">{error}</p>}
      {rows === null ? <p>{t('common.loading')}</p> : (
        <ul data-testid="sessions">
          {rows.map((s) => (
            <li key={s.id}>
              {t('account.sessionLine', { created: when(s.createdAt), seen: when(s.seenAt) })}{' '}
              {s.current ? <strong>{t('account.sessionThis')}</strong> : <button type="button" className="small" onClick={() => void end(s.id)}>{t('account.sessionEnd')}</button>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Download the account's data as a JSON file (settings). */
export function ExportData() {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    try {
      const data = await request<unknown>('GET', '/accounts/me/export');
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = 'tabula-account.json';
      a.click();
      URL.revokeObjectURL(url);
    } catch (e) { setError(message(t, e)); }
  };
  return (
    <section className="panel">
      <h2>{t('account.exportTitle')}</h2>
      <p className="muted small">{t('account.exportHint')}</p>
      {error && <p className="error" role="alert">{error}</p>}
      <button type="button" onClick={() => void download()} data-testid="export">{t('account.exportButton')}</button>
    </section>
  );
}

/** Delete the account with its password (settings); says first what happens. */
export function DeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await request('DELETE', '/accounts/me', { password });
      onDeleted();
    } catch (err) { setError(message(t, err)); }
  };
  return (
    <section className="panel">
      <h2>{t('account.deleteTitle')}</h2>
      <p className="small">{t('account.deleteExplain')}</p>
      <form className="form" onSubmit={submit}>
        <label>{t('auth.password')}<input type="password" autoComplete="current-password" required value={password} data-testid="delete-password" onChange={(e) => setPassword(e.target.value)} /></label>
        {error && <p className="error" role="alert">{error}</p>}
        <div><button type="submit" className="danger" data-testid="delete-account">{t('account.deleteButton')}</button></div>
      </form>
    </section>
  );
}
