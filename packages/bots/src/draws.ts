import type { AnyGame } from '@tabula/engine';

/**
 * How every bot treats draw offers (the platform's, not a game rule): it agrees to a draw exactly when the
 * game says it has stopped moving (`Game.stalled`), and offers one when it is to act then. Games without
 * the hook never stall, so a bot there always declines and never offers. The server's bot seats and
 * `tabula sim` both decide by these two functions.
 */
export function botAcceptsDraw(game: AnyGame, state: unknown): boolean {
  return game.stalled?.(state) === true;
}

/** Whether a bot that is to act offers a draw before its move. */
export function botOffersDraw(game: AnyGame, state: unknown): boolean {
  return game.stalled?.(state) === true;
}

/** The outcome of a draw every seat agreed to: no winners, one shared result (rated as a draw). */
export const AGREED_DRAW_REASON = 'agreed';
