import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng, isDeepStrictEqual, type Role } from '@tabula/engine';
import { hammerGame as g, type HammerAction, type HammerState, type HammerView } from '@tabula/hammer';
import { MctsBot } from '../mcts.js';
import { randomBot } from '../random.js';
import { FEATURES, HAMMER_SETTINGS, HAMMER_WEIGHTS, type HammerWeights, battleOdds, royalRisk, hammerFacts, moveReach, evaluateHammer, hammerFeatures, hammerKnowledge, pruneHammer, hammerStateKey, hammerTables, raidTargets, rolloutHammer, rolloutHammerGreedy, rolloutHammerRaid, sideStrength } from './hammer.js';

function walk(seed: string, steps: number, scenario = 'braveheart'): HammerState {
  let s: HammerState = g.setup({ seed, scenario });
  const rng = new Rng(`walk:${seed}`);
  for (let i = 0; i < steps && g.active(s).length; i++) {
    const r = g.active(s).find((x: Role) => g.actions(s, x).length > 0)!;
    s = g.apply(s, r, randomBot.choose(g, s, r, rng) as HammerAction);
  }
  return s;
}

test('Hammer evaluation: noble control and steps move the estimate; the two sides sum to 1', () => {
  const s = walk('eval', 30);
  const ev = evaluateHammer(g, s);
  assert.ok(Math.abs(ev.England! + ev.Scotland! - 1) < 1e-9);
  assert.ok(ev.England! > 0 && ev.England! < 1);
  const v = g.view(s, 'England') as HammerView;
  assert.equal(sideStrength(hammerTables(), s, 0).nobles, v.nobles.England);
  assert.equal(sideStrength(hammerTables(), s, 1).nobles, v.nobles.Scotland);
  // one more English noble on the map (a Scottish noble defects) favours England
  const t = hammerTables();
  const sb = t.ids.findIndex((id, b) => t.noble[b] && id.startsWith('S-') && s.loc[b]! < t.areas.length && t.ids.includes(`E-${id.slice(2)}`));
  const eb = t.ids.indexOf(`E-${t.ids[sb]!.slice(2)}`);
  assert.ok(sb >= 0 && eb >= 0);
  {
    const loc = s.loc.slice();
    loc[eb] = loc[sb]!;
    loc[sb] = s.loc[eb]!; // the Scottish block goes where the unused English one was (off the map)
    const defected = { ...s, loc, steps: s.steps.map((x, b) => (b === eb ? s.steps[sb]! : x)) };
    assert.ok(evaluateHammer(g, defected).England! > ev.England!);
  }
});

test('Hammer fairness: another deal of the enemy blocks, hand and card gives the same decision', () => {
  let checked = 0, differing = 0;
  for (let i = 0; i < 4; i++) {
    const s = walk(`fair${i}`, 3 + 25 * i, i % 2 ? 'the-bruce' : 'braveheart');
    const me = g.active(s).find((x: Role) => g.actions(s, x).length > 1);
    if (!me) continue;
    const other: HammerState = g.determinize(s, me, new Rng(`x${i}`));
    assert.deepEqual(g.view(other, me), g.view(s, me));
    if (!isDeepStrictEqual(other, s)) differing++;
    // both map to one canonical state, so determinize starts from the same place
    assert.deepEqual(hammerKnowledge.canonical!(g, other, me), hammerKnowledge.canonical!(g, s, me));
    const bot = new MctsBot({ name: 'm', iterations: 40, knowledge: hammerKnowledge });
    const a = bot.choose(g, s, me, new Rng('same'));
    assert.equal(bot.last!.mismatches, 0, 'a sampled world had other legal actions');
    const b = new MctsBot({ name: 'm', iterations: 40, knowledge: hammerKnowledge }).choose(g, other, me, new Rng('same'));
    assert.deepEqual(a, b, `position ${i}`);
    checked++;
  }
  assert.ok(checked >= 3 && differing >= 3, `checked ${checked}, differing ${differing}`);
});

test('Hammer tables: every block index gets a distinct id and its side from the views', () => {
  const t = hammerTables();
  const s: HammerState = g.setup({ seed: 't', scenario: 'braveheart' });
  assert.equal(t.ids.length, s.loc.length);
  assert.equal(new Set(t.ids).size, t.ids.length);
  t.ids.forEach((id, b) => assert.equal(t.side[b], id.startsWith('E-') ? 0 : 1, id));
  assert.ok(t.noble.filter(Boolean).length >= 10);
  assert.equal(t.areas.length, 23);
});

