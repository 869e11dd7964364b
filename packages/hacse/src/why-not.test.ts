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
        assert.equal(hacseGame.whyNot!(s, other, { kind: 'card', id: s.players[s.active].hand[0] ?? 'none' }), null, 'nothing for the side not to act');
      }
      s = hacseGame.apply(s, role, acts[randInt(rng, acts.length)]!);
    }
  }
  assert.ok(checked > 100 && explained > 10, `checked ${checked}, explained ${explained}, codes ${[...codes].join(' ')}`);
});
