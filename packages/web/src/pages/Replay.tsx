import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import i18next from 'i18next';
import { api, ApiError, type GameLogJson } from '../api/client.js';
import { loadGame, type GameModule } from '../games.js';
import { GameScreen } from '../components/GameScreen.js';
import { historyOf, loadCurrent, type LocalGameFile } from '../local/session.js';
import { actionLabel, roleName } from '../labels.js';
import type { AnalysedDecisionT, ChatLineT } from '@tabula/protocol';
import type { AnalysisSource } from '../components/Analysis.js';
import { ChatLineView } from '../components/Chat.js';

// The analysis (graph, mistakes) is its own chunk: loaded when a finished game's replay opens.
const Analysis = lazy(() => import('../components/Analysis.js'));

/**
 * Steps through a game's log, replayed locally through the engine, from any side's view or the spectator's.
 * A finished game can be analysed (`source`: by the server or in this browser's bot worker).
 */
export function ReplayViewer({ log, chat, source }: { log: GameLogJson; chat?: ChatLineT[]; source?: AnalysisSource }) {
  const { t } = useTranslation();
  const [mod, setMod] = useState<GameModule | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState(0);
  const [viewer, setViewer] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  // A mistake picked in the analysis: its position is shown with the bot's alternative.
  const [alt, setAlt] = useState<AnalysedDecisionT | null>(null);
  useEffect(() => { loadGame(log.game).then(setMod, (e: unknown) => setError(e instanceof Error ? e.message : String(e))); }, [log.game]);
  const history = useMemo(() => {
    if (!mod) return null;
    try { return historyOf(mod.game, { ...log, options: log.options ?? {} }); } catch (e) { setError(String(e)); return null; }
  }, [mod, log]);
  const n = log.actions.length;
  useEffect(() => {
    if (!playing) return;
    if (step >= n) { setPlaying(false); return; }
    const id = setTimeout(() => setStep((s) => Math.min(n, s + 1)), 700);
    return () => clearTimeout(id);
  }, [playing, step, n]);
  // Arrow keys step the replay (Home / End: the first / last position), unless a field or the board wants them.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
      const el = e.target instanceof Element ? e.target : null;
      if (el?.closest('input, select, textarea, [contenteditable=true], .board-area')) return;
      const to = e.key === 'ArrowRight' ? (s: number) => Math.min(n, s + 1) : e.key === 'ArrowLeft' ? (s: number) => Math.max(0, s - 1)
        : e.key === 'Home' ? () => 0 : e.key === 'End' ? () => n : null;
      if (!to) return;
      e.preventDefault();
      setPlaying(false);
      setAlt(null);
      setStep(to);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [n]);
  if (error) return <p className="error" role="alert">{error}</p>;
  if (!mod || !history) return <p className="muted">{t('common.loading')}</p>;
  const game = mod.game;
  const roles = game.roles({ ...log.options, seed: log.seed });
  const state = history.stateAt(Math.min(step, history.length));
  const lines = history.log(viewer, 0, step);
  // The server replays only finished games (a resignation is not in the engine's outcome); a local one must be over.
  const finished = source?.kind === 'online' || game.outcome(history.state) !== null;
  const shownAlt = alt && alt.index === step && alt.best !== null ? alt : null;
  const jump = (s: number, d: AnalysedDecisionT | null): void => {
    setPlaying(false);
    setStep(s);
    setAlt(d);
    if (d) setViewer(d.role);
  };
  const controls = (
    <div className="replay-controls" data-testid="replay-controls">
      <label>{t('replay.viewAs')}
        <select value={viewer ?? ''} onChange={(e) => setViewer(e.target.value || null)} data-testid="replay-viewer">
          <option value="">{roleName(t, game.id, null)}</option>
          {roles.map((r) => <option key={r} value={r}>{roleName(t, game.id, r)}</option>)}
        </select>
      </label>
      <div className="button-row">
        <button type="button" onClick={() => setStep(0)} aria-label={t('replay.first')} title={t('replay.first')}>|◀</button>
        <button type="button" onClick={() => setStep((s) => Math.max(0, s - 1))} aria-label={t('replay.prev')} title={t('replay.prev')} data-testid="replay-prev">◀</button>
        <button type="button" onClick={() => setPlaying((p) => !p)} data-testid="replay-play">{playing ? t('replay.pause') : t('replay.play')}</button>
        <button type="button" onClick={() => setStep((s) => Math.min(n, s + 1))} aria-label={t('replay.next')} title={t('replay.next')} data-testid="replay-next">▶</button>
        <button type="button" onClick={() => setStep(n)} aria-label={t('replay.last')} title={t('replay.last')}>▶|</button>
      </div>
      <label>{t('replay.jump')}
        <input type="range" min={0} max={n} value={step} onChange={(e) => setStep(Number(e.target.value))} data-testid="replay-slider" />
      </label>
      <p data-testid="replay-step">{t('replay.step', { step, total: n })}</p>
      {chat && chat.length > 0 && (
        <section className="chat replay-chat" aria-label={t('chat.title')}>
          <h3>{t('chat.title')}</h3>
          {/* A line written after k actions shows from step k on. */}
          <ol className="chat-lines" data-testid="replay-chat">{chat.filter((l) => l.seq <= step).map((l) => <ChatLineView key={l.id} gameId={game.id} line={l} />)}</ol>
        </section>
      )}
    </div>
  );
  const below = source && finished ? (
    <Suspense fallback={<p className="muted">{t('common.loading')}</p>}>
      <Analysis gameId={game.id} roles={roles} log={{ ...log, options: log.options ?? {} }} source={source} step={step} onJump={jump} />
    </Suspense>
  ) : null;
  return (
    <GameScreen gameId={game.id} view={game.view(state, viewer)} actions={shownAlt ? [shownAlt.best] : []} suggested={shownAlt?.best} onAction={() => undefined} role={viewer} roles={roles}
      active={game.active(state)} log={lines} prompt={shownAlt ? { key: 'ui:analysis.botChoice', args: { best: actionLabel(t, game.id, shownAlt.best) } } : null} outcome={step === n ? game.outcome(state) : null} controls={controls} replay below={below}
      title={<>{t('replay.title')}{t('common.colon')}{t(`game.${game.id}`, { defaultValue: game.id })}</>} />
  );
}