/** A Braveheart setup with some blocks moved: `moves` maps block id to [area id or null (pool/off), steps]. */
function placed(moves: Record<string, [string | null, number]>, turn = 1): HammerState {
  const s: HammerState = g.setup({ seed: 'placed', scenario: 'braveheart' });
  const t = hammerTables();
  const loc = s.loc.slice(), steps = s.steps.slice();
  for (const [id, [area, st]] of Object.entries(moves)) {
    const b = t.ids.indexOf(id);
    assert.ok(b >= 0, id);
    loc[b] = area === null ? t.areas.length + 2 : t.areas.indexOf(area);
    steps[b] = st;
  }
  return { ...s, loc, steps, turn };
}

const feature = (s: HammerState, name: (typeof FEATURES)[number]): number => hammerFeatures(g, s)[FEATURES.indexOf(name)]!;

test('HotS 7.1 in the evaluation: a noble whose only home the enemy holds counts as defecting, more so near Winter', () => {
  // Galloway's noble stands in Carrick; English infantry hold Galloway (its only home)
  const held = { 'S-noble-galloway': ['carrick', 2], 'E-york-infantry': ['galloway', 4] } as Record<string, [string, number]>;
  const free = { 'S-noble-galloway': ['carrick', 2], 'E-york-infantry': ['england', 4] } as Record<string, [string, number]>;
  assert.equal(feature(placed(held, 1), 'defect*winter'), 0, 'no Winter in sight on turn 1');
  assert.ok(feature(placed(held, 5), 'defect*winter') > 0, 'turn 5: the noble defects to England');
  assert.equal(feature(placed(free, 5), 'defect*winter'), 0);
  assert.ok(evaluateHammer(g, placed(held, 5)).England! > evaluateHammer(g, placed(free, 5)).England!);
});

test('HotS 7.1 in the evaluation: Moray never defects, so England holding his home area is no Winter defection or raid target', () => {
  // Moray and Fraser stand in Strathspey; English infantry hold the Moray area (his only home)
  const held = placed({ 'S-noble-moray': ['strathspey', 2], 'S-fraser': ['strathspey', 2], 'E-york-infantry': ['moray', 4] }, 5);
  assert.equal(feature(held, 'defect*winter'), 0);
  assert.equal(feature(held, 'homeRisk*winter'), 0);
  const target: number[] = [];
  raidTargets(g, placed({ 'S-noble-moray': ['strathspey', 2], 'S-fraser': ['strathspey', 2] }, 5), 0, target);
  assert.equal(target[hammerTables().areas.indexOf('moray')], 0, 'the empty Moray area turns no noble');
});

test('HotS 5.7 in the evaluation: a pending battle a strong English group should win counts the Scottish noble as captured', () => {
  const b = (steps: number, fire: number, init: number): { steps: number; fire: number; init: number } => ({ steps, fire, init });
  assert.equal(battleOdds([b(3, 2, 1)], [b(3, 2, 1)]), 0.5, 'equal groups: even');
  assert.ok(battleOdds([b(4, 4, 1), b(4, 3, 1)], [b(2, 2, 1)]) > 0.9, 'Edward and knights against a weak noble');
  assert.ok(battleOdds([b(1, 2, 2)], [b(4, 3, 0)]) < 0.1);
  const attack = placed({ 'E-edward': ['galloway', 4], 'E-york-knights': ['galloway', 4], 'S-noble-galloway': ['galloway', 2] });
  const home = placed({ 'E-edward': ['england', 4], 'E-york-knights': ['england', 4], 'S-noble-galloway': ['galloway', 2] });
  assert.ok(feature(attack, 'battle') > 1.5, `battle feature ${feature(attack, 'battle')}`);
  assert.equal(feature(home, 'battle'), 0);
  assert.ok(evaluateHammer(g, attack).England! > evaluateHammer(g, home).England!);
});

