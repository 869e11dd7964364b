// Learning mode: a bot's move explained to the player it plays against.
import type { AnyGame, Role } from '@tabula/engine';
import type { GameId } from '@tabula/games/registry';
import { explainCarcassonne } from './carcassonne.js';
import { explainHacse } from './hacse.js';
import { explainHammer } from './hammer.js';
import { SEARCH_REASON, type Explainer, type MoveReason } from './types.js';

export { SEARCH_REASON, type Explainer, type MoveReason } from './types.js';

const EXPLAINERS: Record<GameId, Explainer> = {
  carcassonne: explainCarcassonne,
  'hammer-of-the-scots': explainHammer,
  hacse: explainHacse,
};

/**
 * Why `role` (a bot) played `action` in `state`, told to `viewer`: a structured reason naming only what
 * `viewer` may see. A game without an explainer, or an explainer that fails, gives the search's reason.
 */
export function explainMove(game: AnyGame, state: unknown, role: Role, action: unknown, viewer: Role): MoveReason {
  const explain = (EXPLAINERS as Record<string, Explainer | undefined>)[game.id];
  if (!explain) return SEARCH_REASON;
  try {
    return explain(game, state, role, action, viewer);
  } catch {
    return SEARCH_REASON;
  }
}
