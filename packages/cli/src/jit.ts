import { setFlagsFromString } from 'node:v8';

/**
 * V8 settings for a batch of games in this process (`tabula sim`), set before the games run.
 *
 * Why: a short run spends most of its time before the engine's functions are optimized. With
 * inlining, TurboFan compiled 2.0 s of code for 200 Braveheart games (154 jobs, up to 95 ms each, since
 * the rules' dispatch inlines into huge graphs); without it 0.75 s, so optimized code arrives sooner.
 * Measured in docs/benchmarks.md ("Through `tabula sim`"): the 200-game runs gain about 40%, the
 * steady state and the MCTS bots lose nothing.
 */
export function tuneForShortRuns(): void {
  setFlagsFromString('--no-turbo-inlining');
}
