/**
 * The 4th-edition rulebook's own worked examples and precise rule statements, played move by move
 * through the public surface (setup via the fixtures, then actions/apply/view). Written by an
 * independent reviewer; tests the engine disagrees with are marked `todo` with the finding.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  HERALD, MOVE1, MOVE2, MOVE3, TRUCE, cards, copy, emptyMap, g, has, move, playAll, put, rig, scene, stepsOf, until, where, winter,
} from './fixtures.test-support.js';
import { OFF, POOL_E, POOL_S as POOL_S_LOC, areaOf } from './map.js';
import { blockOf } from './blocks.js';
import { fireOf } from './battle.js';
import { F_RESERVE, type State } from './state.js';

const reserve = (s: State, id: string): boolean => (s.flags[blockOf(id)]! & F_RESERVE) !== 0;

/** Block ids that the active side may act with (combat turns, hits, retreats). */
function actorBlocks(s: State): string[] {
  const role = g.active(s)[0]!;
  return [...new Set(g.actions(s, role).map((a) => (a as { block?: string }).block))].filter(Boolean).sort() as string[];
}

/** Ends the move phases of both players (whoever is active plays `end`). */
function endMoves(s: State): State {
  let t = s;
  for (let i = 0; i < 20 && (t.phase === 'move' || t.phase === 'group'); i++) t = g.apply(t, g.active(t)[0]!, { type: 'end' });
  return t;
}

/** 5.32: the active attacker declares the group that came from `from` its main attack. */
function declare(s: State, from: string): State {
  assert.equal(s.phase, 'main', 'the attacker declares its main attack');
  const role = g.active(s)[0]!;
  const a = g.actions(s, role).find((x) => x.type === 'main' && x.from === from);
  assert.ok(a, `a main attack from ${from} is offered`);
  return g.apply(s, role, a);
}

/** The active side passes (holds) with its first listed block until `stop` holds. */
function holdUntil(s: State, stop: (t: State) => boolean): State {
  let t = s;
  for (let i = 0; i < 200 && !stop(t) && t.battle && t.battle.stage === 'turns'; i++) {
    const role = g.active(t)[0]!;
    const a = g.actions(t, role).find((x) => x.type === 'hold');
    assert.ok(a, 'a combat turn offers pass');
    t = g.apply(t, role, a);
  }
  return t;
}

const dests = (s: State, role: string, type: 'to' | 'retreat' | 'regroup', block?: string): string[] =>
  g.actions(s, role)
    .filter((a) => a.type === type && (block === undefined || (a as { block?: string }).block === block))
    .map((a) => (a as { to?: string; area?: string }).to ?? (a as { area: string }).area)
    .filter((v, i, arr) => arr.indexOf(v) === i)
    .sort();


// ---------------------------------------------------------------- 2.12 / 5.4 / 5.41 / 5.31

test('HotS 5.4 (rulebook example): a 3-step Knight (B3) rolling 2, 4 and 5 scores 1 hit and 2 misses', () => {
  let t = scene({ blocks: { mentieth: ['E-york-knights'], lothian: ['S-douglas'] }, steps: { 'E-york-knights': 3 }, cards: [MOVE2, MOVE1] });
  t = move(t, 'England', 'E-york-knights', ['lothian'], 'mentieth');
  t = endMoves(t);
  assert.equal(t.phase, 'battle');
  assert.deepEqual(actorBlocks(t), ['E-york-knights'], 'B before C');
  rig(t, [2, 4, 5]);
  t = g.apply(t, 'England', { type: 'fire', block: 'E-york-knights' });
  assert.deepEqual(t.battle!.dice, [2, 4, 5], 'one die per step');
  assert.equal(stepsOf(t, 'S-douglas'), 3, 'exactly one hit');
});

test('HotS 2.12 (rulebook example): a B1 block scores only on a 1; a B3 block on 1, 2 or 3', () => {
  let t = scene({ blocks: { lothian: ['S-keith', 'S-douglas'], mentieth: ['E-york-infantry', 'E-durham-infantry'] }, cards: [MOVE2, MOVE1] });
  t = move(t, 'England', 'E-york-infantry', ['lothian'], 'mentieth');
  t = move(t, 'England', 'E-durham-infantry', ['lothian']);
  t = endMoves(t);
  assert.deepEqual(actorBlocks(t), ['S-keith']);
  rig(t, [1, 2, 3]);
  t = g.apply(t, 'Scotland', { type: 'fire', block: 'S-keith' });
  assert.equal(t.battle!.hits + (4 - stepsOf(t, 'E-york-infantry')) + (3 - stepsOf(t, 'E-durham-infantry')), 1, 'B1: only the 1 hits');
});

test('HotS 5.31 (rulebook example): Knight B3 and Infantry C2 attack a Noble B2 and an Infantry C2: Noble, Knight, Infantry (Scots), Infantry (English)', () => {
  let t = scene({ blocks: { mentieth: ['E-york-knights', 'E-york-infantry'], lothian: ['S-noble-dunbar', 'S-campbell'] }, cards: [MOVE2, MOVE1] });
  t = move(t, 'England', 'E-york-knights', ['lothian'], 'mentieth');
  t = move(t, 'England', 'E-york-infantry', ['lothian']);
  t = endMoves(t);
  const order: string[] = [];
  for (let round = 0; round < 4; round++) {
    const who = actorBlocks(t);
    assert.equal(who.length, 1);
    order.push(who[0]!);
    t = g.apply(t, g.active(t)[0]!, { type: 'hold', block: who[0]! });
  }
  assert.deepEqual(order, ['S-noble-dunbar', 'E-york-knights', 'S-campbell', 'E-york-infantry']);
  assert.equal(t.battle!.round, 2, 'one combat round = one turn per block');
});

test('HotS 5.41 (rulebook example): 3 hits on two 4-step blocks: one each, the third to either (owner chooses)', () => {
  let t = scene({ blocks: { mentieth: ['E-york-knights'], lothian: ['S-douglas', 'S-campbell'] }, cards: [MOVE2, MOVE1] });
  t = move(t, 'England', 'E-york-knights', ['lothian'], 'mentieth');
  t = endMoves(t);
  rig(t, [1, 2, 3, 6]);
  t = g.apply(t, 'England', { type: 'fire', block: 'E-york-knights' });
  // the first hit: the two 4-step blocks are equal, the Scots choose
  assert.equal(t.battle!.stage, 'hits');
  assert.deepEqual(g.active(t), ['Scotland']);
  assert.deepEqual(actorBlocks(t), ['S-campbell', 'S-douglas']);
  t = g.apply(t, 'Scotland', { type: 'hit', block: 'S-douglas' });
  // the second hit is forced onto Campbell (now the only 4), then a free choice again
  assert.equal(stepsOf(t, 'S-douglas'), 3);
  assert.equal(stepsOf(t, 'S-campbell'), 3);
  assert.equal(t.battle!.stage, 'hits');
  assert.deepEqual(actorBlocks(t), ['S-campbell', 'S-douglas']);
  t = g.apply(t, 'Scotland', { type: 'hit', block: 'S-campbell' });
  assert.equal(stepsOf(t, 'S-douglas') + stepsOf(t, 'S-campbell'), 5);
  assert.equal(t.battle!.stage, 'turns');
});

// ---------------------------------------------------------------- 4.2 - 4.7

