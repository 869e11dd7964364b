import { RuleError, RuleCodes } from './errors.js';
import type { AnyGame, GameLog, LogEntry, SetupOptions } from './types.js';
import { ReplayedGame } from './history.js';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Checks the shape of a parsed log (a GameLog, the protocol's ReplayReply); throws RuleError('bad-log') with the first problem. */
export function parseGameLog(value: unknown): GameLog {
  const bad = (msg: string): never => { throw new RuleError(RuleCodes.badLog, `Bad game log: ${msg}`); };
  if (!isRecord(value)) bad('not an object');
  const v = value as Record<string, unknown>;
  if (typeof v.game !== 'string' || v.game === '') bad('"game" must be a non-empty string');
  if (typeof v.seed !== 'string') bad('"seed" must be a string');
  if (!isRecord(v.options)) bad('"options" must be an object');
  const o = v.options as Record<string, unknown>;
  if (o.scenario !== undefined && typeof o.scenario !== 'string') bad('"options.scenario" must be a string');
  if (o.players !== undefined && !(Number.isInteger(o.players) && (o.players as number) >= 1)) bad('"options.players" must be a positive integer');
  if (o.variants !== undefined && !isRecord(o.variants)) bad('"options.variants" must be an object');
  if (!Array.isArray(v.actions)) bad('"actions" must be an array');
  (v.actions as unknown[]).forEach((e, i) => {
    if (!isRecord(e) || typeof e.role !== 'string' || !('action' in e)) bad(`actions[${i}] must be { role, action }`);
  });
  return v as unknown as GameLog;
}

export function setupOptionsOf(log: GameLog): SetupOptions {
  return { ...log.options, seed: log.seed };
}

export interface ReplayStep<State> {
  index: number;
  entry: LogEntry;
  before: State;
  after: State;
}

/**
 * Replays a log through `game` and returns the final state (the engine's history, without log lines).
 * Each action is applied as logged; an illegal one throws the game's RuleError annotated with its index.
 * `onStep` sees every transition (for checks, undo analysis or snapshots).
 */
export function replay<State>(game: AnyGame, log: GameLog, onStep?: (step: ReplayStep<State>) => void): State {
  if (log.game !== game.id) throw new RuleError(RuleCodes.badLog, `Log is for "${log.game}", not "${game.id}"`);
  const history = new ReplayedGame(game, setupOptionsOf(log), [], { lines: false });
  log.actions.forEach((entry, index) => {
    const before = history.state as State;
    history.push(entry);
    onStep?.({ index, entry, before, after: history.state as State });
  });
  return history.state as State;
}
