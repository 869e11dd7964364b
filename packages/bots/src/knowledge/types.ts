import type { AnyGame, Role, Rng } from '@tabula/engine';

/**
 * What a bot knows about one game beyond its rules. Every hook runs inside a world the bot sampled
 * with `determinize` (its own guess), so reading any part of `state` there is fair.
 */
export interface Knowledge {
  /** Picks a rollout action for `role` among `actions` (non-empty). Absent: uniform random. */
  rollout?(game: AnyGame, state: unknown, role: Role, actions: unknown[], rng: Rng): unknown;
  /**
   * Drops actions the bot never needs to weigh (e.g. ending a Winter build while free builds are
   * left) from `actions` (non-empty; the result must be a non-empty sub-list of the same objects).
   * Used everywhere the search lists actions: at the root, in the tree and in rollouts. Absent: all.
   */
  prune?(state: unknown, role: Role, actions: unknown[]): unknown[];
  /**
   * Estimated reward per role in [0, 1] (1 = certain win) for a state that is not over.
   * Used when a rollout stops at its depth limit; a role left out counts 1/2. Absent: rollouts play to the end.
   */
  evaluate?(game: AnyGame, state: unknown): Record<Role, number>;
  /**
   * A cheaper stand-in for `JSON.stringify(view(state, role))` as the search-tree key. It must be a
   * function of what `role` can see (equal views give equal keys) and should tell apart different views.
   */
  infoKey?(state: unknown, role: Role): string;
  /**
   * Returns a state of the same information set for `role` in which the hidden parts are put in a
   * canonical order (e.g. the unseen tiles sorted), for games whose `determinize` shuffles the hidden
   * parts starting from their current order: then two states `role` cannot tell apart give the same
   * samples for the same rng, so the same decision. It may only reorder what `role` cannot see.
   */
  canonical?(game: AnyGame, state: unknown, role: Role): unknown;
  /**
   * UCB exploration constant suited to the scale of this game's rewards, used when the bot's options
   * set none (default 0.7).
   */
  exploration?: number;
  /**
   * Rollout depth limit in actions when `evaluate` is present (default 40); a function gets the state
   * where the rollout starts (e.g. to count whole rounds of a game with a variable number of players).
   */
  rolloutDepth?: number | ((state: unknown) => number);
  /**
   * Weight in [0, 1] of `evaluate` at the node an iteration expands, against the result of the rollout
   * from there, for searches that evaluate leaves (the hard level). One weight for every searching
   * role, or one per role (a role left out: 0). Absent: 0.
   */
  leafEval?: number | Readonly<Record<Role, number>>;
}

/** The leaf-evaluation weight of a search made for `role` (`Knowledge.leafEval`). */
export function leafWeightOf(k: Knowledge, role: Role): number {
  const w = k.leafEval;
  return w === undefined ? 0 : typeof w === 'number' ? w : (w[role] ?? 0);
}
