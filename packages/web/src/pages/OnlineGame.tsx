import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameStateT } from '@tabula/protocol';
import { api, ApiError, getAuth } from '../api/client.js';
import { connectLive, LiveError, type LiveGame, type LiveStatus } from '../api/live.js';
import { GameScreen } from '../components/GameScreen.js';
import { BOT_NAMES } from '../components/SetupForm.js';
import { loadGame } from '../games.js';
import { roleName, ruleText } from '../labels.js';
import { Link, navigate } from '../router.js';

export function OnlineGame({ id }: { id: string }) {
  const { t } = useTranslation();
  const [d, setD] = useState<GameStateT | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [live, setLive] = useState<LiveStatus>('connecting');
  const [copied, setCopied] = useState(false);
  const liveRef = useRef<LiveGame | null>(null);
  const auth = getAuth();

  useEffect(() => {
    // The socket is the only source of the game's state: pushed on connect and after every change.
    const conn = connectLive(id, {
      onState: (s) => {
        setD(s);
        void loadGame(s.game).catch(() => undefined); // the game's messages (log, prompts, rule errors)
      },
      onStatus: setLive,
      onFatal: (e) => setError(t(`error.${e.code}`, { defaultValue: e.message })),
    });
    liveRef.current = conn;
    return () => { conn.close(); liveRef.current = null; };
  }, [id, t]);

  const explain = (e: unknown, game: string): string => {
    if (e instanceof LiveError || e instanceof ApiError) {
      if (e.status === 409) return t('game.stale');
      if (e.status === 0) return t('live.closed');
      return ruleText(t, game, e.code, e.message);
    }
    return String(e);
  };
  const sendLive = async (msg: Parameters<LiveGame['send']>[0]) => {
    if (!d || !liveRef.current) return;
    setBusy(true);
    setError(null);
    try {
      await liveRef.current.send(msg);
    } catch (e) {
      setError(explain(e, d.game));
    } finally {
      setBusy(false);
    }
  };
  const myRole = d?.role ?? null;
  const act = (action: unknown) => d && sendLive({ type: 'action', version: d.version, action, ...(myRole ? { role: myRole } : {}) });
  const undo = () => d && sendLive({ type: 'undo', version: d.version, ...(myRole ? { role: myRole } : {}) });
  const resign = () => { if (d && confirm(t('game.resignConfirm'))) void sendLive({ type: 'resign', ...(myRole ? { role: myRole } : {}) }); };
  const seat = async (role: string, bot?: string) => {
    if (!auth) { navigate(`/signin?next=${encodeURIComponent(`/games/${id}`)}`); return; }
    setBusy(true);
    try { await api.takeSeat(id, role, bot); setError(null); } catch (e) { setError(e instanceof ApiError ? t(`error.${e.code}`, { defaultValue: e.message }) : String(e)); } finally { setBusy(false); }
  };

  const myTurnNow = !!d && d.yourTurn;
  useEffect(() => {
    // The tab title says when it is your turn (the opponent may move while you look elsewhere).
    document.title = myTurnNow ? `● ${t('lobby.yourTurn')} · Tabula` : 'Tabula';
    return () => { document.title = 'Tabula'; };
  }, [myTurnNow, t]);

  if (!d) return error ? <p className="error" role="alert">{error}</p> : <p className="muted">{t('common.loading')}</p>;
  const finished = d.status === 'finished';
  const free = d.seats.filter((s) => !s.user && !s.bot);
  const invite = `${location.origin}/games/${id}`;
  const controls = (
    <>
      <div className="live muted small" data-testid="live-status" data-status={live}>{t(`live.${live}`)}</div>
      {myRole && !finished && <button type="button" onClick={() => void undo()} disabled={busy || d.undo === 0} data-testid="undo">{t('game.undo')}</button>}
      {myRole && !finished && <button type="button" onClick={resign} disabled={busy} className="danger">{t('game.resign')}</button>}
      {finished && <Link to={`/games/${id}/replay`} className="button" data-testid="replay-link">{t('lobby.replay')}</Link>}
      <Link to="/" className="button">{t('nav.lobby')}</Link>
    </>
  );
  const above = free.length > 0 && !finished ? (
    <section className="panel seats-open">
      <p>{t('game.invite')} <code className="invite" data-testid="invite">{invite}</code>{' '}
        <button type="button" className="small" onClick={() => { void navigator.clipboard?.writeText(invite).then(() => setCopied(true), () => undefined); }}>{copied ? t('common.copied') : t('common.copy')}</button>
      </p>
      <div className="free-seats">
        {free.map((s) => (
          <span key={s.role} className="free-seat">
            <button type="button" onClick={() => void seat(s.role)} disabled={busy} data-testid={`take-${s.role}`}>{t('game.takeSeat', { role: roleName(t, d.game, s.role) })}</button>
            {d.roles.length > 0 && (
              <select aria-label={t('game.giveToBot', { role: roleName(t, d.game, s.role) })} value="" onChange={(e) => { if (e.target.value) void seat(s.role, e.target.value); }}>
                <option value="">{t('game.giveToBot', { role: roleName(t, d.game, s.role) })}</option>
                {BOT_NAMES.map((b) => <option key={b} value={b}>{t(`bot.${b}`, { defaultValue: b })}</option>)}
              </select>
            )}
          </span>
        ))}
      </div>
    </section>
  ) : null;
  return (
    <GameScreen gameId={d.game} view={d.view} actions={finished ? [] : d.actions} onAction={(a) => void act(a)} role={myRole}
      roles={d.seats.map((s) => s.role)} active={d.active} log={d.log} prompt={d.prompt}
      seats={d.seats.map((s) => ({ role: s.role, label: s.user ?? (s.bot ? null : t('seat.free')), bot: s.bot, me: d.roles.includes(s.role) }))}
      outcome={d.outcome} controls={controls} above={above} error={error} busy={busy} createdBy={d.createdBy} />
  );
}
