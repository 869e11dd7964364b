import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FIRST_MOVE_WINDOW_MS } from '@tabula/protocol';
import { afterAction, afterUndo, clockRules, deadlineOf, firstMoveDeadlines, flagged, newClock, runningSeats, settle, type TimeControl } from './clock.js';
import type { ClockState, SeatRow } from '../store/index.js';
import { Outages } from './outages.js';

const MIN = 60_000, DAY = 24 * 60 * MIN;
const live53 = { kind: 'live', baseSeconds: 300, incrementSeconds: 3 } as const;
const corr3 = { kind: 'correspondence', days: 3 } as const;
/** A clock whose seats have all made their first action (the bank arithmetic). */
const started = (tc: TimeControl, roles: string[], now: number): ClockState => ({ ...newClock(tc, roles, now)!, moved: roles });

describe('clock arithmetic', () => {
  it('Fischer 5+3: the actor is charged its thinking time and gains 3 s; the other seat is untouched', () => {
    const c0 = started(live53, ['a', 'b'], 1000);
    const c1 = afterAction(live53, c0, ['a'], 'a', true, 1000 + 20_000);
    assert.deepEqual(c1, { remaining: { a: 5 * MIN - 20_000 + 3000, b: 5 * MIN }, since: 21_000, moved: ['a', 'b'] });
    const c2 = afterAction(live53, c1, ['b'], 'b', true, 21_000 + 61_000);
    assert.deepEqual(c2.remaining, { a: 5 * MIN - 17_000, b: 5 * MIN - 58_000 });
  });

  it('Fischer has no cap: quick moves bank increments above the base', () => {
    let c = started(live53, ['a'], 0);
    for (let t = 1000; t <= 10_000; t += 1000) c = afterAction(live53, c, ['a'], 'a', true, t);
    assert.equal(c.remaining.a, 5 * MIN + 10 * 2000);
  });

  it('correspondence 3 days: starts at 3 days, each move adds 3 days, the bank never exceeds 6 days', () => {
    const c0 = started(corr3, ['a', 'b'], 0);
    assert.equal(c0.remaining.a, 3 * DAY);
    const c1 = afterAction(corr3, c0, ['a'], 'a', true, 2 * DAY);
    assert.equal(c1.remaining.a, 4 * DAY);
    const c2 = afterAction(corr3, c1, ['a'], 'a', true, 2 * DAY + MIN);
    assert.equal(c2.remaining.a, 6 * DAY, 'capped at twice the days per move');
    assert.deepEqual(clockRules(corr3), { base: 3 * DAY, increment: 3 * DAY, cap: 6 * DAY });
  });

  it('a simultaneous step charges every seat still to act; one that already acted stops running', () => {
    const c0 = started(live53, ['a', 'b'], 0);
    const c1 = afterAction(live53, c0, ['a', 'b'], 'a', true, 10_000);
    assert.deepEqual(c1.remaining, { a: 5 * MIN - 7000, b: 5 * MIN - 10_000 });
    const c2 = settle(c1, ['b'], 25_000);
    assert.deepEqual(c2.remaining, { a: 5 * MIN - 7000, b: 5 * MIN - 25_000 });
  });

  it('a bot\'s action earns no increment; bot seats are never running', () => {
    const c = afterAction(live53, started(live53, ['a', 'b'], 0), [], 'b', false, 5000);
    assert.equal(c.remaining.b, 5 * MIN);
    const seats: SeatRow[] = [
      { seat: 0, role: 'a', userId: 1, userName: 'x', bot: null, seenAt: null },
      { seat: 1, role: 'b', userId: null, userName: null, bot: 'random', seenAt: null },
    ];
    assert.deepEqual(runningSeats(seats, ['a', 'b']), ['a']);
  });

  it('undo takes back the increment its action earned', () => {
    const c1 = afterAction(live53, started(live53, ['a'], 0), ['a'], 'a', true, 1000);
    const c2 = afterUndo(live53, c1, ['a'], 'a', 2000);
    assert.equal(c2.remaining.a, 5 * MIN - 2000);
  });

  it('deadline and flag: the first running seat to reach zero, and only once it has', () => {
    const c = { remaining: { a: 5000, b: 3000 }, since: 100 };
    assert.equal(deadlineOf(live53, c, ['a', 'b']), 3100);
    assert.equal(deadlineOf(live53, c, ['a']), 5100);
    assert.equal(deadlineOf(live53, c, []), null);
    assert.equal(flagged(live53, c, ['a', 'b'], 3099), null);
    assert.deepEqual(flagged(live53, c, ['a', 'b'], 3100), { role: 'b', firstMove: false });
    assert.equal(flagged(live53, c, ['a'], 3100), null, 'a seat not running is not flagged');
    assert.deepEqual(flagged(live53, c, ['a', 'b'], 9000), { role: 'b', firstMove: false }, 'the one that ran out first');
  });

  it('a seat\'s time is not charged before its first action; past the first-move window it is flagged as such', () => {
    const c0 = newClock(live53, ['a', 'b'], 0)!;
    assert.deepEqual(firstMoveDeadlines(live53, c0, ['a']), { a: FIRST_MOVE_WINDOW_MS.live });
    assert.equal(deadlineOf(live53, c0, ['a']), FIRST_MOVE_WINDOW_MS.live);
    assert.equal(flagged(live53, c0, ['a'], FIRST_MOVE_WINDOW_MS.live - 1), null);
    assert.deepEqual(flagged(live53, c0, ['a'], FIRST_MOVE_WINDOW_MS.live), { role: 'a', firstMove: true });
    // a's first action after 20 s: no charge, no increment; from now on a has moved.
    const c1 = afterAction(live53, c0, ['a'], 'a', true, 20_000);
    assert.deepEqual([c1.remaining.a, c1.moved], [5 * MIN, ['a']]);
    // b's window runs from a's action; b is never charged for it either.
    assert.deepEqual(firstMoveDeadlines(live53, c1, ['b']), { b: 20_000 + FIRST_MOVE_WINDOW_MS.live });
    const c2 = afterAction(live53, c1, ['b'], 'b', true, 40_000);
    assert.deepEqual([c2.remaining.b, c2.moved], [5 * MIN, ['a', 'b']]);
    // Then the banks run as usual.
    const c3 = afterAction(live53, c2, ['a'], 'a', true, 50_000);
    assert.equal(c3.remaining.a, 5 * MIN - 10_000 + 3000);
    assert.equal(firstMoveDeadlines(corr3, newClock(corr3, ['a'], 0)!, ['a']).a, FIRST_MOVE_WINDOW_MS.correspondence);
  });

  it('time the server could not accept actions is not charged, and a flag waits for it', () => {
    const c = started(live53, ['a'], 0);
    // An outage from 10 s to 15 s: 20 s later only 15 s count.
    const credit = (from: number, to: number): number => Math.max(0, Math.min(15_000, to) - Math.max(10_000, from));
    assert.equal(settle(c, ['a'], 20_000, credit).remaining.a, 5 * MIN - 15_000);
    assert.equal(afterAction(live53, c, ['a'], 'a', true, 20_000, credit).remaining.a, 5 * MIN - 15_000 + 3000);
    const low = { remaining: { a: 4600 }, since: 0, moved: ['a'] };
    const outage = (from: number, to: number): number => Math.max(0, Math.min(5000, to) - Math.max(0, from));
    assert.equal(flagged(live53, low, ['a'], 5000, outage), null, 'the 5 s outage is not charged');
    assert.equal(flagged(live53, low, ['a'], 9599, outage), null);
    assert.deepEqual(flagged(live53, low, ['a'], 9600, outage), { role: 'a', firstMove: false });
  });

  it('one credit for store outages and time no server ran: overlapping spans count once', () => {
    let t = 0;
    const o = new Outages(() => t);
    t = 10_000; o.failed();
    t = 15_000; o.succeeded();
    o.known(12_000, 20_000); // no process ran from 12 s to 20 s
    o.known(12_000, 20_000); // learnt again: still one span
    o.known(30_000, 31_000);
    assert.equal(o.credit(0, 40_000), 10_000 + 1_000, '10 s to 20 s once, and 30 s to 31 s');
    assert.equal(o.credit(14_000, 16_000), 2_000);
    assert.equal(o.credit(20_000, 30_000), 0);
    const low = { remaining: { a: 2000 }, since: 11_000, moved: ['a'] };
    assert.equal(flagged(live53, low, ['a'], 21_000, o.credit), null, 'the 1 s before the outage counts, the down time not');
    assert.deepEqual(flagged(live53, low, ['a'], 22_000, o.credit), { role: 'a', firstMove: false });
  });
});
