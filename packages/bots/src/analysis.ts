import { Rng, type AnyGame, type DecisionAnalysis, type GameAnalysis, type LogEntry, type Role, type SetupOptions } from '@tabula/engine';
import type { Knowledge } from './knowledge/index.js';
import { MctsBot } from './mcts.js';
import { manifestOf } from '@tabula/games/registry';
import './knowledge/all.js';

/**
 * Post-game analysis: for every decision of a finished game, one MCTS search of the acting role's
 * information set (the bot's `choose`, the path the fairness tests check: the search reads the state
 * only through actions / view / determinize for that role). From its root statistics:
 * - before: the estimated reward of the action the bot prefers (the most visited one);
 * - after: the estimated reward of the action actually taken (same search, so one search a decision);
 * - loss: before - after (never below 0).
 * The reward is the bots' `outcomeReward` (90% share of the win, 10% score rank): "chance of winning".
 * Each search has its own table and an rng seeded from (seed, decision index, iterations), so the
 * analysis is reproducible, and no decision's figures depend on another's search.
 */

/** Iterations per decision for a game without a manifest (a game of a test's own). */
export const DEFAULT_ANALYSIS_ITERATIONS = 300;
/**
 * The server's default budget per decision: a time budget (ms) on its analysis worker thread, far deeper
 * than the fixed iteration budgets (which stay for analyses in the browser and reproducible tests), with
 * an iteration cap so a fast game does not search one decision without end.
 */
export const ANALYSIS_TIME_MS = 100;
export const ANALYSIS_MAX_ITERATIONS = 20_000;
/** A decision is a mistake candidate when its loss is at least this (rewards are in [0, 1]). */
export const MISTAKE_THRESHOLD = 0.1;
/** Mistakes marked per role: the largest losses. */
export const MISTAKES_PER_ROLE = 3;

/** Iterations per decision: the game's manifest budget (`analysisIterations`). */
export function analysisIterations(gameId: string): number {
  return manifestOf(gameId)?.analysisIterations ?? DEFAULT_ANALYSIS_ITERATIONS;
}

export interface AnalysisOptions {
  seed: string;
  /** Default: analysisIterations(game.id); with `timeMs`: the cap per decision (default ANALYSIS_MAX_ITERATIONS). */
  iterations?: number;
  /**
   * A time budget per decision (ms) instead of a fixed iteration count: deeper (never fewer iterations than
   * the fixed budget), but the figures then depend on the machine's speed. The result's `iterations` is then
   * the mean searched per decision.
   */
  timeMs?: number;
  /** Called after each logged action is looked at (done counts actions, forced ones too). */
  onProgress?: (done: number, total: number) => void;
  /** Overrides the game's registered knowledge (tests). */
  knowledge?: Knowledge | null;
}

/** The seed of one decision's search. */
export function decisionSeed(seed: string, index: number, iterations: number): string {
  return `analysis:${seed}:${index}:${iterations}`;
}

/**
 * Analyses one decision: `state` is the state before `role` took `taken`. Null when it was forced.
 * Depends on `state` only through what `role` can see (the bot's information-set search).
 */
export function analyseDecision(game: AnyGame, state: unknown, role: Role, taken: unknown, index: number,
  opts: { seed: string; iterations: number; timeMs?: number; knowledge?: Knowledge | null }): DecisionAnalysis | null {
  return searchDecision(game, state, role, taken, index, opts)?.decision ?? null;
}

/** analyseDecision, with the iterations its search ran. */
function searchDecision(game: AnyGame, state: unknown, role: Role, taken: unknown, index: number,
  opts: { seed: string; iterations: number; timeMs?: number; knowledge?: Knowledge | null }): { decision: DecisionAnalysis; iterations: number } | null {
  if (game.actions(state, role).length < 2) return null;
  // A time budget never searches less than the game's fixed budget (a busy machine would make it shallower).
  const bot = new MctsBot({
    name: 'analysis', iterations: opts.iterations, reuse: false,
    ...(opts.timeMs !== undefined ? { timeMs: opts.timeMs, minIterations: Math.min(opts.iterations, analysisIterations(game.id)) } : {}),
    ...(opts.knowledge !== undefined ? { knowledge: opts.knowledge } : {}),
  });
  const chosen = bot.choose(game, state, role, new Rng(decisionSeed(opts.seed, index, opts.iterations)));
  const stats = bot.last!;
  if (stats.iterations === 0) return null; // one choice left after the knowledge's pruning
  const key = (a: unknown): string => JSON.stringify(a);
  const bestEdge = stats.root.find((e) => key(e.action) === key(chosen))!;
  const takenEdge = stats.root.find((e) => key(e.action) === key(taken) && e.n > 0);
  const before = bestEdge.mean;
  const after = takenEdge ? takenEdge.mean : null;
  const same = key(chosen) === key(taken);
  const decision = {
    index, role, choices: stats.root.length, before, after: same ? before : after,
    loss: same || after === null ? 0 : Math.max(0, before - after),
    taken, best: same ? null : chosen, visits: takenEdge?.n ?? 0,
  };
  return { decision, iterations: stats.iterations };
}

/** Per role, the MISTAKES_PER_ROLE decisions that lost the most (at least MISTAKE_THRESHOLD), as log indices in order. */
export function markMistakes(decisions: readonly DecisionAnalysis[]): number[] {
  const byRole = new Map<Role, DecisionAnalysis[]>();
  for (const d of decisions) if (d.loss >= MISTAKE_THRESHOLD) (byRole.get(d.role) ?? byRole.set(d.role, []).get(d.role)!).push(d);
  const out: number[] = [];
  for (const list of byRole.values()) {
    list.sort((a, b) => b.loss - a.loss || a.index - b.index);
    out.push(...list.slice(0, MISTAKES_PER_ROLE).map((d) => d.index));
  }
  return out.sort((a, b) => a - b);
}

/** Analyses a whole game from its setup and log (pure with an iteration budget: same inputs, same result). */
export function analyseGame(game: AnyGame, setup: SetupOptions, actions: readonly LogEntry[], opts: AnalysisOptions): GameAnalysis {
  const timed = opts.timeMs !== undefined;
  const iterations = opts.iterations ?? (timed ? ANALYSIS_MAX_ITERATIONS : analysisIterations(game.id));
  const decisions: DecisionAnalysis[] = [];
  let searched = 0;
  let state = game.setup(setup);
  for (let i = 0; i < actions.length; i++) {
    const e = actions[i]!;
    const d = searchDecision(game, state, e.role, e.action, i, {
      seed: opts.seed, iterations, ...(timed ? { timeMs: opts.timeMs } : {}), ...(opts.knowledge !== undefined ? { knowledge: opts.knowledge } : {}),
    });
    if (d) { decisions.push(d.decision); searched += d.iterations; }
    state = game.apply(state, e.role, e.action);
    opts.onProgress?.(i + 1, actions.length);
  }
  const mean = decisions.length ? Math.round(searched / decisions.length) : 0;
  return {
    game: game.id, iterations: timed ? mean : iterations, seed: opts.seed, decisions, mistakes: markMistakes(decisions),
    ...(timed ? { timeMs: opts.timeMs } : {}),
  };
}
