import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copy, emptyMap, g, has, put, scene, stepsOf, until, where, winter } from './fixtures.test-support.js';
import { ENGLAND, OFF, POOL_E, POOL_S, areaOf } from './map.js';
import { seedRng } from '@tabula/engine';


test('HotS 7.1: nobles go home (English first); a noble whose home is enemy-occupied defects at current strength', () => {
  const s = scene({
    blocks: { fife: ['E-noble-angus'], lothian: ['E-noble-mar', 'S-noble-dunbar'], mar: ['S-douglas'], dunbar: ['E-york-infantry'] },
    steps: { 'E-noble-angus': 2, 'E-noble-mar': 2 },
  });
  const t = winter(s);
  assert.equal(where(t, 'E-noble-angus'), areaOf('angus'));
  assert.equal(where(t, 'S-noble-mar'), areaOf('mar'), 'Mar is Scottish-held: he defects');
  assert.equal(stepsOf(t, 'S-noble-mar'), 2);
  assert.equal(where(t, 'E-noble-dunbar'), areaOf('dunbar'), 'Scottish Dunbar finds England at home');
});

test('HotS 7.12: Bruce and Comyn choose either home; they defect only if both are enemy-occupied, the new owner choosing', () => {
  const s = scene({ blocks: { fife: ['S-noble-bruce'], moray: ['E-noble-comyn'], lochaber: ['S-douglas'], badenoch: ['S-barclay'] } });
  const t = winter(s);
  assert.equal(t.phase, 'w-home');
  assert.deepEqual(g.active(t), ['Scotland']);
  assert.ok(where(t, 'S-noble-comyn') !== OFF, 'English Comyn converted (both homes Scottish)');
  assert.equal(where(t, 'E-noble-comyn'), OFF);
  const first = g.actions(t, 'Scotland').map((a) => (a as { area: string }).area).sort();
  assert.deepEqual(first, ['badenoch', 'lochaber'], 'the new owner places the converted Comyn');
  const u = g.apply(t, 'Scotland', { type: 'home', block: 'S-noble-comyn', area: 'badenoch' });
  const homes = g.actions(u, 'Scotland').map((a) => (a as { area: string }).area).sort();
  assert.deepEqual(homes, ['annan', 'carrick'], 'then Bruce chooses his home');
});

test('HotS 7.11 (edge case 2): Moray may go home or stay; no prompt when already home', () => {
  const s = scene({ blocks: { fife: ['S-noble-moray'], lothian: ['E-york-infantry'] } });
  const t = winter(s);
  assert.equal(t.phase, 'w-stay');
  assert.ok(has(t, 'Scotland', { type: 'home', block: 'S-noble-moray', area: 'moray' }));
  assert.ok(has(t, 'Scotland', { type: 'home', block: 'S-noble-moray', area: 'fife' }));
  const h = scene({ blocks: { moray: ['S-noble-moray'], lothian: ['E-york-infantry'] } });
  assert.notEqual(winter(h).phase, 'w-stay');
});

test('HotS 7.2: the Scottish King may move to a friendly or neutral cathedral', () => {
  const s = scene({ scenario: 'the-bruce', blocks: { lothian: ['S-scottish-king'], lennox: ['E-york-infantry'] } });
  const t = winter(s);
  assert.equal(t.phase, 'w-stay');
  const to = g.actions(t, 'Scotland').map((a) => (a as { area: string }).area).sort();
  assert.deepEqual(to, ['fife', 'lothian', 'strathspey']);
});

test('HotS 7.3: all English blocks in England disband; knights, archers and hobelars disband; infantry within castle limits', () => {
  const s = scene({
    blocks: { england: ['E-york-infantry'], lothian: ['E-york-knights', 'E-lancaster-infantry', 'E-durham-infantry', 'E-westmor-infantry'], fife: ['S-douglas'] },
  });
  const t = winter(s);
  assert.equal(where(t, 'E-york-knights'), POOL_E);
  assert.equal(t.phase, 'w-disband', 'three infantry, castle limit 2: England picks one');
  assert.deepEqual(g.active(t), ['England']);
  const u = g.apply(t, 'England', { type: 'disband', block: 'E-durham-infantry' });
  assert.notEqual(where(u, 'E-durham-infantry'), areaOf('lothian'), 'to the pool (the levy may bring it back to England)');
  assert.equal(where(u, 'E-lancaster-infantry'), areaOf('lothian'));
});

