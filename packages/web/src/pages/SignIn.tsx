import { Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../api/client.js';
import { navigate } from '../router.js';
import { MIN_PASSWORD_LENGTH } from '@tabula/protocol/limits';
import { lazyNamed } from '../lazy.js';

const ForgotPassword = lazyNamed(() => import('./Account.js'), 'ForgotPassword');

export function SignIn({ next }: { next?: string }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'in' | 'up'>('in');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [forgot, setForgot] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (mode === 'up') await api.signUp(name.trim(), password);
      else await api.signIn(name.trim(), password);
      navigate(next && next.startsWith('/') ? next : '/', true);
    } catch (err) {
      setError(err instanceof ApiError ? t(`error.${err.code}`, { defaultValue: err.message }) : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="narrow">
      <div className="tabs" role="tablist">
        <button type="button" role="tab" aria-selected={mode === 'in'} className={mode === 'in' ? 'on' : ''} onClick={() => setMode('in')}>{t('auth.signIn')}</button>
        <button type="button" role="tab" aria-selected={mode === 'up'} className={mode === 'up' ? 'on' : ''} onClick={() => setMode('up')} data-testid="tab-signup">{t('auth.signUp')}</button>
      </div>
      <form onSubmit={submit} className="card form">
        <h1>{mode === 'in' ? t('auth.signInTitle') : t('auth.signUpTitle')}</h1>
        <label>{t('auth.name')}
          <input name="name" autoComplete="username" required minLength={2} maxLength={32} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>{t('auth.password')}
          <input name="password" type="password" autoComplete={mode === 'up' ? 'new-password' : 'current-password'} required minLength={mode === 'up' ? MIN_PASSWORD_LENGTH : 1}
            value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        {mode === 'up' && <p className="muted small">{t('auth.passwordHint', { min: MIN_PASSWORD_LENGTH })}</p>}
        {error && <p className="error" role="alert">{error}</p>}
        <button type="submit" className="primary" disabled={busy} data-testid="auth-submit">{mode === 'in' ? t('auth.signIn') : t('auth.signUp')}</button>
      </form>
      {mode === 'in' && (forgot ? <Suspense fallback={null}><ForgotPassword /></Suspense> : <p><button type="button" className="small" onClick={() => setForgot(true)} data-testid="forgot">{t('account.forgotLink')}</button></p>)}
      <p className="muted">{t('auth.orLocal')}</p>
    </div>
  );
}
