import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isRuleError } from '@tabula/engine';
import { BUILTIN_DECKS } from './decks.js';
import { deckSchema, validateDeck } from './deckfile.js';
import { hacseGame } from './game.js';
import type { DeckFile } from './types.js';

function clone(id: string): DeckFile {
  return structuredClone(BUILTIN_DECKS[id]!);
}
function codes(d: unknown, scenario?: 'early' | 'late'): string[] {
  return validateDeck(d, scenario ? { scenario } : {}).problems.map((p) => p.code);
}

test('Deckbau: the four built-in decks are legal and hold 35-60 cards', () => {
  assert.deepEqual(Object.keys(BUILTIN_DECKS).sort(), ['germany-early', 'germany-late', 'soviet-early', 'soviet-late']);
  for (const [id, d] of Object.entries(BUILTIN_DECKS)) {
    const r = validateDeck(d);
    assert.deepEqual(r.problems, [], id);
    const n = d.cards.reduce((a, e) => a + e.count, 0);
    assert.ok(n >= 35 && n <= 60, `${id}: ${n}`);
  }
});

test('Deckbau: exactly 18 standard combat orders, 6 of each of the 3 types', () => {
  const d = clone('germany-early');
  d.cards.find((e) => e.id === 'order.flank')!.count = 5;
  d.cards.find((e) => e.id === 'order.assault')!.count = 7;
  const r = validateDeck(d);
  assert.deepEqual(r.problems.map((p) => p.code), ['orders', 'orders']);
  assert.match(r.problems[0]!.message, /exactly 6 "assault" combat orders .* holds 7/);
});

test('Deckbau: a deck holds 35-60 cards', () => {
  const d = clone('germany-early');
  d.cards = d.cards.filter((e) => e.id.startsWith('order.') || e.id === 'de.schuetzen');
  assert.deepEqual(codes(d), ['size']);
  const big = clone('germany-early');
  big.cards.push({ id: 'de.pz2', count: 4 }, { id: 'de.pz3', count: 4 }, { id: 'de.schuetzen', count: 2 }, { id: 'de.mg34', count: 4 });
  assert.ok(codes(big).includes('size'));
});

test('Deckbau: one side only; cards of the other side are named', () => {
  const d = clone('germany-early');
  d.cards.push({ id: 'su.strelki', count: 1 });
  const r = validateDeck(d);
  assert.ok(r.problems.some((p) => p.code === 'wrong-side' && /"su\.strelki" is a card of the Allies/.test(p.message)));
  assert.deepEqual(codes({ ...clone('germany-early'), side: 'both' }).includes('side'), true);
});

test('Deckbau: an Early deck holds only Early cards; a Late deck may mix eras; an Early game takes only Early decks', () => {
  const d = clone('germany-early');
  d.cards.push({ id: 'de.tiger', count: 1 });
  assert.ok(codes(d).includes('wrong-era'));
  const late = clone('germany-late');
  late.cards.push({ id: 'de.pz3', count: 1 });
  assert.deepEqual(codes(late), []);
  assert.deepEqual(codes(late, 'early'), ['scenario-era']);
});

test('Deckbau: unknown card ids, bad entries, unknown fields and too many copies are explained', () => {
  const d = clone('soviet-early') as unknown as Record<string, unknown>;
  (d.cards as unknown[]).push({ id: 'su.t1000', count: 1 }, { id: 'su.strelki' }, { id: 'su.bt7', count: 6 });
  d.colour = 'red';
  const r = validateDeck(d);
  const c = r.problems.map((p) => p.code).sort();
  assert.deepEqual(c, ['entry', 'too-many-copies', 'unknown-card', 'unknown-field']);
  assert.ok(r.problems.every((p) => p.message.length > 10));
  assert.deepEqual(codes('hello'), ['not-an-object']);
});

test('Deckbau: the JSON Schema describes the same required fields', () => {
  assert.deepEqual([...deckSchema.required].sort(), ['cards', 'era', 'format', 'id', 'name', 'nations', 'side']);
  assert.equal(deckSchema.properties.format.const, 'hacse-deck/1');
});

test('Deckbau: setup accepts a full deck object in variants.decks and rejects an illegal one with every problem', () => {
  const custom = clone('germany-late');
  custom.id = 'my-deck';
  custom.cards.push({ id: 'de.pz3', count: 2 });
  const s = hacseGame.setup({ seed: 'c', scenario: 'late', variants: { decks: { axis: custom, allies: 'soviet-late' } } });
  assert.equal(s.decks.axis.id, 'my-deck');
  assert.equal(s.decks.axis.size, 50);
  const bad = clone('germany-late');
  bad.cards[0]!.count = 2;
  try {
    hacseGame.setup({ seed: 'c', scenario: 'late', variants: { decks: { axis: bad } } });
    assert.fail('accepted');
  } catch (e) {
    assert.ok(isRuleError(e));
    assert.equal(e.code, 'bad-deck');
    assert.match(e.message, /assault/);
  }
  assert.throws(() => hacseGame.setup({ seed: 'c', scenario: 'early', variants: { decks: { axis: 'germany-late' } } }), /Early/);
  assert.throws(() => hacseGame.setup({ seed: 'c', scenario: 'early', variants: { decks: { axis: 'soviet-early', allies: 'germany-early' } } }), /axis role needs/);
});

test('Deckbau: built-in decks can be chosen by the axisDeck / alliesDeck variants ("auto" = the era\'s default)', () => {
  const s = hacseGame.setup({ seed: 'v', scenario: 'late', variants: { axisDeck: 'germany-early', alliesDeck: 'auto', earlyVsLate: 'numbers' } });
  assert.equal(s.decks.axis.id, 'germany-early');
  assert.equal(s.decks.allies.id, 'soviet-late');
  assert.deepEqual(s.rules.destroyAt, { axis: 7, allies: 6 });
  const spec = hacseGame.variants!.find((v) => v.key === 'axisDeck')!;
  assert.deepEqual(spec.values, ['auto', 'germany-early', 'germany-late', 'soviet-early', 'soviet-late']);
  assert.throws(() => hacseGame.setup({ seed: 'v', variants: { axisDeck: 'nope' } }), /Unknown deck "nope"/);
});
