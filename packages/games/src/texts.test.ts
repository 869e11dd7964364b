import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LANGUAGES, type Texts } from '@tabula/engine';
import { GAME_IDS, MANIFESTS } from './registry.js';

// Chinese has only the _other plural form, so "_one" keys may be missing there.
const base = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, '');
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)/g)].map((m) => m[1]).sort();

/** The key prefixes a game's platform texts may use: its own board prefix and its rules summary. */
const PREFIX = { carcassonne: 'carc.', 'hammer-of-the-scots': 'hammer.', hacse: 'hacse.' } as const;

for (const id of GAME_IDS) {
  const texts = MANIFESTS[id].texts;
  const en: Texts = texts.en;

  test(`${id}: the platform texts have a summary and only keys of the game`, () => {
    assert.notEqual(en[`rules.${id}.summary`]?.trim() ?? '', '');
    for (const k of Object.keys(en)) assert.ok(k.startsWith(PREFIX[id]) || k.startsWith(`rules.${id}.`), k);
  });

  for (const l of LANGUAGES.filter((x) => x !== 'en')) {
    test(`${id}: ${l} has every platform text of en, no other, with the same placeholders`, () => {
      const d = texts[l];
      const want = new Set(Object.keys(en).map(base));
      const have = new Set(Object.keys(d).map(base));
      assert.deepEqual([...want].filter((k) => !have.has(k)), [], 'missing');
      assert.deepEqual([...have].filter((k) => !want.has(k)), [], 'extra');
      for (const [k, v] of Object.entries(en)) {
        if (l === 'zh-Hans' && k.endsWith('_one')) continue;
        assert.ok(k in d, `${l} lacks ${k}`);
        assert.notEqual(d[k]!.trim(), '', `${l} ${k}`);
        assert.deepEqual(placeholders(d[k]!), placeholders(v), `${l} ${k}`);
      }
    });
  }
}
