import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copy, g, has, put, rig, run, scene, battle, stepsOf, where } from './fixtures.test-support.js';
import { AREA_COUNT, BORDER_IDS, OFF, POOL_E, POOL_S, areaOf, borderBetween } from './map.js';
import { blockOf } from './blocks.js';
import { fireOf, retreatTargets } from './battle.js';
import { F_RESERVE, type State } from './state.js';

const holdAll = (s: State, rounds = 1): State => {
  let t = s;
  for (let i = 0; i < 200 && t.battle && t.battle.stage === 'turns' && t.battle.round <= rounds; i++) {
    const role = g.active(t)[0]!;
    const a = g.actions(t, role).find((x) => x.type === 'hold')!;
    t = g.apply(t, role, a);
  }
  return t;
};

const lothian = (): State => scene({ blocks: { lothian: ['S-douglas', 'S-keith', 'E-hobelars', 'E-york-knights'], england: ['E-york-infantry'] } });

const actorBlocks = (s: State): string[] => {
  const role = g.active(s)[0]!;
  return [...new Set(g.actions(s, role).map((a) => (a as { block?: string }).block))].filter(Boolean) as string[];
};

test('HotS 5.31: combat turns run A, B, C, the defender first within a letter; each block fires, retreats or passes', () => {
  let t = battle(lothian(), 'lothian', 0);
  assert.equal(t.phase, 'battle');
  assert.deepEqual(g.active(t), ['England']);
  assert.deepEqual(actorBlocks(t), ['E-hobelars'], 'A: only the attacking hobelars');
  const kinds = new Set(g.actions(t, 'England').map((a) => a.type));
  assert.deepEqual([...kinds].sort(), ['fire', 'hold', 'retreat']);
  t = g.apply(t, 'England', { type: 'hold', block: 'E-hobelars' });
  assert.deepEqual(g.active(t), ['Scotland']);
  assert.deepEqual(actorBlocks(t), ['S-keith'], 'B: defender first');
  t = g.apply(t, 'Scotland', { type: 'hold', block: 'S-keith' });
  assert.deepEqual(actorBlocks(t), ['E-york-knights']);
  t = g.apply(t, 'England', { type: 'hold', block: 'E-york-knights' });
  assert.deepEqual(actorBlocks(t), ['S-douglas']);
  t = g.apply(t, 'Scotland', { type: 'hold', block: 'S-douglas' });
  assert.equal(t.battle!.round, 2);
});

test('HotS 5.4/5.41: a die at or under the fire rating hits; hits go to the strongest block, the owner picks among equals', () => {
  let t = battle(lothian(), 'lothian', 0, { rolls: [1, 2, 3] });
  t = g.apply(t, 'England', { type: 'fire', block: 'E-hobelars' });
  assert.deepEqual(t.battle!.dice, [1, 2, 3]);
  // The view says what the dice hit on, so that the battle board can mark the hits.
  assert.equal(g.view(t, 'Scotland').battle!.fire, fireOf(t, blockOf('E-hobelars')));
  assert.deepEqual(g.view(t, 'Scotland').battle!.dice.filter((d) => d <= g.view(t, 'Scotland').battle!.fire), [1, 2]);
  // two hits: Douglas (4) takes the first; then Douglas 3 = Keith 3, Scotland chooses.
  assert.equal(stepsOf(t, 'S-douglas'), 3);
  assert.equal(t.battle!.stage, 'hits');
  assert.deepEqual(g.active(t), ['Scotland']);
  assert.deepEqual(g.actions(t, 'Scotland').map((a) => (a as { block: string }).block).sort(), ['S-douglas', 'S-keith']);
  t = g.apply(t, 'Scotland', { type: 'hit', block: 'S-keith' });
  assert.equal(stepsOf(t, 'S-keith'), 2);
  assert.equal(t.battle!.stage, 'turns');
});

test('HotS 5.41 (delayed hits, default): hits pile up while the same side fires, then are assigned', () => {
  const s = lothian();
  put(s, 'E-lancaster-archers', 'lothian');
  let t = battle(s, 'lothian', 0);
  t = g.apply(t, 'England', { type: 'hold', block: 'E-hobelars' });
  t = g.apply(t, 'Scotland', { type: 'hold', block: 'S-keith' });
  rig(t, [1, 1, 1]);
  t = g.apply(t, 'England', { type: 'fire', block: 'E-lancaster-archers' });
  assert.equal(t.battle!.hits, 3, 'pending: England fires again next');
  assert.equal(stepsOf(t, 'S-douglas'), 4);
  rig(t, [6, 6, 6, 6]);
  t = g.apply(t, 'England', { type: 'fire', block: 'E-york-knights' });
  // Now Scotland (Douglas, C) acts: the 3 hits are assigned first: Douglas 4->3, then tie 3/3.
  assert.equal(t.battle!.stage, 'hits');
});

test('HotS 5.41 (immediate hits variant): hits are assigned after each fire', () => {
  const s = lothian();
  s.delayedHits = false;
  put(s, 'E-lancaster-archers', 'lothian');
  let t = battle(s, 'lothian', 0);
  t = g.apply(t, 'England', { type: 'hold', block: 'E-hobelars' });
  t = g.apply(t, 'Scotland', { type: 'hold', block: 'S-keith' });
  rig(t, [1, 6, 6]);
  t = g.apply(t, 'England', { type: 'fire', block: 'E-lancaster-archers' });
  assert.equal(t.battle!.hits, 0);
  assert.equal(stepsOf(t, 'S-douglas'), 3, 'forced hit assigned automatically');
});

