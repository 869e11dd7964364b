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

const LANGS = ['en', 'de', 'es', 'zh-Hans'] as const;

/** Every area and own block of the side to act in a state of `phase`: each reason names a rule of the table and has a sentence in every language. */
function reasonsIn(phase: string, games = 8, prefix = 'why-step'): Map<string, number> {
  const codes = new Map<string, number>();
  for (let g = 0; g < games; g++) {
    const s = playUntil(`${prefix}-${phase}-${g}`, (x) => x.phase === phase);
    if (!s) continue;
    const role = hammerGame.active(s)[0]!;
    const targets = [...AREA_IDS.map((id) => ({ kind: 'area' as const, id })), ...BLOCK_IDS.filter((_, b) => SIDE[b] === (role === 'England' ? 0 : 1)).map((id) => ({ kind: 'block' as const, id }))];
    for (const target of targets) {
      const e = hammerGame.whyNot!(s, role, target);
      if (!e) continue;
      assert.notEqual(e.code, 'not-your-turn');
      assert.ok(e.rule && hammerGame.rules!.ids.includes(e.rule), `${e.code}: rule ${String(e.rule)}`);
      for (const lang of LANGS) assert.ok(messages[lang][`rule.${e.code}`], `${e.code}: a ${lang} sentence`);
      codes.set(e.code, (codes.get(e.code) ?? 0) + 1);
    }
  }
  return codes;
}

test('HotS 3.1: why not: in the card phase a map area says cards come first; a card already played says wait for the other side', () => {
  assert.ok(reasonsIn('cards').get('why-cards-first')! > 0);
  const s = playUntil('why-card-played', (x) => x.phase === 'cards' && (x.card[0] !== 0) !== (x.card[1] !== 0));
  assert.ok(s, 'one side has played its card, the other not');
  const side = s.card[0] !== 0 ? 0 : 1;
  const role = side === 0 ? 'England' : 'Scotland';
  const card = s.hand[side]![0]!;
  assert.equal(hammerGame.whyNot!(s, role, { kind: 'card', id: String(card) })?.code, 'why-card-played');
  assert.equal(hammerGame.whyNot!(s, role, { kind: 'card', id: String(card) })?.rule, '3.1');
  const waiting = side === 0 ? 'Scotland' : 'England';
  assert.equal(hammerGame.whyNot!(s, waiting, { kind: 'card', id: String(s.hand[1 - side]![0]!) }), null, 'the side still to play may play any card');
});

test('HotS 5.1: why not: in a battle, any other area says the battle there is fought first, naming its area', () => {
  const codes = reasonsIn('battle');
  assert.ok(codes.get('why-battle-elsewhere')! > 0, [...codes.keys()].join());
  const s = playUntil('why-battle-area', (x) => x.phase === 'battle' && x.battle !== null)!;
  const role = hammerGame.active(s)[0]!;
  const other = AREA_IDS.find((a, i) => i !== s.battle!.area && !mentions(s, role, a))!;
  const e = hammerGame.whyNot!(s, role, { kind: 'area', id: other })!;
  assert.equal(e.code, 'why-battle-elsewhere');
  assert.equal(e.rule, '5.1');
  assert.equal(e.details!.area, AREA_IDS[s.battle!.area]);
});

test('HotS 5.31: why not: in a battle, an own block whose letter has not come says blocks fire by letter (or is a reserve, 5.32)', () => {
  const codes = reasonsIn('battle', 30, 'why-letter');
  assert.ok((codes.get('why-not-its-letter') ?? 0) + (codes.get('why-reserve') ?? 0) > 0, [...codes.keys()].join());
});

test('HotS 5.1: why not: choosing the next battle, an area without one says there is no battle there', () => {
  assert.ok(reasonsIn('battle-choose').get('why-no-battle-here')! > 0);
});

test('HotS 7.6: why not: in Winter builds, an area that takes no build gets the build rule', () => {
  assert.ok(reasonsIn('w-build', 3).get('why-winter-build')! > 0);
});
