/**
 * Tutorials: a scripted position and a sequence of steps in which the player makes the moves. They are
 * data in each game package (exported through its manifest); this module is the one way to play them.
 */
import { indexOfAction } from './equal.js';
import type { InLanguages } from './manifest.js';
import type { AnyGame, LogEntry, Role } from './types.js';

/** One step: the player is asked for one action (any of `actions`), told what and why; then the engine plays `replies`. */
export interface TutorialStep<Action = unknown> {
  /** The acceptable actions: playing any one of them completes the step. */
  actions: Action[];
  /** What to do and why, per language (short: one to three sentences). */
  text: InLanguages<string>;
  /** The section of the game's rules reference the step teaches (a link opens it). */
  rule: string;
  /** Scripted actions the engine plays after the player's (the opponent's answers, or the player's own follow-ups). */
  replies?: LogEntry<Action>[];
}

export interface TutorialStart<State, Action> {
  seed: string;
  scenario?: string;
  players?: number;
  variants?: Record<string, unknown>;
  /** A state the engine accepts, made from the setup's (e.g. its draw pile in a chosen order). */
  arrange?(state: State): State;
  /** Scripted actions played after the setup (and `arrange`), each checked by the engine. */
  actions?: LogEntry<Action>[];
}

export interface Tutorial<State = unknown, Action = unknown> {
  id: string;
  title: InLanguages<string>;
  /** The seat the player takes; every step's action is this role's. */
  role: Role;
  /**
   * The start position: the engine's own setup plus scripted actions (`actions`), or a plain state the
   * engine accepts, built from the setup by `arrange` (e.g. a draw pile in a chosen order).
   */
  start: TutorialStart<State, Action>;
  steps: TutorialStep<Action>[];
  /** Said when the last step is done. */
  done: InLanguages<string>;
}

/** The tutorial's start position, through the engine (setup, then its scripted actions, each checked). */
export function tutorialStart(game: AnyGame, tutorial: Tutorial): unknown {
  const { actions = [], arrange, ...options } = tutorial.start;
  let state: unknown = game.setup(options);
  if (arrange) state = arrange(state);
  for (const e of actions) state = game.apply(state, e.role, e.action);
  return state;
}

/** Whether `action` is one the step asks for. */
export function isAsked(step: TutorialStep, action: unknown): boolean {
  return indexOfAction(step.actions, action) >= 0;
}

/** What a step plays: the player's action, then the step's scripted replies. */
export function stepEntries(tutorial: Tutorial, step: TutorialStep, action: unknown): LogEntry[] {
  return [{ role: tutorial.role, action }, ...(step.replies ?? [])];
}

/** The position after the player's step action and the step's scripted replies (each checked by `apply`). */
export function afterStep(game: AnyGame, tutorial: Tutorial, state: unknown, step: TutorialStep, action: unknown): unknown {
  let next = state;
  for (const e of stepEntries(tutorial, step, action)) next = game.apply(next, e.role, e.action);
  return next;
}
