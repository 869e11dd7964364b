import type { AnyGame, Role } from '@tabula/engine';

/**
 * Why a bot chose a move, as a structured reason: `key` names a message of the game's text tables
 * ("bot.<reason>", one per language) and `args` its arguments (ids of blocks, areas, cards, feature
 * kinds and numbers; the client shows names). Never free text: every language renders it alike.
 */
export interface MoveReason {
  key: string;
  args?: Record<string, string | number>;
}

/**
 * A game's explainer: the reason for `role`'s `action` in `state` (the state before it), told to
 * `viewer`. It reads the bot's own evaluation of the move (its knowledge of the game) but may only
 * put into `args` what `viewer` may see (its view of the states before and after the move).
 */
export type Explainer = (game: AnyGame, state: unknown, role: Role, action: unknown, viewer: Role) => MoveReason;

/** The reason when the game's knowledge has nothing more precise: its search found the move best. */
export const SEARCH_REASON: MoveReason = { key: 'bot.best' };
