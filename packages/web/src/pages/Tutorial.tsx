import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeFor, isAsked, isRuleError, LANGUAGES, stepEntries, tutorialStart, type Language, type LogLine, type Tutorial as TutorialT, type WhyTarget } from '@tabula/engine';
import { loadGame, manifestOf, type GameModule } from '../games.js';
import { GameScreen, type WhyReason } from '../components/GameScreen.js';
import { RuleLink } from '../rules/RulePanel.js';
import { gameName, ruleText } from '../labels.js';
import { Link } from '../router.js';
import { quickStart } from '../local/quick.js';
import { useActionNames } from '../boards/names.js';

/** Where the player is: the position, the step asked for next, and the log so far. */
interface Progress { state: unknown; step: number; log: LogLine[] }

function languageOf(lng: string): Language {
  return (LANGUAGES as readonly string[]).includes(lng) ? (lng as Language) : 'en';
}

/**
 * A game's interactive tutorial (`/learn/:game`), entirely in the browser: the real board offers only the action
 * the step asks for; the step's text says what and why, with its rule link; a wrong click is answered by the
 * engine (whyNot), or told it is not this step's move.
 */
export function Tutorial({ gameId }: { gameId: string }) {
  const { t, i18n } = useTranslation();
  const lang = languageOf(i18n.language);
  const [mod, setMod] = useState<GameModule | null>(null);
  const [tutorial, setTutorial] = useState<TutorialT | null>(null);
  const [missing, setMissing] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState<{ text: string; rule: string | null } | null>(null);
  useActionNames(gameId);

  useEffect(() => {
    const load = manifestOf(gameId)?.tutorials;
    if (!load) { setMissing(true); return; }
    Promise.all([loadGame(gameId), load()]).then(([m, list]) => {
      setMod(m);
      setTutorial(list[0] ?? null);
      if (!list[0]) setMissing(true);
    }, () => setMissing(true));
  }, [gameId]);

  const game = mod?.game;
  const restart = () => {
    if (!game || !tutorial) return;
    setError(null);
    setProgress({ state: tutorialStart(game, tutorial), step: 0, log: [] });
  };
  useEffect(restart, [game, tutorial]);

  const roles = useMemo(() => (game && tutorial ? game.roles({ ...tutorial.start }) : []), [game, tutorial]);

  if (missing) return <div className="narrow"><h1>{gameName(t, gameId)}</h1><p>{t('learn.none')}</p><Link to="/">{t('nav.home')}</Link></div>;
  if (!game || !tutorial || !progress) return <p className="muted">{t('common.loading')}</p>;

  const { state, step: index, log } = progress;
  const role = tutorial.role;
  const step = tutorial.steps[index];
  const legal = step ? game.actions(state, role) : [];
  // Only the asked action is offered: the board highlights it and nothing else.
  const asked = step ? legal.filter((a) => isAsked(step, a)) : [];

  const act = (action: unknown) => {
    if (!step) return;
    if (!isAsked(step, action)) {
      let reason: { text: string; rule: string | null } = { text: t('learn.notThis'), rule: step.rule };
      try { game.apply(state, role, action); } catch (e) {
        if (isRuleError(e)) reason = { text: ruleText(t, gameId, e.code, e.message, e.details), rule: e.rule ?? null };
      }
      setError(reason);
      return;
    }
    // The player's action, then the step's scripted replies, each with its log lines.
    const lines = [...log];
    let s = state;
    for (const entry of stepEntries(tutorial, step, action)) {
      const next = game.apply(s, entry.role, entry.action);
      lines.push(...describeFor(game, s, next, entry, role));
      s = next;
    }
    setError(null);
    setProgress({ state: s, step: index + 1, log: lines });
  };

  /** The engine's reason a pointed-at thing allows nothing; where the game allows it but the step does not, "not this one". */
  const whyNot = (target: WhyTarget): WhyReason | null => {
    const e = game.whyNot?.(state, role, target) ?? null;
    if (e) return { code: e.code, message: e.message, rule: e.rule, details: e.details as Record<string, unknown> | undefined };
    return step ? { code: 'learn-not-this', message: t('learn.notThis'), rule: step.rule } : null;
  };

  const panel = (
    <section className="card tutorial-step" aria-labelledby="tutorial-step-title" data-testid="tutorial-step">
      {step ? (
        <>
          <h2 id="tutorial-step-title" className="small" data-testid="tutorial-progress">{t('learn.step', { n: index + 1, count: tutorial.steps.length })}</h2>
          <p data-testid="tutorial-text">{step.text[lang]} <RuleLink gameId={gameId} rule={step.rule} /></p>
        </>
      ) : (
        <>
          <h2 id="tutorial-step-title" data-testid="tutorial-done">{t('learn.doneTitle')}</h2>
          <p>{tutorial.done[lang]}</p>
          <div className="button-row">
            <button type="button" className="primary" onClick={() => void quickStart(gameId, 'bot')} data-testid="tutorial-play-bot">{t('home.vsBot')}</button>
            <Link to={`/local?game=${gameId}`} className="button">{t('learn.chooseBot')}</Link>
            <button type="button" onClick={restart} data-testid="tutorial-restart">{t('learn.restart')}</button>
          </div>
        </>
      )}
    </section>
  );

  return (
    <GameScreen gameId={gameId} view={game.view(state, role)} actions={asked} onAction={act} role={role} roles={roles}
      active={step ? game.active(state) : []} log={log} prompt={step && game.active(state).includes(role) ? game.prompt(state, role) : null}
      above={panel} error={error?.text ?? null} errorRule={error?.rule ?? null} whyNot={whyNot}
      controls={<><button type="button" onClick={restart}>{t('learn.restart')}</button><Link to={`/rules/${gameId}`}>{t('game.rules')}</Link></>}
      title={t('learn.title', { title: tutorial.title[lang] })} />
  );
}