test('HotS 4.2 (rulebook example): a group of 4 in Buchan may split to Angus, Mar, Badenoch and Strathspey with one group move', () => {
  let t = scene({ blocks: { buchan: ['S-douglas', 'S-campbell', 'S-graham', 'S-barclay'], england: ['E-york-infantry'] }, cards: [MOVE1, MOVE2] });
  t = g.apply(t, 'Scotland', { type: 'group', area: 'buchan' });
  assert.equal(t.moves, 1);
  t = g.apply(t, 'Scotland', { type: 'block', block: 'S-douglas' });
  assert.deepEqual(dests(t, 'Scotland', 'to'), ['angus', 'badenoch', 'mar', 'strathspey']);
  t = g.apply(t, 'Scotland', { type: 'to', area: 'angus' });
  t = g.apply(t, 'Scotland', { type: 'stop' });
  t = move(t, 'Scotland', 'S-campbell', ['mar']);
  t = move(t, 'Scotland', 'S-graham', ['badenoch']);
  t = move(t, 'Scotland', 'S-barclay', ['strathspey']);
  assert.deepEqual(['S-douglas', 'S-campbell', 'S-graham', 'S-barclay'].map((id) => where(t, id)), ['angus', 'mar', 'badenoch', 'strathspey'].map(areaOf));
  assert.equal(t.moves, 1, 'all four moved with a single group move');
});

test('HotS 4.3 (rulebook example): after 6 Scots cross Buchan-Angus, 2 from Strathspey cannot also enter Angus that way, but 2 from Mar can', () => {
  const s = emptyMap();
  const six = ['S-douglas', 'S-campbell', 'S-graham', 'S-barclay', 'S-lindsay', 'S-macdonald'];
  for (const id of six) put(s, id, 'buchan');
  put(s, 'S-grant', 'strathspey');
  put(s, 'S-fraser', 'strathspey');
  put(s, 'S-noble-mar', 'mar');
  put(s, 'S-noble-atholl', 'mar');
  put(s, 'S-noble-lennox', 'mar');
  put(s, 'E-york-infantry', 'england');
  let t = cards(s, MOVE1, MOVE3);
  t = g.apply(t, 'Scotland', { type: 'group', area: 'buchan' });
  for (const id of six) t = move(t, 'Scotland', id, ['angus']);
  assert.equal(t.bCount.reduce((a, b) => a + b, 0), 6);
  t = playAll(t, 'Scotland', [{ type: 'group', area: 'strathspey' }, { type: 'block', block: 'S-grant' }, { type: 'to', area: 'buchan' }]);
  assert.ok(!has(t, 'Scotland', { type: 'to', area: 'angus' }), 'Buchan-Angus is full (6)');
  t = playAll(t, 'Scotland', [{ type: 'stop' }, { type: 'end' }, { type: 'group', area: 'mar' }]);
  t = move(t, 'Scotland', 'S-noble-mar', ['angus']);
  t = move(t, 'Scotland', 'S-noble-atholl', ['angus']);
  assert.equal(where(t, 'S-noble-atholl'), areaOf('angus'));
  assert.ok(!has(t, 'Scotland', { type: 'block', block: 'S-noble-lennox' }) || (() => {
    const u = g.apply(t, 'Scotland', { type: 'block', block: 'S-noble-lennox' });
    return !has(u, 'Scotland', { type: 'to', area: 'angus' });
  })(), 'a third block may not cross the red Mar-Angus border');
});

test('HotS 4.3: border limits apply to each player: both may move two blocks across the same red border', () => {
  let t = scene({ blocks: { angus: ['E-york-infantry', 'E-durham-infantry'], buchan: ['S-douglas', 'S-campbell', 'S-graham'] }, cards: [MOVE3, MOVE2] });
  t = move(t, 'England', 'E-york-infantry', ['mar'], 'angus');
  t = move(t, 'England', 'E-durham-infantry', ['mar']);
  while (g.active(t)[0] === 'England' && (t.phase === 'move' || t.phase === 'group')) t = g.apply(t, 'England', { type: 'end' });
  assert.deepEqual(g.active(t), ['Scotland']);
  t = g.apply(t, 'Scotland', { type: 'group', area: 'buchan' });
  t = move(t, 'Scotland', 'S-douglas', ['angus', 'mar']);
  t = move(t, 'Scotland', 'S-campbell', ['angus', 'mar']);
  assert.equal(where(t, 'S-campbell'), areaOf('mar'), 'the Scots cross the border the English used twice');
  t = g.apply(t, 'Scotland', { type: 'block', block: 'S-graham' });
  t = g.apply(t, 'Scotland', { type: 'to', area: 'angus' });
  assert.ok(!has(t, 'Scotland', { type: 'to', area: 'mar' }), 'but not a third time');
});

test('HotS 4.4 (border movement example): a Move 2 lets two English blocks cross into Annan and attack Galloway; both fight in round 1', () => {
  let t = scene({ blocks: { england: ['E-york-infantry', 'E-durham-infantry', 'E-cumbria-infantry'], galloway: ['S-noble-galloway'] }, cards: [MOVE2, MOVE1] });
  t = g.apply(t, 'England', { type: 'group', area: 'england' });
  t = move(t, 'England', 'E-york-infantry', ['annan', 'galloway']);
  t = move(t, 'England', 'E-durham-infantry', ['annan', 'galloway']);
  assert.equal(where(t, 'E-durham-infantry'), areaOf('galloway'));
  assert.ok(!has(t, 'England', { type: 'block', block: 'E-cumbria-infantry' }) && !has(t, 'England', { type: 'group', area: 'england' }), 'a third block may not cross');
  assert.equal(reserve(t, 'E-york-infantry'), false);
  assert.equal(reserve(t, 'E-durham-infantry'), false, 'same origin, same border: main attack, not reserve');
  t = endMoves(t);
  assert.equal(t.phase, 'battle');
  const view = g.view(t, 'Scotland');
  assert.equal(view.areas[areaOf('galloway')]!.blocks.filter((b) => b.side === 'England' && b.revealed).length, 2);
});

test('HotS 4.6 (rulebook example): six in Buchan attacked by 3 from Angus and 2 from Strathspey: 5 are pinned, 1 may leave via Badenoch or Mar only', () => {
  const s = emptyMap();
  const six = ['S-douglas', 'S-campbell', 'S-graham', 'S-barclay', 'S-lindsay', 'S-macdonald'];
  for (const id of six) put(s, id, 'buchan');
  for (const id of ['E-york-infantry', 'E-durham-infantry', 'E-cumbria-infantry']) put(s, id, 'angus');
  for (const id of ['E-westmor-infantry', 'E-lancaster-infantry']) put(s, id, 'strathspey');
  let t = cards(s, MOVE3, MOVE1);
  t = g.apply(t, 'England', { type: 'group', area: 'angus' });
  for (const id of ['E-york-infantry', 'E-durham-infantry', 'E-cumbria-infantry']) t = move(t, 'England', id, ['buchan']);
  t = g.apply(t, 'England', { type: 'group', area: 'strathspey' });
  for (const id of ['E-westmor-infantry', 'E-lancaster-infantry']) t = move(t, 'England', id, ['buchan']);
  while (t.phase !== 'main') t = g.apply(t, 'England', { type: 'end' });
  t = declare(t, 'angus');
  assert.deepEqual(g.active(t), ['Scotland']);
  t = g.apply(t, 'Scotland', { type: 'group', area: 'buchan' });
  assert.deepEqual(actorBlocks(t), [...six].sort(), 'Player 2 chooses which block is unpinned');
  t = g.apply(t, 'Scotland', { type: 'block', block: 'S-lindsay' });
  assert.deepEqual(dests(t, 'Scotland', 'to'), ['badenoch', 'mar']);
  t = g.apply(t, 'Scotland', { type: 'to', area: 'mar' });
  assert.equal(where(t, 'S-lindsay'), areaOf('mar'));
  assert.ok(!(t.phase === 'group' && g.actions(t, 'Scotland').some((a) => a.type === 'block')), 'the other five are pinned');
});