test('Hammer rollouts: movement mostly stops where it may (quiet rollouts); battles still mostly fire', () => {
  const rng = new Rng('quiet');
  const move: HammerAction[] = [{ type: 'group', area: 'fife' }, { type: 'group', area: 'moray' }, { type: 'end' }];
  const battle: HammerAction[] = [{ type: 'fire', block: 'S-wallace' }, { type: 'retreat', block: 'S-wallace', to: 'fife' }, { type: 'hold', block: 'S-wallace' }];
  let ends = 0, fires = 0;
  for (let i = 0; i < 400; i++) {
    if (rolloutHammer(move, rng).type === 'end') ends++;
    if (rolloutHammer(battle, rng).type === 'fire') fires++;
  }
  assert.ok(ends > 300, `ends ${ends}/400`);
  assert.ok(fires > 200 && fires < 390, `fires ${fires}/400`);
});

test('Hammer info key: equal views give equal keys, and it tells apart what the view tells apart', () => {
  const key = (s: HammerState, r: Role): string => hammerKnowledge.infoKey!(s, r);
  const seen = new Map<string, string>();
  for (let i = 0; i < 6; i++) {
    const s = walk(`key${i}`, 20 * i + 5, i % 2 ? 'the-bruce' : 'braveheart');
    for (const r of ['England', 'Scotland'] as Role[]) {
      const other: HammerState = g.determinize(s, r, new Rng(`k${i}`));
      assert.equal(key(other, r), key(s, r), 'another deal of the hidden blocks: same key');
      const view = JSON.stringify(g.view(s, r));
      const k = key(s, r);
      if (seen.has(k)) assert.equal(seen.get(k), view, 'two different views got one key');
      seen.set(k, view);
    }
  }
  // along a whole game (battles, reserves, remembered blocks, Winter): one key, one view
  let s0: HammerState = g.setup({ seed: 'key-game', scenario: 'braveheart' });
  const rng = new Rng('key-game');
  for (let i = 0; i < 600 && g.active(s0).length; i++) {
    if (i % 3 === 0) {
      for (const r of ['England', 'Scotland'] as Role[]) {
        const k = key(s0, r), view = JSON.stringify(g.view(s0, r));
        if (seen.has(k)) assert.equal(seen.get(k), view, 'two different views got one key');
        seen.set(k, view);
      }
    }
    const r = g.active(s0).find((x: Role) => g.actions(s0, x).length > 0)!;
    s0 = g.apply(s0, r, randomBot.choose(g, s0, r, rng) as HammerAction);
  }
  // a step less on one own block changes the key
  const s = walk('key-step', 10);
  const t = hammerTables();
  const b = t.ids.findIndex((_, x) => t.side[x] === 0 && s.loc[x]! < t.areas.length && s.steps[x]! >= 2);
  assert.ok(b >= 0);
  const more = { ...s, steps: s.steps.map((x, i) => (i === b ? x - 1 : x)) };
  assert.notEqual(key(more, 'England'), key(s, 'England'));
  assert.ok(seen.size > 200, `${seen.size} keys`);
});

test('Hammer evaluation: an English noble next to a stronger Scottish army counts as threatened', () => {
  const near = placed({ 'S-wallace': ['selkirk', 4], 'S-douglas': ['selkirk', 4] }); // next to Dunbar's lone noble
  const far = placed({ 'S-wallace': ['ross', 4], 'S-douglas': ['ross', 4], 'E-noble-ross': [null, 0] });
  assert.ok(feature(near, 'threat') < feature(far, 'threat'), `${feature(near, 'threat')} vs ${feature(far, 'threat')}`);
  // the same army facing Dunbar with Edward's knights standing by the noble: no threat to Dunbar from it
  const guarded = placed({ 'S-wallace': ['selkirk', 4], 'S-douglas': ['selkirk', 4], 'E-edward': ['dunbar', 4], 'E-york-knights': ['dunbar', 4] });
  assert.ok(feature(guarded, 'threat') > feature(near, 'threat'));
});

test('Hammer greedy rollouts: a moving block goes where the evaluation likes best for its side', () => {
  const o = { ...HAMMER_SETTINGS, greedy: 1, quietGroup: 0.5 };
  let checked = 0;
  for (let i = 0; i < 30 && checked < 5; i++) {
    let s: HammerState = g.setup({ seed: `greedy${i}`, scenario: i % 2 ? 'the-bruce' : 'braveheart' });
    const rng = new Rng(`gw${i}`);
    for (let k = 0; k < 400 && g.active(s).length; k++) {
      const r = g.active(s).find((x: Role) => g.actions(s, x).length > 0)!;
      const acts = g.actions(s, r) as HammerAction[];
      if (acts.some((a) => a.type === 'to') && acts.length > 2) {
        const pick = rolloutHammerGreedy(g, s, r, acts, new Rng('p'), o);
        const value = (a: HammerAction): number => evaluateHammer(g, g.apply(s, r, a))[r]!;
        for (const a of acts) assert.ok(value(pick) >= value(a), `${JSON.stringify(pick)} below ${JSON.stringify(a)}`);
        checked++;
        break;
      }
      s = g.apply(s, r, randomBot.choose(g, s, r, rng) as HammerAction);
    }
  }
  assert.ok(checked >= 3, `only ${checked} path prompts met`);
});

