export type { RuleSection, RulesDoc } from '@tabula/engine';

/** The anchor of a rule number: "4.2" -> "r4-2", "A12" -> "rA12". */
export const ruleAnchor = (id: string): string => `r${id.replace(/\./g, '-')}`;

/** Whether a section opens a chapter (rendered as a larger heading). */
export const isChapter = (id: string): boolean => !id.includes('.') || id.endsWith('.0');

/** A cross reference in a section's text: "(5.41)", "(6.1, 6.2)", "（6.1、6.2）"; group 2 holds the numbers. */
export const RULE_REF = /([(（])((?:\d+(?:\.\d+)?)(?:[,、，] ?\d+(?:\.\d+)?)*)([)）])/g;

/** The numbers of one cross reference match, and the separators between them: ["6.1", ", ", "6.2"]. */
export const refParts = (numbers: string): string[] => numbers.split(/([,、，] ?)/);
