/**
 * Issue #3: each side remembers the enemy blocks it saw face up in battle, as long as nothing public
 * disturbs the record (memory.ts); determinize keeps remembered blocks in place.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng, type LogLine } from '@tabula/engine';
import { MOVE1, MOVE2, cards, copy, g, move, put, rig, scene, until } from './fixtures.test-support.js';
import { AREA_COUNT, AREA_IDS, areaOf } from './map.js';
import { BLOCK_COUNT, BLOCK_IDS, OTHER, SIDE, blockOf } from './blocks.js';
import type { State } from './state.js';
import type { Action, HammerView } from './types.js';

const W = blockOf('S-wallace');
const LOTHIAN = areaOf('lothian');
const R = (side: number): 'England' | 'Scotland' => (side === 0 ? 'England' : 'Scotland');

/** Ends the move phases of both players; an attacker with two groups keeps the first one in as its main attack (5.32). */
function endMoves(s: State): State {
  let t = s;
  for (let i = 0; i < 20 && (t.phase === 'move' || t.phase === 'group' || t.phase === 'main'); i++) {
    const role = g.active(t)[0]!;
    if (t.phase !== 'main') { t = g.apply(t, role, { type: 'end' }); continue; }
    const provisional = g.view(t, role).mainBorder;
    const keep = g.actions(t, role).find((a) => a.type === 'main' && provisional[a.area] === a.border);
    assert.ok(keep, 'the provisional main attack is offered');
    t = g.apply(t, role, keep);
  }
  return t;
}

/** Moves one block and ends its group move. */
function moveOne(s: State, role: string, block: string, path: string[], group: string): State {
  const t = move(s, role, block, path, group);
  return t.phase === 'group' ? g.apply(t, role, { type: 'end' }) : t;
}

/** Picks "done", "end" or "pass" when offered (for `until`, which otherwise plays "done" or the first action). */
const quietly = (t: State, acts: Action[]): Action | undefined => acts.find((a) => a.type === 'done' || a.type === 'end' || a.type === 'pass');

/**
 * Scotland attacks Lothian with Wallace (3 steps; Douglas follows as a reserve) and wipes out the
 * York infantry in round 1. Other Scottish blocks stand elsewhere so determinize has choices.
 */
function wallaceWins(turn = 1): State {
  let t = scene({
    set: { turn },
    blocks: { mentieth: ['S-wallace', 'S-graham'], selkirk: ['S-douglas'], fife: ['S-barclay'], argyll: ['S-macdonald'], lanark: ['S-campbell'], lothian: ['E-york-infantry'], england: ['E-durham-infantry'] },
    steps: { 'S-wallace': 3, 'S-barclay': 1, 'S-macdonald': 2, 'E-york-infantry': 1 },
    cards: [MOVE1, MOVE2],
  });
  t = moveOne(t, 'Scotland', 'S-wallace', ['lothian'], 'mentieth');
  t = moveOne(t, 'Scotland', 'S-douglas', ['lothian'], 'selkirk');
  t = endMoves(t);
  rig(t, [1, 6, 6]);
  t = g.apply(t, 'Scotland', { type: 'fire', block: 'S-wallace' });
  assert.equal(t.battle?.stage, 'regroup', 'the York infantry is gone in round 1');
  return t;
}

/** Over many seeds: how often determinize for England keeps Wallace in Lothian at 3 steps. */
function keptWallace(s: State, seeds = 40): number {
  let kept = 0;
  for (let i = 0; i < seeds; i++) {
    const d = g.determinize(s, 'England', new Rng(`m${i}`));
    if (d.loc[W] === LOTHIAN && d.steps[W] === 3) kept++;
  }
  return kept;
}

const rememberedIds = (v: HammerView): string[] => v.areas.flatMap((a) => a.blocks.filter((b) => b.remembered).map((b) => `${b.id}@${a.id}:${b.steps}`)).sort();

