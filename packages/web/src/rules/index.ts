import type { RulesDoc } from '@tabula/engine';
import { manifestOf } from '@tabula/games/registry';
import type { Lang } from '../i18n/index.js';

export const hasReference = (gameId: string): boolean => !!manifestOf(gameId)?.rules;

/** The reference of a game in a language (one chunk per game and language, loaded when a rules page asks). */
export async function loadRules(gameId: string, lang: string): Promise<RulesDoc | null> {
  const rules = manifestOf(gameId)?.rules;
  if (!rules) return null;
  return (Object.hasOwn(rules, lang) ? rules[lang as Lang] : rules.en)();
}
