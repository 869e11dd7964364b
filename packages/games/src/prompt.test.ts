import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng, type AnyGame } from '@tabula/engine';
import { messages as hammerMessages } from '@tabula/hammer';
import { messages as carcMessages } from '@tabula/carcassonne';
import { messages as hacseMessages } from '@tabula/hacse';
import { getGame } from './catalog.js';

const MESSAGES: Record<string, Record<string, Record<string, string>>> = {
  'hammer-of-the-scots': hammerMessages, carcassonne: carcMessages, hacse: hacseMessages,
};

/** Plays seeded random games and collects every prompt an active role is shown. */
function promptsSeen(game: AnyGame, scenario: string, games: number, variants?: Record<string, unknown>): Map<string, number> {
  const seen = new Map<string, number>();
  for (let g = 0; g < games; g++) {
    const rng = new Rng(`prompts:${scenario}:${g}`);
    let s = game.setup({ seed: `p${g}`, scenario, ...(variants ? { variants } : {}) });
    for (let i = 0; i < 4000 && game.outcome(s) === null; i++) {
      const active = game.active(s);
      for (const r of active) {
        const p = game.prompt(s, r);
        seen.set(p.key, (seen.get(p.key) ?? 0) + 1);
      }
      const role = active[rng.int(active.length)]!;
      const acts = game.actions(s, role);
      s = game.apply(s, role, acts[rng.int(acts.length)]);
    }
  }
  return seen;
}

for (const [id, scenarios] of [['hammer-of-the-scots', ['braveheart', 'the-bruce']], ['carcassonne', ['standard']], ['hacse', ['early', 'late']]] as const) {
  test(`prompts (${id}): every step of random play names a prompt that exists in en, de, es and zh-Hans`, () => {
    const game = getGame(id)!;
    const keys = new Set<string>();
    for (const sc of scenarios) for (const k of promptsSeen(game, sc, 6).keys()) keys.add(k);
    // HACSE Early against Late: the Early player's first decision is the balancing option.
    if (id === 'hacse') for (const k of promptsSeen(game, 'late', 3, { decks: { axis: 'germany-early', allies: 'soviet-late' } }).keys()) keys.add(k);
    assert.ok(keys.size >= 3, `several prompts seen: ${[...keys].join(', ')}`);
    for (const lang of ['en', 'de', 'es', 'zh-Hans']) {
      const table = MESSAGES[id]![lang]!;
      const missing = [...keys].filter((k) => table[k] === undefined && table[`${k}_other`] === undefined);
      assert.deepEqual(missing, [], `${lang} lacks ${missing.join(', ')}`);
    }
  });
}

test('prompts (hammer-of-the-scots 5.6): a regroup asks to regroup, not to fire', () => {
  const game = getGame('hammer-of-the-scots')!;
  for (let g = 0; g < 40; g++) {
    const rng = new Rng(`regroup:${g}`);
    let s = game.setup({ seed: `r${g}`, scenario: 'braveheart' });
    for (let i = 0; i < 4000 && game.outcome(s) === null; i++) {
      const active = game.active(s);
      const role = active[rng.int(active.length)]!;
      const acts = game.actions(s, role) as { type: string }[];
      if (acts.some((a) => a.type === 'regroup')) {
        assert.equal(game.prompt!(s, role).key, 'prompt.battle-regroup');
        return;
      }
      s = game.apply(s, role, acts[rng.int(acts.length)]);
    }
  }
  assert.fail('no regroup reached in 40 random games');
});
