// The rules reference (each game's manifest, packages/<game>/src/reference/<lang>.ts; run `npx tsc -b` first): every rule number our rules notes and the
// engines' tests cite has a section in all four languages, every language has the same sections, cross
// references point at sections that exist, and no text uses a word the glossary forbids. Runs in Node, no browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { GAME_IDS, MANIFESTS } from '@tabula/games/registry';
import { readGlossary } from './glossary-table.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../../..');
const src = join(here, '../src/rules');
const out = mkdtempSync(join(tmpdir(), 'tabula-rules-'));
const LANGS = ['en', 'de', 'es', 'zh-Hans'];
const GAMES = GAME_IDS;

async function load(rel) {
  const code = ts.transpileModule(readFileSync(join(src, rel), 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const file = join(out, rel.replace(/[/]/g, '_').replace(/\.ts$/, '.mjs'));
  writeFileSync(file, code);
  return import(pathToFileURL(file).href);
}

const { RULE_REF, refParts, ruleAnchor } = await load('types.ts');
const docs = {};
for (const g of GAMES) {
  docs[g] = {};
  for (const l of LANGS) docs[g][l] = await MANIFESTS[g].rules[l]();
}

/** Every code a game's reference answers for: section ids and their `also` codes. */
const codes = (doc) => new Set(doc.sections.flatMap((s) => [s.id, ...(s.also ?? [])]));
const read = (p) => readFileSync(join(root, p), 'utf8');

/** The rule numbers cited for each game: by its rules notes (docs/rules) and, for Hammer, by the engine's test names. */
function cited(game) {
  if (game === 'hammer-of-the-scots') {
    // "4.2", "5.32" (rulebook numbers); figures such as "2.3 times" or "2.6%" are not rule numbers.
    const nums = (text) => [...text.matchAll(/(?<![\w.])([1-9]\.\d{1,2})(?![\d%]|\s*(?:times|retreats|fires))/g)].map((m) => m[1]);
    const fromDocs = nums(read('docs/rules/hammer-of-the-scots.md'));
    const dir = join(root, 'packages/hammer/src');
    const titles = readdirSync(dir).filter((f) => f.endsWith('.test.ts'))
      .flatMap((f) => [...readFileSync(join(dir, f), 'utf8').matchAll(/\btest\(\s*(['"`])(.*?)\1/g)].map((m) => m[2]));
    const fromTests = titles.filter((t) => t.startsWith('HotS')).flatMap(nums);
    assert.ok(fromTests.length > 50, `found rule numbers in the Hammer test names (${fromTests.length})`);
    return new Set([...fromDocs, ...fromTests]);
  }
  if (game === 'carcassonne') {
    // The Hills & Sheep clarifications, cited as "[HS] fn. 1, 2" or "fn. 7, 8".
    const text = read('docs/rules/carcassonne.md');
    return new Set([...text.matchAll(/fn\. ?(\d+(?:, ?\d+)*)/g)].flatMap((m) => m[1].split(/, ?/).map((n) => `fn${n}`)));
  }
  // HACSE: the numbered decisions "**A12 Ground gain.**".
  return new Set([...read('docs/rules/hacse.md').matchAll(/\*\*(A\d+) /g)].map((m) => m[1]));
}

for (const game of GAMES) {
  test(`rules reference ${game}: every rule number our notes and tests cite has a section in every language`, () => {
    const want = [...cited(game)];
    assert.ok(want.length >= 8, `${game}: cited numbers found (${want.join(' ')})`);
    for (const l of LANGS) {
      const have = codes(docs[game][l]);
      assert.deepEqual(want.filter((n) => !have.has(n)), [], `${game} ${l}: cited but without a section`);
    }
  });

  test(`rules reference ${game}: the four languages have the same sections in the same order, each with a title and text`, () => {
    const shape = (d) => d.sections.map((s) => `${s.id}[${(s.also ?? []).join(',')}]`);
    for (const l of LANGS) {
      const d = docs[game][l];
      assert.deepEqual(shape(d), shape(docs[game].en), `${game} ${l}: sections differ from English`);
      assert.ok(d.title && d.intro, `${game} ${l}: title and intro`);
      for (const s of d.sections) assert.ok(s.title.trim() && s.text.length && s.text.every((p) => p.trim().length > 3), `${game} ${l} ${s.id}: empty`);
    }
    const anchors = [...codes(docs[game].en)].map(ruleAnchor);
    assert.equal(new Set(anchors).size, anchors.length, `${game}: anchors are unique`);
    assert.ok(anchors.every((a) => /^r[\w-]+$/.test(a)), `${game}: anchors are plain ids (${anchors.join(' ')})`);
  });

  test(`rules reference ${game}: every cross reference "(5.41)" in the texts names a section`, () => {
    for (const l of LANGS) {
      const d = docs[game][l];
      const ids = new Set(d.sections.map((s) => s.id));
      const refs = d.sections.flatMap((s) => [...s.text.join(' ').matchAll(RULE_REF)]
        .flatMap((m) => refParts(m[2]).filter((_, i) => i % 2 === 0)).map((r) => [s.id, r]));
      assert.deepEqual(refs.filter(([, r]) => !ids.has(r)), [], `${game} ${l}: references to missing sections`);
      if (game === 'hammer-of-the-scots') assert.ok(refs.length >= 10, `${game} ${l}: cross references found (${refs.length})`);
    }
  });

  for (const l of ['de', 'es', 'zh-Hans']) {
    const rows = readGlossary(`${game}.md`).filter((r) => r.lang === l);
    test(`rules reference ${game} (${l}): no text uses a variant the glossary forbids`, () => {
      const d = docs[game][l];
      const texts = [d.title, d.intro, ...d.sections.flatMap((s) => [s.title, ...s.text])];
      const bad = [];
      for (const t of texts) for (const r of rows) for (const f of r.forbidden) if (t.includes(f)) bad.push(`"${f}" (say "${r.term}") in "${t.slice(0, 80)}…"`);
      assert.deepEqual(bad, []);
    });
  }
}
