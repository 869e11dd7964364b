import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../dates.js';
import type { TFunction } from 'i18next';
import { connectUserLive, notificationsApi, type AppNotification } from '../api/notifications.js';
import { refreshStanding } from '../api/moderation.js';
import { Link, navigate } from '../router.js';
import { gameName, playerName } from '../labels.js';
import { hasSavedLanguage, isLang, setLanguage } from '../i18n/index.js';

/** "Hammer of the Scots vs anna" in the UI language. */
export function notificationText(t: TFunction, n: AppNotification): string {
  const game = n.game ? gameName(t, n.game) : 'Tabula';
  const title = n.opponents.length ? t('notify.vs', { game, opponents: n.opponents.map((o) => playerName(t, o)).join(t('common.listSep')) }) : game;
  if (n.kind === 'game-over') return t(n.won === true ? 'notify.won' : n.won === false ? 'notify.lost' : 'notify.gameOver', { game: title });
  if (n.kind === 'invited') return t('notify.invited', { game: title, by: n.by ?? '' });
  if (n.kind === 'tournament-round' && n.tournament) return n.opponents.length ? t('notify.tournamentRound', { round: n.tournament.round, name: n.tournament.name, opponents: n.opponents.map((o) => playerName(t, o)).join(t('common.listSep')) }) : t('notify.tournamentRoundBye', { round: n.tournament.round, name: n.tournament.name });
  if (n.kind === 'tournament-finished' && n.tournament) return n.tournament.rank !== undefined && n.tournament.players !== undefined ? t('notify.tournamentFinishedRank', { name: n.tournament.name, rank: n.tournament.rank, players: n.tournament.players }) : t('notify.tournamentFinished', { name: n.tournament.name });
  if (n.kind === 'time-low') return t('notify.timeLow', { game: title });
  return t('notify.yourTurn', { game: title });
}

const BROWSER_KEY = 'tabula.browserNotify';
/** The opt-in of this browser (the account's setting is mirrored here so the socket handler needs no request). */
export function browserNotifyOn(): boolean {
  try { return localStorage.getItem(BROWSER_KEY) === '1'; } catch { return false; }
}
export function setBrowserNotify(on: boolean): void {
  try { if (on) localStorage.setItem(BROWSER_KEY, '1'); else localStorage.removeItem(BROWSER_KEY); } catch { /* ignore */ }
}

/** The unread count and the newest notifications of the signed-in account, kept current by /api/live. */
export function useNotifications(signedIn: boolean): { unread: number; latest: AppNotification[]; refresh(): Promise<void>; markRead(ids?: number[]): Promise<void> } {
  const { t } = useTranslation();
  const [unread, setUnread] = useState(0);
  const [latest, setLatest] = useState<AppNotification[]>([]);
  const tRef = useRef(t);
  tRef.current = t;
  const refresh = useCallback(async () => {
    const r = await notificationsApi.list();
    setLatest(r.notifications);
    setUnread(r.unread);
  }, []);
  useEffect(() => {
    if (!signedIn) { setUnread(0); setLatest([]); return; }
    const live = connectUserLive({
      onUnread: setUnread,
      onStanding: refreshStanding,
      onNotification: (n) => {
        // The server keeps one unread "your turn" per game: the new one replaces the one before.
        const replaced = (x: AppNotification) => n.kind === 'your-turn' && x.kind === 'your-turn' && !x.read && x.gameId === n.gameId;
        setLatest((l) => [n, ...l.filter((x) => x.id !== n.id && !replaced(x))].slice(0, 30));
        // The browser's own notification only while the tab is hidden, and only when opted in.
        if (document.hidden && browserNotifyOn() && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
          const shown = new Notification('Tabula', { body: notificationText(tRef.current, n), tag: `tabula-${n.id}` });
          shown.onclick = () => { window.focus(); if (n.gameId) navigate(`/games/${encodeURIComponent(n.gameId)}`); shown.close(); };
        }
      },
    });
    return () => live.close();
  }, [signedIn]);
  const markRead = useCallback(async (ids?: number[]) => {
    const r = await notificationsApi.markRead(ids);
    setUnread(r.unread);
    setLatest((l) => l.map((n) => (!ids || ids.includes(n.id) ? { ...n, read: true } : n)));
  }, []);
  return { unread, latest, refresh, markRead };
}

/** The header's bell: the unread badge, and the list when opened. */
export function NotificationBell({ state }: { state: ReturnType<typeof useNotifications> }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    void state.refresh().catch(() => undefined);
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => { document.removeEventListener('mousedown', close); document.removeEventListener('keydown', close); };
  }, [open, state.refresh]);
  const label = state.unread > 0 ? t('notify.bellUnread', { count: state.unread }) : t('notify.bell');
  return (
    <div className="bell" ref={box}>
      <button type="button" className="small bell-button" aria-expanded={open} aria-haspopup="true" aria-label={label} title={label} data-testid="bell" onClick={() => setOpen((o) => !o)}>
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="currentColor" style={{ verticalAlign: '-3px' }}>
          <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2z" />
        </svg>
        {state.unread > 0 && <span className="badge" data-testid="unread-badge" aria-hidden="true">{state.unread > 99 ? '99+' : state.unread}</span>}
      </button>
      {open && (
        <div className="bell-panel" role="region" aria-label={t('notify.title')} data-testid="notification-list">
          <div className="bell-head">
            <b>{t('notify.title')}</b>
            <span className="spacer" />
            <button type="button" className="small" disabled={state.unread === 0} onClick={() => void state.markRead()}>{t('notify.markAll')}</button>
          </div>
          {state.latest.length === 0 ? <p className="muted">{t('notify.none')}</p> : (
            <ul className="bell-list">
              {state.latest.map((n) => (
                <li key={n.id} className={n.read ? 'read' : 'unread'}>
                  <Link to={n.gameId ? `/games/${encodeURIComponent(n.gameId)}` : n.tournament ? `/tournaments/${encodeURIComponent(n.tournament.id)}` : '/'} onClick={() => { setOpen(false); if (!n.read) void state.markRead([n.id]); }}>
                    {notificationText(t, n)}
                  </Link>
                  <span className="muted small"> <time dateTime={new Date(n.createdAt).toISOString()} data-testid="notification-date">{formatDateTime(n.createdAt, i18n.resolvedLanguage ?? i18n.language)}</time></span>
                </li>
              ))}
            </ul>
          )}
          <Link to="/settings" className="small" onClick={() => setOpen(false)}>{t('notify.settings')}</Link>
        </div>
      )}
    </div>
  );
}

/**
 * Keeps the UI and the account in one language (mail and the bell are worded in it). A device with no language
 * chosen takes the account's when one other than the default English was saved (signing in on a new browser
 * must not overwrite it with the browser's); after that, or with a choice made here, the UI language is sent.
 */
export function useLanguageSync(signedIn: boolean, lang: string | undefined): void {
  const settled = useRef(false);
  useEffect(() => {
    if (!signedIn) { settled.current = false; return; }
    if (!lang || !isLang(lang)) return;
    const send = () => void notificationsApi.patch({ language: lang }).catch(() => undefined);
    if (settled.current || hasSavedLanguage()) { settled.current = true; send(); return; }
    settled.current = true;
    notificationsApi.settings().then((s) => {
      if (s.language !== 'en' && isLang(s.language) && s.language !== lang) setLanguage(s.language);
      else send();
    }, () => undefined);
  }, [signedIn, lang]);
}
