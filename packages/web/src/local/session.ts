// A local game: the same truth as online (seed + options + ordered actions) plus who sits where.
import { parseGameLog, undoDepth, type AnyGame, type GameLog, type LogLine } from '@tabula/engine';

export interface LocalGameFile extends GameLog {
  /** role -> "me" (a person at this device) or a bot name. */
  seats: Record<string, string>;
}

const KEY = 'tabula.local';

export function saveCurrent(f: LocalGameFile): void {
  try { localStorage.setItem(KEY, JSON.stringify(f)); } catch { /* storage full or blocked */ }
}

export function loadCurrent(): LocalGameFile | null {
  try {
    const s = localStorage.getItem(KEY);
    return s ? parseLocalFile(JSON.parse(s)) : null;
  } catch {
    return null;
  }
}

/** Accepts a saved local game, or any exported game log (then every seat is a person here). */
export function parseLocalFile(v: unknown): LocalGameFile {
  const log = parseGameLog(v);
  const seats = (v as { seats?: unknown }).seats;
  const s: Record<string, string> = {};
  if (seats && typeof seats === 'object') for (const [k, x] of Object.entries(seats)) if (typeof x === 'string') s[k] = x;
  return { ...log, seats: s };
}

/** Every state: states[i] is the state before action i, states[n] the current one. */
export function statesOf(game: AnyGame, log: GameLog, from?: { log: GameLog; states: unknown[] }): unknown[] {
  // Reuse the states of an earlier version of the same log that this one extends or shortens.
  if (from && from.log.seed === log.seed && from.log.game === log.game && JSON.stringify(from.log.options) === JSON.stringify(log.options)) {
    let k = 0;
    const n = Math.min(from.log.actions.length, log.actions.length);
    while (k < n && from.log.actions[k] === log.actions[k]) k++;
    const states = from.states.slice(0, k + 1);
    for (let i = k; i < log.actions.length; i++) states.push(game.apply(states[i], log.actions[i]!.role, log.actions[i]!.action));
    return states;
  }
  const states: unknown[] = [game.setup({ ...log.options, seed: log.seed })];
  for (const e of log.actions) states.push(game.apply(states[states.length - 1], e.role, e.action));
  return states;
}

/** The log as `viewer` may read it: the game's describe(), else the platform's default. */
export function logLinesOf(game: AnyGame, states: unknown[], log: GameLog, viewer: string | null, upTo = log.actions.length): LogLine[] {
  const out: LogLine[] = [];
  for (let i = 0; i < upTo; i++) {
    const e = log.actions[i]!;
    if (game.describe) out.push(...game.describe(states[i], states[i + 1], e.role, e.action, viewer));
    else out.push(e.role === viewer ? { role: e.role, key: 'played', args: { action: JSON.stringify(e.action) } } : { role: e.role, key: 'moved' });
  }
  return out;
}

export function localUndoDepth(game: AnyGame, states: unknown[], log: GameLog, role: string): number {
  return undoDepth(game, states, log.actions, role);
}

export function download(name: string, data: unknown): void {
  const blob = new Blob([JSON.stringify(data, null, 1)], { type: 'application/json' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

export function randomSeed(): string {
  const b = new Uint32Array(2);
  crypto.getRandomValues(b);
  return `${b[0]!.toString(36)}${b[1]!.toString(36)}`;
}