export function OnlineReplay({ id }: { id: string }) {
  const { t } = useTranslation();
  const [log, setLog] = useState<GameLogJson | null>(null);
  const [chat, setChat] = useState<ChatLineT[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.chat(id).then((c) => setChat(c.lines), () => undefined);
    api.replay(id).then(setLog, (e: unknown) => setError(e instanceof ApiError ? i18next.t(`error.${e.code}`, { defaultValue: e.message }) : String(e)));
  }, [id]);
  if (error) return <p className="error" role="alert">{error}</p>;
  return log ? <ReplayViewer log={log} chat={chat} source={{ kind: 'online', id }} /> : <p className="muted">{t('common.loading')}</p>;
}

export function LocalReplay() {
  const { t } = useTranslation();
  // ?id=: a game from this device's list; otherwise the game on screen.
  const id = new URLSearchParams(location.search).get('id');
  const [f, setF] = useState<LocalGameFile | null | undefined>(() => (id ? undefined : loadCurrent()));
  useEffect(() => { if (id) void import('../local/library.js').then((l) => l.getGame(id)).then((g) => setF(g ?? null), () => setF(null)); }, [id]);
  if (f === undefined) return <p className="muted">{t('common.loading')}</p>;
  return f ? <ReplayViewer log={f} source={{ kind: 'local', log: { ...f, options: f.options ?? {} } }} /> : <p className="muted">{t('local.none')}</p>;
}