test('HotS 5.41 (edge case 13): delayed hits are assigned as soon as they reach the enemy total', () => {
  const s = scene({
    blocks: { lothian: ['S-keith', 'S-douglas', 'E-hobelars', 'E-york-knights'], england: ['E-york-infantry'] },
    steps: { 'S-keith': 1, 'S-douglas': 1 },
  });
  const t = battle(s, 'lothian', 0, { rolls: [1, 1, 6] });
  const u = g.apply(t, 'England', { type: 'fire', block: 'E-hobelars' });
  assert.equal(where(u, 'S-keith'), POOL_S);
  assert.equal(where(u, 'S-douglas'), POOL_S);
  assert.equal(u.battle && u.battle.stage !== 'regroup' ? 'running' : 'over', 'over');
});

test('HotS 5.3: after three rounds the attacker must retreat; a block that cannot is eliminated', () => {
  const s = scene({
    blocks: { lothian: ['S-douglas', 'E-york-infantry', 'E-durham-infantry'], mentieth: ['S-barclay'], dunbar: ['S-grant'], selkirk: ['S-keith'] },
  });
  let t = battle(s, 'lothian', 0, { from: 'lanark' });
  t = holdAll(t, 3);
  assert.equal(t.battle!.stage, 'retreat');
  assert.deepEqual(g.active(t), ['England']);
  const dests = new Set(g.actions(t, 'England').map((a) => (a as { to: string }).to));
  assert.deepEqual([...dests], ['lanark'], 'only the vacant Lanark; enemy areas are closed');
  t = g.apply(t, 'England', { type: 'retreat', block: 'E-york-infantry', to: 'lanark' });
  t = g.apply(t, 'England', { type: 'retreat', block: 'E-durham-infantry', to: 'lanark' });
  assert.equal(where(t, 'E-durham-infantry'), areaOf('lanark'));
  // the Scots won and may regroup
  assert.equal(t.battle?.stage, 'regroup');
  assert.deepEqual(g.active(t), ['Scotland']);
});

test('HotS 5.5: retreats go to friendly or vacant areas, never into England for the Scots nor over a border the enemy used', () => {
  const s = scene({ blocks: { annan: ['S-douglas', 'E-york-infantry'], galloway: ['E-durham-infantry'], lanark: ['S-grant'] } });
  const t = battle(s, 'annan', 0, { from: 'carrick' });
  let u = t;
  while (g.active(u)[0] !== 'Scotland') u = g.apply(u, 'England', { type: 'hold', block: 'E-york-infantry' });
  const to = g.actions(u, 'Scotland').filter((a) => a.type === 'retreat').map((a) => (a as { to: string }).to).sort();
  assert.deepEqual(to, ['lanark', 'selkirk', 'teviot'], 'not England, not Carrick (enemy border), not enemy-held Galloway');
});

test('HotS 5.5: if both sides used a border, only Player 2 may retreat over it', () => {
  const s = scene({ blocks: { annan: ['S-douglas', 'E-york-infantry'] } });
  const n = copy(s);
  n.bUsed = n.bUsed.slice();
  n.bUsed[borderBetween(areaOf('annan'), areaOf('carrick'))] = 3;
  let t = battle(n, 'annan', 0, { p1: 0 });
  // England (P1) acts second in C (defender first): Scotland is P2 and may use Carrick
  assert.ok(has(t, 'Scotland', { type: 'retreat', block: 'S-douglas', to: 'carrick' }));
  t = g.apply(t, 'Scotland', { type: 'hold', block: 'S-douglas' });
  assert.ok(!has(t, 'England', { type: 'retreat', block: 'E-york-infantry', to: 'carrick' }));
});

test('HotS 5.5: retreat border limits apply per combat round (2 over a red border)', () => {
  const s = scene({
    blocks: { annan: ['S-douglas', 'S-barclay', 'S-grant', 'E-york-infantry'], carrick: ['E-durham-infantry'], lanark: ['E-westmor-infantry'], selkirk: ['E-cumbria-infantry'], teviot: ['E-lancaster-infantry'] },
  });
  let t = battle(s, 'annan', 0, { from: 'england' });
  t = g.apply(t, 'Scotland', { type: 'retreat', block: 'S-douglas', to: 'galloway' });
  t = g.apply(t, 'Scotland', { type: 'retreat', block: 'S-barclay', to: 'galloway' });
  assert.ok(!has(t, 'Scotland', { type: 'retreat', block: 'S-grant', to: 'galloway' }));
});

test('HotS 5.6: the victor regroups (reserves included) to adjacent friendly or vacant areas', () => {
  const s = scene({ blocks: { lothian: ['S-wallace', 'S-douglas', 'E-york-infantry'], dunbar: ['E-durham-infantry'] }, steps: { 'E-york-infantry': 1 } });
  let t = battle(s, 'lothian', 1, { rolls: [1, 6, 6, 6] });
  t = g.apply(t, 'Scotland', { type: 'fire', block: 'S-wallace' });
  assert.equal(t.battle!.stage, 'regroup');
  const to = new Set(g.actions(t, 'Scotland').filter((a) => a.type === 'regroup').map((a) => (a as { to: string }).to));
  assert.ok(to.has('mentieth') && to.has('lanark') && to.has('selkirk'));
  assert.ok(!to.has('dunbar'), 'enemy-held');
  t = g.apply(t, 'Scotland', { type: 'regroup', block: 'S-wallace', to: 'selkirk' });
  t = g.apply(t, 'Scotland', { type: 'done' });
  assert.equal(t.battle, null);
  assert.equal(where(t, 'S-wallace'), areaOf('selkirk'));
});

