import { useTranslation } from 'react-i18next';
import { actionLabel } from '../labels.js';
import { useActionNames } from '../boards/names.js';

/** A hint shown for one position: the bot's choice for the player's seat (absent while it is worked out). */
export interface ShownHint {
  action?: unknown;
}

/**
 * The hint's controls, the same in local and online games: ask for it, the hinted move in words (a polite
 * status), and whether the board offers only that move (`offeredActions`), so the board's own highlight draws it.
 */
export function HintControls({ gameId, hint, choices, onAsk, onBoard, setOnBoard }: {
  gameId: string;
  hint: ShownHint | null;
  /** How many actions the player has now: a hint is offered only when there is a choice. */
  choices: number;
  onAsk: () => void;
  onBoard: boolean;
  setOnBoard: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  // The hinted move by the names of its blocks, areas and cards.
  useActionNames(gameId);
  if (choices <= 1) return null;
  return (
    <>
      <button type="button" onClick={onAsk} disabled={!!hint && hint.action === undefined} data-testid="hint">{t('hint.button')}</button>
      {hint && (
        <p className="small" role="status" data-testid="hint-text">
          {hint.action === undefined ? t('hint.thinking') : t('hint.text', { action: actionLabel(t, gameId, hint.action) })}
        </p>
      )}
      {hint && hint.action !== undefined && (
        <label className="small"><input type="checkbox" checked={onBoard} onChange={(e) => setOnBoard(e.target.checked)} data-testid="hint-on-board" /> {t('hint.onBoard')}</label>
      )}
    </>
  );
}

/** The actions the board offers: with the hint shown on the board, only the hinted one. */
export function offeredActions(actions: unknown[], hint: ShownHint | null, onBoard: boolean): unknown[] {
  return onBoard && hint && hint.action !== undefined ? [hint.action] : actions;
}
