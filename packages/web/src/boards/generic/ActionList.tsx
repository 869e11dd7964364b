import { useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { actionGroupName, actionLabel, actionType } from '../../labels.js';

/** The legal actions as buttons grouped by type: every game is playable with this alone. */
export function ActionList({ gameId, actions, onAction, t, busy, highlight, label }: {
  gameId: string;
  actions: unknown[];
  onAction: (a: unknown) => void;
  t: TFunction;
  busy?: boolean;
  highlight?: (a: unknown) => boolean;
  /** A board's own wording for an action (else the generic one). */
  label?: (a: unknown) => string | null;
}) {
  const groups = useMemo(() => {
    const m = new Map<string, unknown[]>();
    for (const a of actions) {
      const k = actionType(a);
      const list = m.get(k) ?? [];
      list.push(a);
      m.set(k, list);
    }
    return [...m.entries()];
  }, [actions]);
  const [filter, setFilter] = useState('');
  if (actions.length === 0) return null;
  const many = actions.length > 24;
  return (
    <div className="action-list" data-testid="action-list">
      {many && (
        <input className="action-filter" type="search" placeholder={t('actions.filter')} aria-label={t('actions.filter')}
          value={filter} onChange={(e) => setFilter(e.target.value)} />
      )}
      {groups.map(([type, list]) => {
        const shown = list.map((a) => ({ a, label: label?.(a) ?? actionLabel(t, gameId, a) }))
          .filter(({ label }) => !filter || label.toLowerCase().includes(filter.toLowerCase()));
        if (shown.length === 0) return null;
        return (
          <fieldset key={type} className="action-group">
            <legend>{actionGroupName(t, gameId, type)} <span className="count">({list.length})</span></legend>
            <div className="action-buttons">
              {shown.slice(0, 400).map(({ a, label }, i) => (
                <button key={i} type="button" className={`action${highlight?.(a) ? ' hl' : ''}`} disabled={busy}
                  data-action-type={type} data-action={JSON.stringify(a)} onClick={() => onAction(a)}>
                  {label}
                </button>
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
