import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { I18N_OPTIONS } from './options.js';
import { manifests } from '@tabula/games/registry';
import type { GameManifest } from '@tabula/engine';

/** The languages of the UI, in the order the switcher lists them. */
export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'de', label: 'Deutsch' },
  { code: 'es', label: 'Español' },
  { code: 'zh-Hans', label: '简体中文' },
] as const;
export type Lang = (typeof LANGUAGES)[number]['code'];

const STORAGE_KEY = 'tabula.lang';

/** Maps a BCP 47 tag ("de-AT", "zh-CN", "zh-Hans-CN", "es-419") to one of our languages, or null. */
export function matchLanguage(tag: string): Lang | null {
  const t = tag.toLowerCase();
  if (t.startsWith('zh')) return t.includes('hant') || t.endsWith('-tw') || t.endsWith('-hk') || t.endsWith('-mo') ? null : 'zh-Hans';
  for (const l of ['en', 'de', 'es'] as const) if (t === l || t.startsWith(`${l}-`)) return l;
  return null;
}

/** The saved choice, else the first browser language we have, else English. */
export function initialLanguage(): Lang {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved && LANGUAGES.some((l) => l.code === saved)) return saved as Lang;
  } catch { /* storage may be blocked */ }
  const tags = typeof navigator !== 'undefined' ? (navigator.languages?.length ? navigator.languages : [navigator.language]) : [];
  for (const tag of tags) {
    const m = tag ? matchLanguage(tag) : null;
    if (m) return m;
  }
  return 'en';
}

/** Whether this device has a language chosen (else it follows the browser, or a signed-in account's). */
export function hasSavedLanguage(): boolean {
  try { return localStorage.getItem(STORAGE_KEY) !== null; } catch { return false; }
}

export const isLang = (v: string): v is Lang => LANGUAGES.some((l) => l.code === v);

// Each language's UI dictionary is a chunk of its own: a visit loads only the language it shows.
const DICTIONARIES: Record<Lang, () => Promise<Record<string, string>>> = {
  en: () => import('./en.js').then((m) => m.en),
  de: () => import('./de.js').then((m) => m.de),
  es: () => import('./es.js').then((m) => m.es),
  'zh-Hans': () => import('./zh-Hans.js').then((m) => m.zhHans),
};
const loading = new Map<Lang, Promise<void>>();
const loaded = new Set<Lang>();

/** Loads a language's UI dictionary once (the games' platform texts, added up front, keep precedence). */
export function loadLanguage(lang: Lang): Promise<void> {
  let p = loading.get(lang);
  if (!p) {
    p = DICTIONARIES[lang]().then((dict) => { i18next.addResourceBundle(lang, 'ui', dict, true, false); loaded.add(lang); });
    p.catch(() => loading.delete(lang)); // offline and not cached: a later choice tries again
    loading.set(lang, p);
  }
  return p;
}

/** Saves the choice and switches once the language's dictionary has loaded (the page keeps the old one until then). */
export function setLanguage(lang: Lang): void {
  try { localStorage.setItem(STORAGE_KEY, lang); } catch { /* ignore */ }
  // A dictionary already here switches at once, within the choosing event (as when all were bundled).
  if (loaded.has(lang)) { void i18next.changeLanguage(lang); return; }
  loadLanguage(lang).then(() => i18next.changeLanguage(lang), () => { /* not reachable (offline, not cached): the page stays in its language */ });
}

i18next.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});

const startLanguage = initialLanguage();
void i18next.use(initReactI18next).init({
  ...I18N_OPTIONS,
  resources: {},
  lng: startLanguage,
  supportedLngs: LANGUAGES.map((l) => l.code),
  // Re-render when a game's messages arrive (they load with its engine).
  react: { bindI18nStore: 'added' },
});

/** Adds a game's platform texts (its name as "game.<id>", board labels, rules summary) to the UI dictionary. */
export function addManifestTexts(m: GameManifest): void {
  for (const l of LANGUAGES) i18next.addResourceBundle(l.code, 'ui', { ...m.texts[l.code], [`game.${m.id}`]: m.names[l.code] }, true, true);
}
for (const m of manifests()) addManifestTexts(m);

/** Resolves when the first language's dictionary is there: main.tsx renders after it, so no key ever shows. */
export const i18nReady: Promise<void> = loadLanguage(startLanguage);

/** Adds a game's messages ({ en, de, es, 'zh-Hans' } flat dictionaries) as the namespace named by its id. */
const added = new Set<string>();
export function addGameMessages(gameId: string, messages: Record<string, Record<string, string>> | undefined): void {
  if (!messages || added.has(gameId)) return;
  added.add(gameId);
  for (const [lng, dict] of Object.entries(messages)) {
    if (dict && typeof dict === 'object') i18next.addResourceBundle(lng, gameId, dict, true, true);
  }
}

export default i18next;
