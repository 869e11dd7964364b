import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isUndoableStep, undoDepth } from './undo.js';
import { makeNim } from './testgame.test-support.js';
import type { AnyGame, LogEntry } from './types.js';

// A stub whose states are just their active roles (in the order the game lists them).
const orderOnly = { ...makeNim(), active: (s: string[]) => s, undoBarrier: () => false } as unknown as AnyGame;
const entry: LogEntry = { role: 'a', action: { type: 'x' } };

test('undo policy: the same active roles in another order keep a step undoable', () => {
  assert.equal(isUndoableStep(orderOnly, ['a', 'b'], ['b', 'a'], entry), true);
  assert.equal(isUndoableStep(orderOnly, ['a', 'b'], ['a'], entry), false);
  assert.equal(undoDepth(orderOnly, [['a', 'b'], ['b', 'a'], ['a', 'b']], [entry, entry], 'a'), 2);
});

test('undo policy: a barrier step is not undoable and stops the run', () => {
  const barrierAtFirst = { ...(orderOnly as object), undoBarrier: (prev: string[]) => prev.length === 3 } as unknown as AnyGame;
  assert.equal(isUndoableStep(barrierAtFirst, ['a', 'b', 'c'], ['a', 'b', 'c'], entry), false);
  assert.equal(undoDepth(barrierAtFirst, [['a', 'b', 'c'], ['a', 'b', 'c'], ['a', 'b', 'c']], [entry, entry], 'a'), 0);
  assert.equal(undoDepth(barrierAtFirst, [['a'], ['a'], ['a']], [entry, entry], 'a'), 2);
});

test("undo policy: only the role's own trailing actions count", () => {
  const b: LogEntry = { role: 'b', action: { type: 'x' } };
  const s = [['a', 'b'], ['a', 'b'], ['a', 'b'], ['a', 'b']];
  assert.equal(undoDepth(orderOnly, s, [entry, b, entry], 'a'), 1);
  assert.equal(undoDepth(orderOnly, s, [b, entry, entry], 'a'), 2);
  assert.equal(undoDepth(orderOnly, s, [entry, entry, b], 'a'), 0);
});

test('undo policy: undoDepth needs exactly one state per action plus the current one', () => {
  assert.throws(() => undoDepth(orderOnly, [['a'], ['a']], [entry, entry], 'a'), RangeError);
  assert.throws(() => undoDepth(orderOnly, [['a'], ['a'], ['a'], ['a']], [entry, entry], 'a'), RangeError);
  assert.throws(() => undoDepth(orderOnly, [], [], 'a'), RangeError);
  assert.equal(undoDepth(orderOnly, [['a']], [], 'a'), 0);
});