test('HotS 4.7: a Norse move closes no border; joining a battle already started it is a reserve', () => {
  const s = scene({ blocks: { ross: ['S-norse'], mentieth: ['S-douglas'], lothian: ['E-york-infantry'], england: ['E-durham-infantry'] } });
  let t = cards(s, MOVE1, MOVE2);
  t = g.apply(t, 'Scotland', { type: 'norse', to: 'lothian' });
  assert.equal(where(t, 'S-norse'), areaOf('lothian'));
  assert.ok(t.bUsed.every((x) => x === 0), 'no border closed by the Norse');
  assert.equal(reserve(t, 'S-norse'), false, 'the Norse alone are the main attack');
  // the other order: a group attacks first, the Norse join as a reserve
  let u = cards(s, MOVE1, MOVE2);
  u = move(u, 'Scotland', 'S-douglas', ['lothian'], 'mentieth');
  u = g.apply(u, 'Scotland', { type: 'norse', to: 'lothian' });
  assert.equal(reserve(u, 'S-douglas'), false);
  assert.equal(reserve(u, 'S-norse'), true);
});

test('HotS 5.5 (closing borders example): Player 1 moving into vacant Atholl closes nothing; the English attack via Badenoch and only they may retreat there', () => {
  let t = scene({ blocks: { badenoch: ['S-douglas', 'S-campbell'], strathspey: ['E-york-infantry'] }, cards: [MOVE1, MOVE2] });
  assert.deepEqual(g.active(t), ['Scotland'], 'the Scots are Player 1');
  t = g.apply(t, 'Scotland', { type: 'group', area: 'badenoch' });
  t = move(t, 'Scotland', 'S-douglas', ['atholl']);
  t = move(t, 'Scotland', 'S-campbell', ['atholl']);
  assert.ok(t.bUsed.every((x) => x === 0), 'no battle, no closed border');
  while (g.active(t)[0] === 'Scotland') t = g.apply(t, 'Scotland', { type: 'end' });
  t = move(t, 'England', 'E-york-infantry', ['badenoch', 'atholl'], 'strathspey');
  t = endMoves(t);
  assert.equal(t.phase, 'battle');
  // C blocks: the defending Scots act first
  assert.deepEqual(g.active(t), ['Scotland']);
  const scots = dests(t, 'Scotland', 'retreat', 'S-douglas');
  assert.ok(!scots.includes('badenoch'), 'the border the English used is closed to the Scots');
  assert.ok(scots.includes('mar') && scots.includes('fife'));
  t = g.apply(t, 'Scotland', { type: 'hold', block: 'S-douglas' });
  t = g.apply(t, 'Scotland', { type: 'hold', block: 'S-campbell' });
  assert.deepEqual(g.active(t), ['England']);
  assert.ok(dests(t, 'England', 'retreat').includes('badenoch'), 'the English may retreat the way they came');
});

// ---------------------------------------------------------------- 5.2 / 5.32 / 5.33 / 5.5 / 5.6 / 5.7

test('HotS 5.32 (rulebook example): English groups from Angus (main attack, first in) and Mar attack Buchan; the Mar blocks are reserves that arrive in round 2 even if the main attack was wiped out', () => {
  let t = scene({
    blocks: { angus: ['E-york-infantry'], mar: ['E-durham-infantry', 'E-cumbria-infantry'], buchan: ['S-wallace'] },
    steps: { 'E-york-infantry': 1 },
    cards: [MOVE3, MOVE1],
  });
  t = move(t, 'England', 'E-york-infantry', ['buchan'], 'angus');
  t = g.apply(t, 'England', { type: 'group', area: 'mar' });
  t = move(t, 'England', 'E-durham-infantry', ['buchan']);
  t = move(t, 'England', 'E-cumbria-infantry', ['buchan']);
  assert.equal(reserve(t, 'E-york-infantry'), false);
  assert.equal(reserve(t, 'E-durham-infantry'), true);
  assert.equal(reserve(t, 'E-cumbria-infantry'), true);
  t = endMoves(t);
  assert.deepEqual(g.actions(t, 'England').map((a) => a.type === 'main' && `${a.from}>${a.area}`).sort(), ['angus>buchan', 'mar>buchan']);
  t = endMoves(declare(t, 'angus'));
  assert.equal(t.phase, 'battle');
  assert.deepEqual(actorBlocks(t), ['S-wallace']);
  rig(t, [1, 6, 6, 6]);
  t = g.apply(t, 'Scotland', { type: 'fire', block: 'S-wallace' });
  assert.equal(where(t, 'E-york-infantry'), POOL_E, 'the main attack is destroyed in round 1');
  assert.ok(t.battle, 'the battle goes on: the reserves still come');
  assert.equal(t.battle!.round, 2);
  assert.equal(t.battle!.att, 0, 'England still attacks');
  assert.equal(reserve(t, 'E-durham-infantry'), false);
  assert.equal(reserve(t, 'E-cumbria-infantry'), false);
});

test('HotS 5.32: the attacker declares the Main Attack at the end of its move phase; the group that moved first may end up in reserve', () => {
  let t = scene({
    blocks: { angus: ['E-york-infantry', 'E-durham-infantry', 'E-cumbria-infantry', 'E-westmor-infantry'], mar: ['E-lancaster-infantry', 'E-northumber-infantry'], buchan: ['S-wallace'] },
    cards: [MOVE3, MOVE1],
  });
  // The two from Mar move first (they would be the main attack without a declaration).
  t = g.apply(t, 'England', { type: 'group', area: 'mar' });
  for (const id of ['E-lancaster-infantry', 'E-northumber-infantry']) t = move(t, 'England', id, ['buchan']);
  t = g.apply(t, 'England', { type: 'group', area: 'angus' });
  for (const id of ['E-york-infantry', 'E-durham-infantry', 'E-cumbria-infantry', 'E-westmor-infantry']) t = move(t, 'England', id, ['buchan']);
  t = endMoves(t);
  assert.equal(t.phase, 'main');
  assert.deepEqual(g.active(t), ['England']);
  const opts = g.actions(t, 'England');
  assert.equal(opts.length, 2);
  assert.ok(opts.every((a) => a.type === 'main' && a.area === 'buchan' && a.border !== 'sea'));
  assert.deepEqual(g.actions(t, 'Scotland'), [], 'only the attacker declares');
  t = declare(t, 'angus');
  for (const id of ['E-york-infantry', 'E-durham-infantry', 'E-cumbria-infantry', 'E-westmor-infantry']) assert.equal(reserve(t, id), false, id);
  for (const id of ['E-lancaster-infantry', 'E-northumber-infantry']) assert.equal(reserve(t, id), true, id);
  const border = (opts.find((a) => a.type === 'main' && a.from === 'angus') as { border: string }).border;
  assert.equal(g.view(t, 'Scotland').mainBorder.buchan, border, 'the declared border is public');
  assert.deepEqual(g.active(t), ['Scotland'], 'then Player 2 moves');
});

test('HotS 5.32: a single attacking group needs no declaration', () => {
  let t = scene({ blocks: { angus: ['E-york-infantry', 'E-durham-infantry'], buchan: ['S-wallace'] }, cards: [MOVE1, MOVE1] });
  t = g.apply(t, 'England', { type: 'group', area: 'angus' });
  for (const id of ['E-york-infantry', 'E-durham-infantry']) t = move(t, 'England', id, ['buchan']);
  t = endMoves(t);
  assert.notEqual(t.phase, 'main');
});

