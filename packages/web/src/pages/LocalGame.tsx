import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRuleError, judgeAction } from '@tabula/engine';
import { loadGame, manifestOf, type GameModule } from '../games.js';
import { GameScreen } from '../components/GameScreen.js';
import { askBot, askBotExplained } from '../local/bots.js';
import { download, ENGINE_VERSION, historyOf, loadCurrent, saveCurrent, type LocalGameFile } from '../local/session.js';
import type { ReplayedGame } from '@tabula/engine';
import { roleName, ruleText } from '../labels.js';
import { LearningPanel, type BotSaid } from '../components/LearningPanel.js';
import { HintControls, offeredActions } from '../components/Hint.js';
import { Link, navigate } from '../router.js';

/** The bot that answers hints: a fixed budget, so the same position gives the same hint. */
const HINT_BOT = 'mcts-medium@400';

export function LocalGame() {
  const { t } = useTranslation();
  const [file, setFile] = useState<LocalGameFile | null>(() => loadCurrent());
  const [mod, setMod] = useState<GameModule | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [errorRule, setErrorRule] = useState<string | null>(null);
  const [thinking, setThinking] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [curtainChoice, setCurtainOn] = useState<boolean | null>(null);
  const asking = useRef(0);
  // "What would the bot do here": the bot's answer for the position after `at` actions.
  const [hint, setHint] = useState<{ at: number; role: string; action?: unknown } | null>(null);
  // Show the hint on the board: the hinted action as the only one offered (the board's own highlight).
  const [hintOnBoard, setHintOnBoard] = useState(false);
  // Learning mode: what the bots said about their last moves (newest last), by the action's place in the log.
  const [explained, setExplained] = useState<BotSaid[]>([]);

  useEffect(() => {
    if (!file) return;
    loadGame(file.game).then(setMod, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [file?.game]);

  const prev = useRef<ReplayedGame | undefined>(undefined);
  const history = useMemo(() => {
    if (!mod || !file) return null;
    prev.current = historyOf(mod.game, file, prev.current);
    return prev.current;
  }, [mod, file]);
  const game = mod?.game;
  const state = history?.state;
  const roles = useMemo(() => (game && file ? game.roles({ ...file.options, seed: file.seed }) : []), [game, file]);
  const active = game && state !== undefined ? game.active(state) : [];
  const outcome = game && state !== undefined ? game.outcome(state) : null;
  const humans = roles.filter((r) => !file?.seats[r] || file.seats[r] === 'me' || file.seats[r] === 'human');
  const hotseat = humans.length > 1;
  const humanActive = humans.find((r) => active.includes(r)) ?? null;
  const viewer = humanActive ?? (humans.length === 1 ? humans[0]! : shown ?? humans[0] ?? null);
  // Hide the board between hotseat turns by default only where there is something to hide.
  const curtainOn = curtainChoice ?? (file ? manifestOf(file.game)?.hotseatCurtain ?? true : true);
  const curtain = hotseat && curtainOn && !outcome && humanActive !== null && shown !== humanActive;

  // One view object per position: the game screen clears its "why not" answer when the view changes, not on every render.
  const viewNow = useMemo(() => (game && state !== undefined ? game.view(state, viewer) : null), [game, state, viewer]);
  const commit = (next: LocalGameFile) => setFile(saveCurrent(next));
  // The device's list shows finished games as such (a game loaded already finished, too).
  useEffect(() => { if (outcome && file && !file.finished) commit({ ...file, finished: true }); }, [!!outcome]);

  // Bots move by themselves, in the worker.
  useEffect(() => {
    if (!game || !file || state === undefined || outcome) return;
    const botRole = active.find((r) => file.seats[r] && file.seats[r] !== 'me' && file.seats[r] !== 'human');
    if (!botRole) return;
    const ticket = ++asking.current;
    setThinking(botRole);
    const started = Date.now();
    const seed = `${file.seed}:bot:${file.actions.length}`;
    const learner = file.learning ? humans[0] : undefined;
    const at = file.actions.length;
    const asked = learner
      ? askBotExplained(game.id, state, botRole, file.seats[botRole]!, seed, learner)
      : askBot(game.id, state, botRole, file.seats[botRole]!, seed).then((action) => ({ action, reason: undefined }));
    asked.then(
      ({ action, reason }) => {
        const wait = Math.max(0, 350 - (Date.now() - started));
        setTimeout(() => {
          if (ticket !== asking.current) return;
          setThinking(null);
          try {
            const next = game.apply(state, botRole, action);
            if (reason) setExplained((l) => [...l.filter((x) => x.at < at), { at, role: botRole, reason }].slice(-5));
            commit({ ...file, actions: [...file.actions, { role: botRole, action }], ...(game.outcome(next) ? { finished: true } : {}) });
          } catch (e) { setError(String(e)); }
        }, wait);
      },
      (e: unknown) => { if (ticket === asking.current) { setThinking(null); setError(e instanceof Error ? e.message : String(e)); } },
    );
  }, [game, file, state]);

  const askHintRef = useRef<(() => void) | null>(null);
  // Learning mode: the hint is asked by itself whenever the person here has a choice to make.
  const learnerChoosing = !!file?.learning && !!game && state !== undefined && !outcome && !thinking && humanActive !== null && !curtain && game.actions(state, humanActive).length > 1;
  useEffect(() => {
    if (learnerChoosing && !(hint && hint.at === file!.actions.length && hint.role === humanActive)) askHintRef.current?.();
  }, [learnerChoosing, file?.actions.length, humanActive]);

  if (!file) {
    return <div className="narrow"><p>{t('local.none')}</p><Link to="/local" className="button primary">{t('nav.local')}</Link></div>;
  }
  if (!game || state === undefined) return error ? <p className="error" role="alert">{error}</p> : <p className="muted">{t('common.loading')}</p>;

  const actions = viewer && !curtain && active.includes(viewer) && !thinking ? game.actions(state, viewer) : [];
  const act = (action: unknown) => {
    if (!viewer) return;
    try {
      const next = game.apply(state, viewer, action);
      setError(null);
      setErrorRule(null);
      commit({ ...file, actions: [...file.actions, { role: viewer, action }], ...(game.outcome(next) ? { finished: true } : {}) });
    } catch (e) {
      setError(isRuleError(e) ? ruleText(t, game.id, e.code, e.message) : String(e));
      setErrorRule(isRuleError(e) ? e.rule ?? null : null);
    }
  };
  // Ask before a move that loses at once: the engine judges it on worlds re-dealt for the player (no peeking at dice or hidden cards).
  const judge = (action: unknown) => (viewer ? judgeAction(game, state, viewer, action, `${file.seed}:judge:${file.actions.length}:${Math.random()}`) : null);
  const hintShown = hint && hint.at === file.actions.length && hint.role === viewer ? hint : null;
  const askHint = () => {
    if (!viewer) return;
    const at = file.actions.length, role = viewer;
    setHint({ at, role });
    // A fresh bot each time: no search tree shared between the seats of this device.
    askBot(game.id, state, role, HINT_BOT, `${file.seed}:hint:${at}`, true).then(
      (action) => setHint((h) => (h && h.at === at && h.role === role ? { at, role, action } : h)),
      (e: unknown) => { setHint(null); setError(e instanceof Error ? e.message : String(e)); },
    );
  };
  askHintRef.current = askHint;
  const lastHuman = [...file.actions].reverse().find((e) => humans.includes(e.role))?.role;
  const canUndo = !!lastHuman && !!history && file.actions[file.actions.length - 1]?.role === lastHuman && history.undoDepth(lastHuman) > 0;
  const undo = () => {
    asking.current++;
    setThinking(null);
    commit({ ...file, actions: file.actions.slice(0, -1), finished: false });
  };
  const log = history ? history.log(viewer) : [];
  const learningPanel = file.learning ? <LearningPanel gameId={game.id} said={explained.filter((x) => x.at < file.actions.length)} /> : null;
  const { seats, id: _id, engine, startedAt: _at, finished: _done, ...gameLog } = file;
  const controls = (
    <>
      {engine && engine !== ENGINE_VERSION && <p className="muted small" data-testid="other-engine">{t('local.otherEngine')}</p>}
      {thinking && <p className="muted" data-testid="thinking">{t('local.thinking', { role: roleName(t, game.id, thinking) })}</p>}
      <HintControls gameId={game.id} hint={hintShown} choices={actions.length} onAsk={askHint} onBoard={hintOnBoard} setOnBoard={setHintOnBoard} />
      <button type="button" onClick={undo} disabled={!canUndo} data-testid="undo">{t('game.undo')}</button>
      <button type="button" onClick={() => download(`tabula-${game.id}-${file.seed}.json`, { ...gameLog, seats })} data-testid="save-log">{t('local.save')}</button>
      <button type="button" onClick={() => navigate('/local/replay')}>{t('local.replay')}</button>
      {hotseat && (
        <label className="small"><input type="checkbox" checked={curtainOn} onChange={(e) => setCurtainOn(e.target.checked)} /> {t('local.curtain')}</label>
      )}
      <Link to="/local" className="button">{t('local.new')}</Link>
    </>
  );
  if (curtain) {
    return (
      <div className="curtain narrow card">
        <h1>{t('local.passTo', { role: roleName(t, game.id, humanActive) })}</h1>
        <p className="muted">{t('local.passHint')}</p>
        <button type="button" className="primary" autoFocus onClick={() => setShown(humanActive)} data-testid="curtain-go">{t('local.iAm', { role: roleName(t, game.id, humanActive) })}</button>
      </div>
    );
  }
  return (
    <GameScreen gameId={game.id} view={viewNow} actions={offeredActions(actions, hintShown, hintOnBoard)} onAction={act} role={viewer} roles={roles}
      active={active} log={log} prompt={viewer && active.includes(viewer) ? game.prompt(state, viewer) : null} outcome={outcome} controls={controls} error={error} errorRule={error ? errorRule : null} judge={judge}
      whyNot={viewer && game.whyNot ? (target) => game.whyNot!(state, viewer, target) : undefined} side={learningPanel}
      seats={roles.map((r) => ({ role: r, bot: file.seats[r] && file.seats[r] !== 'me' ? file.seats[r]! : null, label: null, me: r === viewer }))}
      title={<>{t('local.titleShort')}{t('common.colon')}{t(`game.${game.id}`, { defaultValue: game.id })}</>} />
  );
}