test('HotS fog memory (issue #3): a block seen at strength 3 in a battle is remembered after it; determinize keeps it there at 3', () => {
  const t = until(wallaceWins(), (x) => x.phase === 'cards', quietly);
  assert.equal(t.loc[W], LOTHIAN);
  assert.deepEqual(rememberedIds(g.view(t, 'England')), ['S-wallace@lothian:3']);
  assert.equal(keptWallace(t), 40);
  // control: the same position without the memory re-deals Wallace (the check above can fail)
  const forgot = copy(t);
  forgot.known = new Array<number>(BLOCK_COUNT).fill(0);
  assert.ok(keptWallace(forgot) < 30, 'without memory Wallace is re-dealt');
  // a remembered block is dealt nowhere else, and the view survives determinize
  for (let i = 0; i < 20; i++) {
    const d = g.determinize(t, 'England', new Rng(`v${i}`));
    assert.deepEqual(g.view(d, 'England'), g.view(t, 'England'));
  }
});

test('HotS fog memory: memory is per side and spectators remember nothing', () => {
  const t = until(wallaceWins(), (x) => x.phase === 'cards', quietly);
  const sv = g.view(t, 'Scotland');
  assert.deepEqual(rememberedIds(sv), [], 'Scotland never saw a surviving English block');
  const wallace = sv.areas[LOTHIAN]!.blocks.find((b) => b.id === 'S-wallace')!;
  assert.equal(wallace.remembered, undefined, 'own blocks are simply known');
  const spectator = g.view(t, null);
  assert.ok(spectator.areas.every((a) => a.blocks.every((b) => b.id === undefined && b.remembered === undefined)));
  // Scotland's determinize does not treat England's memory as its own (nothing English is fixed)
  assert.equal(t.known[blockOf('E-durham-infantry')], 0);
});

for (const [what, block, to, from] of [['enters', 'S-graham', 'lothian', 'mentieth'], ['leaves', 'S-douglas', 'selkirk', 'lothian']] as const) {
  test(`HotS fog memory: after a block of the same side ${what} the area, the record is forgotten and re-dealt`, () => {
    let t = until(wallaceWins(), (x) => x.phase === 'cards', quietly);
    t = cards(t, MOVE1, MOVE2);
    t = move(t, 'Scotland', block, [to], from);
    assert.deepEqual(rememberedIds(g.view(t, 'England')), []);
    assert.ok(keptWallace(t) < 30, 'Wallace is re-dealt again');
  });
}

test('HotS fog memory: an enemy block entering the area does not disturb the record (it starts a battle)', () => {
  let t = until(wallaceWins(), (x) => x.phase === 'cards', quietly);
  put(t = copy(t), 'E-hobelars', 'dunbar');
  t = cards(t, MOVE2, MOVE1);
  assert.equal(g.active(t)[0], 'England');
  t = move(t, 'England', 'E-hobelars', ['lothian'], 'dunbar');
  assert.deepEqual(rememberedIds(g.view(t, 'England')), ['S-wallace@lothian:3']);
});

test('HotS fog memory, winter (7.6 builds): every record is forgotten when the Winter Turn starts', () => {
  const t = wallaceWins(5); // the last Game Turn of the year
  assert.deepEqual(rememberedIds(g.view(t, 'England')), ['S-wallace@lothian:3'], 'remembered while the victors regroup');
  const w = until(t, (x) => x.phase.startsWith('w-') || x.year !== t.year, quietly);
  assert.ok(w.phase.startsWith('w-') || w.year !== t.year, `winter reached (${w.phase})`);
  assert.ok(w.known.every((k) => k === 0), 'memory wiped');
  assert.deepEqual(rememberedIds(g.view(w, 'England')), []);
  let steps3 = 0;
  for (let i = 0; i < 40; i++) if (g.determinize(w, 'England', new Rng(`w${i}`)).steps[W] === 3) steps3++;
  assert.ok(steps3 < 30, `Wallace's strength is no longer fixed (3 in ${steps3} of 40)`);
});

test('HotS fog memory, Victuals: a secret step added in the area forgets the records of that side there', () => {
  let t = until(wallaceWins(), (x) => x.phase === 'cards', quietly);
  assert.deepEqual(rememberedIds(g.view(t, 'England')), ['S-wallace@lothian:3']);
  t = cards(t, MOVE1, 5 /* Victuals */);
  assert.equal(t.phase, 'event');
  t = g.apply(t, 'Scotland', { type: 'victuals', area: 'lothian' });
  assert.deepEqual(rememberedIds(g.view(t, 'England')), [], 'forgotten before any step is placed');
  assert.ok(keptWallace(t) < 30);
});

