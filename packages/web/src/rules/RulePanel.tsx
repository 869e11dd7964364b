import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RulesReference } from '../pages/Rules.js';
import { ruleAnchor } from './types.js';
import './rule-panel.css';

interface RulePanelApi { gameId: string; open(rule: string, opener: HTMLElement | null): void }
const RulePanelContext = createContext<RulePanelApi | null>(null);

/**
 * Gives a game screen its rules panel: a `RuleLink` inside opens the game's reference at a rule, in the
 * reader's language, beside the board (an overlay on narrow screens). Escape or the close button shuts it
 * and gives focus back to the link that opened it.
 */
export function RulePanelHost({ gameId, children }: { gameId: string; children: ReactNode }) {
  const { t } = useTranslation();
  const [rule, setRule] = useState<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const open = useCallback((r: string, from: HTMLElement | null) => { opener.current = from; setRule(r); }, []);
  const close = useCallback(() => {
    setRule(null);
    const back = opener.current;
    if (back?.isConnected) back.focus();
  }, []);
  useEffect(() => {
    if (rule === null) return;
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') { e.preventDefault(); close(); } };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [rule, close]);
  const api = useMemo(() => ({ gameId, open }), [gameId, open]);
  return (
    <RulePanelContext.Provider value={api}>
      {children}
      {rule !== null && (
        <aside className="rule-panel" role="dialog" aria-modal="false" aria-labelledby="rule-panel-title" data-testid="rule-panel" data-rule={rule}>
          <div className="rule-panel-head">
            <h2 id="rule-panel-title">{t('rules.panelTitle', { rule })}</h2>
            <button type="button" onClick={close} data-testid="rule-panel-close">{t('rules.closePanel')}</button>
          </div>
          <div className="rule-panel-body">
            <RulesReference gameId={gameId} section={rule} />
          </div>
        </aside>
      )}
    </RulePanelContext.Provider>
  );
}

/** A small "§5.41" link to a rule: opens the rules panel where there is one, else the rules page at that section. */
export function RuleLink({ gameId, rule }: { gameId: string; rule: string }) {
  const { t } = useTranslation();
  const panel = useContext(RulePanelContext);
  const label = t('rules.openSection', { rule });
  if (!panel || panel.gameId !== gameId) {
    return <a className="rule-link" href={`/rules/${gameId}#${ruleAnchor(rule)}`} aria-label={label} title={label} data-testid="rule-link" data-rule={rule}>§{rule}</a>;
  }
  return (
    <button type="button" className="rule-link" aria-label={label} title={label} data-testid="rule-link" data-rule={rule}
      onClick={(e) => panel.open(rule, e.currentTarget)}>§{rule}</button>
  );
}