test('HotS 7.4: Edward I may winter in Scotland with his army (no levy), not in 1306 nor two years running; Edward II never', () => {
  const s = scene({
    set: { year: 1298 },
    blocks: { lothian: ['E-edward', 'E-york-knights', 'E-york-infantry', 'E-lancaster-infantry', 'E-durham-infantry'], 'pool-e': ['E-hobelars'], fife: ['S-douglas'] },
  });
  let t = winter(s);
  assert.equal(t.phase, 'w-edward');
  t = g.apply(t, 'England', { type: 'edward', winter: true });
  t = until(t, (x) => x.year !== 1298);
  assert.equal(where(t, 'E-york-knights'), areaOf('lothian'), 'his army stays regardless of limits');
  assert.equal(where(t, 'E-durham-infantry'), areaOf('lothian'));
  assert.equal(where(t, 'E-hobelars'), POOL_E, 'no feudal levy');
  // next winter: not two years running
  t = copy(t);
  const again = winter(t);
  assert.notEqual(again.phase, 'w-edward');
  assert.equal(where(again, 'E-edward'), POOL_E);
  for (const [year, e2] of [[1306, false], [1308, true]] as const) {
    const x = copy(s);
    x.year = year;
    x.edward2 = e2;
    assert.notEqual(winter(x).phase, 'w-edward', `${year}`);
  }
});

test('HotS 6.1: the Edward block becomes Edward II at the end of 1306', () => {
  const s = scene({ scenario: 'the-bruce', blocks: { lothian: ['E-york-infantry'], fife: ['S-douglas'] } });
  const t = until(winter(s), (x) => x.year === 1307);
  assert.equal(t.edward2, true);
  assert.equal(g.view(t, null).edward, 'Edward II');
});

test('HotS 7.5 (edge case 4): Wallace may go to Selkirk (+2 steps) even from England; Scots in England disband', () => {
  const s = scene({ blocks: { england: ['S-wallace', 'S-douglas'], lothian: ['E-york-infantry'] }, steps: { 'S-wallace': 1 } });
  let t = until(winter(s), (x) => x.phase === 'w-wallace');
  assert.equal(t.phase, 'w-wallace');
  t = g.apply(t, 'Scotland', { type: 'wallace', selkirk: true });
  assert.equal(where(t, 'S-wallace'), areaOf('selkirk'));
  assert.equal(stepsOf(t, 'S-wallace'), 3);
  assert.equal(where(t, 'S-douglas'), POOL_S, 'raiders cannot winter in England');
});

test('HotS 7.5: Scottish blocks over the castle limit (cathedral +1) disband; nobles never do (Moray may)', () => {
  const s = scene({ blocks: { fife: ['S-douglas', 'S-barclay', 'S-grant'], angus: ['S-keith', 'S-noble-angus', 'S-campbell'], lothian: ['E-york-infantry'] } });
  const t = until(winter(s), (x) => x.phase === 'w-disband' && x.who === 1);
  assert.equal(where(t, 'S-grant'), areaOf('fife'), 'Fife holds 3 for the Scots');
  assert.equal(t.phase, 'w-disband');
  assert.deepEqual(g.actions(t, 'Scotland').map((a) => (a as { block: string }).block).sort(), ['S-campbell', 'S-keith']);
});