test('Hammer state key (read from the state, no view built): equal keys exactly when the views are equal, over whole games and re-deals', () => {
  // key -> view and view -> key must both be functions: then the key is the view, compressed
  const keyToView = new Map<string, string>(), viewToKey = new Map<string, string>();
  let battles = 0, remembered = 0;
  for (let i = 0; i < 6; i++) {
    let s: HammerState = g.setup({ seed: `state-key${i}`, scenario: i % 2 ? 'the-bruce' : 'braveheart' });
    const rng = new Rng(`state-key${i}`);
    for (let k = 0; k < 2000 && g.active(s).length; k++) {
      if (s.battle) battles++;
      if (s.known.some((x) => x > 0)) remembered++;
      for (const r of ['England', 'Scotland'] as Role[]) {
        for (const x of [s, g.determinize(s, r, rng) as HammerState]) {
          const key = hammerStateKey(x, r), view = `${r}:${JSON.stringify(g.view(x, r))}`;
          assert.equal(keyToView.get(key) ?? view, view, 'two different views got one key');
          assert.equal(viewToKey.get(view) ?? key, key, 'one view got two keys');
          keyToView.set(key, view);
          viewToKey.set(view, key);
        }
      }
      const r = g.active(s).find((x: Role) => g.actions(s, x).length > 0)!;
      s = g.apply(s, r, randomBot.choose(g, s, r, rng) as HammerAction);
    }
  }
  assert.ok(keyToView.size > 2000 && battles > 50 && remembered > 50, `${keyToView.size} keys, ${battles} battle states, ${remembered} with memory`);
  // the knowledge uses it
  const s = walk('state-key', 40);
  assert.equal(hammerKnowledge.infoKey!(s, 'England'), hammerStateKey(s, 'England'));
});

test('Hammer prune: a Winter build never ends while a build is left (7.62, 7.63); elsewhere nothing is pruned', () => {
  let builds = 0, others = 0;
  for (let i = 0; i < 4 && builds < 5; i++) {
    let s: HammerState = g.setup({ seed: `prune${i}`, scenario: i % 2 ? 'the-bruce' : 'braveheart' });
    const rng = new Rng(`prune${i}`);
    for (let k = 0; k < 3000 && g.active(s).length; k++) {
      const r = g.active(s).find((x: Role) => g.actions(s, x).length > 0)!;
      const acts = g.actions(s, r) as HammerAction[];
      const kept = hammerKnowledge.prune!(s, r, acts) as HammerAction[];
      if (s.phase === 'w-build' && acts.length > 1) {
        builds++;
        assert.ok(acts.some((a) => a.type === 'done'));
        assert.deepEqual(kept, acts.filter((a) => a.type !== 'done'));
      } else {
        others++;
        assert.equal(kept, acts);
      }
      s = g.apply(s, r, randomBot.choose(g, s, r, rng) as HammerAction);
    }
  }
  assert.ok(builds >= 5 && others > 300, `${builds} build prompts, ${others} others`);
  assert.deepEqual(pruneHammer({ phase: 'w-build' } as HammerState, [{ type: 'done' }]), [{ type: 'done' }]);
});

test('HotS 7.1 home risk in the evaluation: a noble whose only home is empty with enemy blocks next door is at risk near Winter', () => {
  // Dunbar's English noble stands in Lothian, leaving Dunbar (its only home) empty
  const near = { 'E-noble-dunbar': ['lothian', 2], 'S-wallace': ['teviot', 3] } as Record<string, [string, number]>;
  const far = { 'E-noble-dunbar': ['lothian', 2], 'S-wallace': ['garmoran', 3] } as Record<string, [string, number]>;
  const guarded = { ...near, 'E-durham-infantry': ['dunbar', 3] } as Record<string, [string, number]>;
  const risk = (m: Record<string, [string, number]>, turn: number): number => feature(placed(m, turn), 'homeRisk*winter');
  assert.ok(risk(near, 5) < risk(far, 5), `Wallace next to Dunbar: ${risk(near, 5)} vs ${risk(far, 5)}`);
  assert.equal(risk(guarded, 5), risk(far, 5), 'an English block in Dunbar keeps it safe');
  assert.equal(risk(near, 1) + 0, 0, 'no Winter in sight on turn 1');
  const w = { ...HAMMER_SETTINGS.weights, homeRisk: 0.5 };
  assert.ok(evaluateHammer(g, placed(near, 5), w).England! < evaluateHammer(g, placed(far, 5), w).England!);
});

