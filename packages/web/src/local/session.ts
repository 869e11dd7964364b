// A local game: the same truth as online (seed + options + ordered actions) plus who sits where.
import { isDeepStrictEqual, parseGameLog, replayGame, setupOptionsOf, type AnyGame, type GameLog, type ReplayedGame } from '@tabula/engine';

export interface LocalGameFile extends GameLog {
  /** role -> "me" (a person at this device) or a bot name. */
  seats: Record<string, string>;
  /** Set on the first save: the game's key in this device's list (library.ts). */
  id?: string;
  /** The engine version the game was started with (set on the first save). */
  engine?: string;
  startedAt?: number;
  finished?: boolean;
  /** Learning mode: hints on for the person here, and the bots explain their moves to them. */
  learning?: boolean;
}

/** The engine version of this build (vite.config.mjs). */
export const ENGINE_VERSION: string = __ENGINE_VERSION__;

const KEY = 'tabula.local';

/**
 * Makes `f` the game on screen (localStorage: read back synchronously on the next start) and saves it in
 * this device's list of games (IndexedDB). Returns the file with its id and engine version.
 */
export function saveCurrent(f: LocalGameFile): LocalGameFile {
  const now = Date.now();
  const saved = { ...f, id: f.id ?? randomSeed(), engine: f.engine ?? ENGINE_VERSION, startedAt: f.startedAt ?? now };
  try { localStorage.setItem(KEY, JSON.stringify(saved)); } catch { /* storage full or blocked */ }
  // The list (IndexedDB) is its own chunk: not in the first download of every page.
  void import('./library.js').then((l) => l.putGame({ ...saved, updatedAt: now, finished: saved.finished ?? false })).catch(() => undefined);
  return saved;
}

export function loadCurrent(): LocalGameFile | null {
  try {
    const s = localStorage.getItem(KEY);
    return s ? withMeta(parseLocalFile(JSON.parse(s)), JSON.parse(s)) : null;
  } catch {
    return null;
  }
}

/** The file with the device's bookkeeping of `raw` (a saved game or the current file) kept. */
export function withMeta(f: LocalGameFile, raw: unknown): LocalGameFile {
  const r = (raw ?? {}) as Record<string, unknown>;
  return {
    ...f,
    ...(typeof r.id === 'string' ? { id: r.id } : {}),
    ...(typeof r.engine === 'string' ? { engine: r.engine } : {}),
    ...(typeof r.startedAt === 'number' ? { startedAt: r.startedAt } : {}),
    ...(r.finished === true ? { finished: true } : {}),
    ...(r.learning === true ? { learning: true } : {}),
  };
}

/** Accepts a saved local game, or any exported game log (then every seat is a person here). */
export function parseLocalFile(v: unknown): LocalGameFile {
  const log = parseGameLog(v);
  const seats = (v as { seats?: unknown }).seats;
  const s: Record<string, string> = {};
  if (seats && typeof seats === 'object') for (const [k, x] of Object.entries(seats)) if (typeof x === 'string') s[k] = x;
  return { ...log, seats: s, ...((v as { learning?: unknown }).learning === true ? { learning: true } : {}) };
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
