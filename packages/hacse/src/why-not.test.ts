import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randInt, seedRng } from '@tabula/engine';
import { hacseGame } from './game.js';
import { messages } from './i18n.js';
import type { HacseState } from './types.js';

test('why not: a hand card gets a reason exactly when no legal action puts it into play, with a rule and a sentence', () => {
  let checked = 0, explained = 0;
  const codes = new Set<string>();
  for (let g = 0; g < 10; g++) {
    const rng = seedRng(`why-${g}`);
    let s: HacseState = hacseGame.setup({ seed: `why-${g}` });
    for (let i = 0; i < 400 && hacseGame.outcome(s) === null; i++) {
      const role = hacseGame.active(s)[0]!;
      const acts = hacseGame.actions(s, role);
      if (s.phase === 'main') {
        for (const id of new Set(s.players[s.active].hand)) {
          const e = hacseGame.whyNot!(s, role, { kind: 'card', id });
          const listed = acts.some((a) => (a.type === 'place' || a.type === 'play') && a.card === id);
          checked++;
          assert.equal(e === null, listed, `${id}: reason ${e?.code ?? 'none'}, listed ${listed}`);
          if (!e) continue;
          explained++;
          codes.add(e.code);
          assert.ok(e.rule && hacseGame.rules!.ids.includes(e.rule), `${e.code}: rule ${String(e.rule)}`);
          assert.ok(messages.en[`rule.${e.code}`], `${e.code}: an English sentence`);
          assert.deepEqual(e.details, { card: id });
        }
        const other = role === 'axis' ? 'allies' : 'axis';
        const idle = hacseGame.whyNot!(s, other, { kind: 'card', id: s.players[s.active].hand[0] ?? 'none' });
        // The side not to act: nothing, or (holding the same card) that it is not its turn.
        assert.ok(idle === null || idle.code === 'not-your-turn', 'nothing to explain for the side not to act but its turn');
      }
      s = hacseGame.apply(s, role, acts[randInt(rng, acts.length)]!);
    }
  }
  assert.ok(checked > 100 && explained > 10, `checked ${checked}, explained ${explained}, codes ${[...codes].join(' ')}`);
});

const LANGS = ['en', 'de', 'es', 'zh-Hans'] as const;

/** Every unit on the table in random games, asked by the side to act: its reasons by code (each checked against the legal list, the rule table and the texts). */
function unitReasons(games: number): Map<string, number> {
  const codes = new Map<string, number>();
  for (let g = 0; g < games; g++) {
    const rng = seedRng(`why-unit-${g}`);
    let s: HacseState = hacseGame.setup({ seed: `why-unit-${g}` });
    for (let i = 0; i < 600 && hacseGame.outcome(s) === null; i++) {
      const role = hacseGame.active(s)[0]!;
      const acts = hacseGame.actions(s, role);
      for (const side of ['axis', 'allies'] as const) {
        for (const u of s.players[side].units) {
          const e = hacseGame.whyNot!(s, role, { kind: 'unit', id: u.uid });
          const named = acts.some((a) => Object.values(a).includes(u.uid));
          if (named) assert.equal(e, null, `${u.uid} is named by a legal action`);
          if (!e) continue;
          assert.ok(e.rule && hacseGame.rules!.ids.includes(e.rule), `${e.code}: rule ${String(e.rule)}`);
          for (const lang of LANGS) assert.ok(messages[lang][`rule.${e.code}`], `${e.code}: a ${lang} sentence`);
          assert.deepEqual(e.details, { card: u.card });
          codes.set(e.code, (codes.get(e.code) ?? 0) + 1);
        }
      }
      s = hacseGame.apply(s, role, acts[randInt(rng, acts.length)]!);
    }
  }
  return codes;
}

const UNIT_CODES = unitReasons(8);

test('HACSE 4.1 (Angreifer und Kampfbefehle): why not: choosing attackers, a unit that may not attack says why (hinterland, placed this turn, already attacking)', () => {
  const seen = ['why-unit-hinterland', 'why-unit-new', 'why-unit-declared', 'why-declare-first'].filter((c) => UNIT_CODES.has(c));
  assert.ok(seen.length >= 2, `seen: ${[...UNIT_CODES.keys()].join(', ')}`);
});

test('HACSE 4.2 / 4.3 (Reserveeinheiten, Fronteinheiten zuweisen): why not: a unit that may not block or be chosen as a target says why', () => {
  const seen = ['why-block-reserve', 'why-unit-engaged', 'why-assign-front', 'why-attacker-has-target', 'why-not-attacking', 'why-block-limit'].filter((c) => UNIT_CODES.has(c));
  assert.ok(seen.length >= 2, `seen: ${[...UNIT_CODES.keys()].join(', ')}`);
});

test('HACSE 2.2 / 4 (Aktionen, Angriff durchführen): why not: in the main phase an enemy unit says it is reached only by attacking', () => {
  assert.ok(UNIT_CODES.get('why-enemy-unit')! > 0);
});

test('HACSE 4.5 (HQ-Einsatz): why not: at HQ fire, one\'s own unit says HQ fire hits the attacker\'s units', () => {
  assert.ok((UNIT_CODES.get('why-hq-enemy') ?? 0) + (UNIT_CODES.get('why-unit-hinterland') ?? 0) > 0, `seen: ${[...UNIT_CODES.keys()].join(', ')}`);
});

test('HACSE: a hand card outside the main phase (when no action uses it) says cards are put into play in the main phase', () => {
  let found = 0;
  for (let g = 0; g < 8; g++) {
  const rng = seedRng(`why-hand-${g}`);
  let s: HacseState = hacseGame.setup({ seed: `why-hand-${g}` });
  for (let i = 0; i < 600 && hacseGame.outcome(s) === null; i++) {
    const role = hacseGame.active(s)[0]!;
    const acts = hacseGame.actions(s, role);
    if (s.phase === 'combat') {
      for (const id of new Set(s.players[role as 'axis' | 'allies'].hand)) {
        const e = hacseGame.whyNot!(s, role, { kind: 'card', id });
        if (acts.some((a) => Object.values(a).includes(id))) assert.equal(e, null);
        else { assert.equal(e?.code, 'why-card-main-only'); found++; }
      }
    }
    s = hacseGame.apply(s, role, acts[randInt(rng, acts.length)]!);
  }
  }
  assert.ok(found > 0);
});
