import { isDeepStrictEqual } from './equal.js';
import type { AnyGame, LogEntry, Role } from './types.js';

/**
 * Whether one logged transition may be taken back: it must not use randomness or reveal hidden
 * information (the game's `undoBarrier`), and must leave the set of active roles unchanged.
 */
export function isUndoableStep(game: AnyGame, before: unknown, after: unknown, entry: LogEntry): boolean {
  const a = [...game.active(before)].sort();
  const b = [...game.active(after)].sort();
  if (!isDeepStrictEqual(a, b)) return false;
  if (game.undoBarrier?.(before, after, entry.role, entry.action)) return false;
  return true;
}

/**
 * How many of the log's last actions `role` may take back: a run of `role`'s own actions at the
 * end of the log, each undoable, stopping at the first barrier. `states[i]` is the state before
 * action i and `states[actions.length]` the current one.
 */
export function undoDepth(game: AnyGame, states: readonly unknown[], actions: readonly LogEntry[], role: Role): number {
  if (states.length !== actions.length + 1) throw new RangeError('undoDepth: need one state per action plus the current one');
  let depth = 0;
  for (let i = actions.length - 1; i >= 0; i--) {
    const entry = actions[i]!;
    if (entry.role !== role) break;
    if (!isUndoableStep(game, states[i], states[i + 1], entry)) break;
    depth++;
  }
  return depth;
}
