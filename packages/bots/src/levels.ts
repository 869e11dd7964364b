import { MctsBot, type MctsOptions } from './mcts.js';
import { registerBot } from './registry.js';
import './knowledge/all.js';

/**
 * The MCTS levels. Each is a time budget per decision (on one core); "LEVEL@N" gives the same bot
 * a fixed budget of N iterations instead, which makes it deterministic for a seed (tests, benchmarks).
 */
export const levels: Record<string, Omit<MctsOptions, 'name'>> = {
  'mcts-easy': { timeMs: 80, exploration: 1.0 },
  'mcts-medium': { timeMs: 250 },
  'mcts-hard': { timeMs: 800 },
};

/**
 * Fixed iteration budgets for the levels (TABULA_BENCH_BOT_BUDGET=iterations): the same 1 : 4 : 12
 * ratio as the time budgets, at a size that fits a benchmark on a small machine.
 */
export const levelIterations: Record<string, number> = { 'mcts-easy': 100, 'mcts-medium': 400, 'mcts-hard': 1200 };

export function mctsLevel(level: string, iterations?: number): MctsBot {
  const o = levels[level];
  if (!o) throw new Error(`Unknown MCTS level ${level}`);
  if (iterations === undefined) return new MctsBot({ ...o, name: level });
  return new MctsBot({ ...o, timeMs: undefined, iterations, name: `${level}@${iterations}` });
}

for (const level of Object.keys(levels)) {
  registerBot(level, (param) => {
    if (param === undefined) return mctsLevel(level);
    const n = Number(param);
    if (!Number.isInteger(n) || n < 1) throw new Error(`Bad iteration budget "${param}" in ${level}@${param}`);
    return mctsLevel(level, n);
  });
}