test('HotS 7.1 in the evaluation: an English noble that leaves its home unguarded counts against England', () => {
  // Dunbar's English noble walks to Lothian: Dunbar (its only home) is left empty, so any Scottish
  // block that walks in before Winter makes it defect
  const home = placed({ 'E-noble-dunbar': ['dunbar', 2] });
  const away = placed({ 'E-noble-dunbar': ['lothian', 2] });
  const guarded = placed({ 'E-noble-dunbar': ['lothian', 2], 'E-durham-infantry': ['dunbar', 3] });
  assert.equal(feature(home, 'away'), 0);
  assert.equal(feature(away, 'away'), -1);
  assert.equal(feature(guarded, 'away'), 0, 'an English block in Dunbar guards it');
  const w = { ...HAMMER_SETTINGS.weights, away: 0.15 };
  assert.ok(evaluateHammer(g, away, w).England! < evaluateHammer(g, home, w).England!);
});

test('HotS 7.1 raid targets: an empty home of an enemy noble, and an own noble\'s home the enemy alone holds', () => {
  const t = hammerTables();
  const targets = (s: HammerState, side: number): string[] => {
    const out: number[] = [];
    raidTargets(g, s, side, out);
    return t.areas.filter((_, a) => out[a] === 1);
  };
  // Braveheart set-up: Bruce (Scottish, in Annan) has Carrick empty; the English Comyn (in Badenoch) has Lochaber empty
  const s0: HammerState = g.setup({ seed: 'raid', scenario: 'braveheart' });
  assert.deepEqual(targets(s0, 0), ['carrick']);
  assert.deepEqual(targets(s0, 1), ['lochaber']);
  // Scots in Dunbar (an English noble's home): England's target to win back, no longer Scotland's
  const taken = placed({ 'S-douglas': ['dunbar', 2], 'E-noble-dunbar': ['lothian', 2] });
  assert.ok(targets(taken, 0).includes('dunbar'));
  assert.ok(!targets(taken, 1).includes('dunbar'));
  // the English noble back home with the Scots: a pending battle, no target for either side
  const contested = placed({ 'S-douglas': ['dunbar', 2] });
  assert.ok(!targets(contested, 0).includes('dunbar') && !targets(contested, 1).includes('dunbar'));
});

test('Hammer raid rollouts: a moving side takes its group next to a raid target into it and stops there', () => {
  const o = { ...HAMMER_SETTINGS, raid: 1 };
  const t = hammerTables();
  let raids = 0, prompts = 0, stops = 0;
  for (let i = 0; i < 6; i++) {
    let s: HammerState = g.setup({ seed: `raid${i}`, scenario: i % 2 ? 'the-bruce' : 'braveheart' });
    const rng = new Rng(`rr${i}`);
    for (let k = 0; k < 300 && g.active(s).length; k++) {
      const r = g.active(s).find((x: Role) => g.actions(s, x).length > 0)!;
      const acts = g.actions(s, r) as HammerAction[];
      const a = rolloutHammerRaid(g, s, r, acts, rng, o);
      assert.ok(acts.includes(a), 'a listed action');
      if (s.phase === 'path' && s.loc[s.sel] !== s.grp && acts.some((x) => x.type === 'stop')) {
        const out: number[] = [];
        if (raidTargets(g, s, r === 'England' ? 0 : 1, out, s.sel) && out[s.loc[s.sel]!] === 1) { stops++; assert.equal(a.type, 'stop', 'stops in the target'); }
      }
      if (s.phase === 'path' && a.type === 'to') {
        const out: number[] = [];
        if (raidTargets(g, s, r === 'England' ? 0 : 1, out, s.sel) && acts.some((x) => x.type === 'to' && out[t.areas.indexOf(x.area)] === 1)) {
          prompts++;
          if (out[t.areas.indexOf(a.area)] === 1) raids++;
        }
      }
      s = g.apply(s, r, a);
    }
  }
  assert.ok(prompts >= 5, `${prompts} path prompts with a target in reach`);
  assert.equal(raids, prompts, 'every reachable target is taken');
  assert.ok(stops >= 3, `${stops} stops in a target`);
});