test('HotS 7.32/7.5: within the limits blocks may still be disbanded voluntarily, then the owner is done', () => {
  const s = scene({ blocks: { lothian: ['E-york-infantry'], fife: ['S-douglas'], mar: ['S-noble-mar'] } });
  let t = until(winter(s), (x) => x.phase === 'w-disband');
  assert.deepEqual(g.active(t), ['England']);
  assert.deepEqual(g.actions(t, 'England'), [{ type: 'disband', block: 'E-york-infantry' }, { type: 'done' }]);
  t = g.apply(t, 'England', { type: 'done' });
  t = until(t, (x) => x.phase === 'w-disband' && x.who === 1);
  assert.ok(has(t, 'Scotland', { type: 'disband', block: 'S-douglas' }));
  assert.ok(!has(t, 'Scotland', { type: 'disband', block: 'S-noble-mar' }), 'nobles never disband');
  t = g.apply(t, 'Scotland', { type: 'disband', block: 'S-douglas' });
  assert.equal(where(t, 'S-douglas'), POOL_S);
});

test('HotS 7.61: the French knights enter the Scottish pool when the Scots control 8 nobles', () => {
  const s = emptyMap();
  for (const n of ['ross', 'buchan', 'angus', 'mar', 'atholl', 'argyll', 'lennox', 'mentieth']) put(s, `S-noble-${n}`, n);
  put(s, 'E-york-infantry', 'lothian');
  const t = until(winter(s), (x) => x.frenchEntered);
  assert.equal(t.frenchEntered, true);
  assert.ok(where(t, 'S-french-knights') !== OFF);
});

test('HotS 7.62: builds draw pool blocks at strength 1 within castle limits or add steps; RPs are not saved', () => {
  const s = scene({ blocks: { fife: ['S-douglas'], 'pool-s': ['S-grant'], lothian: ['E-york-infantry'] }, steps: { 'S-douglas': 1 } });
  let t = until(winter(s), (x) => x.phase === 'w-build');
  assert.deepEqual(g.active(t), ['Scotland']);
  assert.equal(t.rp[areaOf('fife')], 3);
  t = g.apply(t, 'Scotland', { type: 'draw', area: 'fife' });
  assert.equal(where(t, 'S-grant'), areaOf('fife'));
  assert.equal(stepsOf(t, 'S-grant'), 1);
  t = g.apply(t, 'Scotland', { type: 'step', block: 'S-grant' });
  t = g.apply(t, 'Scotland', { type: 'step', block: 'S-douglas' });
  assert.notEqual(t.phase === 'w-build' && g.active(t)[0] === 'Scotland', true, 'three RPs spent');
});

test('HotS 7.62 (edge case 9): no draw for Lanark or Badenoch when only the Norse or French are in the pool', () => {
  const s = scene({ blocks: { lanark: ['S-douglas'], 'pool-s': ['S-norse'], lothian: ['E-york-infantry'] }, steps: { 'S-douglas': 1 } });
  const t = until(winter(s), (x) => x.phase === 'w-build');
  assert.ok(!has(t, 'Scotland', { type: 'draw', area: 'lanark' }));
  assert.ok(has(t, 'Scotland', { type: 'step', block: 'S-douglas' }));
});

test('HotS 7.63: English RPs only add steps to infantry and nobles in friendly areas; no draws', () => {
  const s = scene({
    blocks: { mentieth: ['E-york-infantry', 'E-noble-mentieth'], fife: ['S-douglas'] },
    steps: { 'E-york-infantry': 1, 'E-noble-mentieth': 1 },
  });
  const t = until(winter(s), (x) => x.phase === 'w-build' && x.who === 0);
  const a = g.actions(t, 'England');
  assert.ok(a.every((x) => x.type === 'step' || x.type === 'done'));
  assert.equal(t.rp[areaOf('mentieth')], 3);
});

