import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.js';
import { de } from './de.js';
import { es } from './es.js';
import { zhHans } from './zh-Hans.js';
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

export function setLanguage(lang: Lang): void {
  try { localStorage.setItem(STORAGE_KEY, lang); } catch { /* ignore */ }
  void i18next.changeLanguage(lang);
}

i18next.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});

void i18next.use(initReactI18next).init({
  ...I18N_OPTIONS,
  resources: { en: { ui: en }, de: { ui: de }, es: { ui: es }, 'zh-Hans': { ui: zhHans } },
  lng: initialLanguage(),
  supportedLngs: LANGUAGES.map((l) => l.code),
  // Re-render when a game's messages arrive (they load with its engine).
  react: { bindI18nStore: 'added' },
});

/** Adds a game's platform texts (its name as "game.<id>", board labels, rules summary) to the UI dictionary. */
export function addManifestTexts(m: GameManifest): void {
  for (const l of LANGUAGES) i18next.addResourceBundle(l.code, 'ui', { ...m.texts[l.code], [`game.${m.id}`]: m.names[l.code] }, true, true);
}
for (const m of manifests()) addManifestTexts(m);

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