test('HotS 5.7: a noble eliminated in combat switches sides at strength 1 into reserve', () => {
  const s = scene({ blocks: { angus: ['E-noble-angus', 'E-york-infantry', 'S-wallace'], fife: ['S-douglas'] }, steps: { 'E-noble-angus': 1 } });
  let t = battle(s, 'angus', 1, { rolls: [1, 6, 6, 6] });
  // Wallace (A) fires before the English nobles (B) and infantry (C); York (4) is strongest.
  t = g.apply(t, 'Scotland', { type: 'fire', block: 'S-wallace' });
  assert.equal(stepsOf(t, 'E-york-infantry'), 3);
  const n = copy(t);
  n.steps[blockOf('E-york-infantry')] = 1;
  n.steps[blockOf('E-noble-angus')] = 1;
  // a second fire kills both
  let u = n;
  while (g.active(u)[0] === 'England') u = g.apply(u, 'England', g.actions(u, 'England').find((a) => a.type === 'hold')!);
  u = holdAll(u, 1);
  rig(u, [1, 1, 6, 6]);
  u = g.apply(u, 'Scotland', { type: 'fire', block: 'S-wallace' });
  assert.equal(where(u, 'E-noble-angus'), OFF);
  assert.equal(where(u, 'S-noble-angus'), areaOf('angus'));
  assert.equal(stepsOf(u, 'S-noble-angus'), 1);
});

test('HotS 5.7: Moray never changes sides and is permanently eliminated when killed in battle', () => {
  const s = scene({ blocks: { moray: ['S-noble-moray', 'E-hobelars'], england: ['E-york-infantry'] }, steps: { 'S-noble-moray': 1 } });
  const t = battle(s, 'moray', 0, { rolls: [1, 6, 6] });
  const u = g.apply(t, 'England', { type: 'fire', block: 'E-hobelars' });
  assert.equal(where(u, 'S-noble-moray'), OFF);
});

test('HotS 5.8: black-cross blocks killed in combat are gone for good; other non-nobles go to the pool', () => {
  const s = scene({ blocks: { lothian: ['S-wallace', 'S-douglas', 'E-hobelars'], england: ['E-york-infantry'] }, steps: { 'S-wallace': 1, 'S-douglas': 1 } });
  let t = battle(s, 'lothian', 0);
  t = g.apply(t, 'Scotland', { type: 'hold', block: 'S-wallace' });
  rig(t, [1, 1, 6]);
  const u = g.apply(t, 'England', { type: 'fire', block: 'E-hobelars' });
  assert.equal(where(u, 'S-wallace'), OFF);
  assert.equal(where(u, 'S-douglas'), POOL_S);
});

test('HotS 5.2: Welsh and Ulster blocks roll when revealed; 5-6 sends them to the English pool', () => {
  const s = scene({ blocks: { lothian: ['E-wales-infantry', 'E-ulster-infantry', 'E-york-infantry', 'S-douglas'] } });
  const t = battle(s, 'lothian', 0, { rolls: [5, 4] });
  const rolled = [where(t, 'E-wales-infantry'), where(t, 'E-ulster-infantry')];
  assert.ok(rolled.includes(POOL_E));
  assert.ok(rolled.includes(areaOf('lothian')));
});

test('HotS 1.4: a noble defending at home fires at B3; attacking its home gives no bonus', () => {
  const s = scene({ blocks: { angus: ['E-noble-angus', 'S-douglas'] } });
  const d = battle(s, 'angus', 1);
  assert.equal(fireOf(d, blockOf('E-noble-angus')), 3);
  const a = battle(s, 'angus', 0);
  assert.equal(fireOf(a, blockOf('E-noble-angus')), 2);
});

test('HotS optional schiltroms: Scottish infantry fire +1 where the English have no archers', () => {
  const s = scene({ scenario: 'braveheart', variants: { schiltrom: true }, blocks: { angus: ['S-douglas', 'E-york-infantry'] } });
  const t = battle(s, 'angus', 0);
  assert.equal(fireOf(t, blockOf('S-douglas')), 4);
  put(s, 'E-lancaster-archers', 'angus');
  const u = battle(s, 'angus', 0);
  assert.equal(fireOf(u, blockOf('S-douglas')), 3);
  const plain = scene({ blocks: { angus: ['S-douglas', 'E-york-infantry'] } });
  assert.equal(fireOf(battle(plain, 'angus', 0), blockOf('S-douglas')), 3);
});