test('HotS 7.7: the feudal levy brings half the English pool (rounded up) into England at full strength', () => {
  const s = scene({
    blocks: { 'pool-e': ['E-york-knights', 'E-hobelars', 'E-york-infantry', 'E-lancaster-infantry', 'E-durham-infantry'], lothian: ['E-westmor-infantry'], fife: ['S-douglas'] },
    steps: { 'E-york-knights': 1, 'E-hobelars': 1, 'E-york-infantry': 1, 'E-lancaster-infantry': 1, 'E-durham-infantry': 1 },
  });
  const t = until(winter(s), (x) => x.year !== s.year);
  const inEngland = ['E-york-knights', 'E-hobelars', 'E-york-infantry', 'E-lancaster-infantry', 'E-durham-infantry'].filter((id) => where(t, id) === ENGLAND);
  assert.equal(inEngland.length, 3);
  for (const id of inEngland) assert.ok(stepsOf(t, id) >= 3);
});

test('HotS 7.8: a new year deals five new cards to each side', () => {
  const s = scene({ set: { hand: [[], []] }, blocks: { lothian: ['E-westmor-infantry'], fife: ['S-douglas'] } });
  const t = until(winter(s), (x) => x.year !== s.year);
  assert.equal(t.year, s.year + 1);
  assert.equal(t.hand[0]!.length, 5);
  assert.equal(t.hand[1]!.length, 5);
  assert.deepEqual(g.active(t), ['England', 'Scotland']);
});

test('HotS 7.5: Wallace may winter in a Scottish-held Selkirk (beyond its castle limit of 0), but is not offered an English-held one', () => {
  const s = scene({ blocks: { lothian: ['S-wallace'], selkirk: ['S-douglas'], dunbar: ['E-york-infantry'] }, steps: { 'S-wallace': 2 } });
  let t = until(winter(s), (x) => x.phase === 'w-wallace');
  assert.equal(t.phase, 'w-wallace', 'Selkirk is Scottish: Wallace may go');
  t = g.apply(t, 'Scotland', { type: 'wallace', selkirk: true });
  t = until(t, (x) => x.phase === 'w-build' || x.year !== s.year);
  assert.equal(where(t, 'S-wallace'), areaOf('selkirk'), 'Wallace stays in Selkirk over the winter');
  // Selkirk (limit 0) is English in Winter only where Edward I winters with his army
  const u = scene({ blocks: { lothian: ['S-wallace'], selkirk: ['E-edward', 'E-york-infantry'] }, steps: { 'S-wallace': 2 } });
  let w = until(winter(u), (x) => x.phase === 'w-edward');
  w = g.apply(w, 'England', { type: 'edward', winter: true });
  w = until(w, (x) => x.phase === 'w-wallace' || x.year !== u.year);
  assert.equal(where(w, 'E-edward'), areaOf('selkirk'));
  assert.notEqual(w.phase, 'w-wallace', 'Selkirk is English: no Wallace prompt');
});

test('HotS 7.5: Moray is disbanded when he is the only block that can go to meet a castle limit (nobles never disband)', () => {
  const s = scene({ blocks: { mar: ['S-noble-mar', 'S-noble-moray'] } });
  put(s, 'E-york-infantry', 'moray'); // Moray's home is English: he cannot go home
  const t = until(winter(s), (x) => x.phase === 'w-build' || x.year !== s.year);
  assert.equal(where(t, 'S-noble-moray'), POOL_S, 'Mar holds one block: Moray goes');
  assert.equal(where(t, 'S-noble-mar'), areaOf('mar'));
});

test('HotS 7.62: a block at full strength gets no build step', () => {
  const s = scene({ blocks: { fife: ['S-douglas', 'S-barclay'], lothian: ['E-york-infantry'] }, steps: { 'S-barclay': 1 } });
  const t = until(winter(s), (x) => x.phase === 'w-build');
  assert.ok(has(t, 'Scotland', { type: 'step', block: 'S-barclay' }));
  assert.ok(!has(t, 'Scotland', { type: 'step', block: 'S-douglas' }));
});