test('HotS 5.33 (rulebook example): the Scots move 3 blocks from Moray into Buchan, attacked from Angus; they arrive in round 2', () => {
  let t = scene({
    blocks: { angus: ['E-york-infantry', 'E-durham-infantry', 'E-cumbria-infantry', 'E-westmor-infantry'], buchan: ['S-douglas', 'S-campbell'], moray: ['S-wallace', 'S-keith', 'S-etterick'] },
    cards: [MOVE2, MOVE1],
  });
  t = g.apply(t, 'England', { type: 'group', area: 'angus' });
  for (const id of ['E-york-infantry', 'E-durham-infantry', 'E-cumbria-infantry', 'E-westmor-infantry']) t = move(t, 'England', id, ['buchan']);
  while (g.active(t)[0] === 'England') t = g.apply(t, 'England', { type: 'end' });
  t = g.apply(t, 'Scotland', { type: 'group', area: 'moray' });
  for (const id of ['S-wallace', 'S-keith', 'S-etterick']) t = move(t, 'Scotland', id, ['strathspey', 'buchan']);
  for (const id of ['S-wallace', 'S-keith', 'S-etterick']) assert.equal(reserve(t, id), true, id);
  t = endMoves(t);
  assert.equal(t.phase, 'battle');
  const first = actorBlocks(t);
  assert.ok(!first.includes('S-wallace'), 'Wallace (A) is a reserve and has no turn in round 1');
  t = holdUntil(t, (x) => x.battle!.round === 2);
  assert.equal(t.battle!.round, 2);
  assert.deepEqual(actorBlocks(t), ['S-wallace'], 'round 2 starts with the A blocks: Wallace has arrived');
});

test('HotS 5.2: a Welsh reserve makes its Celtic unity roll only when revealed at the start of round 2', () => {
  let t = scene({ blocks: { mentieth: ['E-york-infantry'], lanark: ['E-wales-infantry'], lothian: ['S-douglas'] }, cards: [MOVE3, MOVE1] });
  t = move(t, 'England', 'E-york-infantry', ['lothian'], 'mentieth');
  t = move(t, 'England', 'E-wales-infantry', ['lothian'], 'lanark');
  assert.equal(reserve(t, 'E-wales-infantry'), true);
  const before = declare(endMoves(t), 'mentieth');
  rig(before, [6]);
  t = endMoves(before);
  assert.equal(t.phase, 'battle');
  assert.equal(where(t, 'E-wales-infantry'), areaOf('lothian'), 'no roll for the reserve in round 1 (a 6 would have sent it home)');
  t = g.apply(t, 'Scotland', { type: 'hold', block: 'S-douglas' });
  rig(t, [5]);
  t = g.apply(t, 'England', { type: 'hold', block: 'E-york-infantry' });
  assert.equal(t.battle!.round, 2);
  assert.equal(where(t, 'E-wales-infantry'), POOL_E, 'revealed in round 2: rolled a 5, back to the English pool');
});

test('HotS 5.7/1.4: a noble captured in battle joins the other side at strength 1 in reserve, fights from the next round, with the home bonus when defending', () => {
  let t = scene({
    blocks: { fife: ['E-noble-angus', 'E-york-infantry'], angus: ['S-wallace'] },
    steps: { 'E-noble-angus': 1, 'E-york-infantry': 1 },
    cards: [MOVE2, MOVE1],
  });
  t = g.apply(t, 'England', { type: 'group', area: 'fife' });
  t = move(t, 'England', 'E-noble-angus', ['angus']);
  t = move(t, 'England', 'E-york-infantry', ['angus']);
  t = endMoves(t);
  assert.deepEqual(actorBlocks(t), ['S-wallace']);
  rig(t, [1, 6, 6, 6]);
  t = g.apply(t, 'Scotland', { type: 'fire', block: 'S-wallace' });
  // one hit, two 1-step blocks: England chooses
  assert.deepEqual(actorBlocks(t), ['E-noble-angus', 'E-york-infantry']);
  t = g.apply(t, 'England', { type: 'hit', block: 'E-noble-angus' });
  assert.equal(where(t, 'E-noble-angus'), OFF);
  assert.equal(where(t, 'S-noble-angus'), areaOf('angus'));
  assert.equal(stepsOf(t, 'S-noble-angus'), 1);
  assert.equal(reserve(t, 'S-noble-angus'), true, 'in reserve for the rest of this round');
  assert.ok(!actorBlocks(t).includes('S-noble-angus'));
  t = holdUntil(t, (x) => x.battle!.round === 2);
  assert.equal(t.battle!.round, 2);
  assert.equal(reserve(t, 'S-noble-angus'), false);
  assert.equal(fireOf(t, blockOf('S-noble-angus')), 3, 'defending its home: B3 even though it defected during the battle');
});

test('HotS 1.4: a noble that reinforced its home area as a defending reserve fires at B3', () => {
  let t = scene({ blocks: { angus: ['E-york-infantry'], mar: ['E-noble-angus'], fife: ['S-douglas'] }, cards: [MOVE1, MOVE2] });
  t = move(t, 'Scotland', 'S-douglas', ['angus'], 'fife');
  while (g.active(t)[0] === 'Scotland') t = g.apply(t, 'Scotland', { type: 'end' });
  t = move(t, 'England', 'E-noble-angus', ['angus'], 'mar');
  assert.equal(reserve(t, 'E-noble-angus'), true, '5.33');
  t = endMoves(t);
  t = holdUntil(t, (x) => x.battle!.round === 2);
  assert.equal(fireOf(t, blockOf('E-noble-angus')), 3);
});

test('HotS 5.6: regroups obey border limits (2 over a red border)', () => {
  let t = scene({
    blocks: { mentieth: ['S-wallace', 'S-douglas', 'S-campbell'], lothian: ['E-york-infantry'] },
    steps: { 'E-york-infantry': 1 },
    cards: [MOVE1, MOVE2],
  });
  t = g.apply(t, 'Scotland', { type: 'group', area: 'mentieth' });
  for (const id of ['S-wallace', 'S-douglas', 'S-campbell']) t = move(t, 'Scotland', id, ['lothian']);
  t = endMoves(t);
  assert.deepEqual(actorBlocks(t), ['S-wallace']);
  rig(t, [1, 6, 6, 6]);
  t = g.apply(t, 'Scotland', { type: 'fire', block: 'S-wallace' });
  assert.equal(t.battle!.stage, 'regroup');
  t = g.apply(t, 'Scotland', { type: 'regroup', block: 'S-wallace', to: 'selkirk' });
  t = g.apply(t, 'Scotland', { type: 'regroup', block: 'S-douglas', to: 'selkirk' });
  assert.ok(!has(t, 'Scotland', { type: 'regroup', block: 'S-campbell', to: 'selkirk' }), 'Lothian-Selkirk is red: 2 at most');
  assert.ok(has(t, 'Scotland', { type: 'regroup', block: 'S-campbell', to: 'dunbar' }));
});

test('HotS 5.5: English blocks may not retreat into Scotland (none can leave England)', () => {
  let t = scene({ blocks: { annan: ['S-douglas'], england: ['E-york-infantry'] }, cards: [MOVE1, MOVE2] });
  t = move(t, 'Scotland', 'S-douglas', ['england'], 'annan');
  t = endMoves(t);
  assert.equal(t.phase, 'battle');
  assert.equal(t.battle!.area, areaOf('england'));
  // C blocks: the defending English act first
  assert.deepEqual(g.active(t), ['England']);
  assert.deepEqual(g.actions(t, 'England').map((a) => a.type).sort(), ['fire', 'hold']);
});

