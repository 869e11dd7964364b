import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError, getAuth, normalizeDetail, type GameDetail } from '../api/client.js';
import { connectLive, type LiveStatus, type LiveUpdate } from '../api/live.js';
import { GameScreen } from '../components/GameScreen.js';
import { BOT_NAMES } from '../components/SetupForm.js';
import { loadGame } from '../games.js';
import { roleName, ruleText } from '../labels.js';
import { Link, navigate } from '../router.js';

function activeOf(d: GameDetail, myRole: string | null): string[] {
  if (d.active.length) return d.active;
  if (d.outcome || d.status === 'finished') return [];
  return myRole && d.actions.length > 0 ? [myRole] : [];
}

export function OnlineGame({ id }: { id: string }) {
  const { t } = useTranslation();
  const [d, setD] = useState<GameDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [live, setLive] = useState<LiveStatus>('connecting');
  const [copied, setCopied] = useState(false);
  const versionRef = useRef(-1);
  const auth = getAuth();

  const tRef = useRef(t);
  tRef.current = t;
  const load = useCallback(async () => {
    try {
      const g = await api.getGame(id);
      versionRef.current = g.version;
      setD(g);
      void loadGame(g.game).catch(() => undefined); // the game's messages (log, rule errors) as an i18n namespace
    } catch (e) {
      setError(e instanceof ApiError ? tRef.current(`error.${e.code}`, { defaultValue: e.message }) : String(e));
    }
  }, [id]);

  useEffect(() => {
    void load();
    return connectLive(id, {
      onOpen: (reconnected) => { if (reconnected) void load(); },
      onStatus: setLive,
      onUpdate: (u: LiveUpdate) => {
        if (typeof u.version === 'number' && u.version < versionRef.current) return;
        versionRef.current = u.version;
        const full = u as unknown as Record<string, unknown>;
        if (typeof full.game === 'string' && full.seats !== undefined) {
          // The server pushes the whole redacted game state (like GET /api/games/:id).
          setD(normalizeDetail(full, getAuth()?.name ?? null));
          return;
        }
        setD((prev) => {
          if (!prev) return prev;
          const next: GameDetail = { ...prev, version: u.version, view: u.view, actions: Array.isArray(u.actions) ? u.actions : [], log: Array.isArray(u.log) ? (u.log as GameDetail['log']) : prev.log };
          if (typeof u.status === 'string') next.status = u.status;
          if (Array.isArray(u.active)) next.active = u.active.map(String);
          if ('outcome' in u) next.outcome = u.outcome as GameDetail['outcome'];
          return next;
        });
        // Seats and status may have changed too: refresh them quietly.
        void api.getGame(id).then((g) => { if (g.version >= versionRef.current) { versionRef.current = g.version; setD(g); } }, () => undefined);
      },
    });
  }, [id, load]);

  const mine = d?.seats.filter((s) => s.me).map((s) => s.role) ?? [];
  const myRole = d ? (d.role ?? mine.find((r) => d.active.includes(r)) ?? mine[0] ?? null) : null;

  const act = async (action: unknown) => {
    if (!d) return;
    setBusy(true);
    setError(null);
    try {
      await api.play(id, d.version, action, myRole);
      await load();
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) { setError(t('game.stale')); await load(); }
      else if (e instanceof ApiError) setError(ruleText(t, d.game, e.code, e.message));
      else setError(String(e));
    } finally {
      setBusy(false);
    }
  };
  const undo = async () => {
    if (!d) return;
    setBusy(true);
    try { await api.undo(id, d.version, myRole); await load(); setError(null); } catch (e) { setError(e instanceof ApiError ? ruleText(t, d.game, e.code, e.message) : String(e)); } finally { setBusy(false); }
  };
  const resign = async () => {
    if (!d || !confirm(t('game.resignConfirm'))) return;
    setBusy(true);
    try { await api.resign(id, myRole); await load(); } catch (e) { setError(e instanceof ApiError ? ruleText(t, d.game, e.code, e.message) : String(e)); } finally { setBusy(false); }
  };
  const seat = async (role: string, bot?: string) => {
    if (!auth) { navigate(`/signin?next=${encodeURIComponent(`/games/${id}`)}`); return; }
    setBusy(true);
    try { await api.takeSeat(id, role, bot); await load(); setError(null); } catch (e) { setError(e instanceof ApiError ? t(`error.${e.code}`, { defaultValue: e.message }) : String(e)); } finally { setBusy(false); }
  };

  const myTurnNow = !!d && !!myRole && d.actions.length > 0 && d.status !== 'finished';
  useEffect(() => {
    // The tab title says when it is your turn (the opponent may move while you look elsewhere).
    document.title = myTurnNow ? `● ${t('lobby.yourTurn')} · Tabula` : 'Tabula';
    return () => { document.title = 'Tabula'; };
  }, [myTurnNow, t]);

  if (!d) return error ? <p className="error" role="alert">{error}</p> : <p className="muted">{t('common.loading')}</p>;
  const finished = d.status === 'finished' || !!d.outcome;
  const free = d.seats.filter((s) => !s.name && !s.bot);
  const invite = `${location.origin}/games/${id}`;
  const active = activeOf(d, myRole);
  const controls = (
    <>
      <div className="live muted small" data-testid="live-status" data-status={live}>{t(`live.${live}`)}</div>
      {myRole && !finished && <button type="button" onClick={() => void undo()} disabled={busy || d.undo === 0} data-testid="undo">{t('game.undo')}</button>}
      {myRole && !finished && <button type="button" onClick={() => void resign()} disabled={busy} className="danger">{t('game.resign')}</button>}
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
            {mine.length > 0 && (
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
      roles={d.seats.map((s) => s.role)} active={active} log={d.log}
      seats={d.seats.map((s) => ({ role: s.role, label: s.name ?? (s.bot ? null : t('seat.free')), bot: s.bot, me: s.me }))}
      outcome={d.outcome} controls={controls} above={above} error={error} busy={busy} />
  );
}