test('HotS 5.32: reserves sit out round 1 (not hit, cannot act) and join in round 2', () => {
  const s = scene({ blocks: { lothian: ['S-douglas', 'S-wallace', 'E-york-infantry'], dunbar: ['E-durham-infantry'] } });
  const n = copy(s);
  n.flags[blockOf('S-wallace')] = F_RESERVE;
  let t = battle(n, 'lothian', 1);
  assert.ok(!actorBlocks(t).includes('S-wallace'));
  assert.equal(g.view(t, 'England').areas[areaOf('lothian')]!.blocks.filter((b) => b.revealed).length, 2, 'reserve stays face down');
  t = holdAll(t, 1);
  assert.equal(t.battle!.round, 2);
  assert.equal(t.flags[blockOf('S-wallace')]! & F_RESERVE, 0);
  assert.deepEqual(actorBlocks(t), ['S-wallace'], 'A blocks first in round 2');
});

test('HotS 5.32: if the defenders are wiped out in round 1 and only their reserves remain, the old attacker defends', () => {
  const s = scene({ blocks: { lothian: ['S-wallace', 'E-york-infantry', 'E-durham-infantry'] }, steps: { 'E-york-infantry': 1 } });
  const n = copy(s);
  n.flags[blockOf('E-durham-infantry')] = F_RESERVE;
  let t = battle(n, 'lothian', 1, { rolls: [1, 6, 6, 6] });
  t = g.apply(t, 'Scotland', { type: 'fire', block: 'S-wallace' });
  assert.equal(t.battle!.round, 2);
  assert.equal(t.battle!.att, 0, 'England now attacks');
});

test('HotS 5.1: Player 1 chooses the order of battles', () => {
  const s = scene({ blocks: { lothian: ['S-douglas', 'E-york-infantry'], angus: ['S-barclay', 'E-durham-infantry'] } });
  const n = copy(s);
  n.att = n.att.slice();
  n.att[areaOf('lothian')] = 0;
  n.att[areaOf('angus')] = 1;
  n.p1 = 1;
  const t = run(n, ['battles', 'raid', 'endturn']);
  assert.equal(t.phase, 'battle-choose');
  assert.deepEqual(g.active(t), ['Scotland']);
  assert.deepEqual(g.actions(t, 'Scotland').map((a) => (a as { area: string }).area).sort(), ['angus', 'lothian']);
});

test('HotS 6.2 (edge case 1): a Scottish King unable to retreat counts as killed: England wins', () => {
  const s = scene({
    scenario: 'the-bruce',
    blocks: { lothian: ['S-scottish-king', 'E-york-infantry'], mentieth: ['E-durham-infantry'], lanark: ['E-westmor-infantry'], selkirk: ['E-cumbria-infantry'], dunbar: ['E-lancaster-infantry'] },
  });
  let t = battle(s, 'lothian', 1);
  t = holdAll(t, 3);
  assert.deepEqual(g.outcome(t), { winners: ['England'], reason: 'king-killed' });
});

test('HotS 6.1 (edge case 15): Edward II eliminated or unable to retreat wins for Scotland; Edward I killed becomes Edward II', () => {
  const s = scene({ blocks: { lothian: ['E-edward', 'S-wallace'], fife: ['S-douglas'] }, steps: { 'E-edward': 1 } });
  let t = battle(s, 'lothian', 1, { rolls: [1, 6, 6, 6] });
  t = g.apply(t, 'Scotland', { type: 'fire', block: 'S-wallace' });
  assert.equal(where(t, 'E-edward'), POOL_E);
  assert.equal(t.edward2, true);
  assert.equal(g.outcome(t), null);
  const s2 = scene({ set: { edward2: true }, blocks: { lothian: ['E-edward', 'S-wallace'] }, steps: { 'E-edward': 1 } });
  let u = battle(s2, 'lothian', 1, { rolls: [1, 6, 6, 6] });
  u = g.apply(u, 'Scotland', { type: 'fire', block: 'S-wallace' });
  assert.deepEqual(g.outcome(u), { winners: ['Scotland'], reason: 'edward-ii-killed' });
  // unable to retreat after round 3
  const s3 = scene({ set: { edward2: true }, blocks: { lothian: ['E-edward', 'S-douglas'] } });
  for (const [id, a] of [['S-barclay', 'mentieth'], ['S-grant', 'lanark'], ['S-keith', 'selkirk'], ['S-campbell', 'dunbar']] as const) put(s3, id, a);
  let w = battle(s3, 'lothian', 0);
  w = holdAll(w, 3);
  assert.deepEqual(g.outcome(w), { winners: ['Scotland'], reason: 'edward-ii-killed' });
});

test('HotS 5.0 (edge case 12): reserve marks are cleared when a battle ends', () => {
  const s = scene({ blocks: { lothian: ['S-wallace', 'S-douglas', 'E-york-infantry'], england: ['E-durham-infantry'] }, steps: { 'E-york-infantry': 1 } });
  const n = copy(s);
  n.flags[blockOf('S-douglas')] = F_RESERVE;
  let t = battle(n, 'lothian', 1, { rolls: [1, 6, 6, 6] });
  t = g.apply(t, 'Scotland', { type: 'fire', block: 'S-wallace' });
  t = g.apply(t, 'Scotland', { type: 'done' });
  assert.equal(t.flags[blockOf('S-douglas')]! & F_RESERVE, 0);
  assert.ok(t.loc.every((l) => l <= AREA_COUNT + 2));
});


