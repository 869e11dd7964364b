// The glossaries (docs/glossary/*.md): each language says a game's terms as that player's rulebook does.
// A forbidden variant anywhere in a game's strings of that language fails, and so does a term none of its keys use.
// Needs the built game packages (`npx tsc -b`); runs in Node, no browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GAMES, ui } from './i18n-harness.mjs';
import { readGlossary } from './glossary-table.mjs';
import { CORPUS } from './i18n-corpus.mjs';

// The web keys that belong to each game; every other web key is the platform's.
const WEB_PREFIX = { carcassonne: ['carc.', 'prompt.carcassonne.', 'rules.carcassonne.'],
  'hammer-of-the-scots': ['hammer.', 'prompt.hammer-of-the-scots.', 'rules.hammer-of-the-scots.'],
  hacse: ['hacse.', 'prompt.hacse.', 'rules.hacse.'] };
const ALL_PREFIXES = Object.values(WEB_PREFIX).flat();

/**
 * Every string of a scope in one language, as [qualified key, text]: the game's own ("key"), the web's ("ui:key"), and
 * from i18n-corpus.mjs the game's rules reference ("ref:<game>:…") and the lines rendered from seeded games
 * ("log:<game>:…", "prompt:<game>:…", "action:<game>:…", "actionGroup:<game>:…") and its tutorials ("tutorial:<game>:…"); for the platform, mails and the
 * unsubscribe page ("mail:…", "unsubscribe:…"). So cards, prompts, buttons, logs, labels and the reference all say a
 * term the same way.
 */
function strings(scope, lang) {
  const out = [];
  const kinds = scope === 'platform' ? ['mail:', 'unsubscribe:'] : ['ref:', 'log:', 'prompt:', 'action:', 'actionGroup:', 'tutorial:'].map((k) => `${k}${scope}:`);
  for (const [k, v] of CORPUS[lang]) if (kinds.some((p) => k.startsWith(p))) out.push([k, v]);
  if (scope !== 'platform') for (const [k, v] of Object.entries(GAMES[scope].messages[lang])) out.push([k, v]);
  for (const [k, v] of Object.entries(ui[lang])) {
    const mine = scope === 'platform' ? !ALL_PREFIXES.some((p) => k.startsWith(p)) : WEB_PREFIX[scope].some((p) => k.startsWith(p));
    if (mine) out.push([`ui:${k}`, v]);
  }
  return out;
}

const glob = (pattern) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);

const FILES = { carcassonne: 'carcassonne.md', 'hammer-of-the-scots': 'hammer-of-the-scots.md', hacse: 'hacse.md', platform: 'platform.md' };

for (const [scope, file] of Object.entries(FILES)) {
  const rows = readGlossary(file);
  test(`glossary ${file}: has rows for German, Spanish and Chinese or the platform, each with a source and keys`, () => {
    assert.ok(rows.length >= 3, `${file}: ${rows.length} rows`);
    for (const r of rows) {
      assert.ok(['de', 'es', 'zh-Hans'].includes(r.lang), `${file}: lang ${r.lang}`);
      assert.ok(r.source.length > 5 && r.keys.length > 0, `${file}: ${r.term}`);
    }
  });
  for (const lang of ['de', 'es', 'zh-Hans']) {
    const mine = rows.filter((r) => r.lang === lang);
    if (mine.length === 0) continue;
    test(`glossary ${file} (${lang}): no string of the game uses a forbidden variant`, () => {
      const bad = [];
      for (const [key, text] of strings(scope, lang)) {
        for (const r of mine) for (const f of r.forbidden) if (text.includes(f)) bad.push(`${key}: "${f}" (say "${r.term}") in "${text}"`);
      }
      assert.deepEqual(bad, []);
    });
    test(`glossary ${file} (${lang}): every term is used by at least one of its keys, and every key exists`, () => {
      const all = strings(scope, lang);
      for (const r of mine) {
        const hits = r.keys.map((p) => all.filter(([k]) => glob(p).test(k)));
        r.keys.forEach((p, i) => assert.ok(hits[i].length > 0, `${file} ${lang} "${r.term}": no key ${p}`));
        assert.ok(hits.flat().some(([, v]) => v.includes(r.term)), `${file} ${lang}: "${r.term}" is in none of ${r.keys.join(', ')}`);
      }
    });
  }
}

test('glossary: the strings checked include the rules reference, rendered log lines, prompts, action labels and mails', () => {
  const kinds = (scope, lang) => new Set(strings(scope, lang).map(([k]) => k.split(':')[0]));
  for (const lang of ['de', 'es', 'zh-Hans']) {
    const hammer = kinds('hammer-of-the-scots', lang);
    for (const k of ['ref', 'log', 'prompt', 'action', 'actionGroup', 'ui']) assert.ok(hammer.has(k), `${lang}: no ${k} strings`);
    assert.ok(kinds('platform', lang).has('mail') && kinds('platform', lang).has('unsubscribe'), `${lang}: no mails`);
  }
});
