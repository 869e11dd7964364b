import { RuleCodes, RuleError } from './errors.js';
import type { LogLine } from './types.js';

/**
 * A game's table of the rule sections its engine names. Every id is a section id of the game's rules
 * reference (the same in every language), so the client can open the reference at that section.
 */
export interface RuleTable {
  /** Every rule id the engine names. */
  ids: readonly string[];
  /** The rule each refusal code applies: every code the game refuses with has one. */
  refusals: Readonly<Record<string, string>>;
  /** The rule that drives a log line's event, or undefined for a line no rule drives. */
  line(line: LogLine): string | undefined;
}

/** A rule table from a name -> id map, a refusal map and a line rule (games' tests check each names a listed id). */
export function ruleTable(ids: Readonly<Record<string, string>>, refusals: Readonly<Record<string, string>>, line: (l: LogLine) => string | undefined): RuleTable {
  return { ids: [...new Set(Object.values(ids))], refusals, line };
}

/** `lines` with each line's rule set from `table` (a line with no rule stays as it is). */
export function withRules(lines: LogLine[], table: RuleTable): LogLine[] {
  for (const l of lines) {
    const rule = table.line(l);
    if (rule !== undefined) l.rule = rule;
  }
  return lines;
}

/** `e` with the rule its code applies, where the table names one and `e` has none yet. */
export function withRefusalRule<E extends RuleError>(e: E, table: RuleTable | undefined): E {
  if (e.rule === undefined && table) {
    const rule = table.refusals[e.code];
    if (rule !== undefined) e.rule = rule;
  }
  return e;
}

/**
 * A game's `explain` where the list refused an action: it names the rule of what the action tried to do (its
 * `type`, looked up in `actionRules`), not a guess at why.
 */
export function explainByKind(actionRules: Readonly<Record<string, string>>): (state: unknown, role: string, action: unknown) => RuleError {
  return (_state, role, action) => {
    const type = String((action as { type?: unknown } | null)?.type);
    const e = new RuleError(RuleCodes.illegalAction, `That ${type} is not one of ${role}'s legal actions now.`);
    const rule = actionRules[type];
    if (rule !== undefined) e.rule = rule;
    return e;
  };
}
