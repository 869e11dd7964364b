// Every UI string exists in all four languages (plural forms may differ: Chinese has only _other).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../src/i18n');
function keys(file) {
  const text = readFileSync(join(dir, file), 'utf8');
  const out = new Map();
  for (const m of text.matchAll(/^\s*'([^']+)':\s*(['"`])((?:\\.|(?!\2).)*)\2,?\s*$/gm)) out.set(m[1], m[3]);
  return out;
}
const base = (k) => k.replace(/_(zero|one|two|few|many|other)$/, '');
const langs = { en: 'en.ts', de: 'de.ts', es: 'es.ts', 'zh-Hans': 'zh-Hans.ts' };
const en = keys('en.ts');

test('the English dictionary is not empty and has no empty strings', () => {
  assert.ok(en.size > 150, `only ${en.size} keys`);
  for (const [k, v] of en) assert.notEqual(v.trim(), '', k);
});

for (const [lng, file] of Object.entries(langs)) {
  if (lng === 'en') continue;
  test(`${lng} has every UI string of en and no extra ones`, () => {
    const d = keys(file);
    const want = new Set([...en.keys()].map(base));
    const have = new Set([...d.keys()].map(base));
    assert.deepEqual([...want].filter((k) => !have.has(k)), [], 'missing');
    assert.deepEqual([...have].filter((k) => !want.has(k)), [], 'extra');
    if (lng !== 'zh-Hans') for (const k of en.keys()) assert.ok(d.has(k), `${lng} lacks ${k}`);
    else for (const k of en.keys()) if (!k.endsWith('_one')) assert.ok(d.has(k), `${lng} lacks ${k}`);
  });
  test(`${lng} keeps every {{placeholder}} of en`, () => {
    const d = keys(file);
    for (const [k, v] of en) {
      const t = d.get(k);
      if (t === undefined) continue;
      const ph = (s) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      assert.deepEqual(ph(t), ph(v), `${lng} ${k}`);
    }
  });
}
