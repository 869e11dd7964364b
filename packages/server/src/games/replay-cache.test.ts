import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { replay, undoDepth } from '@tabula/engine';
import { ReplayCache, ReplayedGame, replayGame } from './replay-cache.js';
import { tallyGame } from '../harness/testgame.js';

const options = { seed: 's1', scenario: 'standard', variants: { target: 1000 } };
const roles = ['north', 'east'];

describe('replay cache', () => {
  it('incremental pushes give the same state as a full replay', () => {
    const g = new ReplayedGame(tallyGame, options, roles);
    const acts = [{ role: 'north', action: { type: 'add', n: 1 } }, { role: 'north', action: { type: 'roll' } }, { role: 'east', action: { type: 'add', n: 2 } }, { role: 'east', action: { type: 'pass' } }];
    for (const a of acts) g.push(a);
    assert.deepEqual(g.state, replay(tallyGame, { game: tallyGame.id, seed: 's1', options: { scenario: 'standard', variants: { target: 1000 } }, actions: acts }));
  });

  it('undo depth and pop follow the engine policy, beyond the kept tail too', () => {
    const g = new ReplayedGame(tallyGame, options, roles);
    const states = [g.state];
    const acts = [];
    // east... north adds twice then passes; east adds 3 times
    for (const a of [{ role: 'north', action: { type: 'pass' } }, { role: 'east', action: { type: 'add', n: 1 } }, { role: 'east', action: { type: 'add', n: 2 } }, { role: 'east', action: { type: 'add', n: 1 } }]) {
      g.push(a);
      acts.push(a);
      states.push(g.state);
    }
    assert.equal(g.undoDepth('east'), undoDepth(tallyGame, states, acts, 'east'));
    assert.equal(g.undoDepth('east'), 3);
    assert.equal(g.undoDepth('north'), 0);
    g.pop();
    assert.deepEqual(g.state, states[3]);
    assert.equal(g.undoDepth('east'), 2);
    assert.equal(g.log('east').length, 3);
    assert.equal(g.log(null).length, 3);
  });

  it('log lines are per viewer; the default hides other roles\' actions', () => {
    const plain = { ...tallyGame, describe: undefined };
    const g = replayGame(plain, options, roles, [{ role: 'north', action: { type: 'add', n: 2 } }]);
    assert.deepEqual(g.log('north'), [{ seq: 0, role: 'north', key: 'log.action', args: { action: '{"type":"add","n":2}' } }]);
    assert.deepEqual(g.log('east'), [{ seq: 0, role: 'north', key: 'log.acted' }]);
    assert.deepEqual(g.log(null), [{ seq: 0, role: 'north', key: 'log.acted' }]);
  });

  it('the LRU keeps the most recently used games', () => {
    const c = new ReplayCache(2);
    const mk = (): ReplayedGame => new ReplayedGame(tallyGame, options, roles);
    const a = mk(), b = mk(), d = mk();
    c.set('a', a);
    c.set('b', b);
    c.get('a');
    c.set('d', d);
    assert.equal(c.get('b'), undefined);
    assert.equal(c.get('a'), a);
    assert.equal(c.size, 2);
  });
});
