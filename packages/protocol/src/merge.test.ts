import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mergeState } from './merge.js';
import type { GameStateT } from './index.js';

const state = (version: number, length: number, logFrom: number, seqs: number[]): GameStateT => ({
  id: 'g', game: 'x', scenario: 's', players: null, variants: null, status: 'active', seats: [], version, role: 'a', roles: ['a'],
  view: { v: version }, actions: [], active: ['a'], yourTurn: false, undo: 0, prompt: null, length, logFrom,
  log: seqs.map((seq) => ({ seq, role: 'a', key: `k${seq}` })), outcome: null, abortable: false, away: {}, drawOffer: null, createdBy: null, learning: false,
});

test('client merge: a push older than the state shown is dropped (out-of-order delivery keeps the newer state)', () => {
  const newer = state(9, 5, 0, [0, 1, 2, 3, 4]);
  assert.equal(mergeState(newer, state(8, 4, 3, [3])), 'stale');
  const shown = mergeState(state(7, 3, 0, [0, 1, 2]), newer);
  assert.equal(shown, newer);
});

test('client merge: a push with log lines from a position appends them to the lines held before it', () => {
  const merged = mergeState(state(7, 3, 0, [0, 1, 2]), state(8, 4, 3, [3, 3]));
  assert.ok(typeof merged === 'object');
  assert.deepEqual(merged.log.map((l) => l.seq), [0, 1, 2, 3, 3]);
  assert.equal(merged.logFrom, 0);
  assert.deepEqual(merged.view, { v: 8 });
});

test('client merge: after an undo the lines past the cut are replaced', () => {
  const merged = mergeState(state(7, 3, 0, [0, 1, 2]), state(8, 2, 2, []));
  assert.ok(typeof merged === 'object');
  assert.deepEqual(merged.log.map((l) => l.seq), [0, 1]);
});

test('client merge: a push whose lines start past the actions held is a gap (the client resyncs)', () => {
  assert.equal(mergeState(state(7, 3, 0, [0, 1, 2]), state(10, 6, 5, [5])), 'gap');
  assert.equal(mergeState(null, state(10, 6, 5, [5])), 'gap');
});
