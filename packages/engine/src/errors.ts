/**
 * A rule violation. `code` is stable (also an i18n key, "rule.<code>"); `message` is readable English.
 */
export class RuleError extends Error {
  readonly code: string;
  readonly details?: Record<string, unknown>;
  /** The section of the game's rules reference this refusal applies (its `RuleTable`), where the game names one. */
  rule?: string;

  constructor(code: string, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'RuleError';
    this.code = code;
    this.details = details;
  }
}

/** Codes shared by every game; games add their own. */
export const RuleCodes = {
  notYourTurn: 'not-your-turn',
  illegalAction: 'illegal-action',
  malformedAction: 'malformed-action',
  gameOver: 'game-over',
  unknownScenario: 'unknown-scenario',
  badOptions: 'bad-options',
  badLog: 'bad-log',
} as const;

export function isRuleError(e: unknown): e is RuleError {
  return e instanceof RuleError || (typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'RuleError');
}