test('HotS 4.1 move reach: a block gets as far as its move rating through vacant or own areas, and an enemy area stops it', () => {
  const t = hammerTables();
  const occOf = (s: HammerState): number[] => {
    const occ = new Array<number>(t.areas.length).fill(0);
    s.loc.forEach((l, b) => { if (l < t.areas.length) occ[l]! |= 1 << t.side[b]!; });
    return occ;
  };
  const at = (r: Int8Array, area: string): number => r[t.areas.indexOf(area)]!;
  // Wallace (move 3) in Galloway: Annan, Selkirk and Teviot (vacant: Bruce and Galloway sent north), then Dunbar
  const north = { 'S-noble-bruce': ['moray', 2], 'S-noble-galloway': ['moray', 2] } as Record<string, [string, number]>;
  const wallace = placed({ ...north, 'S-wallace': ['galloway', 3] });
  const r = moveReach(wallace, occOf(wallace), 1);
  assert.equal(at(r, 'galloway'), 3);
  assert.equal(at(r, 'annan'), 2);
  assert.equal(at(r, 'selkirk'), 1);
  assert.equal(at(r, 'dunbar'), 0, 'three areas away: in reach of a 3-move block');
  assert.equal(at(r, 'lanark'), 0, 'an area England holds can be entered but stops the block');
  assert.equal(at(r, 'lothian'), 0, 'entered from Selkirk');
  // an infantry block (move 2) from Galloway gets no further than Selkirk and Teviot
  const foot = placed({ ...north, 'S-douglas': ['galloway', 2] });
  const r2 = moveReach(foot, occOf(foot), 1);
  assert.equal(at(r2, 'selkirk'), 0);
  assert.equal(at(r2, 'dunbar'), -1);
  // English blocks in Selkirk and Teviot stop Wallace before Dunbar
  const blocked = placed({ ...north, 'S-wallace': ['galloway', 3], 'E-york-infantry': ['selkirk', 4], 'E-durham-infantry': ['teviot', 3] });
  assert.equal(at(moveReach(blocked, occOf(blocked), 1), 'dunbar'), -1);
});

test('HotS 7.1 home risk with move reach: an empty home a Scottish block can walk into this Move Phase is at risk, one it cannot reach is not', () => {
  // Dunbar's risk: the home-risk feature with his English noble in Lothian (Dunbar empty) minus with
  // him at home. Bruce and Galloway sent north, so only the block under test can reach Dunbar.
  const reach = { ...HAMMER_SETTINGS.weights, homeReach: true };
  const near = { ...reach, homeReach: false };
  type Moves = Record<string, [string | null, number]>;
  const risk = (m: Moves, w: HammerWeights): number => {
    const f = (area: string): number => hammerFeatures(g, placed({ ...m, 'E-noble-dunbar': [area, 2] }, 5), w)[FEATURES.indexOf('homeRisk*winter')]!;
    return f('lothian') - f('dunbar');
  };
  const north: Moves = { 'S-noble-bruce': ['moray', 2], 'S-noble-galloway': ['moray', 2], 'S-wallace': [null, 0] };
  const wallace: Moves = { ...north, 'S-wallace': ['galloway', 3] };
  const foot: Moves = { ...north, 'S-douglas': ['galloway', 2] };
  const blocked: Moves = { ...wallace, 'E-york-infantry': ['selkirk', 4], 'E-durham-infantry': ['teviot', 3] };
  assert.equal(risk(north, reach), 0, 'no Scot can reach Dunbar');
  assert.equal(risk(wallace, reach), -2, 'Wallace, three areas away, can walk into Dunbar');
  assert.equal(risk(wallace, near), 0, 'next-door only: Wallace three areas away is not seen');
  assert.equal(risk(foot, reach), 0, 'a 2-move block three areas away cannot get there');
  assert.equal(risk(blocked, reach), 0, 'English blocks on the way stop him');
  assert.equal(risk({ ...north, 'S-douglas': ['selkirk', 2] }, near), -2, 'next door: at risk either way');
});

