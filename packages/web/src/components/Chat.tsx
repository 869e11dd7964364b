import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatLineT } from '@tabula/protocol';
import { CHAT_MAX_CHARS } from '@tabula/protocol/limits';
import { roleName } from '../labels.js';
import { Link } from '../router.js';
import { refreshStanding, useStanding } from '../api/moderation.js';
import { formatDateTime } from '../dates.js';
import { ReportForm } from './Safety.js';

const HIDE_KEY = 'tabula.hideSpectatorChat';

/** One chat line: the writer (a link to the profile) and the text, always as text (React escapes it). */
export function ChatLineView({ gameId, line, onMute, onReport }: { gameId: string; line: ChatLineT; onMute?: (name: string) => void; onReport?: (line: ChatLineT) => void }) {
  const { t } = useTranslation();
  return (
    <li className={`chat-line chat-${line.channel}`} data-testid="chat-line" data-channel={line.channel}>
      <Link to={`/u/${encodeURIComponent(line.user)}`} className="chat-user" dir="auto">{line.user}</Link>
      {line.role && <span className="muted small"> ({roleName(t, gameId, line.role)})</span>}
      {line.channel === 'spectators' && <span className="tag small">{t('chat.spectator')}</span>}
      <span className="chat-text" dir="auto">{line.text}</span>
      {onMute && <button type="button" className="small link" onClick={() => onMute(line.user)} aria-label={t('chat.muteUser', { name: line.user })}>{t('chat.mute')}</button>}
      {onReport && <button type="button" className="small link" onClick={() => onReport(line)} aria-label={t('safety.reportLine', { name: line.user })} data-testid="chat-report">{t('safety.report')}</button>}
    </li>
  );
}

/** The game's chat: players' and spectators' lines; players may hide the spectators'. */
export function Chat({ gameId, lines, me, isPlayer, onSend, onMute }: {
  gameId: string; lines: ChatLineT[]; me: string | null; isPlayer: boolean;
  onSend: (text: string) => Promise<void>; onMute: (name: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const mutedUntil = useStanding()?.chatMutedUntil ?? null;
  const [reporting, setReporting] = useState<ChatLineT | null>(null);
  useEffect(() => {
    if (mutedUntil === null) return;
    const timer = setTimeout(refreshStanding, Math.min(2 ** 31 - 1, Math.max(0, mutedUntil - Date.now()) + 1000));
    return () => clearTimeout(timer);
  }, [mutedUntil]);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [hide, setHide] = useState(() => { try { return localStorage.getItem(HIDE_KEY) === '1'; } catch { return false; } });
  const list = useRef<HTMLOListElement>(null);
  const shown = lines.filter((l) => !(isPlayer && hide && l.channel === 'spectators'));
  useEffect(() => { const el = list.current; if (el) el.scrollTop = el.scrollHeight; }, [shown.length]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    try {
      await onSend(text);
      setText('');
      setError(null);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      refreshStanding(); // a moderator's mute: the form gives way to when it ends
    }
  };
  return (
    <section className="panel chat" aria-labelledby="chat-title" data-testid="chat">
      <h2 id="chat-title">{t('chat.title')}</h2>
      {isPlayer && (
        <label className="small">
          <input type="checkbox" checked={hide} data-testid="chat-hide-spectators" onChange={(e) => { setHide(e.target.checked); try { localStorage.setItem(HIDE_KEY, e.target.checked ? '1' : '0'); } catch { /* ignore */ } }} />
          {' '}{t('chat.hideSpectators')}
        </label>
      )}
      <ol className="chat-lines" ref={list} aria-live="polite">
        {shown.length === 0 && <li className="muted small">{t('chat.empty')}</li>}
        {shown.map((l) => <ChatLineView key={l.id} gameId={gameId} line={l} onMute={me && l.user !== me ? onMute : undefined} onReport={me && l.user !== me ? setReporting : undefined} />)}
      </ol>
      {reporting && <ReportForm key={reporting.id} name={reporting.user} lineId={reporting.id} onClose={() => setReporting(null)} />}
      {me && mutedUntil !== null ? <p className="muted small" data-testid="chat-muted">{t('safety.chatMuted', { until: formatDateTime(mutedUntil, i18n.resolvedLanguage ?? i18n.language) })}</p> : me ? (
        <form onSubmit={(e) => void submit(e)} className="chat-form">
          <label className="sr-only" htmlFor="chat-input">{isPlayer ? t('chat.toPlayers') : t('chat.toSpectators')}</label>
          <input id="chat-input" value={text} maxLength={CHAT_MAX_CHARS} onChange={(e) => setText(e.target.value)} placeholder={isPlayer ? t('chat.toPlayers') : t('chat.toSpectators')} data-testid="chat-input" dir="auto" />
          <button type="submit" data-testid="chat-send">{t('chat.send')}</button>
        </form>
      ) : <p className="muted small">{t('chat.signIn')}</p>}
      {error && <p className="error small" role="alert">{error}</p>}
    </section>
  );
}
