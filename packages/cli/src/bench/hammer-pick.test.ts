import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng } from '@tabula/engine';
import { hammerGame as g, type HammerAction as Action } from '@tabula/hammer';
import { referenceMenuPick } from './hammer-pick.js';

/** The first battle turn of a random Braveheart game where a block may fire, pass or retreat to 2+ areas. */
function battleTurn(): Action[] {
  const rng = new Rng('bench-pick');
  for (let game = 0; game < 50; game++) {
    let s = g.setup({ seed: `bp-${game}`, scenario: 'braveheart' });
    while (g.active(s).length > 0) {
      const role = g.active(s)[0]!;
      const acts = g.actions(s, role);
      const fire = acts.find((a) => a.type === 'fire');
      if (fire && fire.type === 'fire') {
        const dests = acts.filter((a) => a.type === 'retreat' && a.block === fire.block).length;
        if (dests >= 2 && acts.some((a) => a.type === 'hold' && a.block === fire.block)) return acts;
      }
      s = g.apply(s, role, acts[rng.int(acts.length)]!);
    }
  }
  throw new Error('no battle turn with two retreat destinations found');
}

test('bench pick: battle turns weighted as the reference menu (fire 2, pass 1, retreat 1 minus its two ways back)', () => {
  const acts = battleTurn();
  const rng = new Rng('weights');
  const n = { fire: 0, hold: 0, retreat: 0, other: 0 };
  for (let i = 0; i < 20000; i++) {
    const a = referenceMenuPick(acts, rng);
    assert.ok(acts.includes(a), 'picks one of the legal actions');
    if (a.type === 'fire' || a.type === 'hold' || a.type === 'retreat') n[a.type]++;
    else n.other++;
  }
  // Uniform over our actions, retreats (one action per destination) outnumber fires; here fire is twice pass.
  const ratio = n.fire / n.hold;
  assert.ok(ratio > 1.8 && ratio < 2.2, `fire : pass = ${ratio}`);
  assert.ok(n.retreat < n.hold, `retreat ${n.retreat} < pass ${n.hold}`);
  const uniformRetreats = acts.filter((a) => a.type === 'retreat').length, uniformFires = acts.filter((a) => a.type === 'fire').length;
  assert.ok(uniformRetreats > uniformFires, 'uniform play would retreat more often than fire here');
});

test('bench pick: outside battle turns it is uniform and deterministic for a seed', () => {
  const s = g.setup({ seed: 'bp', scenario: 'braveheart' });
  const acts = g.actions(s, 'England');
  const a = new Rng('same'), b = new Rng('same'), seen = new Set<Action>();
  for (let i = 0; i < 200; i++) {
    const x = referenceMenuPick(acts, a);
    assert.equal(x, referenceMenuPick(acts, b));
    seen.add(x);
  }
  assert.equal(seen.size, acts.length);
});

/** The menu built explicitly (one entry per fire twice, pass, other action, and per block's retreat group). */
function explicitMenuPick(actions: readonly Action[], rng: Rng): Action {
  if (!actions.some((a) => a.type === 'fire')) return actions[rng.int(actions.length)]!;
  const menu: (Action | Action[])[] = [];
  const groups = new Map<string, Action[]>();
  for (const a of actions) {
    if (a.type === 'fire') menu.push(a, a);
    else if (a.type !== 'retreat') menu.push(a);
    else {
      let grp = groups.get(a.block);
      if (!grp) { grp = []; groups.set(a.block, grp); menu.push(grp); }
      grp.push(a);
    }
  }
  for (;;) {
    const e = menu[rng.int(menu.length)]!;
    if (!Array.isArray(e)) return e;
    const k = rng.int(e.length + 2);
    if (k < e.length) return e[k]!;
  }
}

test('bench pick: walking the list picks exactly what the explicit menu picks (same RNG draws)', () => {
  const rng = new Rng('walk');
  let battleTurns = 0;
  for (let game = 0; game < 20; game++) {
    let s = g.setup({ seed: `walk-${game}`, scenario: 'braveheart' });
    while (g.active(s).length > 0) {
      const role = g.active(s)[0]!;
      const acts = g.actions(s, role);
      if (acts.some((a) => a.type === 'fire')) {
        battleTurns++;
        const seed = `t${battleTurns}`;
        const x = new Rng(seed), y = new Rng(seed);
        for (let i = 0; i < 20; i++) assert.equal(referenceMenuPick(acts, x), explicitMenuPick(acts, y));
      }
      s = g.apply(s, role, referenceMenuPick(acts, rng));
    }
  }
  assert.ok(battleTurns > 100, `${battleTurns} battle turns compared`);
});
