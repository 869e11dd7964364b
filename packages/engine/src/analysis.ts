import type { Role } from './types.js';

// The post-game analysis result: the bots compute it, the protocol carries it (checked equal to its schema).

/** One decision of a finished game as the analysis rates it. */
export interface DecisionAnalysis {
  /** Position of the action in the log (the state analysed is the one before it). */
  index: number;
  role: Role;
  /** Legal actions the search weighed. */
  choices: number;
  /** Estimated reward of the bot's preferred action. */
  before: number;
  /** Estimated reward of the action taken; null when the search did not rate it (pruned by the game's knowledge). */
  after: number | null;
  /** before - after, at least 0 (0 when `after` is null). */
  loss: number;
  taken: unknown;
  /** The bot's preferred action where it differs from the one taken, else null. */
  best: unknown;
  /** Search visits of the action taken (few visits: a rough estimate). */
  visits: number;
}

export interface GameAnalysis {
  game: string;
  /** MCTS iterations per decision: the fixed budget, or with a time budget the mean searched. */
  iterations: number;
  /** The time budget per decision (ms), when the search ran on one. */
  timeMs?: number;
  seed: string;
  /** Only real decisions: actions taken with a single legal choice are left out. */
  decisions: DecisionAnalysis[];
  /** Log indices of the marked mistakes: per role the largest losses above the bots' threshold. */
  mistakes: number[];
}