test('HotS 7.63: English nobles and infantry are rebuilt; knights are not', () => {
  const s = scene({
    blocks: { mentieth: ['E-york-infantry', 'E-noble-mentieth'], lennox: ['E-noble-lennox'], fife: ['S-douglas'] },
    steps: { 'E-york-infantry': 1, 'E-noble-mentieth': 1, 'E-noble-lennox': 1 },
  });
  const t = until(winter(s), (x) => x.phase === 'w-build' && x.who === 0);
  assert.ok(has(t, 'England', { type: 'step', block: 'E-noble-mentieth' }));
  assert.ok(has(t, 'England', { type: 'step', block: 'E-noble-lennox' }));
  assert.ok(has(t, 'England', { type: 'step', block: 'E-york-infantry' }));
});

test('HotS 7.62 (edge case 9): Lanark and Badenoch may draw when the pool holds other blocks, never the Norse or the French', () => {
  for (let i = 0; i < 8; i++) {
    const s = scene({
      blocks: { lanark: ['S-douglas'], 'pool-s': ['S-norse', 'S-french-knights', 'S-grant'], lothian: ['E-york-infantry'] },
      steps: { 'S-douglas': 1 },
    });
    s.rng = seedRng(`lanark-${i}`);
    let t = until(winter(s), (x) => x.phase === 'w-build');
    assert.ok(has(t, 'Scotland', { type: 'draw', area: 'lanark' }));
    t = g.apply(t, 'Scotland', { type: 'draw', area: 'lanark' });
    assert.equal(where(t, 'S-grant'), areaOf('lanark'));
    assert.equal(where(t, 'S-norse'), POOL_S);
    assert.equal(where(t, 'S-french-knights'), POOL_S);
  }
});

test('HotS 7.12: a Scottish Bruce or Comyn converted in Winter is placed by England, its new owner', () => {
  const s = scene({ blocks: { fife: ['S-noble-comyn'], lochaber: ['E-york-infantry'], badenoch: ['E-durham-infantry'], mar: ['S-douglas'] } });
  const t = until(winter(s), (x) => x.phase === 'w-home');
  assert.deepEqual(g.active(t), ['England']);
  assert.equal(where(t, 'S-noble-comyn'), OFF);
  assert.deepEqual(g.actions(t, 'England').map((a) => (a as { area: string }).area).sort(), ['badenoch', 'lochaber']);
  const u = g.apply(t, 'England', { type: 'home', block: 'E-noble-comyn', area: 'badenoch' });
  assert.equal(where(u, 'E-noble-comyn'), areaOf('badenoch'));
});

test('HotS 7.5: Wallace wintering in Selkirk gains two steps, never beyond his maximum', () => {
  const s = scene({ blocks: { lothian: ['S-wallace'], fife: ['S-douglas'], dunbar: ['E-york-infantry'] }, steps: { 'S-wallace': 3 } });
  let t = until(winter(s), (x) => x.phase === 'w-wallace');
  t = g.apply(t, 'Scotland', { type: 'wallace', selkirk: true });
  assert.equal(stepsOf(t, 'S-wallace'), 4);
  const stay = until(winter(s), (x) => x.phase === 'w-wallace');
  const u = g.apply(stay, 'Scotland', { type: 'wallace', selkirk: false });
  assert.equal(where(u, 'S-wallace'), areaOf('lothian'));
  assert.equal(stepsOf(u, 'S-wallace'), 3);
});