test('HotS 5.3/5.6: a battle won by eliminating every enemy block ends at once, in that round', () => {
  const s = scene({ blocks: { lothian: ['S-douglas', 'E-hobelars'], england: ['E-york-infantry'] }, steps: { 'S-douglas': 1 } });
  const t = battle(s, 'lothian', 1, { from: 'mentieth', rolls: [1, 6, 6] });
  const u = g.apply(t, 'England', { type: 'fire', block: 'E-hobelars' });
  assert.equal(where(u, 'S-douglas'), POOL_S);
  assert.ok(u.battle === null || u.battle.stage === 'regroup', 'no further combat turns or rounds');
  if (u.battle) {
    assert.equal(u.battle.round, 1);
    assert.equal(u.battle.winner, 0);
  }
});

test('HotS 5.6: a regroup may cross the border the enemy attacked over (only retreats may not)', () => {
  const s = scene({ blocks: { lothian: ['S-douglas', 'E-hobelars'], england: ['E-york-infantry'] }, steps: { 'S-douglas': 1 } });
  const t = battle(s, 'lothian', 1, { from: 'mentieth', rolls: [1, 6, 6] });
  assert.ok(!has(t, 'England', { type: 'retreat', block: 'E-hobelars', to: 'mentieth' }), 'no retreat over the Scots\' border');
  const u = g.apply(t, 'England', { type: 'fire', block: 'E-hobelars' });
  assert.equal(u.battle!.stage, 'regroup');
  assert.ok(has(u, 'England', { type: 'regroup', block: 'E-hobelars', to: 'mentieth' }));
});

test('HotS 5.41 (edge case 13): delayed hits exactly equal to the enemy\'s total steps are assigned at once, before the same side fires again', () => {
  const s = scene({
    blocks: { lothian: ['S-douglas', 'S-barclay', 'E-hobelars', 'E-york-knights'], england: ['E-york-infantry'] },
    steps: { 'S-douglas': 1, 'S-barclay': 1 },
  });
  const t = battle(s, 'lothian', 0, { rolls: [1, 1, 6] });
  const u = g.apply(t, 'England', { type: 'fire', block: 'E-hobelars' });
  assert.equal(where(u, 'S-douglas'), POOL_S);
  assert.equal(where(u, 'S-barclay'), POOL_S);
  assert.ok(u.battle === null || u.battle.stage === 'regroup', 'the knights do not get a combat turn');
});

test('HotS 5.31: round 1 opens with the A defender, before the A attacker', () => {
  const s = scene({ blocks: { lothian: ['S-wallace', 'E-hobelars'], england: ['E-york-infantry'] } });
  const t = battle(s, 'lothian', 0);
  assert.equal(t.battle!.round, 1);
  assert.deepEqual(g.active(t), ['Scotland']);
  assert.deepEqual(actorBlocks(t), ['S-wallace']);
});

test('HotS 5.3: a battle lasts three combat rounds; after the third every attacker must retreat', () => {
  const s = scene({ blocks: { lothian: ['S-douglas', 'E-york-infantry'], england: ['E-durham-infantry'] } });
  let t = battle(s, 'lothian', 0, { from: 'england' });
  for (const round of [1, 2, 3]) {
    assert.equal(t.battle!.round, round);
    assert.equal(t.battle!.stage, 'turns');
    t = g.apply(t, 'Scotland', { type: 'hold', block: 'S-douglas' });
    t = g.apply(t, 'England', { type: 'hold', block: 'E-york-infantry' });
  }
  assert.equal(t.battle!.stage, 'retreat');
  assert.deepEqual([...new Set(g.actions(t, 'England').map((a) => a.type))], ['retreat']);
});

test('HotS 5.6: a defender that eliminates every attacker wins at once, in that round', () => {
  const s = scene({ blocks: { lothian: ['S-wallace', 'S-douglas', 'E-hobelars'], england: ['E-york-infantry'] }, steps: { 'E-hobelars': 1 } });
  const t = battle(s, 'lothian', 0, { from: 'england', rolls: [1, 6, 6, 6] });
  const u = g.apply(t, 'Scotland', { type: 'fire', block: 'S-wallace' });
  assert.equal(where(u, 'E-hobelars'), OFF);
  assert.equal(u.battle!.stage, 'regroup');
  assert.equal(u.battle!.round, 1);
  assert.equal(u.battle!.winner, 1);
});

test('HotS 5.5: the borders used to attack close retreats for one turn only: the record is cleared when the battles are over', () => {
  const s = scene({ blocks: { lothian: ['S-douglas', 'E-hobelars'], england: ['E-york-infantry'] }, steps: { 'S-douglas': 1 } });
  const t = battle(s, 'lothian', 1, { from: 'mentieth', rolls: [1, 6, 6] });
  assert.deepEqual(g.view(t, 'England').bordersUsed, { [BORDER_IDS[borderBetween(areaOf('lothian'), areaOf('mentieth'))]!]: ['Scotland'] });
  let u = g.apply(t, 'England', { type: 'fire', block: 'E-hobelars' });
  u = g.apply(u, 'England', { type: 'done' });
  assert.equal(u.battle, null);
  assert.deepEqual(g.view(u, 'England').bordersUsed, {});
});

/** Two contested areas, so that Player 1's choice is an action that starts the Lothian battle. */
const twoBattles = (): State => {
  const s = scene({ blocks: { lothian: ['S-douglas', 'E-wales-infantry', 'E-york-infantry'], angus: ['S-barclay', 'E-durham-infantry'] } });
  const n = copy(s);
  n.att = n.att.slice();
  n.att[areaOf('lothian')] = 0;
  n.att[areaOf('angus')] = 0;
  n.p1 = 0;
  const t = run(n, ['battles', 'raid', 'endturn']);
  rig(t, [3]);
  return t;
};

