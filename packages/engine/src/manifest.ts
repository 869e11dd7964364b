import type { AnyGame } from './types.js';
import type { Tutorial } from './tutorial.js';

/** The languages of the platform; every text of a manifest exists in each. */
export const LANGUAGES = ['en', 'de', 'es', 'zh-Hans'] as const;
export type Language = (typeof LANGUAGES)[number];
export type InLanguages<T> = Record<Language, T>;

/** A flat dictionary of i18n keys to texts (i18next syntax: {{placeholders}}, _one/_other plurals). */
export type Texts = Record<string, string>;

/**
 * One section of a game's numbered rules reference. `id` is the rule number the engine's docs and tests
 * cite ("5.32"); a section whose id ends in ".0" or has no dot opens a chapter. `also` lists further codes
 * the section answers for (e.g. HACSE's decision codes "A12", Hills & Sheep footnotes "fn7").
 */
export interface RuleSection { id: string; title: string; text: string[]; also?: string[] }
/** A game's rules reference in one language: the same section ids in every language. */
export interface RulesDoc { title: string; intro: string; sections: RuleSection[] }

/** A link to the publisher's or community's complete rules; `lang` is the language of the page behind it. */
export interface RulesLink { part?: string; site: string; lang: Language; href: string }

/** What loading a game gives: the engine and its messages (log lines, prompts, rule errors, names of its things). */
export interface LoadedGame { game: AnyGame; messages: InLanguages<Texts> }

/**
 * Everything the platform knows about a game besides its rules engine. A game package exports one, from a
 * module that imports no engine code, so menus, mails and the rules page need not load the rules.
 */
export interface GameManifest<Id extends string = string> {
  id: Id;
  /** The game's name (menus, page titles, mails). */
  names: InLanguages<string>;
  /**
   * The platform's texts about this game: the board's labels and the rules summary ("rules.<id>.summary",
   * "rules.<id>.points"); merged into the client's UI dictionary, so keys carry the game's own prefix.
   */
  texts: InLanguages<Texts>;
  /** The numbered rules reference, one chunk per language loaded on demand; absent: the game has none. */
  rules?: InLanguages<() => Promise<RulesDoc>>;
  /** The complete rules elsewhere. */
  links: RulesLink[];
  /** Whether local play on one device hides the board between players' turns by default (players hide something from each other). */
  hotseatCurtain: boolean;
  /** MCTS iterations per decision in post-game analysis (the budget that keeps a whole game's analysis near a minute). */
  analysisIterations: number;
  /** The engine and its messages, loaded on demand. */
  load(): Promise<LoadedGame>;
  /** Interactive tutorials (positions and steps, see @tabula/engine's Tutorial), loaded on demand with the engine; absent: none. */
  tutorials?(): Promise<Tutorial[]>;
}

/**
 * A game's rules reference per language from one loader (`(lang) => import(\`./reference/${lang}.js\`)`), each
 * language its own chunk, loaded on demand.
 */
export function rulesByLanguage(load: (lang: Language) => Promise<{ doc: RulesDoc }>): InLanguages<() => Promise<RulesDoc>> {
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, async () => (await load(lang)).doc])) as InLanguages<() => Promise<RulesDoc>>;
}
