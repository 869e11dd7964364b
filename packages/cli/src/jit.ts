import { setFlagsFromString } from 'node:v8';

/** V8 flags `tabula sim` sets before its games (`TABULA_SIM_V8_FLAGS` replaces them, e.g. '' for none, to measure). */
export const SHORT_RUN_FLAGS = '--no-turbo-inlining';

/**
 * V8 settings for a batch of games in this process (`tabula sim`), set before the games run.
 *
 * Why: a short run spends most of its time before the engine's functions are optimized. With
 * inlining, TurboFan compiled 2.0 s of code for 200 Braveheart games (154 jobs, up to 95 ms each, since
 * the rules' dispatch inlines into huge graphs); without it 0.75 s, so optimized code arrives sooner.
 * Measured in docs/benchmarks.md ("Hammer of the Scots through `tabula sim`"): 200-game runs gain,
 * the steady state and the MCTS bots lose nothing.
 */
export function tuneForShortRuns(flags = process.env.TABULA_SIM_V8_FLAGS ?? SHORT_RUN_FLAGS): void {
  if (flags.trim() !== '') setFlagsFromString(flags);
}
