import { test } from 'node:test';
import assert from 'node:assert/strict';
import data from './data/hammer-of-the-scots.json' with { type: 'json' };
import { CARD_IDS, CARD_VALUE, isEvent } from './cards.js';
import { HERALD, MOVE1, MOVE2, MOVE3, TRUCE, VICTUALS, cards, copy, fresh, g, put, scene, until } from './fixtures.test-support.js';

test('HotS 3.0: 25 cards: 3x"3", 10x"2", 7x"1" and 5 events; 5 dealt to each side', () => {
  assert.equal(CARD_IDS.length, data.cards.deckSize);
  const count = (v: number): number => CARD_IDS.filter((c) => !isEvent(c) && CARD_VALUE[c] === v).length;
  assert.deepEqual([count(3), count(2), count(1)], [3, 10, 7]);
  assert.equal(CARD_IDS.filter(isEvent).length, 5);
  const s = fresh();
  assert.equal(new Set([...s.hand[0]!, ...s.hand[1]!]).size, 10);
});

test('HotS 3.1: cards are played simultaneously and face down; revealed once both are played', () => {
  const s = copy(fresh());
  s.hand = [[MOVE3, 7, 8, 10, 11], [MOVE1, 20, 21, 22, 23]];
  assert.deepEqual(g.active(s), ['England', 'Scotland']);
  const t = g.apply(s, 'England', { type: 'card', card: MOVE3 });
  assert.deepEqual(g.active(t), ['Scotland']);
  assert.equal(g.view(t, 'England').cards.England, MOVE3);
  assert.equal(g.view(t, 'Scotland').cards.England, 0, 'face down for the opponent');
  assert.equal(g.view(t, null).cards.England, 0);
  assert.deepEqual(g.actions(t, 'England'), []);
  assert.ok(g.undoBarrier!(s, t, 'England', { type: 'card', card: MOVE3 }), 'a played card is final');
  const u = g.apply(t, 'Scotland', { type: 'card', card: MOVE1 });
  assert.equal(g.view(u, 'Scotland').cards.England, MOVE3);
  assert.deepEqual(g.view(u, null).played, { England: [MOVE3], Scotland: [MOVE1] });
});

test('HotS 3.1/4.1: the higher card is Player 1 and moves first; England wins ties', () => {
  let s = scene({ blocks: { england: ['E-york-infantry'], fife: ['S-douglas'] } });
  const a = cards(s, MOVE1, MOVE3);
  assert.equal(a.p1, 1);
  assert.deepEqual(g.active(a), ['Scotland']);
  assert.equal(a.phase, 'move');
  const b = cards(s, MOVE2, 10);
  assert.equal(b.p1, 0, 'tie goes to England');
  assert.deepEqual(g.active(b), ['England']);
  s = b;
});

test('HotS 3.12: the event player is Player 1 and resolves before any movement', () => {
  const t = scene({ blocks: { england: ['E-york-infantry'], fife: ['S-douglas'] }, cards: [MOVE3, VICTUALS] });
  assert.equal(t.p1, 1);
  assert.equal(t.phase, 'event');
  assert.deepEqual(g.active(t), ['Scotland']);
  const u = g.apply(t, 'Scotland', { type: 'pass' });
  assert.equal(u.phase, 'move');
  assert.deepEqual(g.active(u), ['England']);
});

test('HotS 3.12: if both play events, both resolve (England first) and the year ends', () => {
  const s = scene({ set: { turn: 1 }, blocks: { england: ['E-york-infantry'], fife: ['S-douglas'] } });
  const t = cards(s, TRUCE, HERALD);
  assert.deepEqual(g.active(t), ['England']);
  const u = g.apply(t, 'England', { type: 'pass' });
  assert.deepEqual(g.active(u), ['Scotland']);
  assert.equal(u.phase, 'event');
  const w = g.apply(u, 'Scotland', { type: 'pass' });
  assert.notEqual(w.year === s.year && w.turn === 2, true, 'no second game turn this year');
  assert.ok(w.phase.startsWith('w-') || w.year === s.year + 1, `winter or new year, got ${w.phase}`);
});

test('HotS 3.12: cards played earlier in the year stay visible to both', () => {
  let t = scene({ blocks: { england: ['E-york-infantry'], fife: ['S-douglas'] }, cards: [MOVE3, MOVE1] });
  t = g.apply(t, 'England', { type: 'end' });
  t = g.apply(t, 'Scotland', { type: 'end' });
  assert.equal(t.turn, 2);
  assert.deepEqual(g.view(t, 'Scotland').played.England, [MOVE3]);
  assert.equal(g.view(t, 'Scotland').hand.length, 4);
  assert.equal(g.view(t, 'Scotland').handCounts.England, 4);
});

test('HotS 3.12/7.8: after a double Event the cards left in hand play no further part: empty hands through Winter, unseen, five new cards next year', () => {
  const s = scene({ blocks: { england: ['E-york-infantry'], fife: ['S-douglas'] } });
  put(s, 'S-noble-bruce', 'lennox'); // Scotland places Bruce in Winter: a Winter prompt to look at
  put(s, 'E-noble-angus', 'angus');
  const t = cards(s, TRUCE, HERALD);
  assert.equal(g.view(t, 'England').hand.length, 4, 'four cards left in each hand');
  const held = [...t.hand[0]!, ...t.hand[1]!];
  let w = g.apply(t, 'England', { type: 'pass' });
  w = g.apply(w, 'Scotland', { type: 'pass' });
  assert.equal(w.phase, 'w-home', 'the year ended at once: Winter');
  for (const r of ['England', 'Scotland', null]) {
    const v = g.view(w, r);
    assert.deepEqual(v.hand, []);
    assert.deepEqual(v.handCounts, { England: 0, Scotland: 0 });
    assert.deepEqual(v.played, { England: [TRUCE], Scotland: [HERALD] }, 'only the played cards were ever shown');
  }
  assert.ok(held.every((c) => !g.actions(w, 'England').concat(g.actions(w, 'Scotland')).some((a) => a.type === 'card' && a.card === c)));
  const next = until(w, (x) => x.phase === 'cards');
  assert.equal(next.year, s.year + 1);
  assert.equal(next.hand[0]!.length + next.hand[1]!.length, 10, 'a fresh deal of five each from all 25 cards');
});

test('HotS 3.1 log: the "is Player 1" line belongs to the side it names, not to the side whose card revealed it', () => {
  const s = copy(fresh());
  s.hand = [[MOVE3, 7, 8, 10, 11], [MOVE1, 20, 21, 22, 23]];
  const t = g.apply(s, 'England', { type: 'card', card: MOVE3 });
  const u = g.apply(t, 'Scotland', { type: 'card', card: MOVE1 });
  const line = g.describe!(t, u, 'Scotland', { type: 'card', card: MOVE1 }, null).find((l) => l.key === 'log.player1');
  assert.ok(line);
  assert.equal(line.args?.side, 'England');
  assert.equal(line.role, 'England');
});
