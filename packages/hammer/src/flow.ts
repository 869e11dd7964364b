/**
 * The turn structure as a state machine. Each phase lists its legal actions and handles them side
 * by side (`Phase`); `todo` is the queue of steps left in the turn or winter, each started by a
 * `Step` that either waits for input (returns true) or does its work and lets the queue run on.
 */
import { RuleError } from '@tabula/engine';
import { todoW, type State } from './state.js';
import type { Action } from './types.js';

export interface Phase {
  /** Legal actions of `side` (the active side) in this phase. */
  actions(s: State, side: number): Action[];
  /** Handles one listed action on the mutable copy `n`. */
  apply(n: State, side: number, a: Action): void;
}

export const PHASES: Record<string, Phase> = {};
/** Step starters: return true when the step waits for a player. */
export const STEPS: Record<string, (n: State, arg: number) => boolean> = {};

export function definePhase(name: string, p: Phase): void {
  PHASES[name] = p;
}

/** The last phase looked up (listing and applying look up the same phase in turn). */
let lastName = '', lastPhase: Phase | undefined;

/** `PHASES[name]`, remembering the last lookup. */
export function phaseOf(name: string): Phase | undefined {
  if (name !== lastName) {
    lastName = name;
    lastPhase = PHASES[name];
  }
  return lastPhase;
}
export function defineStep(name: string, start: (n: State, arg: number) => boolean): void {
  STEPS[name] = start;
}

/** Queue entries ('name' or 'name:arg') resolved to their starter once (there are few distinct ones). */
const parsed = new Map<string, { start: (n: State, arg: number) => boolean; arg: number }>();

function parse(t: string): { start: (n: State, arg: number) => boolean; arg: number } {
  const i = t.indexOf(':');
  const name = i < 0 ? t : t.slice(0, i);
  const arg = i < 0 ? 0 : Number(t.slice(i + 1));
  const start = STEPS[name];
  if (!start) throw new RuleError('internal', `unknown step ${name}`);
  const step = { start, arg };
  parsed.set(t, step);
  return step;
}

/** Runs queued steps until one waits for a player or the game ends. */
export function advance(n: State): void {
  while (!n.result) {
    const t = todoW(n).shift();
    if (t === undefined) throw new RuleError('internal', 'the turn sequence ran dry');
    const step = parsed.get(t) ?? parse(t);
    if (step.start(n, step.arg)) return;
  }
}

/** Puts a step at the front of the queue (a procedure call, e.g. an immediate battle). */
export function call(n: State, step: string): void {
  todoW(n).unshift(step);
}

export function wait(n: State, phase: string, who: number): true {
  n.phase = phase;
  n.who = who;
  return true;
}