test('HotS 7.3 in the evaluation: English strength standing in England (it all disbands in Winter) counts as idle, and a negative idle weight prefers it in Scotland', () => {
  // Braveheart set-up: the knights, York infantry and Ulster infantry stand in England
  const home = placed({ 'E-edward': ['england', 4] });
  const out = placed({ 'E-edward': ['teviot', 4] });
  const idle = (s: HammerState): number => feature(s, 'idle');
  assert.ok(idle(home) - idle(out) > 1.5, `Edward (4 steps, fire 4) in England: ${idle(home)} vs ${idle(out)}`);
  assert.equal(feature(home, 'power'), feature(out, 'power'), 'the same strength either way');
  const w = { ...HAMMER_SETTINGS.weights, idle: -0.06 };
  assert.ok(evaluateHammer(g, out, w).England! > evaluateHammer(g, home, w).England!);
  assert.equal(evaluateHammer(g, out, { ...w, idle: 0 }).England, evaluateHammer(g, home, { ...w, idle: 0 }).England);
});

test('HotS 7.3 in the evaluation (default weights): English strength standing in England counts for less than nothing, so England rates Edward in England below Edward in the pool and far below Edward in Scotland', () => {
  // idle (-0.2) outweighs power (0.09) there: blocks in England take no area and disband in Winter
  const home = placed({ 'E-edward': ['england', 4] });
  const pool = placed({ 'E-edward': [null, 4] });
  const out = placed({ 'E-edward': ['teviot', 4] });
  const e = (s: HammerState): number => evaluateHammer(g, s).England!;
  assert.ok(e(home) < e(pool), `England ${e(home)}, pool ${e(pool)}`);
  assert.ok(e(out) > e(pool));
});

/** England about to move a group out of `area` in turn `turn` of the year, `p1` having moved first. */
function groupPrompt(moves: Record<string, [string | null, number]>, area: string, turn: number, p1: number): HammerState {
  const s = placed(moves, turn);
  return { ...s, phase: 'group', who: 0, p1, grp: hammerTables().areas.indexOf(area), moves: 1 };
}

test('HotS 7.1 prune (keepHomes): in the last turn, England moving first, the last English block does not leave the only home a noble holds that a Scottish block can reach', () => {
  const t = hammerTables(), f = hammerFacts();
  // Angus's English noble alone at home (Angus, its only home), a Scottish block next door
  const next = t.areas[f.adj[t.areas.indexOf('angus')]![0]!]!;
  const near = { 'S-douglas': [next, 4] } as Record<string, [string, number]>;
  const leaveAngus = (a: HammerAction): boolean => a.type === 'block' && a.block === 'E-noble-angus';
  const acts = (s: HammerState): HammerAction[] => g.actions(s, 'England') as HammerAction[];
  const keep = { keepHomes: true };
  const last = groupPrompt(near, 'angus', 5, 0);
  assert.ok(acts(last).some(leaveAngus), 'the noble may move (legal)');
  assert.ok(!pruneHammer(last, acts(last), keep).some(leaveAngus), 'last turn, England first: Scotland would walk in, Angus defects');
  assert.ok(pruneHammer(last, acts(last), keep).length > 0);
  assert.ok(pruneHammer(last, acts(last)).some(leaveAngus), 'off unless asked for');
  for (const [why, s] of [
    ['turn 3: Winter is not next', groupPrompt(near, 'angus', 3, 0)],
    ['Scotland moved first: nobody walks in after England', groupPrompt(near, 'angus', 5, 1)],
    ['another English block stays in Angus', groupPrompt({ ...near, 'E-york-infantry': ['angus', 4] }, 'angus', 5, 0)],
    ['no Scottish block within two areas', groupPrompt({ 'S-douglas': ['galloway', 4], 'S-wallace': ['galloway', 4], 'S-barclay': ['galloway', 4], 'S-grant': ['galloway', 3], 'S-fraser': ['galloway', 3], 'S-noble-moray': ['galloway', 3] }, 'angus', 5, 0)],
  ] as const) assert.ok(pruneHammer(s, acts(s), keep).some(leaveAngus), why);
});

