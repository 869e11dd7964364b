import { MctsBot, type MctsOptions } from './mcts.js';
import { registerBot } from './registry.js';
import './knowledge/all.js';

/**
 * Iteration budgets of the levels: the most a level searches per decision (easy and medium stop there even
 * with time left), and with TABULA_BENCH_BOT_BUDGET=iterations each level's fixed budget (1 : 4 : 12).
 */
export const levelIterations: Record<string, number> = { 'mcts-easy': 100, 'mcts-medium': 400, 'mcts-hard': 1200 };

/**
 * The MCTS levels: a time budget per decision (on one core), and for easy and medium also their
 * iteration budget. Without the cap a level's strength grows with the machine, and with thousands of
 * iterations a search gains little from more, so at 250 against 800 ms medium played almost as well as
 * hard (docs/benchmarks.md, "Real time budgets"). With it the levels stay apart on any machine and the
 * weaker ones answer sooner; hard keeps its whole time. Every level stops early once its choice can no
 * longer change within its budget (`settle`), so a clear move is played at once. "LEVEL@N" is the same bot
 * with a fixed budget of N iterations, no time limit and no early stop, deterministic for a seed (tests,
 * benchmarks: the same games as before `settle` existed). Hard also evaluates the nodes it expands where
 * the game's knowledge gives that a weight (`evaluateLeaves`, Hammer: docs/benchmarks.md).
 */
export const levels: Record<string, Omit<MctsOptions, 'name'>> = {
  'mcts-easy': { timeMs: 80, iterations: levelIterations['mcts-easy'], exploration: 1.0, settle: true },
  'mcts-medium': { timeMs: 250, iterations: levelIterations['mcts-medium'], settle: true },
  'mcts-hard': { timeMs: 800, settle: true, evaluateLeaves: true },
};

export function mctsLevel(level: string, iterations?: number): MctsBot {
  const o = levels[level];
  if (!o) throw new Error(`Unknown MCTS level ${level}`);
  if (iterations === undefined) return new MctsBot({ ...o, name: level });
  return new MctsBot({ ...o, timeMs: undefined, iterations, settle: false, name: `${level}@${iterations}` });
}

for (const level of Object.keys(levels)) {
  registerBot(level, (param) => {
    if (param === undefined) return mctsLevel(level);
    const n = Number(param);
    if (!Number.isInteger(n) || n < 1) throw new Error(`Bad iteration budget "${param}" in ${level}@${param}`);
    return mctsLevel(level, n);
  });
}