test('HotS fog memory, 5.3: a hit in the last combat turn of round 3 is public: the defender is remembered at its new strength after the attacker withdraws', () => {
  let t = scene({
    blocks: { selkirk: ['S-douglas'], fife: ['S-barclay'], lothian: ['E-hobelars'], mentieth: ['E-york-infantry'], england: ['E-durham-infantry'] },
    steps: { 'S-douglas': 3, 'E-hobelars': 3 },
    cards: [MOVE1, MOVE2],
  });
  t = moveOne(t, 'Scotland', 'S-douglas', ['lothian'], 'selkirk');
  t = endMoves(t);
  // both hold until Douglas (C) has the last combat turn of round 3
  for (let i = 0; i < 10 && !(t.battle!.round === 3 && g.active(t)[0] === 'Scotland'); i++) {
    t = g.apply(t, g.active(t)[0]!, g.actions(t, g.active(t)[0]!).find((a) => a.type === 'hold')!);
  }
  assert.equal(t.battle!.round, 3);
  rig(t, [1, 6, 6]);
  t = g.apply(t, 'Scotland', { type: 'fire', block: 'S-douglas' });
  assert.equal(t.battle!.stage, 'retreat', 'round 3 is over: the blocks stand up and Scotland withdraws');
  const hob = blockOf('E-hobelars');
  assert.equal(t.steps[hob], 2);
  const seen = (x: State) => rememberedIds(g.view(x, 'Scotland'));
  assert.deepEqual(seen(t), ['E-hobelars@lothian:2']);
  t = g.apply(t, 'Scotland', g.actions(t, 'Scotland').find((a) => a.type === 'retreat')!);
  assert.deepEqual(seen(t), ['E-hobelars@lothian:2'], 'a Scottish exit does not disturb an English record');
  for (let i = 0; i < 20; i++) {
    const d = g.determinize(t, 'Scotland', new Rng(`h${i}`));
    assert.equal(d.loc[hob], LOTHIAN);
    assert.equal(d.steps[hob], 2);
  }
});

test('HotS fog memory, 5.7: a noble captured in battle changes sides in place; its former owner knows it at strength 1', () => {
  let t = scene({
    blocks: { mentieth: ['S-wallace'], fife: ['S-barclay'], lothian: ['E-noble-dunbar'], england: ['E-durham-infantry'] },
    steps: { 'S-wallace': 3, 'E-noble-dunbar': 1 },
    cards: [MOVE1, MOVE2],
  });
  t = moveOne(t, 'Scotland', 'S-wallace', ['lothian'], 'mentieth');
  t = endMoves(t);
  rig(t, [1, 6, 6]);
  t = g.apply(t, 'Scotland', { type: 'fire', block: 'S-wallace' });
  assert.equal(t.loc[blockOf('S-noble-dunbar')], LOTHIAN, 'Dunbar now fights for Scotland');
  assert.equal(t.battle?.stage, 'regroup');
  assert.deepEqual(rememberedIds(g.view(t, 'England')), ['S-noble-dunbar@lothian:1', 'S-wallace@lothian:3']);
  const dunbar = blockOf('S-noble-dunbar');
  for (let i = 0; i < 20; i++) {
    const d = g.determinize(t, 'England', new Rng(`c${i}`));
    assert.equal(d.loc[dunbar], LOTHIAN);
    assert.equal(d.steps[dunbar], 1);
  }
});

test('HotS fog memory: a state saved before the memory existed (no `known` field) still plays, shows and determinizes', () => {
  const old = copy(wallaceWins());
  delete (old as Partial<State>).known;
  assert.deepEqual(rememberedIds(g.view(old, 'England')), []);
  const d = g.determinize(old, 'England', new Rng('old'));
  assert.deepEqual(g.view(d, 'England'), g.view(old, 'England'));
  const t = until(old, (x) => x.phase === 'cards', quietly);
  assert.equal(t.phase, 'cards');
});

// ---------------------------------------------------------------------------------------------
// Random games: invariants, fairness, and an independent observer that rebuilds the memory from
// nothing but one side's views and log lines.

