import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { afterAction, afterUndo, clockRules, deadlineOf, flagged, newClock, runningSeats, settle } from './clock.js';
import type { SeatRow } from '../store/index.js';

const MIN = 60_000, DAY = 24 * 60 * MIN;
const live53 = { kind: 'live', baseSeconds: 300, incrementSeconds: 3 } as const;
const corr3 = { kind: 'correspondence', days: 3 } as const;

describe('clock arithmetic', () => {
  it('Fischer 5+3: the actor is charged its thinking time and gains 3 s; the other seat is untouched', () => {
    const c0 = newClock(live53, ['a', 'b'], 1000)!;
    const c1 = afterAction(live53, c0, ['a'], 'a', true, 1000 + 20_000);
    assert.deepEqual(c1, { remaining: { a: 5 * MIN - 20_000 + 3000, b: 5 * MIN }, since: 21_000 });
    const c2 = afterAction(live53, c1, ['b'], 'b', true, 21_000 + 61_000);
    assert.deepEqual(c2.remaining, { a: 5 * MIN - 17_000, b: 5 * MIN - 58_000 });
  });

  it('Fischer has no cap: quick moves bank increments above the base', () => {
    let c = newClock(live53, ['a'], 0)!;
    for (let t = 1000; t <= 10_000; t += 1000) c = afterAction(live53, c, ['a'], 'a', true, t);
    assert.equal(c.remaining.a, 5 * MIN + 10 * 2000);
  });

  it('correspondence 3 days: starts at 3 days, each move adds 3 days, the bank never exceeds 6 days', () => {
    const c0 = newClock(corr3, ['a', 'b'], 0)!;
    assert.equal(c0.remaining.a, 3 * DAY);
    const c1 = afterAction(corr3, c0, ['a'], 'a', true, 2 * DAY);
    assert.equal(c1.remaining.a, 4 * DAY);
    const c2 = afterAction(corr3, c1, ['a'], 'a', true, 2 * DAY + MIN);
    assert.equal(c2.remaining.a, 6 * DAY, 'capped at twice the days per move');
    assert.deepEqual(clockRules(corr3), { base: 3 * DAY, increment: 3 * DAY, cap: 6 * DAY });
  });

  it('a simultaneous step charges every seat still to act; one that already acted stops running', () => {
    const c0 = newClock(live53, ['a', 'b'], 0)!;
    const c1 = afterAction(live53, c0, ['a', 'b'], 'a', true, 10_000);
    assert.deepEqual(c1.remaining, { a: 5 * MIN - 7000, b: 5 * MIN - 10_000 });
    const c2 = settle(c1, ['b'], 25_000);
    assert.deepEqual(c2.remaining, { a: 5 * MIN - 7000, b: 5 * MIN - 25_000 });
  });

  it('a bot\'s action earns no increment; bot seats are never running', () => {
    const c = afterAction(live53, newClock(live53, ['a', 'b'], 0)!, [], 'b', false, 5000);
    assert.equal(c.remaining.b, 5 * MIN);
    const seats: SeatRow[] = [
      { seat: 0, role: 'a', userId: 1, userName: 'x', bot: null, seenAt: null },
      { seat: 1, role: 'b', userId: null, userName: null, bot: 'random', seenAt: null },
    ];
    assert.deepEqual(runningSeats(seats, ['a', 'b']), ['a']);
  });

  it('undo takes back the increment its action earned', () => {
    const c1 = afterAction(live53, newClock(live53, ['a'], 0)!, ['a'], 'a', true, 1000);
    const c2 = afterUndo(live53, c1, ['a'], 'a', 2000);
    assert.equal(c2.remaining.a, 5 * MIN - 2000);
  });

  it('deadline and flag: the first running seat to reach zero, and only once it has', () => {
    const c = { remaining: { a: 5000, b: 3000 }, since: 100 };
    assert.equal(deadlineOf(c, ['a', 'b']), 3100);
    assert.equal(deadlineOf(c, ['a']), 5100);
    assert.equal(deadlineOf(c, []), null);
    assert.equal(flagged(c, ['a', 'b'], 3099), null);
    assert.equal(flagged(c, ['a', 'b'], 3100), 'b');
    assert.equal(flagged(c, ['a'], 3100), null, 'a seat not running is not flagged');
    assert.equal(flagged(c, ['a', 'b'], 9000), 'b', 'the one that ran out first');
  });
});