test('HotS 5.3: the attacker retreats after round 3 with fresh border limits; then the defender may regroup', () => {
  let t = scene({ blocks: { selkirk: ['S-douglas', 'S-campbell', 'S-graham'], lothian: ['E-york-infantry'] }, cards: [MOVE1, MOVE2] });
  t = g.apply(t, 'Scotland', { type: 'group', area: 'selkirk' });
  for (const id of ['S-douglas', 'S-campbell']) t = move(t, 'Scotland', id, ['lothian']);
  t = endMoves(t);
  t = holdUntil(t, (x) => x.battle!.stage !== 'turns');
  assert.equal(t.battle!.stage, 'retreat');
  assert.deepEqual(g.active(t), ['Scotland']);
  t = g.apply(t, 'Scotland', { type: 'retreat', block: 'S-douglas', to: 'selkirk' });
  assert.ok(has(t, 'Scotland', { type: 'retreat', block: 'S-campbell', to: 'selkirk' }), 'limits reset: 2 over red Lothian-Selkirk after 2 crossed in the move phase');
  t = g.apply(t, 'Scotland', { type: 'retreat', block: 'S-campbell', to: 'selkirk' });
  assert.equal(t.battle?.stage, 'regroup');
  assert.deepEqual(g.active(t), ['England']);
});

// ---------------------------------------------------------------- 5.9 raids and truces

test('HotS 5.9 (raids and truces): the Scots cannot initiate a Border Raid during a Truce even into an empty England', () => {
  let t = scene({ blocks: { annan: ['S-douglas'], lothian: ['E-york-infantry'] }, cards: [TRUCE, MOVE3] });
  t = g.apply(t, 'England', { type: 'truce' });
  t = g.apply(t, 'Scotland', { type: 'group', area: 'annan' });
  t = g.apply(t, 'Scotland', { type: 'block', block: 'S-douglas' });
  assert.ok(!has(t, 'Scotland', { type: 'to', area: 'england' }));
  assert.ok(has(t, 'Scotland', { type: 'to', area: 'teviot' }));
});

// ---------------------------------------------------------------- 6.2 kings

test('HotS 6.21: crowning Comyn (Wallace dead, Comyn in Fife): the King enters Fife at full strength; all Bruce nobles defect, Comyn nobles and Moray stay', () => {
  let t = scene({
    blocks: { off: ['S-wallace'], fife: ['S-noble-comyn'], mar: ['S-noble-mar'], carrick: ['S-noble-bruce'], buchan: ['S-noble-buchan'], moray: ['S-noble-moray'], england: ['E-york-infantry'] },
    cards: [MOVE1, HERALD],
  });
  assert.ok(has(t, 'Scotland', { type: 'crown', king: 'Comyn' }));
  assert.ok(!has(t, 'Scotland', { type: 'crown', king: 'Bruce' }), 'Bruce is not in Fife');
  t = g.apply(t, 'Scotland', { type: 'crown', king: 'Comyn' });
  assert.equal(where(t, 'S-scottish-king'), areaOf('fife'));
  assert.equal(stepsOf(t, 'S-scottish-king'), 4);
  assert.equal(where(t, 'S-noble-comyn'), areaOf('fife'), 'the candidate stays as a relative');
  assert.equal(where(t, 'E-noble-mar'), areaOf('mar'));
  assert.equal(where(t, 'E-noble-bruce'), areaOf('carrick'));
  assert.equal(where(t, 'S-noble-buchan'), areaOf('buchan'));
  assert.equal(where(t, 'S-noble-moray'), areaOf('moray'));
  assert.equal(t.kingCrowned, true);
});

test('HotS 6.21: Wallace must be dead: in the draw pool he is alive and blocks a Bruce coronation', () => {
  const t = scene({ blocks: { 'pool-s': ['S-wallace'], fife: ['S-noble-bruce'], england: ['E-york-infantry'] }, cards: [MOVE1, HERALD] });
  assert.ok(!has(t, 'Scotland', { type: 'crown', king: 'Bruce' }));
});

test('HotS 6.22: Balliol needs the French knights on the map (in the pool is not enough), 1301 or later', () => {
  const s = scene({ set: { year: 1302 }, blocks: { 'pool-s': ['S-french-knights'], fife: ['S-douglas'], england: ['E-york-infantry'] } });
  assert.ok(!has(cards(s, MOVE1, HERALD), 'Scotland', { type: 'crown', king: 'Balliol' }));
  put(s, 'S-french-knights', 'lennox');
  let t = cards(s, MOVE1, HERALD);
  assert.ok(has(t, 'Scotland', { type: 'crown', king: 'Balliol' }));
  t = g.apply(t, 'Scotland', { type: 'crown', king: 'Balliol' });
  assert.equal(where(t, 'S-scottish-king'), areaOf('lennox'), 'deployed with the French knights');
  const early = copy(s);
  early.year = 1300;
  assert.ok(!has(cards(early, MOVE1, HERALD), 'Scotland', { type: 'crown', king: 'Balliol' }));
});

test('HotS 6.2 (coronation and English event): with both events played England resolves first, then the Scots may still crown', () => {
  let t = scene({ blocks: { off: ['S-wallace'], fife: ['S-noble-bruce'], lothian: ['S-douglas'], england: ['E-york-infantry'] }, cards: [TRUCE, HERALD] });
  assert.deepEqual(g.active(t), ['England'], 'the English event first');
  t = g.apply(t, 'England', g.actions(t, 'England').find((a) => a.type === 'truce') ?? { type: 'pass' });
  assert.deepEqual(g.active(t), ['Scotland']);
  assert.ok(has(t, 'Scotland', { type: 'crown', king: 'Bruce' }));
  t = g.apply(t, 'Scotland', { type: 'crown', king: 'Bruce' });
  assert.equal(where(t, 'S-scottish-king'), areaOf('fife'));
});

// ---------------------------------------------------------------- 7.0 winter

test('HotS 7.62 (rulebook example): no block can be drawn into Buchan when two blocks are already there; steps may still be added', () => {
  const s = scene({
    blocks: { buchan: ['S-douglas', 'S-campbell'], 'pool-s': ['S-grant'], lothian: ['E-york-infantry'] },
    steps: { 'S-douglas': 1, 'S-campbell': 1 },
  });
  const t = until(winter(s), (x) => x.phase === 'w-build');
  assert.deepEqual(g.active(t), ['Scotland']);
  assert.equal(t.rp[areaOf('buchan')], 2);
  assert.ok(!has(t, 'Scotland', { type: 'draw', area: 'buchan' }));
  assert.ok(has(t, 'Scotland', { type: 'step', block: 'S-douglas' }));
});

test('HotS 7.6/1.3 (rulebook examples): Angus gives 2 RPs; Fife gives 3 to the Scots but only 2 to the English', () => {
  const s = scene({
    blocks: { angus: ['S-douglas'], fife: ['S-campbell'], lothian: ['E-york-infantry'] },
    steps: { 'S-douglas': 1, 'S-campbell': 1, 'E-york-infantry': 1 },
  });
  const t = until(winter(s), (x) => x.phase === 'w-build');
  assert.equal(t.rp[areaOf('angus')], 2);
  assert.equal(t.rp[areaOf('fife')], 3);
  const e = scene({ blocks: { fife: ['E-york-infantry'], ross: ['S-douglas'] }, steps: { 'E-york-infantry': 1 } });
  const u = until(winter(e), (x) => x.phase === 'w-build' && x.who === 0);
  assert.equal(u.rp[areaOf('fife')], 2);
});

test('HotS 5.8: a black-cross block removed by disbanding is not dead: wintering Hobelars go to the English pool', () => {
  const s = scene({ blocks: { lothian: ['E-hobelars'], ross: ['S-douglas'] } });
  const t = until(winter(s), (x) => x.phase === 'w-build' || x.result !== null || x.year > s.year);
  assert.equal(where(t, 'E-hobelars') === POOL_E || where(t, 'E-hobelars') === areaOf('england'), true, 'in the pool (or drawn back by the levy), never off the map');
});

