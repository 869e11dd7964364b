import type { AnyGame, Role, Rng } from '@tabula/engine';

/**
 * A bot chooses one of `role`'s legal actions. It may read `state` only through the game's
 * contract in ways that depend on what `role` can see: `actions(state, role)`, `view(state, role)`
 * and `determinize(state, role, rng)`. Same inputs and same rng state give the same choice.
 */
export interface Bot {
  name: string;
  choose(game: AnyGame, state: unknown, role: Role, rng: Rng): unknown;
}
