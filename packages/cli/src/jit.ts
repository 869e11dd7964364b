import { setFlagsFromString } from 'node:v8';

/** V8 flags `tabula sim` sets before its games unless the game has its own (`TABULA_SIM_V8_FLAGS` replaces them, e.g. '' for none, to measure). */
export const SHORT_RUN_FLAGS = '--max-inlined-bytecode-size=30';

/**
 * Games whose runs are faster with other flags ('' for V8's defaults). Carcassonne: its games are short
 * and its hot functions small, so its optimized code arrives early and a run is mostly steady state,
 * which the smaller inlining slows: callgrind, random 2-player games, instructions per game between games
 * 500 and 2,000 of one run: 2.55 M with the flag, 2.26 M without (4.54 M and 3.81 M before Carcassonne
 * kept its listed actions); a 2,000-game run 6.92 G with it, 6.79 G without (a 500-game run still favours
 * the flag, 3.08 G against 3.40 G: less compiling).
 */
export const GAME_FLAGS: Readonly<Record<string, string>> = { carcassonne: '' };

/** The V8 flags `tabula sim` sets for a run of `gameId`. */
export function shortRunFlags(gameId: string, env: NodeJS.ProcessEnv = process.env): string {
  return env.TABULA_SIM_V8_FLAGS ?? GAME_FLAGS[gameId] ?? SHORT_RUN_FLAGS;
}

/**
 * V8 settings for a batch of games of `gameId` in this process (`tabula sim`), set before the games run:
 * TurboFan inlines only small functions (unless the game has flags of its own in GAME_FLAGS).
 *
 * Why: a short run spends most of its time before the engine's functions are optimized. With full
 * inlining the rules' dispatch compiles into huge graphs: 2.0 s of compiler time (154 jobs, up to 95 ms
 * each) for 200 Braveheart games, against 0.75 s with no inlining at all. Inlining only small helpers
 * keeps most of that saving and the steady-state speed; docs/benchmarks.md ("Hammer of the Scots through
 * `tabula sim`: where the time goes") has the side-by-side runs (200 Braveheart games about +35%, The Bruce +22%, Campaign +5%;
 * 2,000 games and the MCTS bots unchanged).
 */
export function tuneForShortRuns(gameId: string, flags = shortRunFlags(gameId)): void {
  if (flags.trim() !== '') setFlagsFromString(flags);
}