test('HotS 7.4 (warning): when Edward I winters in Scotland there is no Feudal Levy and England begins the next year empty', () => {
  const s = scene({ blocks: { lothian: ['E-edward', 'E-york-knights'], 'pool-e': ['E-durham-infantry', 'E-cumbria-infantry'], ross: ['S-douglas'] } });
  const t = until(winter(s), (x) => x.year > s.year || x.result !== null, (x, acts) =>
    acts.find((a) => a.type === 'edward' && a.winter) ?? acts.find((a) => a.type === 'done') ?? acts[0]);
  assert.equal(where(t, 'E-edward'), areaOf('lothian'));
  assert.equal(where(t, 'E-york-knights'), areaOf('lothian'), 'knights may winter with Edward');
  assert.equal(where(t, 'E-durham-infantry'), POOL_E);
  assert.equal(where(t, 'E-cumbria-infantry'), POOL_E);
  assert.equal(t.loc.filter((l) => l === areaOf('england')).length, 0, 'England is empty');
});

// ---------------------------------------------------------------- 9.0 victory

test('HotS 9.1: Moray never defects, so England cannot win by sudden death while he is on the map', () => {
  const s = scene({ blocks: { angus: ['E-noble-angus'], ross: ['E-noble-ross'], moray: ['S-noble-moray'], fife: ['S-douglas'] } });
  let t = cards(s, MOVE3, MOVE1);
  while (g.active(t).length === 1 && t.phase === 'move') t = g.apply(t, g.active(t)[0]!, { type: 'end' });
  assert.equal(g.outcome(t), null);
  const n = copy(s);
  put(n, 'S-noble-moray', 'pool-s');
  t = cards(n, MOVE3, MOVE1);
  while (g.active(t).length === 1 && t.phase === 'move') t = g.apply(t, g.active(t)[0]!, { type: 'end' });
  assert.deepEqual(g.outcome(t), { winners: ['England'], reason: 'all-nobles' });
});

test('HotS 9.0: a 7-7 tie at the end of 1305 with Wallace dead goes to England', () => {
  const s = emptyMap();
  s.year = 1305;
  const eng = ['angus', 'argyll', 'buchan', 'galloway', 'ross', 'mentieth', 'comyn'];
  const sco = ['mar', 'lennox', 'atholl', 'dunbar', 'steward', 'bruce', 'moray'];
  const homes: Record<string, string> = { comyn: 'badenoch', steward: 'lanark', bruce: 'annan' };
  for (const n of eng) put(s, `E-noble-${n}`, homes[n] ?? n);
  for (const n of sco) put(s, `S-noble-${n}`, homes[n] ?? n);
  put(s, 'S-wallace', 'off');
  const t = until(winter(s), (x) => x.result !== null, (_x, acts) => acts.find((a) => a.type === 'done') ?? acts[0]);
  assert.deepEqual(g.view(t, null).nobles, { England: 7, Scotland: 7 });
  assert.deepEqual(g.outcome(t), { winners: ['England'], reason: 'nobles-tie' });
});

test('HotS 3.1/3.11: the higher card is Player 1 and a "3" gives three group moves; the other side moves afterwards with its own card', () => {
  let t = scene({ blocks: { fife: ['S-douglas'], lothian: ['E-york-infantry'] }, cards: [MOVE1, MOVE3] });
  assert.equal(g.view(t, null).p1, 'Scotland');
  assert.equal(t.moves, 3);
  t = g.apply(t, 'Scotland', { type: 'end' });
  assert.deepEqual(g.active(t), ['England']);
  assert.equal(g.view(t, 'England').moves, 1);
});

test('HotS 5.9: the English need not reveal which block a border raid removes', () => {
  let t = scene({ blocks: { england: ['S-douglas'], lothian: ['E-york-infantry'], mentieth: ['E-york-knights'] }, cards: [MOVE3, MOVE1] });
  while (g.active(t).length === 1 && t.phase === 'move') t = g.apply(t, g.active(t)[0]!, { type: 'end' });
  assert.deepEqual(g.active(t), ['England']);
  const prev = t;
  t = g.apply(t, 'England', { type: 'raid', block: 'E-york-knights' });
  assert.equal(where(t, 'E-york-knights'), POOL_E);
  const seen = JSON.stringify(g.describe!(prev, t, 'England', { type: 'raid', block: 'E-york-knights' }, 'Scotland'));
  assert.ok(!seen.includes('york-knights'), 'the Scots do not learn the block');
  const v = g.view(t, 'Scotland');
  assert.equal(v.areas[areaOf('mentieth')]!.blocks.length, 0, 'only the emptied area is public');
  assert.equal(v.pools.England.blocks, undefined);
});

test('HotS 6.22: coronation defection battles are fought at once, Player 1 (the Scots) choosing their order', () => {
  let t = scene({
    set: { year: 1302 },
    blocks: { lennox: ['S-french-knights'], mar: ['S-noble-mar', 'S-douglas'], atholl: ['S-noble-atholl', 'S-campbell'], england: ['E-york-infantry'] },
    cards: [MOVE1, HERALD],
  });
  t = g.apply(t, 'Scotland', { type: 'crown', king: 'Balliol' });
  assert.equal(where(t, 'E-noble-mar'), areaOf('mar'));
  assert.equal(where(t, 'E-noble-atholl'), areaOf('atholl'));
  assert.equal(t.phase, 'battle-choose');
  assert.deepEqual(g.active(t), ['Scotland']);
  assert.deepEqual(dests(t, 'Scotland', 'battle' as 'to'), ['atholl', 'mar']);
  t = g.apply(t, 'Scotland', { type: 'battle', area: 'atholl' });
  assert.equal(t.battle!.area, areaOf('atholl'));
  assert.equal(t.battle!.att, 0, 'the defector attacks');
});

test('HotS 7.32: English infantry MAY remain in Scotland within castle limits or disband (a choice, not only above the limit)', () => {
  const s = scene({ blocks: { lothian: ['E-york-infantry'], ross: ['S-douglas'] } });
  const t = until(winter(s), (x) => x.phase === 'w-disband' || x.phase === 'w-build' || x.year > s.year);
  assert.ok(has(t, 'England', { type: 'disband', block: 'E-york-infantry' }), 'Lothian (castle 2) holds it, yet England may disband it to the pool');
});

test('HotS 7.5: Scottish blocks MAY remain within castle limits or disband to the draw pool', () => {
  const s = scene({ blocks: { fife: ['S-douglas'], lothian: ['E-york-infantry'] } });
  const t = until(winter(s), (x) => (x.phase === 'w-disband' && x.who === 1) || x.phase === 'w-build' || x.year > s.year);
  assert.ok(has(t, 'Scotland', { type: 'disband', block: 'S-douglas' }));
  assert.ok(has(t, 'Scotland', { type: 'done' }), 'remaining is allowed too');
  const u = g.apply(t, 'Scotland', { type: 'disband', block: 'S-douglas' });
  assert.equal(where(u, 'S-douglas'), POOL_S_LOC, 'disbanded blocks go to the draw pool');
});

// ---------------------------------------------------------------- more rule statements