/** One side's memory rebuilt from its views and log lines only (public information). */
class Observer {
  records = new Map<string, { area: string; steps: number }>();
  constructor(readonly me: number, private prev: HammerView) {}

  private enemyCount(v: HammerView): number[] {
    return v.areas.map((a) => a.blocks.filter((b) => b.side !== R(this.me)).length);
  }

  see(v: HammerView, lines: LogLine[], actor: string): void {
    const prev = this.prev;
    this.prev = v;
    if (v.phase.startsWith('w-') || v.year !== prev.year) { this.records.clear(); return; }
    const enemy = R(1 - this.me);
    const before = this.enemyCount(prev), now = this.enemyCount(v);
    const ownArea = (view: HammerView, id: string): number => view.areas.findIndex((a) => a.blocks.some((b) => b.id === id));
    // a noble changing sides in place: not an entry or exit
    const wentOff = v.offMap.filter((id) => !prev.offMap.includes(id));
    const cameBack = prev.offMap.filter((id) => !v.offMap.includes(id));
    for (const id of wentOff) {
      const o = OTHER[blockOf(id)]!;
      if (o < 0 || !cameBack.includes(BLOCK_IDS[o]!)) continue;
      const other = BLOCK_IDS[o]!;
      if (id.startsWith(R(this.me)[0]!)) {
        // my noble went over: the enemy's new block stands where mine stood, at a strength I know
        const a = ownArea(prev, id);
        const mine = prev.areas[a]!.blocks.find((b) => b.id === id)!;
        const captured = lines.some((l) => l.key === 'log.captured' && l.args?.block === id);
        now[a]!--;
        this.records.set(other, { area: AREA_IDS[a]!, steps: captured ? 1 : mine.steps! });
      } else {
        before[ownArea(v, other)]!--;
        this.records.delete(id);
      }
    }
    // public hits on enemy blocks that fought face up
    for (const l of lines) {
      if (l.key !== 'log.hit' || !String(l.args!.block).startsWith(enemy[0]!)) continue;
      const id = String(l.args!.block);
      const a = prev.areas.findIndex((x) => x.blocks.some((b) => b.id === id && b.revealed));
      if (a >= 0) this.records.set(id, { area: AREA_IDS[a]!, steps: Number(l.args!.steps) });
    }
    const dirty = new Set<string>();
    for (let a = 0; a < AREA_COUNT; a++) if (before[a] !== now[a]) dirty.add(AREA_IDS[a]!);
    if (actor === enemy) {
      for (const l of lines) {
        if (l.key === 'log.victuals') dirty.add(String(l.args!.area));
        if (l.key === 'log.pillage') dirty.add(String(l.args!.from));
      }
    } else for (const l of lines) if (l.key === 'log.pillage') dirty.add(String(l.args!.area));
    for (const [id, r] of this.records) if (dirty.has(r.area) || r.steps <= 0) this.records.delete(id);
    for (const a of v.areas) for (const b of a.blocks) if (b.side === enemy && b.revealed) this.records.set(b.id!, { area: a.id, steps: b.steps! });
  }

  /** The records as "id@area:steps". */
  list(): string[] {
    return [...this.records].map(([id, r]) => `${id}@${r.area}:${r.steps}`).sort();
  }
}

/** The engine's memory of side `me` as "id@area:steps". */
function engineList(s: State, me: number): string[] {
  const out: string[] = [];
  for (let b = 0; b < BLOCK_COUNT; b++) if (SIDE[b] !== me && s.known[b]! > 0) out.push(`${BLOCK_IDS[b]}@${AREA_IDS[s.loc[b]!]}:${s.known[b]}`);
  return out.sort();
}

interface Walk { states: number; remembering: number; checked: number }

/** Plays one random game (at most `limit` actions), calling `each(prev, next, actor, action)`. */
function randomGame(scenario: string, seed: string, limit: number, each: (p: State, n: State, actor: string, a: Action) => void): void {
  let s = g.setup({ scenario, seed });
  const rng = new Rng(`walk-${seed}`);
  for (let i = 0; i < limit && !s.result; i++) {
    const role = g.active(s)[rng.int(g.active(s).length)]!;
    const acts = g.actions(s, role);
    const a = acts[rng.int(acts.length)]!;
    const n = g.apply(s, role, a);
    each(s, n, role, a);
    s = n;
  }
}

