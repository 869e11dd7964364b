import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkConformance } from '@tabula/engine/conformance';
import { hacseGame } from './game.js';

const opts = { playouts: 4, leakCheckEvery: 2, illegalCheckEvery: 5, allActionsEvery: 7 };

test('conformance: Early, Germany Early vs Soviet Union Early (defaults)', () => {
  const r = checkConformance(hacseGame, { ...opts, setups: [{ scenario: 'early' }] });
  assert.equal(r.playouts, 4);
});

test('conformance: Late, Germany Late vs Soviet Union Late (defaults)', () => {
  const r = checkConformance(hacseGame, { ...opts, setups: [{ scenario: 'late' }] });
  assert.equal(r.playouts, 4);
});

test('conformance: Früh gegen Spät option 1 (doctrine), Germany Early vs Soviet Union Late', () => {
  const r = checkConformance(hacseGame, { ...opts, setups: [{ scenario: 'late', variants: { decks: { axis: 'germany-early', allies: 'soviet-late' }, earlyVsLate: 'doctrine' } }] });
  assert.equal(r.playouts, 4);
});

test('conformance: Früh gegen Spät option 2 (numbers), Germany Late vs Soviet Union Early', () => {
  const r = checkConformance(hacseGame, { ...opts, setups: [{ scenario: 'late', variants: { decks: { axis: 'germany-late', allies: 'soviet-early' }, earlyVsLate: 'numbers' } }] });
  assert.equal(r.playouts, 4);
});

test('conformance: mirrored die, two Axis decks', () => {
  const r = checkConformance(hacseGame, { ...opts, playouts: 2, setups: [{ scenario: 'early', variants: { decks: { axis: 'germany-early', allies: 'germany-early' } } }] });
  assert.equal(r.playouts, 2);
});

test('conformance: Früh gegen Spät chosen in the game (the default), Germany Early vs Soviet Union Late', () => {
  const r = checkConformance(hacseGame, { ...opts, setups: [{ scenario: 'late', variants: { decks: { axis: 'germany-early', allies: 'soviet-late' } } }] });
  assert.equal(r.playouts, 4);
});

test('conformance: the old free reshuffle of an empty deck (variant autoReshuffle)', () => {
  const r = checkConformance(hacseGame, { ...opts, playouts: 2, setups: [{ scenario: 'early', variants: { autoReshuffle: true } }] });
  assert.equal(r.playouts, 2);
});