test('HotS 5.32: after battlefield control flips in round 1, the new attacker must retreat after round 3', () => {
  let t = scene({
    blocks: { mentieth: ['S-wallace'], lothian: ['E-york-infantry'], dunbar: ['E-durham-infantry'] },
    steps: { 'E-york-infantry': 1 },
    cards: [MOVE1, MOVE2],
  });
  t = move(t, 'Scotland', 'S-wallace', ['lothian'], 'mentieth');
  while (g.active(t)[0] === 'Scotland') t = g.apply(t, 'Scotland', { type: 'end' });
  t = move(t, 'England', 'E-durham-infantry', ['lothian'], 'dunbar');
  assert.equal(reserve(t, 'E-durham-infantry'), true);
  t = endMoves(t);
  assert.equal(t.battle!.att, 1);
  rig(t, [1, 6, 6, 6]);
  t = g.apply(t, 'Scotland', { type: 'fire', block: 'S-wallace' });
  assert.equal(t.battle!.round, 2);
  assert.equal(t.battle!.att, 0, 'the English reinforcements now attack');
  t = holdUntil(t, (x) => x.battle!.stage !== 'turns');
  assert.equal(t.battle!.stage, 'retreat');
  assert.deepEqual(g.active(t), ['England'], 'the new attacker withdraws');
  assert.ok(has(t, 'England', { type: 'retreat', block: 'E-durham-infantry', to: 'dunbar' }));
  assert.ok(!has(t, 'England', { type: 'retreat', block: 'E-durham-infantry', to: 'mentieth' }), 'the Scots entered over Mentieth-Lothian');
});

test('HotS 6.2 (coronation and English event): with both events played, the coronation battle is fought before the year ends', () => {
  let t = scene({
    blocks: { off: ['S-wallace'], fife: ['S-noble-bruce'], angus: ['S-noble-angus', 'S-douglas'], lothian: ['E-york-infantry'] },
    cards: [TRUCE, HERALD],
  });
  t = g.apply(t, 'England', { type: 'pass' });
  t = g.apply(t, 'Scotland', { type: 'crown', king: 'Bruce' });
  assert.equal(where(t, 'E-noble-angus'), areaOf('angus'));
  assert.ok(t.battle, 'the defection battle is fought at once');
  assert.equal(t.battle!.area, areaOf('angus'));
  const year = t.year;
  t = until(t, (x) => x.battle === null, (_x, acts) => acts.find((a) => a.type === 'hold') ?? acts.find((a) => a.type === 'done') ?? acts[0]);
  assert.equal(t.battle, null);
  assert.ok(t.phase !== 'move' && t.phase !== 'cards' || t.year > year, `the year ends after the battle (phase ${t.phase})`);
  assert.ok(t.phase.startsWith('w-') || t.year > year || t.result !== null);
});

test('HotS 9.1: the all-nobles sudden death is checked at the end of the Game Turn, not the moment a Herald converts the last noble', () => {
  let t = scene({
    blocks: { galloway: ['S-noble-galloway'], angus: ['E-noble-angus'], fife: ['S-douglas'], england: ['E-york-infantry'] },
    cards: [HERALD, MOVE1],
    dice: [1],
  });
  t = g.apply(t, 'England', { type: 'herald', noble: 'Galloway' });
  assert.equal(where(t, 'E-noble-galloway'), areaOf('galloway'));
  assert.equal(g.outcome(t), null, 'the Scots still move this turn');
  assert.deepEqual(g.active(t), ['Scotland']);
  t = g.apply(t, 'Scotland', { type: 'end' });
  assert.deepEqual(g.outcome(t), { winners: ['England'], reason: 'all-nobles' });
});

test('HotS 4.4: raiders going home also cross the Anglo-Scottish border one block per group move', () => {
  let t = scene({ blocks: { england: ['S-douglas', 'S-campbell', 'S-graham'], lothian: ['E-york-infantry'] }, cards: [MOVE1, MOVE2] });
  t = g.apply(t, 'Scotland', { type: 'group', area: 'england' });
  t = move(t, 'Scotland', 'S-douglas', ['annan']);
  assert.equal(t.moves, 1);
  t = move(t, 'Scotland', 'S-campbell', ['annan']);
  assert.equal(where(t, 'S-campbell'), areaOf('annan'));
  assert.deepEqual(g.active(t), ['England'], 'the second crossing used the second (last) group move');
  assert.equal(where(t, 'S-graham'), areaOf('england'), 'no third crossing with a "2"');
});

test('HotS 5.32: attacking reserves stay hidden when the battle is over in round 1', () => {
  let t = scene({
    blocks: { mentieth: ['S-wallace'], selkirk: ['S-douglas'], lothian: ['E-york-infantry'], england: ['E-durham-infantry'] },
    steps: { 'E-york-infantry': 1 },
    cards: [MOVE1, MOVE2],
  });
  t = move(t, 'Scotland', 'S-wallace', ['lothian'], 'mentieth');
  t = move(t, 'Scotland', 'S-douglas', ['lothian'], 'selkirk');
  assert.equal(reserve(t, 'S-douglas'), true);
  t = endMoves(declare(endMoves(t), 'mentieth'));
  const lothian = (x: State) => g.view(x, 'England').areas[areaOf('lothian')]!.blocks.filter((b) => b.side === 'Scotland');
  assert.deepEqual(lothian(t).map((b) => b.id ?? '?').sort(), ['?', 'S-wallace'], 'round 1: the reserve is face down');
  rig(t, [1, 6, 6, 6]);
  t = g.apply(t, 'Scotland', { type: 'fire', block: 'S-wallace' });
  assert.ok(lothian(t).every((b) => !b.revealed), 'battle won in round 1: all stand up');
  // England remembers Wallace, whom it saw fight (issue #3), but never saw Douglas.
  assert.deepEqual(lothian(t).map((b) => (b.remembered ? b.id : b.id ?? '?')).sort(), ['?', 'S-wallace'], 'Douglas never revealed');
});

// ---------------------------------------------------------------- 8.1 / 8.2 set-ups, checked against the rulebook text

function placed(s: State): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const ids = [...g.view(s, 'England').areas, ...g.view(s, 'Scotland').areas];
  for (const a of ids) for (const b of a.blocks) if (b.id) out.set(a.id, [...(out.get(a.id) ?? []), b.id].sort());
  return out;
}

test('HotS 8.1: Braveheart deployment as printed (English nobles at home but Bruce, Moray, Galloway; 4 of 13 pool blocks drawn to England)', () => {
  const s = g.setup({ seed: 'rulebook-8.1', scenario: 'braveheart' });
  const m = placed(s);
  const english = ['comyn', 'angus', 'argyll', 'mar', 'lennox', 'buchan', 'ross', 'atholl', 'dunbar', 'mentieth', 'steward'];
  const homes: Record<string, string> = { comyn: 'badenoch', steward: 'lanark' };
  for (const n of english) assert.ok(m.get(homes[n] ?? n)!.includes(`E-noble-${n}`), n);
  assert.ok(m.get('lothian')!.includes('E-cumbria-infantry'));
  assert.ok(m.get('mentieth')!.includes('E-northumber-infantry'));
  assert.equal(m.get('england')!.length, 4);
  const v = g.view(s, 'England');
  assert.equal(v.pools.England.count, 9);
  assert.deepEqual(m.get('annan'), ['S-noble-bruce']);
  assert.deepEqual(m.get('galloway'), ['S-noble-galloway']);
  assert.deepEqual(m.get('fife'), ['S-barclay', 'S-douglas', 'S-wallace']);
  assert.deepEqual(m.get('moray'), ['S-fraser', 'S-noble-moray']);
  assert.deepEqual(m.get('strathspey'), ['S-grant']);
  assert.equal(g.view(s, 'Scotland').pools.Scotland.count, 7);
  assert.ok(v.offMap.includes('S-scottish-king') && v.offMap.includes('S-french-knights'));
  assert.deepEqual(v.nobles, { England: 11, Scotland: 3 });
  assert.equal(v.year, 1297);
});

