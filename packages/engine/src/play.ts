import { RuleError, RuleCodes } from './errors.js';
import { isDeepStrictEqual } from './equal.js';
import { withRefusalRule } from './rule-ids.js';
import type { Game, Role } from './types.js';

/** The listed action `action` stands for: the very object (interned actions), else a structurally equal one. */
export function findListed<Action>(legal: readonly Action[], action: unknown): Action | undefined {
  for (let i = 0; i < legal.length; i++) if (legal[i] === action) return legal[i];
  if (typeof action !== 'object' || action === null) return undefined;
  for (let i = 0; i < legal.length; i++) if (isDeepStrictEqual(legal[i], action)) return legal[i];
  return undefined;
}

/** `role`'s legal actions as the engine keeps them (`listed`, no copy) where it offers that: read them, never keep or change them. */
export function listedActions<State, Action>(game: Game<State, Action, unknown>, state: State, role: Role): readonly Action[] {
  return game.listed ? game.listed(state, role) : game.actions(state, role);
}

const isActionShaped = (a: unknown): boolean => typeof a === 'object' && a !== null && !Array.isArray(a) && typeof (a as { type?: unknown }).type === 'string';

/**
 * The one legality check of the platform: an action is legal when `role`'s legal-action list holds it.
 * Returns the next state and the listed action (what a log stores); throws RuleError otherwise.
 * Used by every game's `apply` (through `defineGame`) and by the server.
 */
export function applyListed<State, Action>(game: Game<State, Action, unknown>, state: State, role: Role, action: unknown): { state: State; action: Action } {
  const refuse = (e: RuleError): RuleError => withRefusalRule(e, game.rules);
  if (game.outcome(state) !== null) throw refuse(new RuleError(RuleCodes.gameOver, 'The game is over.'));
  if (!game.active(state).includes(role)) throw refuse(new RuleError(RuleCodes.notYourTurn, `${String(role)} may not act now.`));
  const legal = listedActions(game, state, role);
  const chosen = findListed(legal, action);
  if (chosen === undefined) {
    if (!isActionShaped(action)) throw refuse(new RuleError(RuleCodes.malformedAction, 'An action is an object with a string "type".'));
    throw refuse(game.explain?.(state, role, action) ?? new RuleError(RuleCodes.illegalAction, `That action is not one of ${String(role)}'s legal actions now: ${JSON.stringify(action).slice(0, 200)}`));
  }
  const next = game.perform ? game.perform(state, role, chosen) : game.apply(state, role, chosen);
  return { state: next, action: chosen };
}

/** A Game whose `apply` is `applyListed` in front of the game's `perform`. */
export function defineGame<State, Action, View>(spec: Omit<Game<State, Action, View>, 'apply' | 'perform'> & { perform(state: State, role: Role, action: Action): State }): Game<State, Action, View> {
  const game: Game<State, Action, View> = {
    ...spec,
    apply: (state, role, action) => applyListed(game as Game<State, Action, unknown>, state, role, action).state,
  };
  return game;
}