test('HotS log 5.0/5.2: a battle start is told to both sides (area, attacker), and so is a Welsh block\'s roll when it stays', () => {
  const t = twoBattles();
  const a = { type: 'battle', area: 'lothian' } as const;
  const u = g.apply(t, 'England', a);
  assert.equal(where(u, 'E-wales-infantry'), areaOf('lothian'));
  const lines = g.describe!(t, u, 'England', a, 'Scotland');
  assert.deepEqual(lines.find((l) => l.key === 'log.battle')?.args, { area: 'lothian', attacker: 'England' });
  assert.deepEqual(lines.find((l) => l.key === 'log.celtic-stay')?.args, { block: 'E-wales-infantry', die: 3 });
});

test('HotS undo: starting a battle (blocks revealed, a Welsh block rolled) cannot be taken back', () => {
  const t = twoBattles();
  const a = { type: 'battle', area: 'lothian' } as const;
  const u = g.apply(t, 'England', a);
  assert.equal(g.undoBarrier!(t, u, 'England', a), true);
});

test('HotS log 5.4/5.7: a fire, each hit and an elimination are told to both sides', () => {
  const s = scene({ blocks: { lothian: ['S-douglas', 'E-hobelars'], england: ['E-york-infantry'] }, steps: { 'S-douglas': 2 } });
  const t = battle(s, 'lothian', 0, { rolls: [1, 2, 6] });
  const a = { type: 'fire', block: 'E-hobelars' } as const;
  const u = g.apply(t, 'England', a);
  for (const viewer of ['England', 'Scotland'] as const) {
    const lines = g.describe!(t, u, 'England', a, viewer);
    assert.deepEqual(lines.find((l) => l.key === 'log.fire')?.args, { block: 'E-hobelars', dice: '1,2,6', count: 2, fire: 2 }, viewer);
    assert.deepEqual(lines.filter((l) => l.key === 'log.hit').map((l) => l.args), [{ block: 'S-douglas', steps: 1 }, { block: 'S-douglas', steps: 0 }], viewer);
    assert.deepEqual(lines.find((l) => l.key === 'log.eliminated')?.args, { block: 'S-douglas' }, viewer);
    assert.deepEqual(lines.find((l) => l.key === 'log.battle-won')?.args, { area: 'lothian', winner: 'England' }, viewer);
  }
});

test('HotS 5.32/5.41: hits beyond the active blocks are lost: reserves are not hit, and round 2 follows', () => {
  const s = scene({ blocks: { lothian: ['S-wallace', 'E-york-infantry', 'E-durham-infantry'] }, steps: { 'E-york-infantry': 1 } });
  const n = copy(s);
  n.flags[blockOf('E-durham-infantry')] = F_RESERVE;
  let t = battle(n, 'lothian', 1, { rolls: [1, 1, 1, 6] });
  const full = stepsOf(t, 'E-durham-infantry');
  t = g.apply(t, 'Scotland', { type: 'fire', block: 'S-wallace' });
  assert.equal(where(t, 'E-york-infantry'), POOL_E);
  assert.equal(stepsOf(t, 'E-durham-infantry'), full, 'the reserve takes none of the two spare hits');
  assert.equal(t.battle!.round, 2);
  assert.equal(t.battle!.hits, 0);
});

test('HotS 4.7/5.5: the Norse, attacking, retreat by sea after round 3 (and may retreat as a combat action) instead of being eliminated', () => {
  const s = scene({ blocks: { lothian: ['S-norse', 'E-york-infantry'], ross: ['S-douglas'] } });
  let t = battle(s, 'lothian', 1);
  assert.ok(has(t, 'Scotland', { type: 'retreat', block: 'S-norse', to: 'ross' }), 'A attacker: its combat turn');
  for (let i = 0; i < 3; i++) {
    t = g.apply(t, 'Scotland', { type: 'hold', block: 'S-norse' });
    t = g.apply(t, 'England', { type: 'hold', block: 'E-york-infantry' });
  }
  assert.equal(where(t, 'S-norse'), areaOf('lothian'));
  assert.deepEqual(g.actions(t, 'Scotland'), [{ type: 'retreat', block: 'S-norse', to: 'ross' }]);
});

test('HotS 5.5: retreatTargets lists the areas of the retreat actions', () => {
  const s = scene({ blocks: { annan: ['S-douglas', 'E-york-infantry'], galloway: ['E-durham-infantry'], lanark: ['S-grant'] } });
  const t = battle(s, 'annan', 0, { from: 'carrick' });
  const listed = g.actions(t, 'Scotland').filter((a) => a.type === 'retreat').map((a) => areaOf((a as { to: string }).to));
  assert.deepEqual(retreatTargets(t, blockOf('S-douglas'), false), listed);
  assert.equal(listed.length, 3);
});

test('HotS 5.3: after round 3 only the attacker\'s blocks are offered a retreat (Edward defending)', () => {
  const s = scene({ blocks: { lothian: ['S-douglas', 'E-edward'], fife: ['E-york-infantry'] } });
  let t = battle(s, 'lothian', 1);
  for (let i = 0; i < 3; i++) {
    t = g.apply(t, 'England', { type: 'hold', block: 'E-edward' });
    t = g.apply(t, 'Scotland', { type: 'hold', block: 'S-douglas' });
  }
  assert.equal(t.battle!.stage, 'retreat');
  const blocks = new Set(g.actions(t, 'Scotland').map((a) => (a as { block: string }).block));
  assert.deepEqual([...blocks], ['S-douglas']);
});

