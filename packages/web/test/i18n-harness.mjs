// Loads the client's real translation layer in Node (no browser): the UI dictionaries, the i18next options and
// labels.ts (transpiled from TypeScript), plus each game's messages from its built package (run `npx tsc -b` first).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import i18next from 'i18next';
import { GAME_IDS, load as loadGame, manifests } from '@tabula/games/registry';

const src = join(dirname(fileURLToPath(import.meta.url)), '../src');
const out = mkdtempSync(join(tmpdir(), 'tabula-i18n-'));

async function load(rel) {
  const code = ts.transpileModule(readFileSync(join(src, rel), 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
  }).outputText;
  const file = join(out, rel.replace(/[/]/g, '_').replace(/\.ts$/, '.mjs'));
  writeFileSync(file, code);
  return import(pathToFileURL(file).href);
}

export const LANGS = ['en', 'de', 'es', 'zh-Hans'];
export const labels = await load('labels.ts');
const { I18N_OPTIONS } = await load('i18n/options.ts');
const web = {
  en: (await load('i18n/en.ts')).en,
  de: (await load('i18n/de.ts')).de,
  es: (await load('i18n/es.ts')).es,
  'zh-Hans': (await load('i18n/zh-Hans.ts')).zhHans,
};
/** The UI dictionary as the client has it: the web's own strings plus each game's platform texts and name (i18n/index.ts). */
export const ui = Object.fromEntries(LANGS.map((l) => [l, Object.assign({}, web[l], ...manifests().map((m) => ({ ...m.texts[l], [`game.${m.id}`]: m.names[l] })))]));
/** The games as the client registers them: id -> { game, messages }. */
export const GAMES = Object.fromEntries(await Promise.all(GAME_IDS.map(async (id) => [id, await loadGame(id)])));

const instance = i18next.createInstance();
await instance.init({
  ...I18N_OPTIONS,
  lng: 'en',
  resources: Object.fromEntries(LANGS.map((l) => [l, { ui: ui[l] }])),
});
for (const [id, { messages }] of Object.entries(GAMES)) {
  for (const [lng, dict] of Object.entries(messages)) instance.addResourceBundle(lng, id, dict, true, true);
}

/** The t function of one language, as the client's components get it. */
export function tFor(lang) {
  return instance.getFixedT(lang);
}

/** A log line as the client shows it in `lang`. */
export function render(lang, gameId, line) {
  return labels.logText(tFor(lang), gameId, line);
}
