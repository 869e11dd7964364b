import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cleanChatText } from './text.js';
import { pairwise, rate } from './ratings.js';
import { rotatedSeats } from './rematch.js';

describe('ratings', () => {
  it('Glicko-2: the library reproduces Glickman\'s worked example (1500/200 vs 1400/30 won, 1550/100 lost, 1700/300 lost -> 1464.06, 151.52, 0.05999)', () => {
    const [p] = rate([{ rating: 1500, rd: 200, vol: 0.06 }, { rating: 1400, rd: 30, vol: 0.06 }, { rating: 1550, rd: 100, vol: 0.06 }, { rating: 1700, rd: 300, vol: 0.06 }],
      [[0, 1, 1], [0, 2, 0], [0, 3, 0]]);
    assert.ok(Math.abs(p!.rating - 1464.06) < 0.01, String(p!.rating));
    assert.ok(Math.abs(p!.rd - 151.52) < 0.01, String(p!.rd));
    assert.ok(Math.abs(p!.vol - 0.05999) < 0.0001, String(p!.vol));
  });

  it('3-5 player games count as every pair of seats by final rank: winners first, then score; equal rank is a draw', () => {
    assert.deepEqual(pairwise(['r', 'g', 'b'], { winners: ['g'], scores: { r: 30, g: 50, b: 30 }, reason: 'end' }), [[0, 1, 0], [0, 2, 0.5], [1, 2, 1]]);
    assert.deepEqual(pairwise(['a', 'b'], { winners: [], reason: 'draw' }), [[0, 1, 0.5]]);
    assert.deepEqual(pairwise(['a', 'b'], { winners: ['b'], reason: 'resigned' }), [[0, 1, 0]]);
  });
});

describe('chat text and rematch seats', () => {
  it('control, bidi and zero-width characters are stripped; whitespace collapsed', () => {
    assert.equal(cleanChatText('\u202Eabc\u202C \u2066x\u2069\u200B\u200D\uFEFF\u0000\u001B[31m\n\n y '), 'abc x[31m y');
    assert.equal(cleanChatText('<img src=x onerror=alert(1)>'), '<img src=x onerror=alert(1)>');
  });
  it('rematch: two seats swap; more seats rotate by one', () => {
    assert.deepEqual(rotatedSeats(['a', 'b']), ['b', 'a']);
    assert.deepEqual(rotatedSeats(['a', 'b', 'c']), ['b', 'c', 'a']);
  });
});