test('HotS log 7.5/7.62/7.7/7.8: Winter choices are logged: Wallace to Selkirk publicly, a draw with its block to the owner only, then the levy and the new year', () => {
  const s = scene({
    blocks: { lothian: ['S-wallace'], fife: ['S-douglas'], 'pool-s': ['S-grant'], dunbar: ['E-york-infantry'], 'pool-e': ['E-hobelars', 'E-durham-infantry'] },
    steps: { 'S-wallace': 2 },
  });
  let t = until(winter(s), (x) => x.phase === 'w-wallace');
  const w = { type: 'wallace', selkirk: true } as const;
  let u = g.apply(t, 'Scotland', w);
  assert.ok(g.describe!(t, u, 'Scotland', w, 'England').some((l) => l.key === 'log.wallace-selkirk'));
  t = until(u, (x) => x.phase === 'w-build' && x.who === 1);
  const d = { type: 'draw', area: 'fife' } as const;
  u = g.apply(t, 'Scotland', d);
  assert.deepEqual(g.describe!(t, u, 'Scotland', d, 'Scotland').filter((l) => l.key.startsWith('log.draw')).map((l) => [l.key, l.args]), [['log.draw-own', { block: 'S-grant', area: 'fife' }]]);
  assert.deepEqual(g.describe!(t, u, 'Scotland', d, 'England').filter((l) => l.key.startsWith('log.draw')).map((l) => [l.key, l.args]), [['log.draw', { area: 'fife' }]]);
  const st = { type: 'step', block: 'S-grant' } as const;
  const v = g.apply(u, 'Scotland', st);
  assert.deepEqual(g.describe!(u, v, 'Scotland', st, 'Scotland').find((l) => l.key === 'log.step-added')?.args, { block: 'S-grant' });
  assert.ok(!g.describe!(u, v, 'Scotland', st, 'England').some((l) => l.key === 'log.step-added'), 'the enemy does not learn which block grew');
  const x = until(v, (y) => y.phase === 'w-build' && y.who === 0 || y.year !== s.year);
  const last = x.year !== s.year ? v : x;
  const done = g.actions(last, g.active(last)[0]!).find((a) => a.type === 'done')!;
  const z = g.apply(last, g.active(last)[0]!, done);
  assert.equal(z.year, s.year + 1);
  const lines = g.describe!(last, z, g.active(last)[0]!, done, 'Scotland');
  assert.deepEqual(lines.find((l) => l.key === 'log.levy')?.args, { count: 1 });
  assert.deepEqual(lines.find((l) => l.key === 'log.year')?.args, { year: s.year + 1 });
});

test('HotS undo: a Winter draw (a random block from the pool) cannot be taken back', () => {
  const s = scene({ blocks: { fife: ['S-douglas'], 'pool-s': ['S-grant', 'S-barclay'], lothian: ['E-york-infantry'] } });
  const t = until(winter(s), (x) => x.phase === 'w-build' && x.who === 1);
  const d = { type: 'draw', area: 'fife' } as const;
  assert.equal(g.undoBarrier!(t, g.apply(t, 'Scotland', d), 'Scotland', d), true);
});

test('HotS log 7.4: Edward I wintering in Scotland is told to both sides', () => {
  const s = scene({ set: { year: 1298 }, blocks: { lothian: ['E-edward', 'E-york-infantry'], fife: ['S-douglas'] } });
  const t = winter(s);
  assert.equal(t.phase, 'w-edward');
  const a = { type: 'edward', winter: true } as const;
  const u = g.apply(t, 'England', a);
  for (const viewer of ['England', 'Scotland'] as const) assert.ok(g.describe!(t, u, 'England', a, viewer).some((l) => l.key === 'log.edward-winters'), viewer);
});

test('HotS 7.61: the French come once: not with seven nobles, not again after they were lost', () => {
  const nobles = ['ross', 'buchan', 'angus', 'mar', 'atholl', 'argyll', 'lennox', 'mentieth'];
  const setUp = (count: number): ReturnType<typeof emptyMap> => {
    const s = emptyMap();
    for (const n of nobles.slice(0, count)) put(s, `S-noble-${n}`, n);
    put(s, 'E-york-infantry', 'lothian');
    return s;
  };
  const seven = until(winter(setUp(7)), (x) => x.year !== setUp(7).year);
  assert.equal(seven.frenchEntered, false);
  assert.equal(where(seven, 'S-french-knights'), OFF);
  const again = setUp(8);
  again.frenchEntered = true; // came earlier and were lost for good (OFF)
  const t = until(winter(again), (x) => x.year !== again.year);
  assert.equal(where(t, 'S-french-knights'), OFF);
});

