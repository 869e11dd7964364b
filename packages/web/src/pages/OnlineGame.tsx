import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatLineT, GameRatingsT, GameStateT, GameTournamentT, RematchT } from '@tabula/protocol';
import { api, ApiError, getAuth } from '../api/client.js';
import { connectLive, LiveError, type LiveGame, type LiveStatus } from '../api/live.js';
import { setWatching } from '../api/notifications.js';
import { GameScreen } from '../components/GameScreen.js';
import { CLAIM_AFTER_DISCONNECT_MS, Clocks, formatClock } from '../components/Clocks.js';
import { Result } from '../components/Result.js';
import { Chat } from '../components/Chat.js';
import { RematchPanel } from '../components/Rematch.js';
import { DRAW_ERRORS, DrawOfferBanner } from '../components/DrawOffer.js';
import { BOT_NAMES } from '../components/SetupForm.js';
import { LearningPanel, learningOffHere, setLearningOffHere, type BotSaid } from '../components/LearningPanel.js';
import { HintControls, offeredActions } from '../components/Hint.js';
import { loadGame } from '../games.js';
import { botName, roleName, ruleText } from '../labels.js';
import { Link, navigate, setTitleFlag } from '../router.js';

export function OnlineGame({ id }: { id: string }) {
  const { t } = useTranslation();
  const [d, setD] = useState<GameStateT | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [errorRule, setErrorRule] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [live, setLive] = useState<LiveStatus>('connecting');
  const [copied, setCopied] = useState(false);
  const liveRef = useRef<LiveGame | null>(null);
  const auth = getAuth();
  // The socket lives as long as the page shows this game: a new `t` (a namespace loaded) must not reopen it.
  const tRef = useRef(t);
  tRef.current = t;
  // Chat and the rematch offer come over the same socket (social).
  const [chat, setChat] = useState<ChatLineT[]>([]);
  const [rematch, setRematch] = useState<RematchT | null>(null);
  const [ratings, setRatings] = useState<GameRatingsT | null>(null);
  // A game of a tournament links back to it ("Round 2 of Spring Swiss"); asked once, a game never changes tournament.
  const [tournament, setTournament] = useState<GameTournamentT | null>(null);
  useEffect(() => { api.gameTournament(id).then((r) => setTournament(r.tournament), () => undefined); }, [id]);

  // The server makes no "your turn" for the game on screen (and reads the one waiting).
  useEffect(() => { setWatching(id); return () => setWatching(null); }, [id]);

  useEffect(() => {
    // The socket is the only source of the game's state: pushed on connect and after every change.
    const conn = connectLive(id, {
      onState: (s) => {
        setD(s);
        void loadGame(s.game).catch(() => undefined); // the game's messages (log, prompts, rule errors)
      },
      onStatus: setLive,
      onFatal: (e) => setError(tRef.current(`error.${e.code}`, { defaultValue: e.message })),
      onChat: (lines, whole) => setChat((prev) => {
        if (whole) return lines;
        const seen = new Set(prev.map((l) => l.id));
        return [...prev, ...lines.filter((l) => !seen.has(l.id))];
      }),
      onRematch: setRematch,
      onRatings: setRatings,
    });
    liveRef.current = conn;
    return () => { conn.close(); liveRef.current = null; };
  }, [id]);

  const explain = (e: unknown, game: string): string => {
    if (e instanceof LiveError || e instanceof ApiError) {
      if (e.status === 409 && !DRAW_ERRORS.has(e.code)) return t('game.stale');
      if (e.status === 0) return t('live.closed');
      return ruleText(t, game, e.code, e.message);
    }
    return String(e);
  };
  const sendLive = async (msg: Parameters<LiveGame['send']>[0]) => {
    if (!d || !liveRef.current) return;
    setBusy(true);
    setError(null);
    setErrorRule(null);
    try {
      await liveRef.current.send(msg);
    } catch (e) {
      setError(explain(e, d.game));
      setErrorRule(e instanceof LiveError ? e.rule ?? null : null);
    } finally {
      setBusy(false);
    }
  };
  const myRole = d?.role ?? null;
  const act = (action: unknown) => d && sendLive({ type: 'action', version: d.version, action, ...(myRole ? { role: myRole } : {}) });
  const undo = () => d && sendLive({ type: 'undo', version: d.version, ...(myRole ? { role: myRole } : {}) });
  const resign = () => { if (d && confirm(t('game.resignConfirm'))) void sendLive({ type: 'resign', ...(myRole ? { role: myRole } : {}) }); };
  const abort = () => { if (d && confirm(t('game.abortConfirm'))) void sendLive({ type: 'abort', ...(myRole ? { role: myRole } : {}) }); };
  const claim = () => void sendLive({ type: 'claim', ...(myRole ? { role: myRole } : {}) });
  const drawOp = (op: 'offer' | 'accept' | 'decline') => void sendLive({ type: 'draw', op });
  const offerDraw = () => { if (d && confirm(t('draw.offerConfirm'))) drawOp('offer'); };
  // Seats away from a live game: the claim button appears once every opponent has been gone 2 minutes.
  const [awaySince, setAwaySince] = useState<{ at: number; away: Record<string, number> }>({ at: 0, away: {} });
  const [tick, setTick] = useState(0);
  useEffect(() => { if (d) setAwaySince({ at: performance.now(), away: d.away }); }, [d]);
  const awayRoles = Object.keys(awaySince.away);
  useEffect(() => {
    if (awayRoles.length === 0) return;
    const h = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(h);
  }, [awayRoles.length]);
  const awayFor = (r: string): number | null => (awaySince.away[r] === undefined ? null : awaySince.away[r]! + performance.now() - awaySince.at);
  const opponents = d ? d.seats.filter((s) => s.user !== null && !d.roles.includes(s.role)).map((s) => s.role) : [];
  const allAway = tick >= 0 && opponents.length > 0 && opponents.every((r) => awayFor(r) !== null);
  const claimIn = allAway ? Math.max(0, CLAIM_AFTER_DISCONNECT_MS - Math.min(...opponents.map((r) => awayFor(r)!))) : null;
  const claimable = claimIn === 0;
  const seat = async (role: string, bot?: string) => {
    if (!auth) { navigate(`/signin?next=${encodeURIComponent(`/games/${id}`)}`); return; }
    setBusy(true);
    try { await api.takeSeat(id, role, bot); setError(null); } catch (e) { setError(e instanceof ApiError ? t(`error.${e.code}`, { defaultValue: e.message }) : String(e)); } finally { setBusy(false); }
  };

  // A rematch accepted while this page shows the offer moves both players' pages to the new game; opening
  // the old game later (from a profile, the lobby) shows the old game, with a link to the new one.
  const iPlay = !!d && d.roles.length > 0;
  const offerSeen = useRef(false);
  useEffect(() => {
    if (rematch?.status === 'offered') offerSeen.current = true;
    if (iPlay && offerSeen.current && rematch?.status === 'accepted' && rematch.game && rematch.game !== id) navigate(`/games/${rematch.game}`);
  }, [iPlay, rematch, id]);
  const sendChat = async (text: string) => {
    if (!liveRef.current) throw new Error(t('live.closed'));
    try { await liveRef.current.send({ type: 'chat', text }); } catch (e) { throw new Error(e instanceof LiveError ? t(`error.${e.code}`, { defaultValue: e.message }) : String(e)); }
  };
  const mute = (name: string) => {
    if (!confirm(t('chat.muteConfirm', { name }))) return;
    void api.mute(name).then(() => setChat((prev) => prev.filter((l) => l.user !== name)), (e: unknown) => setError(String(e)));
  };
  const rematchOp = (op: 'offer' | 'accept' | 'decline' | 'cancel') => void sendLive({ type: 'rematch', op });

  // Learning mode: chosen when the game was made (the server keeps it, so every device of mine sees it), and
  // turned off on this device if I like. Each bot move's reason is asked from the server for my seat.
  const [offHere, setOffHere] = useState(() => learningOffHere(id));
  const learning = !!d?.learning && !offHere;
  const [said, setSaid] = useState<BotSaid[]>([]);
  const againstBot = !!d && !!myRole && d.seats.some((s) => s.bot);
  const lastSeq = d && d.log.length > 0 ? Math.max(...d.log.map((l) => l.seq)) : -1;
  const lastRole = d?.log.find((l) => l.seq === lastSeq)?.role ?? null;
  const botMoved = !!d && lastSeq >= 0 && d.seats.some((s) => s.bot && s.role === lastRole);
  useEffect(() => {
    if (!learning || !againstBot || !botMoved || said.some((x) => x.at === lastSeq)) return;
    const at = lastSeq;
    api.explain(id, at, myRole).then((r) => {
      if (r.role && r.reason) setSaid((l) => [...l.filter((x) => x.at !== at), { at, role: r.role!, reason: r.reason! }].sort((a, b) => a.at - b.at).slice(-5));
    }, () => undefined);
  }, [learning, againstBot, botMoved, lastSeq]);

  // The hint (learning games): asked by itself on my turn, from the server's bot, for the game's version it is for.
  const [hint, setHint] = useState<{ version: number; action?: unknown } | null>(null);
  const [hintOnBoard, setHintOnBoard] = useState(false);
  const choosing = learning && !!d && d.status === 'active' && d.yourTurn && d.actions.length > 1;
  const askHint = () => {
    if (!d) return;
    const version = d.version;
    setHint({ version });
    api.hint(id, myRole).then(
      (r) => setHint((h) => (h && h.version === version ? { version, action: r.action } : h)),
      (e: unknown) => {
        // Refused: the button asks again, the next turn asks by itself; while the hint for an earlier position
        // (before the bot's move) is still worked out, this one is asked again in a moment.
        setHint((h) => (h && h.version === version && h.action === undefined ? null : h));
        if (e instanceof ApiError && e.code === 'hint-pending') setTimeout(() => setHintRetry((n) => n + 1), 500);
      },
    );
  };
  const [hintRetry, setHintRetry] = useState(0);
  useEffect(() => {
    if (choosing && hint?.version !== d!.version) askHint();
  }, [choosing, d?.version, hintRetry]);
  const hintShown = d && hint && hint.version === d.version && d.yourTurn ? hint : null;

  const myTurnNow = !!d && d.yourTurn;
  useEffect(() => {
    // The tab title says when it is your turn (the opponent may move while you look elsewhere).
    setTitleFlag(myTurnNow ? `● ${t('lobby.yourTurn')}` : null);
    return () => setTitleFlag(null);
  }, [myTurnNow, t]);

  if (!d) return error ? <p className="error" role="alert">{error}</p> : <p className="muted">{t('common.loading')}</p>;
  const finished = d.status === 'finished';
  const free = d.seats.filter((s) => !s.user && !s.bot);
  const invite = `${location.origin}/games/${id}`;
  // Who the game waits for: a bot or a player thinking, the other players' connection, the claim's countdown.
  const nameOf = (r: string): string => {
    const s = d.seats.find((x) => x.role === r);
    return s?.user ?? (s?.bot ? botName(t, s.bot) : roleName(t, d.game, r));
  };
  const waitingFor = finished ? [] : d.active.filter((r) => !d.roles.includes(r) && d.seats.some((s) => s.role === r && (s.user || s.bot)));
  const presence = !finished && (waitingFor.length > 0 || opponents.length > 0) ? (
    <div className="presence small" data-testid="presence" aria-live="polite">
      {waitingFor.map((r) => <p key={r} className="thinking" data-testid="thinking"><span className="dots" aria-hidden="true" /> {t('wait.thinking', { name: nameOf(r) })}</p>)}
      {opponents.map((r) => {
        const away = awayFor(r);
        return <p key={r} className={away === null ? 'online' : 'away'} data-testid={`presence-${r}`} data-away={away === null ? undefined : 'true'}>
          <span className="presence-dot" aria-hidden="true" /> {away === null ? t('wait.connected', { name: nameOf(r) }) : t('wait.away', { name: nameOf(r), time: formatClock(away) })}
        </p>;
      })}
      {myRole && claimIn !== null && claimIn > 0 && <p data-testid="claim-countdown">{t('wait.claimIn', { time: formatClock(claimIn) })}</p>}
    </div>
  ) : null;
  const controls = (
    <>
      <div className="live muted small" data-testid="live-status" data-status={live}>{t(`live.${live}`)}</div>
      {presence}
      {myRole && !finished && <button type="button" onClick={() => void undo()} disabled={busy || d.undo === 0} data-testid="undo">{t('game.undo')}</button>}
      {d.abortable && !finished && <button type="button" onClick={abort} disabled={busy} data-testid="abort">{t('game.abort')}</button>}
      {myRole && !finished && !d.abortable && d.drawOffer?.status !== 'open' && <button type="button" onClick={offerDraw} disabled={busy} data-testid="draw-offer-button">{t('draw.offer')}</button>}
      {myRole && !finished && !d.abortable && <button type="button" onClick={resign} disabled={busy} className="danger">{t('game.resign')}</button>}
      {myRole && !finished && claimable && <button type="button" onClick={claim} disabled={busy} data-testid="claim">{t('game.claim')}</button>}
      {d.learning && myRole && !finished && <HintControls gameId={d.game} hint={learning ? hintShown : null} choices={learning && d.yourTurn ? d.actions.length : 0} onAsk={askHint} onBoard={hintOnBoard} setOnBoard={setHintOnBoard} />}
      {d.learning && againstBot && !finished && (
        <label className="small"><input type="checkbox" checked={learning} onChange={(e) => { setOffHere(!e.target.checked); setLearningOffHere(id, !e.target.checked); }} data-testid="learning-toggle" /> {t('setup.learning')}</label>
      )}
      {finished && <Link to={`/games/${id}/replay`} className="button" data-testid="replay-link">{t('lobby.replay')}</Link>}
      <Link to="/" className="button">{t('nav.lobby')}</Link>
    </>
  );
  const invitePanel = free.length > 0 && !finished ? (
    <section className="panel seats-open">
      <p>{t('game.invite')} <code className="invite" data-testid="invite">{invite}</code>{' '}
        <button type="button" className="small" onClick={() => { void navigator.clipboard?.writeText(invite).then(() => setCopied(true), () => undefined); }}>{copied ? t('common.copied') : t('common.copy')}</button>
      </p>
      <div className="free-seats">
        {free.map((s) => (
          <span key={s.role} className="free-seat">
            {!iPlay && <button type="button" onClick={() => void seat(s.role)} disabled={busy} data-testid={`take-${s.role}`}>{t('game.takeSeat', { role: roleName(t, d.game, s.role) })}</button>}
            {iPlay && (
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
  const above = (
    <>
      {tournament && <p className="tournament-link"><Link to={`/tournaments/${encodeURIComponent(tournament.id)}`} data-testid="game-tournament">{t('tourn.gameLink', { round: tournament.round, name: tournament.name })}</Link></p>}
      {d.clock && <Clocks gameId={d.game} clock={d.clock} finished={finished} />}
      {!finished && <DrawOfferBanner offer={d.drawOffer} seats={d.seats.map((s) => s.role)} mine={d.roles} nameOf={nameOf} busy={busy} onOp={drawOp} />}
      {finished && d.outcome && (
        <Result gameId={d.game} id={id} outcome={d.outcome} roles={d.seats.map((s) => s.role)} log={d.log} ratings={ratings} players={Object.fromEntries(d.seats.map((s) => [s.role, s.user ?? (s.bot ? botName(t, s.bot) : null)]))}>
          <RematchPanel rematch={rematch} me={auth?.name ?? null} isPlayer={iPlay} busy={busy} onOp={rematchOp} />
        </Result>
      )}
      {invitePanel}
    </>
  );
  const side = <>{learning && againstBot && <LearningPanel gameId={d.game} said={said} />}<Chat gameId={d.game} lines={chat} me={auth?.name ?? null} isPlayer={iPlay} onSend={sendChat} onMute={mute} /></>;
  return (
    <GameScreen gameId={d.game} view={d.view} actions={finished ? [] : offeredActions(d.actions, hintShown, hintOnBoard)} onAction={(a) => void act(a)} role={myRole}
      roles={d.seats.map((s) => s.role)} active={d.active} log={d.log} prompt={d.prompt}
      seats={d.seats.map((s) => ({ role: s.role, label: s.user ?? (s.bot ? null : t('seat.free')), bot: s.bot, me: d.roles.includes(s.role) }))}
      outcome={d.outcome} controls={controls} above={above} side={side} error={error} errorRule={error ? errorRule : null} busy={busy}
      whyNot={myRole ? async (target) => (await api.whyNot(id, target, myRole)).reason : undefined} createdBy={d.createdBy}
      openSeats={finished ? [] : free.map((s) => s.role)}
      judge={myRole ? async (a) => (await api.preview(id, a, myRole)).risk : undefined} />
  );
}
