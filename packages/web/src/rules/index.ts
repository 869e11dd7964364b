import type { RulesDoc } from './types.js';

type Loader = () => Promise<{ doc: RulesDoc }>;

// One chunk per game and language: the reference loads only when a rules page asks for it.
const LOADERS: Record<string, Record<string, Loader>> = {
  'hammer-of-the-scots': {
    en: () => import('./hammer-of-the-scots/en.js'),
    de: () => import('./hammer-of-the-scots/de.js'),
    es: () => import('./hammer-of-the-scots/es.js'),
    'zh-Hans': () => import('./hammer-of-the-scots/zh-Hans.js'),
  },
  carcassonne: {
    en: () => import('./carcassonne/en.js'),
    de: () => import('./carcassonne/de.js'),
    es: () => import('./carcassonne/es.js'),
    'zh-Hans': () => import('./carcassonne/zh-Hans.js'),
  },
  hacse: {
    en: () => import('./hacse/en.js'),
    de: () => import('./hacse/de.js'),
    es: () => import('./hacse/es.js'),
    'zh-Hans': () => import('./hacse/zh-Hans.js'),
  },
};

export const hasReference = (gameId: string): boolean => gameId in LOADERS;

/** The reference of a game in a language (English when that language has none). */
export async function loadRules(gameId: string, lang: string): Promise<RulesDoc | null> {
  const per = LOADERS[gameId];
  if (!per) return null;
  const load = per[lang] ?? per.en!;
  return (await load()).doc;
}
