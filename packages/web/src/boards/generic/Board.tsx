import type { BoardProps } from '../types.js';
import { ActionList } from './ActionList.js';
import { ViewTree } from './ViewTree.js';

/** The fallback board: the view as a readable tree and the legal actions as buttons grouped by type. */
export default function GenericBoard({ gameId, view, actions, onAction, t, busy }: BoardProps) {
  return (
    <div className="generic-board">
      <ActionList gameId={gameId} actions={actions} onAction={onAction} t={t} busy={busy} />
      <section className="panel">
        <h3>{t('board.state')}</h3>
        <ViewTree value={view} />
      </section>
    </div>
  );
}
