// Every string a player can meet, per language, for the style and glossary tests: the templates of every dictionary
// (the games' messages, the UI, the rules references, mails, notifications and the unsubscribe page) and the lines
// the client renders from real seeded games (log lines for every viewer, prompts, action and action-group labels).
// Needs the built packages (`npx tsc -b`); runs in Node, no browser.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { Rng } from '@tabula/engine';
import { manifests } from '@tabula/games/registry';
import { GAMES, LANGS, labels, render, tFor, ui } from './i18n-harness.mjs';
import { render as renderMail, loadGameTexts, UNSUBSCRIBE_PAGE } from '../../server/dist/notify/texts.js';
import { renderAccountMail } from '../../server/dist/accounts/mail-texts.js';

export { LANGS };

await loadGameTexts();

// The boards' action namers (boards/*/names.ts and what they import), transpiled where bare imports still resolve.
const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const cache = join(web, 'node_modules/.cache/tabula-i18n-corpus');
function transpile(rel) {
  const code = ts.transpileModule(readFileSync(join(web, 'src', rel), 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
  }).outputText;
  mkdirSync(dirname(join(cache, rel)), { recursive: true });
  writeFileSync(join(cache, rel.replace(/\.ts$/, '.js')), code);
}
mkdirSync(cache, { recursive: true });
writeFileSync(join(cache, 'package.json'), '{"type":"module"}');
for (const rel of ['boards/hacse/names.ts', 'boards/hammer-of-the-scots/names.ts', 'boards/hammer-of-the-scots/data.ts']) transpile(rel);
const NAMERS = {
  hacse: (await import(pathToFileURL(join(cache, 'boards/hacse/names.js')).href)).hacseActionName,
  'hammer-of-the-scots': (await import(pathToFileURL(join(cache, 'boards/hammer-of-the-scots/names.js')).href)).hammerActionName,
};
for (const [id, namer] of Object.entries(NAMERS)) labels.registerActionNamer(id, namer);

/** The rules reference of every game in one language, as [key, text] ("ref:<game>:<section>"). */
async function references(lang) {
  const out = [];
  for (const m of manifests()) {
    const doc = await m.rules[lang]();
    out.push([`ref:${m.id}:title`, doc.title], [`ref:${m.id}:intro`, doc.intro]);
    for (const s of doc.sections) {
      out.push([`ref:${m.id}:${s.id}:title`, s.title]);
      s.text.forEach((p, i) => out.push([`ref:${m.id}:${s.id}:${i}`, p]));
    }
  }
  return out;
}

/** Every game's tutorials in one language, as [key, text] ("tutorial:<game>:<tutorial>:<step>"). */
async function tutorials(lang) {
  const out = [];
  for (const m of manifests()) {
    for (const tut of (await m.tutorials?.()) ?? []) {
      out.push([`tutorial:${m.id}:${tut.id}:title`, tut.title[lang]], [`tutorial:${m.id}:${tut.id}:done`, tut.done[lang]]);
      tut.steps.forEach((step, i) => out.push([`tutorial:${m.id}:${tut.id}:${i + 1}`, step.text[lang]]));
    }
  }
  return out;
}

/** What the server writes in one language, as [key, text] ("mail:…", "unsubscribe:…"). */
function serverTexts(lang) {
  const out = [];
  const payload = { game: 'hammer-of-the-scots', scenario: 'braveheart', opponents: ['anna'], by: 'anna', won: null };
  for (const kind of ['your-turn', 'game-over', 'invited', 'time-low']) {
    for (const won of [true, false, null]) {
      const m = renderMail(kind, { ...payload, won }, lang, { game: 'https://tabula.example/g/1', unsubscribe: 'https://tabula.example/u' });
      out.push([`mail:${kind}:subject`, m.subject], [`mail:${kind}:text`, m.text]);
    }
  }
  const nobody = renderMail('invited', { ...payload, opponents: [] }, lang, { game: null, unsubscribe: null });
  out.push(['mail:invited:nobody', nobody.text]);
  for (const kind of ['verify', 'reset']) {
    const m = renderAccountMail(kind, lang, 'anna', 'https://tabula.example/x');
    out.push([`mail:${kind}:subject`, m.subject], [`mail:${kind}:text`, m.text]);
  }
  for (const [k, [title, text]] of Object.entries(UNSUBSCRIBE_PAGE[lang])) out.push([`unsubscribe:${k}`, `${title}\n${text}`]);
  return out;
}

/** Seeded random games of every game: each step's log lines for every viewer, the prompt and the action labels. */
function playedGames() {
  const setups = {
    carcassonne: [0, 1].map((g) => ({ seed: `i18n-corpus-${g}`, players: 2 + g })),
    'hammer-of-the-scots': ['braveheart', 'the-bruce'].map((scenario) => ({ seed: `i18n-corpus-${scenario}`, scenario })),
    hacse: ['early', 'late'].map((scenario) => ({ seed: `i18n-corpus-${scenario}`, scenario })),
  };
  const events = [];
  for (const [gameId, list] of Object.entries(setups)) {
    const { game } = GAMES[gameId];
    for (const [i, setup] of list.entries()) {
      let s = game.setup(setup);
      const rng = new Rng(`corpus-${gameId}-${i}`);
      const viewers = [...game.roles(setup), null];
      for (let step = 0; step < 3000 && game.active(s).length > 0; step++) {
        const role = game.active(s)[0];
        const acts = game.actions(s, role);
        events.push({ gameId, kind: 'prompt', prompt: game.prompt(s, role), actions: acts.slice(0, 12) });
        const a = acts[rng.int(acts.length)];
        const n = game.apply(s, role, a);
        for (const v of viewers) for (const line of game.describe(s, n, role, a, v)) events.push({ gameId, kind: 'log', line });
        s = n;
      }
    }
  }
  return events;
}

const PLAYED = playedGames();

/** The rendered lines of the seeded games in one language, as [key, text] (deduplicated). */
function rendered(lang) {
  const t = tFor(lang);
  const seen = new Map();
  for (const e of PLAYED) {
    if (e.kind === 'log') seen.set(render(lang, e.gameId, e.line), `log:${e.gameId}:${e.line.key}`);
    else {
      if (e.prompt) seen.set(t(e.prompt.key, { ns: e.gameId, ...(e.prompt.args ?? {}) }), `prompt:${e.gameId}:${e.prompt.key}`);
      for (const a of e.actions) {
        seen.set(labels.actionLabel(t, e.gameId, a), `action:${e.gameId}:${labels.actionType(a)}`);
        seen.set(labels.actionGroupName(t, e.gameId, labels.actionType(a)), `actionGroup:${e.gameId}:${labels.actionType(a)}`);
      }
    }
  }
  return [...seen].map(([text, key]) => [key, text]);
}

/**
 * Every string of one language as [key, text]: templates ("<game>:<key>", "ui:<key>", "ref:…", "mail:…",
 * "unsubscribe:…") and rendered lines ("log:…", "prompt:…", "action:…", "actionGroup:…").
 */
export async function corpus(lang) {
  const out = [];
  for (const [id, { messages }] of Object.entries(GAMES)) for (const [k, v] of Object.entries(messages[lang])) out.push([`${id}:${k}`, v]);
  for (const [k, v] of Object.entries(ui[lang])) out.push([`ui:${k}`, v]);
  out.push(...(await references(lang)), ...(await tutorials(lang)), ...serverTexts(lang), ...rendered(lang));
  return out;
}

export const CORPUS = Object.fromEntries(await Promise.all(LANGS.map(async (l) => [l, await corpus(l)])));
