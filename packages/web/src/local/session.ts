// A local game: the same truth as online (seed + options + ordered actions) plus who sits where.
import { isDeepStrictEqual, parseGameLog, replayGame, setupOptionsOf, type AnyGame, type GameLog, type ReplayedGame } from '@tabula/engine';

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

/**
 * The game replayed (the engine's history, every state kept for undo and the replay slider). Reuses
 * `prev` when `log` extends or shortens the log it was built from.
 */
export function historyOf(game: AnyGame, log: GameLog, prev?: ReplayedGame): ReplayedGame {
  const options = setupOptionsOf(log);
  if (prev && prev.game === game && isDeepStrictEqual(prev.options, options)) {
    let k = 0;
    const n = Math.min(prev.length, log.actions.length);
    while (k < n && prev.actions[k] === log.actions[k]) k++;
    while (prev.length > k && prev.canPop) prev.pop();
    if (prev.length === k) {
      for (let i = k; i < log.actions.length; i++) prev.push(log.actions[i]!);
      return prev;
    }
  }
  return replayGame(game, options, game.roles(options), log.actions, { keepAll: true });
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
