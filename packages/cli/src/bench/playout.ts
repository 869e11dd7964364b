import type { AnyGame, Rng, SetupOptions } from '@tabula/engine';

/** Picks one of the legal actions (the benchmarks' uniform pick, or a setup's own weighting). */
export type Pick = (actions: readonly unknown[], rng: Rng) => unknown;

/**
 * One random full game through the engine alone: `setup`, then until the outcome, for the first active
 * role with legal actions, `actions` + a pick + `apply`. Returns the number of decisions.
 */
export function playRandom(game: AnyGame, setup: SetupOptions, rng: Rng, pick?: Pick): number {
  let state = game.setup(setup);
  let n = 0;
  for (;;) {
    const active = game.active(state);
    if (active.length === 0) return n;
    for (const role of active) {
      const acts = game.actions(state, role);
      if (acts.length === 0) continue;
      state = game.apply(state, role, pick ? pick(acts, rng) : acts[rng.int(acts.length)]);
      n++;
      break;
    }
  }
}
