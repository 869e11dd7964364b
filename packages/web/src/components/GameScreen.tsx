import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { boardFor } from '../boards/index.js';
import { gameName, logText, roleName } from '../labels.js';
import { roleColor, textOn } from '../colors.js';
import type { LogLine } from '@tabula/engine';
import type { PromptT } from '@tabula/protocol';
import { ErrorBoundary } from './ErrorBoundary.js';

export interface SeatInfo { role: string; label?: string | null; bot?: string | null; me?: boolean }
export interface OutcomeInfo { winners: string[]; scores?: Record<string, number>; reason: string }

export function RoleBadge({ gameId, role, index, active }: { gameId: string; role: string; index: number; active?: boolean }) {
  const { t } = useTranslation();
  const bg = roleColor(role, index);
  return (
    <span className={`role-badge${active ? ' active' : ''}`} style={{ background: bg, color: textOn(bg) }} data-role={role}>
      {active && <span aria-hidden="true">▶ </span>}{roleName(t, gameId, role)}
    </span>
  );
}

/** The sentence saying what to do now: the game's prompt for the seat to act (from the server or the engine), else who is awaited. */
export function Prompt({ gameId, prompt, role, active, actions, outcome }: {
  gameId: string; prompt: PromptT | null; role: string | null; active: string[]; actions: unknown[]; outcome?: OutcomeInfo | null;
}) {
  const { t } = useTranslation();
  const mine = !outcome && !!role && active.includes(role) && actions.length > 0;
  let text: string;
  if (outcome) {
    text = outcome.winners.length
      ? t('prompt.over', { winners: outcome.winners.map((w) => roleName(t, gameId, w)).join(', ') })
      : t('prompt.overDraw');
  } else if (mine) {
    text = prompt ? t(prompt.key, { ns: gameId, ...(prompt.args ?? {}) }) : t('prompt.yourTurn', { count: actions.length });
  } else if (active.length === 0) {
    text = t('prompt.nobody');
  } else {
    text = t('prompt.waiting', { roles: active.map((r) => roleName(t, gameId, r)).join(', ') });
  }
  return <p className={`prompt${mine ? ' mine' : ''}`} role="status" aria-live="polite" data-testid="prompt">{text}</p>;
}

export function LogPanel({ gameId, log }: { gameId: string; log: LogLine[] }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLOListElement>(null);
  useEffect(() => { const el = ref.current; if (el) el.scrollTop = el.scrollHeight; }, [log.length]);
  return (
    <section className="panel log-panel">
      <h3>{t('log.title')}</h3>
      {log.length === 0 ? <p className="muted">{t('log.empty')}</p> : (
        <ol className="log" ref={ref} data-testid="log" tabIndex={0} aria-label={t('log.title')}>
          {log.map((l, i) => {
            const who = l.role ? roleName(t, gameId, l.role) : '';
            let text = logText(t, gameId, l);
            // "Scotland · Scotland attacks Atholl." reads as a stutter: the badge already names the side.
            if (who && text.startsWith(`${who} `)) text = text.slice(who.length + 1);
            return <li key={i}>{l.role && <span className="log-role" style={{ borderColor: roleColor(l.role) }}>{who}</span>} {text}</li>;
          })}
        </ol>
      )}
    </section>
  );
}

export function GameScreen(props: {
  gameId: string;
  view: unknown;
  actions: unknown[];
  onAction: (a: unknown) => void;
  role: string | null;
  roles: string[];
  active: string[];
  log: LogLine[];
  /** What the seat to act is asked to do (the game's `prompt`). */
  prompt: PromptT | null;
  seats?: SeatInfo[];
  outcome?: OutcomeInfo | null;
  controls?: ReactNode;
  above?: ReactNode;
  error?: string | null;
  busy?: boolean;
  createdBy?: string | null;
  title?: ReactNode;
}) {
  const { t } = useTranslation();
  const Board = boardFor(props.gameId);
  return (
    <div className="game-screen" data-game={props.gameId}>
      <div className="game-head">
        <h2>{props.title ?? gameName(t, props.gameId)}</h2>
        <div className="seats" aria-label={t('game.players')}>
          {(props.seats ?? props.roles.map((r): SeatInfo => ({ role: r }))).map((s, i) => (
            <span key={s.role} className="seat">
              <RoleBadge gameId={props.gameId} role={s.role} index={i} active={props.active.includes(s.role)} />
              {s.bot ? <span className="muted"> {t('seat.bot', { bot: t(`bot.${s.bot}`, { defaultValue: s.bot }) })}</span> : s.label ? <span className="muted"> {s.label}</span> : null}
              {s.me && <span className="me"> ({t('seat.you')})</span>}
              {props.outcome?.scores && props.outcome.scores[s.role] !== undefined && <b> {props.outcome.scores[s.role]}</b>}
            </span>
          ))}
        </div>
        <div className="viewing muted">{t('game.viewingAs', { role: roleName(t, props.gameId, props.role) })}</div>
        <a href={`/rules/${props.gameId}`} target="_blank" rel="noreferrer" className="small">{t('game.rules')}</a>
      </div>
      <Prompt gameId={props.gameId} prompt={props.prompt} role={props.role} active={props.active} actions={props.actions} outcome={props.outcome} />
      {props.error && <p className="error" role="alert" data-testid="error">{props.error}</p>}
      {props.above}
      <div className="game-body">
        <div className="board-area">
          <ErrorBoundary fallback={(e) => <p className="error">{t('board.crashed', { message: e.message })}</p>} resetKey={props.view}>
            <Suspense fallback={<p className="muted">{t('common.loading')}</p>}>
              <Board gameId={props.gameId} view={props.view} actions={props.actions} onAction={props.onAction}
                role={props.role} roles={props.roles} active={props.active} t={t} busy={props.busy} createdBy={props.createdBy} />
            </Suspense>
          </ErrorBoundary>
        </div>
        <aside className="side">
          {props.controls && <div className="controls">{props.controls}</div>}
          <LogPanel gameId={props.gameId} log={props.log} />
        </aside>
      </div>
    </div>
  );
}
