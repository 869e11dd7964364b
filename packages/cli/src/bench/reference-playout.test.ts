import { test } from 'node:test';
import assert from 'node:assert/strict';
import { referencePlayouts } from './reference-playout.js';

/** A stand-in rules module: both roles first play at once ("Both"), then "A" counts to 10; undo is always offered. */
function countingRules(): Parameters<typeof referencePlayouts>[0] & { undos: number; moves: string[] } {
  const m = {
    undos: 0,
    moves: [] as string[],
    roles: ['A', 'B'],
    setup: () => ({ state: 'both', active: 'Both', n: 0, played: [] as string[] }),
    view(s: { state: string; active: string; n: number; played: string[] }, role: string) {
      if (s.state === 'both') return s.played.includes(role) ? { actions: { undo: 1 } } : { actions: { card: [1, 2], undo: 1 } };
      return role === s.active ? { actions: { step: [1, 2], pass: 1, wait: 0, undo: 1 } } : {};
    },
    action(s: { state: string; active: string; n: number; played: string[] }, role: string, a: string, arg: unknown) {
      if (a === 'undo') m.undos++;
      m.moves.push(`${role}:${a}:${String(arg)}`);
      if (s.state === 'both') {
        s.played.push(role);
        if (s.played.length === 2) { s.state = 'count'; s.active = 'A'; }
      } else {
        s.n += a === 'step' ? Number(arg) : 1;
        if (s.n >= 10) s.state = 'game_over';
      }
      return s;
    },
  };
  return m;
}

test('reference playouts: both roles are asked while both play, undo and unoffered actions are never picked, every game ends', () => {
  const rules = countingRules();
  const r = referencePlayouts(rules, 'x', 30);
  assert.equal(r.games, 30);
  assert.equal(r.unfinished, 0);
  assert.equal(rules.undos, 0);
  assert.ok(rules.moves.every((x) => !x.includes(':wait:')), 'an action offered as 0 is not offered');
  assert.ok(rules.moves.some((x) => x.startsWith('B:card')), 'the second role plays once the first has');
  assert.ok(rules.moves.some((x) => x === 'A:pass:undefined'), 'an action without arguments is picked as such');
  assert.ok(r.meanActions >= 2 + 5 && r.meanActions <= 2 + 10, `decisions per game ${r.meanActions}`);
  assert.ok(r.gamesPerSecond > 0);
});
