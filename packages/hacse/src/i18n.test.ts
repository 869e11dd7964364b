import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng } from '@tabula/engine';
import { CARD_LIST } from './cards.js';
import { hacseGame } from './game.js';
import { messages } from './i18n.js';
import { validateDeck } from './deckfile.js';

const LANGS = ['en', 'de', 'es', 'zh-Hans'] as const;

test('i18n: every card has a name in every language, and every card with effects or an order has a text', () => {
  for (const lang of LANGS) {
    for (const c of CARD_LIST) {
      assert.ok(messages[lang][c.nameKey], `${lang} ${c.nameKey}`);
      if (c.kind !== 'unit' || (c.effects ?? []).length > 0) assert.ok(c.textKey && messages[lang][c.textKey], `${lang} text of ${c.id}`);
    }
  }
});

test('i18n: every RuleError code and every deck problem code has a message in every language', () => {
  const rule = ['not-your-turn', 'illegal-action', 'malformed-action', 'game-over', 'unknown-scenario', 'bad-options', 'bad-deck'];
  const deck = ['not-an-object', 'unknown-field', 'format', 'id', 'name', 'side', 'era', 'nations', 'cards', 'entry', 'unknown-card', 'wrong-side', 'wrong-nation', 'wrong-era', 'too-many-copies', 'orders', 'size', 'no-units', 'scenario-era'];
  const seen = validateDeck({ format: 'x', cards: [{ id: 'nope', count: 1 }, {}] }).problems.map((p) => p.code);
  for (const c of seen) assert.ok(deck.includes(c), c);
  for (const lang of LANGS) {
    for (const c of rule) assert.ok(messages[lang][`rule.${c}`], `${lang} rule.${c}`);
    for (const c of deck) assert.ok(messages[lang][`deck.${c}`], `${lang} deck.${c}`);
  }
});

test('i18n: every log key a random game produces has a message in every language', () => {
  const keys = new Set<string>();
  for (const scenario of ['early', 'late']) {
    for (let g = 0; g < 6; g++) {
      let s = hacseGame.setup({ seed: `i18n${g}`, scenario });
      const rng = new Rng(`i${g}`);
      while (hacseGame.active(s).length > 0) {
        const r = hacseGame.active(s)[0]!;
        const acts = hacseGame.actions(s, r);
        const a = acts[rng.int(acts.length)]!;
        const n = hacseGame.apply(s, r, a);
        for (const v of ['axis', 'allies', null]) for (const l of hacseGame.describe!(s, n, r, a, v)) keys.add(l.key);
        s = n;
      }
    }
  }
  assert.ok(keys.size > 15, [...keys].join());
  for (const lang of LANGS) for (const k of keys) assert.ok(messages[lang][k] ?? messages[lang][`${k}_other`], `${lang} ${k}`);
});
