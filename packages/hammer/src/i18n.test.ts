import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng, RuleCodes } from '@tabula/engine';
import { hammerGame as g } from './game.js';
import { messages } from './i18n.js';
import { BLOCK_IDS, NOBLE_NAMES } from './blocks.js';
import { AREA_IDS } from './map.js';

const langs = ['en', 'de', 'es', 'zh-Hans'] as const;

test('HotS i18n: every log key, argument name and rule code met in random games exists in all four languages', () => {
  const keys = new Set<string>();
  const rng = new Rng('i18n');
  for (const scenario of g.scenarios) {
    let s = g.setup({ seed: `i18n-${scenario}`, scenario, variants: scenario === 'campaign' ? { campaignEnd: '1314' } : {} });
    for (let i = 0; i < 20000 && g.active(s).length > 0; i++) {
      const role = g.active(s)[0]!;
      const acts = g.actions(s, role);
      const a = acts[rng.int(acts.length)]!;
      const next = g.apply(s, role, a);
      for (const viewer of ['England', 'Scotland', null]) {
        for (const line of g.describe!(s, next, role, a, viewer)) {
          keys.add(line.key);
          for (const v of Object.values(line.args ?? {})) {
            if (typeof v === 'string' && v.startsWith('card.')) keys.add(v);
            if (typeof v === 'string' && v.startsWith('reason.')) keys.add(v);
          }
          if (line.key === 'log.game-over') keys.add(`reason.${String(line.args!.reason)}`);
        }
      }
      s = next;
    }
  }
  for (const c of [...Object.values(RuleCodes), 'internal']) keys.add(`rule.${c}`);
  for (const id of BLOCK_IDS) keys.add(`block.${id}`);
  for (const id of AREA_IDS) keys.add(`area.${id}`);
  for (const n of NOBLE_NAMES) keys.add(`noble.${n}`);
  assert.ok(keys.size > 150);
  // A message with plural forms exists as <key>_one / <key>_other (i18next picks the form from `count`).
  const text = (lang: (typeof langs)[number], k: string): string | undefined => messages[lang][k] ?? messages[lang][`${k}_other`];
  for (const lang of langs) for (const k of keys) assert.ok(typeof text(lang, k) === 'string' && text(lang, k)!.length > 0, `${lang}: ${k}`);
});

test('HotS i18n: the four tables have the same keys', () => {
  const en = Object.keys(messages.en).sort();
  for (const lang of langs) assert.deepEqual(Object.keys(messages[lang]).sort(), en, lang);
});

test('HotS log: what the game does (cards revealed, battles, rounds, the year) is shown without a side; a side\'s steps, attacks and Player 1 carry that side', () => {
  const rng = new Rng('log-sides');
  const roles = new Map<string, Set<string | null>>();
  let s = g.setup({ seed: 'log-sides', scenario: 'braveheart' });
  for (let i = 0; i < 3000 && g.active(s).length > 0; i++) {
    const role = g.active(s).find((r) => g.actions(s, r).length > 0)!;
    const acts = g.actions(s, role);
    const a = acts[rng.int(acts.length)]!;
    const next = g.apply(s, role, a);
    for (const line of g.describe!(s, next, role, a, null)) {
      if (!roles.has(line.key)) roles.set(line.key, new Set());
      roles.get(line.key)!.add(line.role);
    }
    s = next;
  }
  for (const key of ['log.cards', 'log.battle', 'log.round', 'log.battle-won', 'log.year']) assert.deepEqual([...roles.get(key) ?? []], [null], key);
  for (const key of ['log.step', 'log.attack', 'log.player1']) {
    const r = [...roles.get(key) ?? []];
    assert.ok(r.length > 0 && r.every((x) => x === 'England' || x === 'Scotland'), `${key}: ${r.join(',')}`);
  }
});