for (const [scenario, games, limit] of [['braveheart', 6, 2000], ['the-bruce', 6, 2000], ['campaign', 2, 2500]] as const) {
  test(`HotS fog memory (${scenario}, random games): a record always holds the block's true area and strength, and determinize keeps every remembered block`, (ctx) => {
    const w: Walk = { states: 0, remembering: 0, checked: 0 };
    for (let i = 0; i < games; i++) {
      randomGame(scenario, `inv${i}`, limit, (_p, n) => {
        w.states++;
        let any = false;
        for (let b = 0; b < BLOCK_COUNT; b++) {
          if (n.known[b] === 0) continue;
          any = true;
          assert.ok(n.loc[b]! < AREA_COUNT, `${BLOCK_IDS[b]} remembered off the map`);
          assert.equal(n.steps[b], n.known[b], `${BLOCK_IDS[b]} remembered at ${n.known[b]} but has ${n.steps[b]}`);
        }
        if (!any) return;
        w.remembering++;
        if (w.remembering % 7 !== 0) return;
        w.checked++;
        for (const me of [0, 1]) {
          const d = g.determinize(n, R(me), new Rng(`d${w.states}`));
          for (let b = 0; b < BLOCK_COUNT; b++) {
            if (SIDE[b] === me || n.known[b] === 0) continue;
            assert.equal(d.loc[b], n.loc[b]);
            assert.equal(d.steps[b], n.known[b]);
          }
          assert.deepEqual(g.view(d, R(me)), g.view(n, R(me)));
        }
      });
    }
    ctx.diagnostic(`${w.states} states, ${w.remembering} with a memory, ${w.checked} determinized`);
    assert.ok(w.remembering > 20 && w.checked > 3, `memory was exercised (${w.remembering} of ${w.states} states)`);
  });

  test(`HotS fog memory (${scenario}, random games): an observer that sees only one side's views and log rebuilds exactly that side's memory`, (ctx) => {
    let nonEmpty = 0;
    for (let i = 0; i < games; i++) {
      const s0 = g.setup({ scenario, seed: `obs${i}` });
      const obs = [0, 1].map((me) => new Observer(me, g.view(s0, R(me))));
      randomGame(scenario, `obs${i}`, limit, (p, n, actor, a) => {
        for (const o of obs) {
          o.see(g.view(n, R(o.me)), g.describe!(p, n, actor, a, R(o.me)), actor);
          const mine = engineList(n, o.me);
          assert.deepEqual(mine, o.list(), `${R(o.me)} after ${actor} ${JSON.stringify(a)} (phase ${n.phase})`);
          if (mine.length > 0) nonEmpty++;
        }
      });
    }
    ctx.diagnostic(`${nonEmpty} non-empty memories compared`);
    assert.ok(nonEmpty > 20, `the observer compared non-empty memories (${nonEmpty})`);
  });

  test(`HotS fog memory (${scenario}, fairness): two states a side cannot tell apart give the same determinize for the same rng`, (ctx) => {
    let compared = 0, differing = 0;
    for (let i = 0; i < games; i++) {
      let k = 0;
      randomGame(scenario, `fair${i}`, limit, (_p, n) => {
        if (++k % 37 !== 0) return;
        for (const me of [0, 1]) {
          const other = g.determinize(n, R(me), new Rng(`other${k}`)); // same public history, other hidden facts
          assert.deepEqual(other.known, n.known);
          if (other.loc.some((l, b) => l !== n.loc[b]) || other.steps.some((x, b) => x !== n.steps[b])) differing++;
          const a = g.determinize(n, R(me), new Rng(`same${k}`));
          const b = g.determinize(other, R(me), new Rng(`same${k}`));
          assert.deepEqual(a, b, `${R(me)} at action ${k}`);
          compared++;
        }
      });
    }
    ctx.diagnostic(`${compared} pairs compared, ${differing} with different hidden facts`);
    assert.ok(compared > 20 && differing > compared / 2, `compared ${compared}, hidden facts differed in ${differing}`);
  });
}
