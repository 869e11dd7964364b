export type { Role, SetupOptions, Outcome, VariantSpec, LogLine, LogArg, Game, AnyGame, LogEntry, GameLog } from './types.js';
export { RuleError, RuleCodes, isRuleError } from './errors.js';
export { Rng, seedRng, nextUint32, randInt, rollDie, shuffleInPlace } from './rng.js';
export type { RngState } from './rng.js';
export { replay, parseGameLog, setupOptionsOf, gameLogSchema } from './replay.js';
export type { ReplayStep } from './replay.js';
export { undoDepth, isUndoableStep } from './undo.js';
export { isDeepStrictEqual, indexOfAction } from './equal.js';
export { deepFreeze } from './freeze.js';
