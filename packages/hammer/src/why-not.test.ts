import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randInt, seedRng } from '@tabula/engine';
import { hammerGame } from './game.js';
import { messages } from './i18n.js';
import { AREA_IDS } from './map.js';
import { BLOCK_IDS, SIDE } from './blocks.js';
import type { State } from './state.js';

/** A random game from `seed` played until `until` holds (both sides random), or null. */
function playUntil(seed: string, until: (s: State) => boolean): State | null {
  const rng = seedRng(seed);
  let s = hammerGame.setup({ seed });
  for (let i = 0; i < 3000 && hammerGame.outcome(s) === null; i++) {
    if (until(s)) return s;
    const active = hammerGame.active(s);
    const role = active[randInt(rng, active.length)]!;
    const acts = hammerGame.actions(s, role);
    s = hammerGame.apply(s, role, acts[randInt(rng, acts.length)]!);
  }
  return null;
}

const mentions = (s: State, role: string, area: string) => hammerGame.actions(s, role).some((a) => Object.values(a).includes(area));

for (const phase of ['move', 'path']) {
  test(`why not (${phase}): an area gets a reason exactly when no legal action names it, with a rule and a message`, () => {
    let checked = 0, explained = 0;
    for (let g = 0; g < 8; g++) {
      const s = playUntil(`why-${phase}-${g}`, (x) => x.phase === phase);
      if (!s) continue;
      const role = hammerGame.active(s)[0]!;
      for (const area of AREA_IDS) {
        const e = hammerGame.whyNot!(s, role, { kind: 'area', id: area });
        checked++;
        if (mentions(s, role, area)) { assert.equal(e, null, `${area} is legal`); continue; }
        if (phase === 'move') assert.ok(e, `${area}: a reason in the move phase`);
        if (!e) continue;
        explained++;
        assert.ok(e.rule && hammerGame.rules!.ids.includes(e.rule), `${e.code}: rule ${String(e.rule)}`);
        assert.ok(messages.en[`rule.${e.code}`], `${e.code}: an English sentence`);
        assert.deepEqual(e.details, { area });
      }
    }
    assert.ok(checked > 100 && explained > 20, `checked ${checked}, explained ${explained}`);
  });
}

test('why not: an area without own blocks in the move phase is 4.2, "You have no blocks in ..."', () => {
  const s = playUntil('why-empty', (x) => x.phase === 'move');
  assert.ok(s);
  const role = hammerGame.active(s)[0]!;
  const side = role === 'England' ? 0 : 1;
  const empty = AREA_IDS.find((a, i) => !s.loc.some((l, b) => l === i && SIDE[b] === side) && !mentions(s, role, a));
  assert.ok(empty);
  const e = hammerGame.whyNot!(s, role, { kind: 'area', id: empty });
  assert.deepEqual([e?.code, e?.rule], ['why-no-blocks', '4.2']);
});

test('why not: the side not to act is told it is not its turn (3.0)', () => {
  const s = playUntil('why-turn', (x) => x.phase === 'move')!;
  const idle = hammerGame.active(s)[0] === 'England' ? 'Scotland' : 'England';
  const e = hammerGame.whyNot!(s, idle, { kind: 'area', id: AREA_IDS[0]! });
  assert.deepEqual([e?.code, e?.rule], ['not-your-turn', '3.0']);
});

test('why not: one\'s own block answers for its area; an enemy block says nothing', () => {
  let compared = 0;
  for (let g = 0; g < 6; g++) {
    const s = playUntil(`why-block-${g}`, (x) => x.phase === 'move');
    if (!s) continue;
    const role = hammerGame.active(s)[0]!;
    const side = role === 'England' ? 0 : 1;
    for (let b = 0; b < s.loc.length; b++) {
      if (s.loc[b]! >= AREA_IDS.length) continue;
      const e = hammerGame.whyNot!(s, role, { kind: 'block', id: BLOCK_IDS[b]! });
      if (SIDE[b] !== side) { assert.equal(e, null); continue; }
      const area = hammerGame.whyNot!(s, role, { kind: 'area', id: AREA_IDS[s.loc[b]!]! });
      assert.deepEqual([e?.code, e?.rule], [area?.code, area?.rule]);
      compared++;
    }
  }
  assert.ok(compared > 20, `${compared} blocks`);
});