test('HotS 5.41 (immediate hits variant): after the owner picks among equals, the remaining hits are assigned at once, before the next combat turn', () => {
  const s = scene({ blocks: { lothian: ['S-douglas', 'S-barclay', 'E-hobelars', 'E-york-knights'], england: ['E-york-infantry'] }, steps: { 'S-douglas': 2, 'S-barclay': 2 } });
  s.delayedHits = false;
  let t = battle(s, 'lothian', 0, { rolls: [1, 1, 6] });
  t = g.apply(t, 'England', { type: 'fire', block: 'E-hobelars' });
  assert.equal(t.battle!.stage, 'hits');
  t = g.apply(t, 'Scotland', { type: 'hit', block: 'S-douglas' });
  assert.equal(stepsOf(t, 'S-douglas'), 1);
  assert.equal(stepsOf(t, 'S-barclay'), 1, 'the second hit goes to the now strongest Barclay');
  assert.equal(t.battle!.hits, 0);
  assert.deepEqual(g.active(t), ['England']);
  assert.deepEqual(actorBlocks(t), ['E-york-knights']);
});

test('HotS log 5.31/5.5/5.6: passes and combat retreats are public; retreats after round 3 and regroups name the block to its owner only', () => {
  // a combat retreat (5.5): public
  const a = scene({ blocks: { annan: ['S-douglas', 'E-york-infantry'], lanark: ['S-grant'] } });
  const t = battle(a, 'annan', 0, { from: 'carrick' });
  const r = { type: 'retreat', block: 'S-douglas', to: 'lanark' } as const;
  const u = g.apply(t, 'Scotland', r);
  for (const viewer of ['England', 'Scotland'] as const) {
    assert.deepEqual(g.describe!(t, u, 'Scotland', r, viewer).find((l) => l.key === 'log.retreat')?.args, { block: 'S-douglas', to: 'lanark' }, viewer);
  }
  // after round 3 (5.3): the blocks stood up again, only the owner learns which went where
  const b = scene({ blocks: { lothian: ['S-douglas', 'E-york-infantry'], england: ['E-durham-infantry'] } });
  let w = battle(b, 'lothian', 0, { from: 'england' });
  const hold = { type: 'hold', block: 'S-douglas' } as const;
  const held = g.apply(w, 'Scotland', hold);
  assert.deepEqual(g.describe!(w, held, 'Scotland', hold, 'England').find((l) => l.key === 'log.hold')?.args, { block: 'S-douglas' }, 'a pass is public');
  for (let i = 0; i < 3; i++) {
    w = g.apply(w, 'Scotland', { type: 'hold', block: 'S-douglas' });
    w = g.apply(w, 'England', { type: 'hold', block: 'E-york-infantry' });
  }
  const back = g.actions(w, 'England')[0]! as { type: 'retreat'; block: string; to: string };
  const x = g.apply(w, 'England', back);
  const own = g.describe!(w, x, 'England', back, 'England').map((l) => l.key);
  const other = g.describe!(w, x, 'England', back, 'Scotland');
  assert.ok(own.includes('log.retreat') && !own.includes('log.retreat-hidden'));
  assert.deepEqual(other.filter((l) => l.key.startsWith('log.retreat')).map((l) => [l.key, l.args]), [['log.retreat-hidden', { to: back.to }]]);
  // the victor's regroup (5.6): the same
  assert.equal(x.battle!.stage, 'regroup');
  const rg = g.actions(x, 'Scotland').find((y) => y.type === 'regroup')! as { type: 'regroup'; block: string; to: string };
  const z = g.apply(x, 'Scotland', rg);
  const mine = g.describe!(x, z, 'Scotland', rg, 'Scotland').filter((l) => l.key.startsWith('log.regroup')).map((l) => [l.key, l.args]);
  const theirs = g.describe!(x, z, 'Scotland', rg, 'England').filter((l) => l.key.startsWith('log.regroup')).map((l) => [l.key, l.args]);
  assert.deepEqual(mine, [['log.regroup', { block: 'S-douglas', to: rg.to }]]);
  assert.deepEqual(theirs, [['log.regroup-hidden', { to: rg.to }]]);
});

test('HotS 5.41/5.32 (edge case 13): delayed hits equal to the enemy\'s active steps are assigned at once; its reserves do not count', () => {
  const s = scene({
    blocks: { lothian: ['S-douglas', 'S-barclay', 'S-keith', 'E-hobelars', 'E-york-knights'], england: ['E-york-infantry'] },
    steps: { 'S-douglas': 1, 'S-barclay': 1 },
  });
  const n = copy(s);
  n.flags[blockOf('S-keith')] = F_RESERVE;
  const t = battle(n, 'lothian', 0, { rolls: [1, 1, 6] });
  const u = g.apply(t, 'England', { type: 'fire', block: 'E-hobelars' });
  assert.equal(where(u, 'S-douglas'), POOL_S);
  assert.equal(where(u, 'S-barclay'), POOL_S);
  assert.equal(u.battle!.hits, 0);
  assert.equal(u.battle!.round, 2, 'no active Scots left in round 1: the knights get no turn');
  assert.equal(stepsOf(u, 'S-keith'), stepsOf(t, 'S-keith'));
});