test('HotS 7.32/7.3: after a chosen disband the owner may still disband more or be done; pool blocks are never offered', () => {
  const s = scene({
    blocks: { lothian: ['E-lancaster-infantry', 'E-durham-infantry', 'E-westmor-infantry'], 'pool-e': ['E-cumbria-infantry'], fife: ['S-douglas'] },
  });
  const t = winter(s);
  assert.equal(t.phase, 'w-disband');
  const u = g.apply(t, 'England', { type: 'disband', block: 'E-durham-infantry' });
  assert.equal(u.phase, 'w-disband');
  assert.deepEqual(g.active(u), ['England']);
  assert.deepEqual(g.actions(u, 'England'), [
    { type: 'disband', block: 'E-lancaster-infantry' }, { type: 'disband', block: 'E-westmor-infantry' }, { type: 'done' },
  ]);
  const v = g.apply(u, 'England', { type: 'disband', block: 'E-lancaster-infantry' });
  const w = g.apply(v, 'England', { type: 'disband', block: 'E-westmor-infantry' });
  assert.notEqual(w.phase === 'w-disband' && g.active(w)[0] === 'England', true, 'nothing left to disband: England is done');
});

test('HotS 7.62: a build step adds one step to the block and spends one RP of its area', () => {
  const s = scene({ blocks: { fife: ['S-douglas'], lothian: ['E-york-infantry'] }, steps: { 'S-douglas': 1 } });
  const t = until(winter(s), (x) => x.phase === 'w-build' && x.who === 1);
  const before = structuredClone(t);
  const u = g.apply(t, 'Scotland', { type: 'step', block: 'S-douglas' });
  assert.deepEqual(t, before, 'apply does not write into its input (the RPs are shared copy-on-write)');
  assert.equal(stepsOf(u, 'S-douglas'), 2);
  assert.equal(u.rp[areaOf('fife')], t.rp[areaOf('fife')]! - 1);
});

test('HotS 7.62 (edge case 9): Lanark draws when the pool holds one ordinary block only; any pool block counts, Wallace too', () => {
  for (const id of ['S-grant', 'S-wallace']) {
    const s = scene({ blocks: { lanark: ['S-douglas'], 'pool-s': [id], lothian: ['E-york-infantry'] } });
    const t = until(winter(s), (x) => x.phase === 'w-build' && x.who === 1);
    assert.ok(has(t, 'Scotland', { type: 'draw', area: 'lanark' }), id);
  }
});

test('HotS undo 7.7: the action that ends the builds and brings the feudal levy (random blocks) cannot be taken back', () => {
  const s = scene({ blocks: { mentieth: ['E-york-infantry'], fife: ['S-douglas'], 'pool-e': ['E-hobelars', 'E-durham-infantry'] }, steps: { 'E-york-infantry': 1 } });
  const t = until(winter(s), (x) => x.phase === 'w-build' && x.who === 0);
  assert.equal(t.phase, 'w-build');
  const u = g.apply(t, 'England', { type: 'done' });
  assert.equal(u.year, s.year + 1);
  assert.equal(g.undoBarrier!(t, u, 'England', { type: 'done' }), true);
});

test('HotS log 7.61: the arrival of the French knights is told to both sides', () => {
  const s = emptyMap();
  for (const n of ['ross', 'buchan', 'angus', 'mar', 'atholl', 'argyll', 'lennox', 'mentieth']) put(s, `S-noble-${n}`, n);
  put(s, 'S-douglas', 'fife');
  put(s, 'E-york-infantry', 'lothian');
  const t = until(winter(s), (x) => x.phase === 'w-disband' && x.who === 1);
  assert.equal(t.frenchEntered, false);
  const u = g.apply(t, 'Scotland', { type: 'done' });
  assert.equal(u.frenchEntered, true);
  for (const viewer of ['England', 'Scotland'] as const) assert.ok(g.describe!(t, u, 'Scotland', { type: 'done' }, viewer).some((l) => l.key === 'log.french-arrive'), viewer);
});