test('HotS 7.1 raid targets (guard): late in the year an English noble whose homes are all empty marks them for English blocks to walk into; earlier, or with a home held, not', () => {
  const t = hammerTables();
  const target: number[] = [];
  const dunbar = t.areas.indexOf('dunbar');
  // Dunbar's English noble stands in Lothian, Dunbar (its only home) empty
  const away = { 'E-noble-dunbar': ['lothian', 2] } as Record<string, [string, number]>;
  raidTargets(g, placed(away, 5), 0, target, -1, true);
  assert.equal(target[dunbar], 1, 'turn 5: go back home');
  raidTargets(g, placed(away, 5), 0, target);
  assert.equal(target[dunbar], 0, 'off unless asked for');
  raidTargets(g, placed(away, 2), 0, target, -1, true);
  assert.equal(target[dunbar], 0, 'turn 2: Winter is far');
  raidTargets(g, placed({ ...away, 'E-york-infantry': ['dunbar', 4] }, 5), 0, target, -1, true);
  assert.equal(target[dunbar], 0, 'already guarded');
  raidTargets(g, placed(away, 5), 1, target, -1, true);
  assert.equal(target[dunbar], 1, 'for Scotland an empty English home stays a raid target');
});

test('HotS 6.2 in the evaluation (royal option): a crowned King likely to die in a pending battle counts as a likely English win; a King out of battle, or shielded by an equally strong block, does not', () => {
  const royal = { ...HAMMER_WEIGHTS, royal: true }, noRoyal = { ...HAMMER_WEIGHTS, royal: false };
  // the King alone in Garmoran against Edward and two full knights
  const doomed = placed({ 'S-scottish-king': ['garmoran', 3], 'E-edward': ['garmoran', 4], 'E-york-knights': ['garmoran', 4], 'E-lancaster-knights': ['garmoran', 4] });
  assert.ok(royalRisk(doomed).king > 0.5, `king ${royalRisk(doomed).king}`);
  assert.ok(evaluateHammer(g, doomed, royal).England! > evaluateHammer(g, doomed, noRoyal).England! + 0.2);
  // the same King with no enemy in his area: no risk, the estimate unchanged
  const safe = placed({ 'S-scottish-king': ['garmoran', 3], 'E-edward': ['carrick', 4], 'E-york-knights': ['carrick', 4], 'E-lancaster-knights': ['carrick', 4] });
  assert.deepEqual(royalRisk(safe), { king: 0, edward: 0 });
  assert.deepEqual(evaluateHammer(g, safe, royal), evaluateHammer(g, safe, noRoyal));
  // a weak attacker (the hobelars fire first, A) against the King and a block as strong as he: its few hits go to the other block
  const shielded = placed({ 'S-scottish-king': ['garmoran', 4], 'S-douglas': ['garmoran', 4], 'E-hobelars': ['garmoran', 1] });
  const bare = placed({ 'S-scottish-king': ['garmoran', 4], 'E-hobelars': ['garmoran', 1] });
  assert.equal(royalRisk(shielded).king, 0);
  assert.ok(royalRisk(bare).king > 0);
});

test('HotS, evaluation (royal option): Edward II dying in a pending battle counts as a likely Scottish win; Edward I dying does not end the game, so it is no such risk', () => {
  const battle = { 'E-edward': ['lanark', 2], 'S-wallace': ['lanark', 4], 'S-douglas': ['lanark', 4], 'S-graham': ['lanark', 3] } as Record<string, [string, number]>;
  const edward1 = placed(battle);
  assert.equal(edward1.edward2, false);
  assert.equal(royalRisk(edward1).edward, 0);
  const edward2: HammerState = { ...edward1, edward2: true };
  assert.ok(royalRisk(edward2).edward > 0.5, `edward ${royalRisk(edward2).edward}`);
  assert.ok(evaluateHammer(g, edward2, { ...HAMMER_WEIGHTS, royal: true }).Scotland! > evaluateHammer(g, edward2).Scotland! + 0.2);
});

test('HotS 5.31 in the royal risk: the defenders fire first within an initiative letter, so the King attacking a block of his letter risks more than the King defending against it', () => {
  const t = hammerTables();
  const fight = placed({ 'S-scottish-king': ['garmoran', 2], 'E-hobelars': ['garmoran', 3] }); // both A
  const area = t.areas.indexOf('garmoran');
  const withAttacker = (side: number): HammerState => ({ ...fight, att: fight.att.map((x, a) => (a === area ? side : x)) });
  const attacking = royalRisk(withAttacker(1)).king, defending = royalRisk(withAttacker(0)).king;
  assert.ok(attacking > defending && defending > 0, `attacking ${attacking}, defending ${defending}`);
});