test('HotS 8.2: The Bruce deployment as printed (King crowned; Wallace and Moray dead; 6 of 11 pool blocks drawn to England)', () => {
  const s = g.setup({ seed: 'rulebook-8.2', scenario: 'the-bruce' });
  const m = placed(s);
  for (const n of ['angus', 'argyll', 'buchan', 'galloway', 'ross']) assert.ok(m.get(n)!.includes(`E-noble-${n}`), n);
  assert.ok(m.get('badenoch')!.includes('E-noble-comyn'));
  assert.deepEqual(m.get('moray'), ['E-cumbria-infantry']);
  assert.deepEqual(m.get('mentieth'), ['E-noble-mentieth', 'E-northumber-infantry']);
  assert.deepEqual(m.get('lothian'), ['E-durham-infantry']);
  assert.deepEqual(m.get('lanark'), ['E-noble-steward', 'E-westmor-infantry']);
  assert.equal(m.get('england')!.length, 6);
  assert.equal(g.view(s, 'England').pools.England.count, 5);
  for (const n of ['dunbar', 'atholl', 'mar']) assert.deepEqual(m.get(n), [`S-noble-${n}`], n);
  assert.deepEqual(m.get('lennox'), ['S-campbell', 'S-noble-lennox']);
  assert.deepEqual(m.get('carrick'), ['S-lindsay', 'S-noble-bruce']);
  assert.deepEqual(m.get('fife'), ['S-barclay', 'S-douglas', 'S-scottish-king']);
  const v = g.view(s, 'Scotland');
  assert.equal(v.pools.Scotland.count, 7);
  assert.ok(v.offMap.includes('S-wallace') && v.offMap.includes('S-noble-moray') && v.offMap.includes('S-french-knights'));
  assert.equal(v.scottishKingCrowned, true);
  assert.deepEqual(v.nobles, { England: 8, Scotland: 5 });
  assert.equal(v.year, 1306);
});

test('HotS 5.32: battlefield control changes only when the defenders are wiped out in round 1 (not by a noble captured later)', () => {
  let t = scene({
    blocks: { mentieth: ['S-wallace', 'S-noble-dunbar'], lothian: ['E-hobelars'] },
    steps: { 'S-wallace': 1, 'S-noble-dunbar': 1, 'E-hobelars': 1 },
    cards: [MOVE1, MOVE2],
  });
  t = g.apply(t, 'Scotland', { type: 'group', area: 'mentieth' });
  t = move(t, 'Scotland', 'S-wallace', ['lothian']);
  t = move(t, 'Scotland', 'S-noble-dunbar', ['lothian']);
  t = endMoves(t);
  t = holdUntil(t, (x) => x.battle!.round === 2);
  assert.equal(t.battle!.round, 2);
  rig(t, [1]);
  t = g.apply(t, 'England', { type: 'fire', block: 'E-hobelars' });
  assert.deepEqual(actorBlocks(t), ['S-noble-dunbar', 'S-wallace'], 'one hit, two 1-step blocks: the Scots choose');
  t = g.apply(t, 'Scotland', { type: 'hit', block: 'S-noble-dunbar' });
  assert.equal(where(t, 'E-noble-dunbar'), areaOf('lothian'));
  assert.equal(reserve(t, 'E-noble-dunbar'), true);
  rig(t, [1]);
  t = g.apply(t, 'Scotland', { type: 'fire', block: 'S-wallace' });
  assert.equal(where(t, 'E-hobelars'), OFF, 'black cross, killed in combat');
  assert.ok(t.battle);
  assert.equal(t.battle!.round, 3);
  assert.equal(t.battle!.att, 1, 'the Scots still attack in round 3');
});

test('HotS 5.9 (raids and truces): Scots already in England stay during a Truce and England must still remove a block', () => {
  let t = scene({ blocks: { england: ['S-douglas'], lothian: ['E-york-infantry'], angus: ['E-noble-angus'] }, cards: [TRUCE, MOVE2] });
  t = g.apply(t, 'England', { type: 'truce' });
  assert.deepEqual(g.active(t), ['Scotland']);
  t = g.apply(t, 'Scotland', { type: 'end' });
  assert.equal(where(t, 'S-douglas'), areaOf('england'));
  assert.deepEqual(g.active(t), ['England']);
  assert.deepEqual(g.actions(t, 'England'), [{ type: 'raid', block: 'E-york-infantry' }], 'never a noble');
  t = g.apply(t, 'England', { type: 'raid', block: 'E-york-infantry' });
  assert.equal(where(t, 'E-york-infantry'), POOL_E);
});

test('HotS 6.21: a coronation is the event: the Scots are Player 1 and do not move; England then moves with its card', () => {
  let t = scene({ blocks: { off: ['S-wallace'], fife: ['S-noble-bruce'], lothian: ['S-douglas'], england: ['E-york-infantry'] }, cards: [MOVE3, TRUCE] });
  assert.equal(g.view(t, null).p1, 'Scotland', 'the event player is Player 1 even against a 3');
  t = g.apply(t, 'Scotland', { type: 'crown', king: 'Bruce' });
  assert.equal(where(t, 'S-scottish-king'), areaOf('fife'));
  assert.deepEqual(g.active(t), ['England']);
  assert.equal(t.moves, 3);
  assert.ok(!has(t, 'England', { type: 'crown', king: 'Bruce' }));
});

test('HotS 5.2: Welsh archers also make the Celtic unity roll when revealed (1-4 stay, 5-6 to the English pool)', () => {
  const s = scene({ blocks: { mentieth: ['E-wales-archers', 'E-york-infantry'], lothian: ['S-douglas'] } });
  const go = (die: number): State => {
    let t = cards(s, MOVE2, MOVE1);
    t = g.apply(t, 'England', { type: 'group', area: 'mentieth' });
    t = move(t, 'England', 'E-wales-archers', ['lothian']);
    t = move(t, 'England', 'E-york-infantry', ['lothian']);
    const n = copy(t);
    rig(n, [die]);
    return endMoves(n);
  };
  assert.equal(where(go(4), 'E-wales-archers'), areaOf('lothian'));
  assert.equal(where(go(5), 'E-wales-archers'), POOL_E);
  assert.equal(where(go(6), 'E-york-infantry'), areaOf('lothian'), 'English infantry never roll');
});

test('HotS 4.6: with as many attackers as defenders every defender is pinned, the Norse included', () => {
  let t = scene({ blocks: { lothian: ['S-douglas', 'S-norse'], mentieth: ['E-york-infantry', 'E-durham-infantry'] }, cards: [MOVE2, MOVE1] });
  t = g.apply(t, 'England', { type: 'group', area: 'mentieth' });
  t = move(t, 'England', 'E-york-infantry', ['lothian']);
  t = move(t, 'England', 'E-durham-infantry', ['lothian']);
  while (g.active(t)[0] === 'England') t = g.apply(t, 'England', { type: 'end' });
  assert.deepEqual(g.active(t), ['Scotland']);
  assert.deepEqual(g.actions(t, 'Scotland'), [{ type: 'end' }], 'no group and no Norse move: all pinned');
});

test('HotS 4.0 (edge case 11): a block counts as moved from its first step, and enemies see only that a block moved', () => {
  let t = scene({ blocks: { fife: ['S-wallace'], england: ['E-york-infantry'] }, cards: [MOVE1, MOVE3] });
  t = playAll(t, 'Scotland', [{ type: 'group', area: 'fife' }, { type: 'block', block: 'S-wallace' }, { type: 'to', area: 'angus' }]);
  const seen = g.view(t, 'England').areas[areaOf('angus')]!.blocks;
  assert.equal(seen.length, 1);
  assert.equal(seen[0]!.moved, true);
  assert.equal(seen[0]!.id, undefined, 'identity stays hidden');
  assert.equal(seen[0]!.steps, undefined);
});
