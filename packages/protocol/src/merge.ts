import type { GameStateT, LogLineT } from './index.js';

/**
 * How a client folds a pushed state into the one it shows (no schema code: the browser imports this).
 * 'stale': the push is older than what is shown (drop it); 'gap': its log lines start past the actions the
 * client holds (ask for the whole state with `sync`); else the state to show, with the whole log.
 */
export function mergeState(shown: GameStateT | null, push: GameStateT): GameStateT | 'stale' | 'gap' {
  if (shown && push.version < shown.version) return 'stale';
  if (push.logFrom === 0) return push;
  if (!shown || push.logFrom > shown.length) return 'gap';
  const kept: LogLineT[] = shown.log.filter((l) => l.seq < push.logFrom);
  return { ...push, logFrom: 0, log: [...kept, ...push.log] };
}
