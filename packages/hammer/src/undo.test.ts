/**
 * Undo must never reveal: an action the player may take back must not make the game show that
 * player anything hidden (automatic steps after it included), or the player could undo and play
 * again knowing more.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { undoDepth, type LogEntry } from '@tabula/engine';
import { checkConformance } from '@tabula/engine/conformance';
import { MOVE1, MOVE3, PILLAGE, cards, g, put, scene, where } from './fixtures.test-support.js';
import { areaOf } from './map.js';
import { blockOf } from './blocks.js';
import type { State } from './state.js';
import type { Action } from './types.js';

/** How many of its last actions `role` may take back after playing `list` from `s`. */
function undoableAfter(s: State, role: string, list: Action[]): { depth: number; end: State } {
  const states: State[] = [s];
  const log: LogEntry[] = [];
  let t = s;
  for (const a of list) {
    t = g.apply(t, role, a);
    states.push(t);
    log.push({ role, action: a });
  }
  return { depth: undoDepth(g, states, log, role), end: t };
}

test('HotS 7.1 (undo never reveals): the Scottish move that ends the last Move Phase of the year may not be taken back once English nobles walk home', () => {
  const s = scene({ set: { turn: 5 }, blocks: { mar: ['E-noble-angus'], england: ['E-york-infantry'], fife: ['S-douglas'] } });
  put(s, 'S-noble-bruce', 'lennox'); // two free homes: Scotland chooses, so Scotland stays active
  let t = cards(s, MOVE3, MOVE1);
  t = g.apply(t, 'England', { type: 'end' });
  t = g.apply(t, 'Scotland', { type: 'group', area: 'fife' });
  t = g.apply(t, 'Scotland', { type: 'block', block: 'S-douglas' });
  const { depth, end } = undoableAfter(t, 'Scotland', [{ type: 'to', area: 'atholl' }]);
  assert.equal(end.phase, 'w-home', 'Winter began and Scotland places Bruce');
  assert.deepEqual(g.active(end), ['Scotland']);
  assert.equal(where(end, 'E-noble-angus'), areaOf('angus'), 'the English block in Mar walked home: it is the Earl of Angus');
  assert.equal(depth, 0, 'the step that ended the Move Phase is an undo barrier');
});

test('HotS Pillage (undo never reveals): England absorbing the last hit may not take it back when it shows the pillagers are at full strength', () => {
  let t = scene({ blocks: { angus: ['E-york-infantry', 'E-lancaster-infantry'], fife: ['S-douglas'] }, cards: [MOVE3, PILLAGE] });
  t = g.apply(t, 'Scotland', { type: 'pillage', area: 'angus', from: 'fife' });
  assert.deepEqual(g.active(t), ['England'], 'two equal blocks: England chooses the hit');
  const { depth, end } = undoableAfter(t, 'England', [{ type: 'hit', block: 'E-york-infantry' }]);
  assert.equal(end.phase, 'move', 'no Scottish block could take the steps, so England moves at once');
  assert.deepEqual(g.active(end), ['England']);
  assert.equal(depth, 0, 'the hit is an undo barrier');
  // Were Douglas hurt, Scotland would take the steps now: the difference is hidden strength.
  const hurt = structuredClone(t);
  hurt.steps[blockOf('S-douglas')] = 2;
  assert.deepEqual(g.active(g.apply(hurt, 'England', { type: 'hit', block: 'E-york-infantry' })), ['Scotland']);
});

test('HotS Pillage (undo never reveals): the pillager may not take back a Pillage whose forced hits show the victim\'s strength', () => {
  const t = scene({
    blocks: { angus: ['E-york-infantry'], england: ['E-lancaster-infantry'], fife: ['S-douglas'] },
    steps: { 'E-york-infantry': 1, 'S-douglas': 1 },
    cards: [MOVE3, PILLAGE],
  });
  const { depth, end } = undoableAfter(t, 'Scotland', [{ type: 'pillage', area: 'angus', from: 'fife' }]);
  assert.deepEqual(g.active(end), ['Scotland'], 'Scotland adds the steps taken');
  assert.equal(end.ev!.left, 1, 'York had one step: one hit taken');
  assert.equal(depth, 0, 'the Pillage is an undo barrier');
});

test('HotS undo never reveals: the conformance kit\'s undo check over random games of every scenario', () => {
  const r = checkConformance(g, {
    setups: g.scenarios.map((scenario) => ({ scenario })),
    playouts: 2,
    leakCheckEvery: 1000,
    illegalCheckEvery: 1000,
    allActionsEvery: 1000,
    undoRevealSamples: 2,
    seedPrefix: 'undo-reveals',
  });
  assert.equal(r.playouts, 2 * g.scenarios.length);
});
