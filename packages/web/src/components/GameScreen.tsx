import { Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { boardFor } from '../boards/index.js';
import { botName, gameName, logText, roleName, ruleText } from '../labels.js';
import { roleColor } from '../colors.js';
import type { LogLine } from '@tabula/engine';
import type { PromptT } from '@tabula/protocol';
import type { ActionRisk, WhyTarget } from '@tabula/engine';

/** The engine's reason why a pointed-at thing allows nothing now (a RuleError, or the server's reply). */
export interface WhyReason { code: string; message: string; rule?: string; details?: Record<string, unknown>; args?: Record<string, unknown> }
import { ErrorBoundary } from './ErrorBoundary.js';
import { RoleBadge } from './RoleBadge.js';
import { suggestionStyle } from '../boards/suggestion.js';
import { RuleLink, RulePanelHost } from '../rules/RulePanel.js';

export interface SeatInfo { role: string; label?: string | null; bot?: string | null; me?: boolean }
export interface OutcomeInfo { winners: string[]; scores?: Record<string, number>; reason: string }

/** The sentence saying what to do now: the game's prompt for the seat to act (from the server or the engine), else who is awaited. */
export function Prompt({ gameId, prompt, role, active, actions, outcome, openSeats = [] }: {
  gameId: string; prompt: PromptT | null; role: string | null; active: string[]; actions: unknown[]; outcome?: OutcomeInfo | null;
  /** Seats nobody has taken yet (an online game waiting for its players). */
  openSeats?: string[];
}) {
  const { t } = useTranslation();
  const mine = !outcome && !!role && active.includes(role) && actions.length > 0;
  let text: string;
  if (outcome) {
    text = outcome.winners.length
      ? t('prompt.over', { winners: outcome.winners.map((w) => roleName(t, gameId, w)) })
      : t('prompt.overDraw');
  } else if (mine) {
    text = prompt ? t(prompt.key, { ns: gameId, ...(prompt.args ?? {}) }) : t('prompt.yourTurn', { count: actions.length });
  } else if (openSeats.length > 0) {
    text = t('prompt.seatsOpen', { roles: openSeats.map((r) => roleName(t, gameId, r)) });
  } else if (active.length === 0) {
    text = t('prompt.nobody');
  } else {
    text = t('prompt.waiting', { roles: active.map((r) => roleName(t, gameId, r)) });
  }
  // tabIndex -1: focus lands here when the control that had it goes away (see useChoiceFocus).
  return <p className={`prompt${mine ? ' mine' : ''}`} role="status" aria-live="polite" tabIndex={-1} data-testid="prompt">{text}</p>;
}

/** How many new lines are read out one by one; a longer burst (a resync) is summed up. */
const ANNOUNCED_LINES = 3;

export function LogPanel({ gameId, log }: { gameId: string; log: LogLine[] }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLOListElement>(null);
  useEffect(() => { const el = ref.current; if (el) el.scrollTop = el.scrollHeight; }, [log.length]);
  const line = (l: LogLine): { who: string; text: string } => {
    // A line written to its reader ("You play Move 2.", keys ending in "-own") needs no side in front of it.
    const who = l.role && !/-own$/.test(l.key) ? roleName(t, gameId, l.role) : '';
    let text = logText(t, gameId, l);
    // "Scotland · Scotland attacks Atholl." reads as a stutter: the badge already names the side.
    if (who && text.startsWith(`${who} `)) text = text.slice(who.length + 1);
    return { who, text };
  };
  // New lines (not those on the screen when it opened) go to a polite live region.
  const seen = useRef<number | null>(null);
  const [fresh, setFresh] = useState<string[]>([]);
  useEffect(() => {
    const before = seen.current;
    seen.current = log.length;
    if (before === null || log.length <= before) return;
    const said = log.slice(before).map((l) => { const { who, text } = line(l); return who ? `${who}${t('common.colon')}${text}` : text; });
    setFresh(said.length > ANNOUNCED_LINES ? [t('log.newLines', { count: said.length }), said[said.length - 1]!] : said);
  }, [log]);
  return (
    <section className="panel log-panel" aria-labelledby="log-heading">
      <h2 id="log-heading">{t('log.title')}</h2>
      <div className="sr-only" role="log" data-testid="log-announce">{fresh.map((x, i) => <p key={`${seen.current}-${i}`}>{x}</p>)}</div>
      {log.length === 0 ? <p className="muted">{t('log.empty')}</p> : (
        <ol className="log" ref={ref} data-testid="log" tabIndex={0} aria-labelledby="log-heading">
          {log.map((l, i) => {
            const { who, text } = line(l);
            return <li key={i}>{who && <span className="log-role" style={{ borderColor: roleColor(l.role!) }}>{who}</span>} {text}{l.rule && <RuleLink gameId={gameId} rule={l.rule} />}</li>;
          })}
        </ol>
      )}
    </section>
  );
}

/** A click on something that offers no action (not a live control): the player pointed at it to ask why. */
function pointedAtInert(el: Element): boolean {
  const control = el.closest('button, [role=button], a, input, select, textarea, label, summary');
  return !control || control.getAttribute('aria-disabled') === 'true';
}

/** What a board element stands for, by the data attributes boards give their areas, blocks, spots and cards. */
function whyTargetOf(el: Element): WhyTarget | null {
  // The most specific thing first: a block (whose id is shown: one's own) before the area it stands in.
  const block = el.closest('[data-block]')?.getAttribute('data-block');
  if (block) return { kind: 'block', id: block };
  const unit = el.closest('[data-uid]')?.getAttribute('data-uid');
  if (unit) return { kind: 'unit', id: unit };
  const areaEl = el.closest('[data-area], [data-area-of]');
  const area = areaEl?.getAttribute('data-area') ?? areaEl?.getAttribute('data-area-of');
  if (area) return { kind: 'area', id: area };
  const spot = el.closest('[data-x][data-y]');
  // A follower spot of the tile just placed: "x,y#feature".
  const feature = spot?.getAttribute('data-feature');
  if (spot) return { kind: 'spot', id: `${spot.getAttribute('data-x')},${spot.getAttribute('data-y')}${feature ? `#${feature}` : ''}` };
  const card = el.closest('[data-card]')?.getAttribute('data-card');
  return card ? { kind: 'card', id: card } : null;
}

/** A board's list of choices (for one card, block or spot): `.pick` panels and choice groups. */
const CHOICE_LIST = '.pick, [data-testid$="-choice"]';

/**
 * Focus into a board's choice list when it opens (on its first enabled button), Escape to cancel it
 * (its last button), and back out when it closes: to the control that opened it if that is still on
 * the page, else to the prompt. Any other control of the board that goes away with focus on it (a
 * card just played) also hands focus to the prompt, so it never falls to <body>. Boards need only
 * render; this watches the board's DOM.
 */
function useChoiceFocus(area: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    const open = new Map<Element, Element | null>(); // choice list -> what had focus before it opened
    let had = false; // focus was inside the board when it was last seen
    const lost = () => !document.activeElement || document.activeElement === document.body || !document.activeElement.isConnected;
    const toPrompt = () => el.closest('.game-screen')?.querySelector<HTMLElement>('[data-testid=prompt]')?.focus();
    const observer = new MutationObserver(() => {
      for (const list of el.querySelectorAll(CHOICE_LIST)) {
        if (open.has(list)) continue;
        const before = document.activeElement;
        open.set(list, before && el.contains(before) ? before : null);
        list.querySelector<HTMLElement>('button:not(:disabled), [tabindex="0"]')?.focus();
      }
      for (const [list, opener] of open) {
        if (list.isConnected) continue;
        open.delete(list);
        if (!lost()) continue;
        if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
        else toPrompt();
      }
      if (had && lost()) toPrompt();
    });
    observer.observe(el, { childList: true, subtree: true });
    const onFocus = () => { had = el.contains(document.activeElement); };
    document.addEventListener('focusin', onFocus);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !(e.target instanceof Element)) return;
      const list = e.target.closest(CHOICE_LIST);
      const buttons = list ? [...list.querySelectorAll<HTMLButtonElement>(':scope > button')] : [];
      if (buttons.length) { e.preventDefault(); buttons[buttons.length - 1]!.click(); }
    };
    el.addEventListener('keydown', onKey);
    return () => { observer.disconnect(); el.removeEventListener('keydown', onKey); document.removeEventListener('focusin', onFocus); };
  }, [area]);
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
  /** Below the log in the side column (chat). */
  side?: ReactNode;
  error?: string | null;
  /** The rule the refusal in `error` applies (the engine's), shown as a link beside it. */
  errorRule?: string | null;
  busy?: boolean;
  createdBy?: string | null;
  /** Seats still free in an online game (the prompt says it waits for players). */
  openSeats?: string[];
  title?: ReactNode;
  /** What an action risks for the player (the engine's judgement): a risky one is played only after asking. */
  judge?: (action: unknown) => Promise<ActionRisk> | ActionRisk;
  /** A replay: the board shows positions (and the bot's alternative) but offers no action buttons. */
  replay?: boolean;
  /** The analysis' suggested move at this position: drawn on the board (its areas, blocks, cards, spot marked). */
  suggested?: unknown;
  /** Full width below the board and side column (the replay's analysis). */
  below?: ReactNode;
  /** "Why can't I?": the engine's reason why nothing can be done with a pointed-at thing now (null: it is legal, or no reason). */
  whyNot?: (target: WhyTarget) => WhyReason | null | Promise<WhyReason | null>;
}) {
  const { t } = useTranslation();
  const Board = boardFor(props.gameId);
  const boardArea = useRef<HTMLElement>(null);
  // The analysis' suggested move: a constructed style sheet marks its elements (the CSP allows no inline <style>).
  const suggestion = props.suggested !== undefined && props.suggested !== null ? suggestionStyle(props.suggested) : null;
  useEffect(() => {
    if (!suggestion || typeof CSSStyleSheet === 'undefined') return;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(suggestion);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return () => { document.adoptedStyleSheets = document.adoptedStyleSheets.filter((x) => x !== sheet); };
  }, [suggestion]);
  useChoiceFocus(boardArea);
  const [judging, setJudging] = useState(false);
  const [why, setWhy] = useState<{ text: string; rule?: string } | null>(null);
  useEffect(() => setWhy(null), [props.view]);
  /** Asks the engine why the thing under `el` (an area, block, spot or card) allows nothing now; true when there is such a thing to ask about. */
  const askWhy = (el: EventTarget | null): boolean => {
    if (!props.whyNot || !(el instanceof Element)) return false;
    const target = whyTargetOf(el);
    if (!target) return false;
    Promise.resolve(props.whyNot(target)).then((e) => {
      setWhy(e ? { text: ruleText(t, props.gameId, e.code, e.message, e.details ?? e.args), rule: e.rule } : null);
    }, () => setWhy(null));
    return true;
  };
  const onAction = async (a: unknown) => {
    if (props.judge) {
      setJudging(true);
      let risk: ActionRisk = null;
      try { risk = await props.judge(a); } catch { risk = null; } finally { setJudging(false); }
      if (risk && !confirm(t(risk === 'loses' ? 'game.losingConfirm' : risk === 'draw' ? 'game.drawConfirm' : 'game.mayLoseConfirm'))) return;
    }
    props.onAction(a);
  };
  return (
    <RulePanelHost gameId={props.gameId}>
    <div className={`game-screen${props.replay ? ' replay' : ''}`} data-game={props.gameId}>
      <div className="game-head">
        <h1>{props.title ?? gameName(t, props.gameId)}</h1>
        <div className="seats" role="group" aria-label={t('game.players')}>
          {(props.seats ?? props.roles.map((r): SeatInfo => ({ role: r }))).map((s, i) => (
            <span key={s.role} className="seat">
              <RoleBadge gameId={props.gameId} role={s.role} index={i} active={props.active.includes(s.role)} />
              {s.bot ? <span className="muted"> {botName(t, s.bot)}</span> : s.label ? <span className="muted"> {s.label}</span> : null}
              {s.me && <span className="me"> ({t('seat.you')})</span>}
              {props.outcome?.scores && props.outcome.scores[s.role] !== undefined && <b> {props.outcome.scores[s.role]}</b>}
            </span>
          ))}
        </div>
        <div className="viewing muted">{t('game.viewingAs', { role: roleName(t, props.gameId, props.role) })}</div>
        <a href={`/rules/${props.gameId}`} target="_blank" rel="noreferrer" className="small">{t('game.rules')}</a>
      </div>
      <Prompt gameId={props.gameId} prompt={props.prompt} role={props.role} active={props.active} actions={props.actions} outcome={props.outcome} openSeats={props.openSeats} />
      {props.error && <p className="error" role="alert" data-testid="error">{props.error}{props.errorRule && <RuleLink gameId={props.gameId} rule={props.errorRule} />}</p>}
      {why && <p className="why-not" role="status" data-testid="why-not">{why.text}{why.rule && <RuleLink gameId={props.gameId} rule={why.rule} />}</p>}
      {props.above}
      <div className="game-body">
        <section className={`board-area${suggestion ? ' suggesting' : ''}`} ref={boardArea} aria-labelledby="board-heading" aria-describedby={props.whyNot ? 'board-why-hint' : undefined}
          onKeyDown={(e) => { if (e.key === '?' && askWhy(e.target)) e.preventDefault(); }}
          onContextMenu={(e) => { if (askWhy(e.target)) e.preventDefault(); }}
          onClick={(e) => { if (!props.replay && e.target instanceof Element && pointedAtInert(e.target)) askWhy(e.target); }} data-testid="board-area">
          <h2 id="board-heading" className="sr-only">{t('game.board')}</h2>
          {props.whyNot && <p id="board-why-hint" className="sr-only">{t('rules.whyHint')}</p>}
          <ErrorBoundary fallback={(e) => <p className="error">{t('board.crashed', { message: e.message })}</p>} resetKey={props.view}>
            <Suspense fallback={<p className="muted">{t('common.loading')}</p>}>
              <Board gameId={props.gameId} view={props.view} actions={props.actions} onAction={(a) => void onAction(a)}
                role={props.role} roles={props.roles} active={props.active} t={t} busy={props.busy || judging || props.replay} createdBy={props.createdBy} finished={!!props.outcome} replay={props.replay} />
            </Suspense>
          </ErrorBoundary>
        </section>
        <aside className="side" aria-label={t('game.controls')}>
          {props.controls && <div className="controls" role="group" aria-label={t('game.controls')}>{props.controls}</div>}
          <LogPanel gameId={props.gameId} log={props.log} />
          {props.side}
        </aside>
      </div>
      {props.below}
    </div>
    </RulePanelHost>
  );
}
