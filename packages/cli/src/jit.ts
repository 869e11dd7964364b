import { setFlagsFromString } from 'node:v8';

/** V8 flags `tabula sim` sets before its games (`TABULA_SIM_V8_FLAGS` replaces them, e.g. '' for none, to measure). */
export const SHORT_RUN_FLAGS = '--max-inlined-bytecode-size=30';

/**
 * V8 settings for a batch of games in this process (`tabula sim`), set before the games run: TurboFan
 * inlines only small functions.
 *
 * Why: a short run spends most of its time before the engine's functions are optimized. With full
 * inlining the rules' dispatch compiles into huge graphs: 2.0 s of compiler time (154 jobs, up to 95 ms
 * each) for 200 Braveheart games, against 0.75 s with no inlining at all. Inlining only small helpers
 * keeps most of that saving and the steady-state speed; docs/benchmarks.md ("Hammer of the Scots through
 * `tabula sim`") has the side-by-side runs (200 Braveheart games about +35%, The Bruce +22%, Campaign +5%;
 * 2,000 games and the MCTS bots unchanged).
 */
export function tuneForShortRuns(flags = process.env.TABULA_SIM_V8_FLAGS ?? SHORT_RUN_FLAGS): void {
  if (flags.trim() !== '') setFlagsFromString(flags);
}