test('HotS 5.5: retreat border limits start afresh each combat round', () => {
  const s = scene({
    blocks: { annan: ['S-douglas', 'S-barclay', 'S-grant', 'E-york-infantry'], carrick: ['E-durham-infantry'], lanark: ['E-westmor-infantry'], selkirk: ['E-cumbria-infantry'], teviot: ['E-lancaster-infantry'] },
  });
  let t = battle(s, 'annan', 0, { from: 'england' });
  t = g.apply(t, 'Scotland', { type: 'retreat', block: 'S-douglas', to: 'galloway' });
  t = g.apply(t, 'Scotland', { type: 'retreat', block: 'S-barclay', to: 'galloway' });
  t = g.apply(t, 'Scotland', { type: 'hold', block: 'S-grant' });
  const hold = { type: 'hold', block: 'E-york-infantry' } as const;
  const u = g.apply(t, 'England', hold);
  assert.equal(u.battle!.round, 2);
  assert.ok(has(u, 'Scotland', { type: 'retreat', block: 'S-grant', to: 'galloway' }));
  for (const viewer of ['England', 'Scotland'] as const) {
    assert.deepEqual(g.describe!(t, u, 'England', hold, viewer).find((l) => l.key === 'log.round')?.args, { round: 2 }, `log, ${viewer}`);
  }
});

test('HotS 5.6 (edge case 12): when a battle is won its reserves are no longer shown as reserves, already during the regroup', () => {
  const s = scene({ blocks: { lothian: ['S-wallace', 'S-douglas', 'E-york-infantry'], england: ['E-durham-infantry'] }, steps: { 'E-york-infantry': 1 } });
  const n = copy(s);
  n.flags[blockOf('S-wallace')] = F_RESERVE;
  let t = battle(n, 'lothian', 0, { rolls: [1, 6] });
  assert.equal(g.view(t, 'Scotland').areas[areaOf('lothian')]!.blocks.filter((b) => b.reserve).length, 1);
  t = g.apply(t, 'Scotland', { type: 'fire', block: 'S-douglas' });
  assert.equal(t.battle!.stage, 'regroup');
  assert.deepEqual(g.view(t, 'Scotland').areas[areaOf('lothian')]!.blocks.map((b) => b.reserve), [false, false]);
});

test('HotS 5.1/5.32: ending one battle clears its attacker mark and leaves the other pending battle as it was (attacker, reserves)', () => {
  const s = scene({ blocks: { lothian: ['S-douglas', 'E-hobelars'], angus: ['S-barclay', 'E-durham-infantry', 'E-york-infantry'], england: ['E-westmor-infantry'] }, steps: { 'S-douglas': 1 } });
  const n = copy(s);
  n.att = n.att.slice();
  n.att[areaOf('lothian')] = 0;
  n.att[areaOf('angus')] = 0;
  n.flags[blockOf('E-york-infantry')] = F_RESERVE;
  n.p1 = 0;
  let t = run(n, ['battles', 'raid', 'endturn']);
  t = g.apply(t, 'England', { type: 'battle', area: 'lothian' });
  rig(t, [1, 6, 6]);
  t = g.apply(t, 'England', { type: 'fire', block: 'E-hobelars' });
  if (t.battle?.stage === 'regroup') t = g.apply(t, 'England', { type: 'done' });
  assert.equal(t.battle?.area ?? areaOf('angus'), areaOf('angus'), 'Lothian is over');
  const v = g.view(t, 'England');
  assert.equal(v.areas[areaOf('lothian')]!.attacker, null);
  assert.equal(v.areas[areaOf('angus')]!.attacker, 'England');
  assert.equal(t.flags[blockOf('E-york-infantry')]! & F_RESERVE, F_RESERVE, 'Angus\'s reserve is still a reserve');
});

test('HotS 5.3/5.7: after round 3 an attacking noble won over in round 3 (a reserve) that cannot retreat is eliminated too', () => {
  const s = scene({
    blocks: {
      lothian: ['S-douglas', 'E-york-infantry', 'E-noble-angus'],
      mentieth: ['E-durham-infantry'], lanark: ['E-westmor-infantry'], selkirk: ['E-cumbria-infantry'], dunbar: ['E-lancaster-infantry'],
    },
    steps: { 'E-york-infantry': 1, 'E-noble-angus': 1 },
  });
  let t = battle(s, 'lothian', 1);
  for (let round = 1; round <= 3; round++) {
    t = g.apply(t, 'England', { type: 'hold', block: 'E-noble-angus' });
    t = g.apply(t, 'England', { type: 'hold', block: 'E-york-infantry' });
    if (round < 3) t = g.apply(t, 'Scotland', { type: 'hold', block: 'S-douglas' });
  }
  rig(t, [1, 6, 6, 6]);
  t = g.apply(t, 'Scotland', { type: 'fire', block: 'S-douglas' });
  t = g.apply(t, 'England', { type: 'hit', block: 'E-noble-angus' });
  assert.equal(where(t, 'S-douglas'), POOL_S, 'Douglas cannot retreat');
  assert.notEqual(where(t, 'S-noble-angus'), areaOf('lothian'), 'nor can the noble that just came over');
  assert.ok(t.battle === null || t.battle.stage === 'regroup');
});
