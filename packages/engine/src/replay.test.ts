import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseGameLog, replay } from './replay.js';
import { RuleError } from './errors.js';
import { undoDepth } from './undo.js';
import { makeNim, type NimAction, type NimState } from './testgame.test-support.js';

const nim = makeNim();

test('replay: same seed and actions give the same state', () => {
  const log = { game: 'secret-nim', seed: 's1', options: {}, actions: [{ role: 'a', action: { type: 'take', n: 1 } }, { role: 'b', action: { type: 'take', n: 2 } }] };
  const a = replay<NimState>(nim, log);
  const b = replay<NimState>(nim, JSON.parse(JSON.stringify(log)));
  assert.deepEqual(a, b);
  assert.equal(a.turn, 'a');
});

test('replay: an illegal action reports its index', () => {
  const log = { game: 'secret-nim', seed: 's1', options: {}, actions: [{ role: 'a', action: { type: 'take', n: 1 } }, { role: 'a', action: { type: 'take', n: 1 } }] };
  assert.throws(() => replay(nim, log), (e: unknown) => e instanceof RuleError && e.code === 'not-your-turn' && e.details?.index === 1);
});

test('replay: a log for another game is refused', () => {
  assert.throws(() => replay(nim, { game: 'chess', seed: 'x', options: {}, actions: [] }), (e: unknown) => e instanceof RuleError && e.code === 'bad-log');
});

test('parseGameLog names the first problem', () => {
  assert.throws(() => parseGameLog({ game: 'x', seed: 1, options: {}, actions: [] }), /seed/);
  assert.throws(() => parseGameLog({ game: 'x', seed: 's', options: {}, actions: [{ role: 'a' }] }), /actions\[0\]/);
  assert.throws(() => parseGameLog([]), /not an object/);
  assert.deepEqual(parseGameLog({ game: 'x', seed: 's', options: { players: 2 }, actions: [] }).options, { players: 2 });
});

test('undo policy: a role may take back its own actions until the active role changes or randomness is used', () => {
  const states: NimState[] = [nim.setup({ seed: 'undo' })];
  const actions: { role: string; action: NimAction }[] = [
    { role: 'a', action: { type: 'reveal' } },
  ];
  states.push(nim.apply(states[0]!, 'a', actions[0]!.action));
  // reveal shows hidden information: not undoable
  assert.equal(undoDepth(nim, states, actions, 'a'), 0);
  // a game without barriers: the reveal keeps a active, so it is undoable
  const lenient = makeNim({ undoBarrier: () => false });
  assert.equal(undoDepth(lenient, states, actions, 'a'), 1);
  assert.equal(undoDepth(lenient, states, actions, 'b'), 0);
  // a take hands the turn to b: not undoable
  actions.push({ role: 'a', action: { type: 'take', n: 1 } });
  states.push(nim.apply(states[1]!, 'a', actions[1]!.action));
  assert.equal(undoDepth(lenient, states, actions, 'a'), 0);
});
