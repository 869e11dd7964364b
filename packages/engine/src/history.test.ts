import { test } from 'node:test';
import assert from 'node:assert/strict';
import { replayGame, SPECTATOR } from './history.js';
import { makeNim, type NimAction, type NimState } from './testgame.test-support.js';
import type { LogLine, Role } from './types.js';

/** Nim whose log says publicly how many stones were taken and tells only the taker its own secret. */
const nim = makeNim({
  describe(prev: NimState, _next: NimState, role: Role, action: NimAction, viewer: Role | null): LogLine[] {
    if (action.type !== 'take') return [];
    const lines: LogLine[] = [{ role, key: 'took', args: { n: action.n } }];
    if (viewer === role) lines.push({ role, key: 'secret', args: { value: prev.secret[role]! } });
    return lines;
  },
});

function played(): ReturnType<typeof replayGame> {
  const log = [
    { role: 'a', action: { type: 'take', n: 2 } },
    { role: 'b', action: { type: 'reveal' } },
    { role: 'b', action: { type: 'take', n: 1 } },
  ];
  return replayGame(nim, { seed: 's1' }, ['a', 'b'], log);
}

test('replay log lines: each viewer reads its own lines and never another role\'s private line', () => {
  const g = played();
  const s = g.state as NimState;
  assert.deepEqual(g.log('a').map((l) => [l.seq, l.key]), [[0, 'took'], [0, 'secret'], [2, 'took']]);
  assert.deepEqual(g.log('b').map((l) => [l.seq, l.key]), [[0, 'took'], [2, 'took'], [2, 'secret']]);
  assert.deepEqual(g.log(null).map((l) => [l.seq, l.key]), [[0, 'took'], [2, 'took']]);
  assert.equal(g.log('b').find((l) => l.key === 'secret')!.args!.value, s.secret.b);
});

test('replay log lines: kept as one JSON string per action and viewer (no objects for the collector to walk); an action without lines keeps "[]"', () => {
  const g = played();
  const lines = (g as unknown as { lines: Map<string, unknown[]> }).lines;
  const a = lines.get('a')!, b = lines.get('b')!, spect = lines.get(SPECTATOR)!;
  for (const per of [a, b, spect]) assert.ok(per.every((l) => typeof l === 'string'), 'every action\'s lines are a string');
  assert.equal(b[0], spect[0], 'b and the spectator read the same line of a\'s take');
  assert.notEqual(a[0], spect[0], 'a also reads its secret');
  assert.deepEqual((JSON.parse(a[0] as string) as LogLine[]).map((l) => [l.role, l.key]), [['a', 'took'], ['a', 'secret']]);
  assert.equal(a[2], spect[2]);
  assert.notEqual(b[2], spect[2]);
  assert.deepEqual([a[1], b[1], spect[1]], ['[]', '[]', '[]'], 'the reveal has no lines');
});
