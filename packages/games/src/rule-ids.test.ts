import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LANGUAGES, RuleCodes, RuleError, applyListed, isRuleError, randInt, seedRng, type AnyGame, type GameManifest, type LogLine, type RuleTable, type RulesDoc } from '@tabula/engine';
import { GAME_IDS, MANIFESTS } from './registry.js';
import type { GameId } from './ids.js';

const load = async (id: GameId) => (await MANIFESTS[id].load());
const tableOf = (game: AnyGame): RuleTable => {
  assert.ok(game.rules, `${game.id} names no rules`);
  return game.rules;
};

/** The log-line keys of events each game's rules drive, each of which random games must show with its rule. */
const RULE_DRIVEN: Record<GameId, string[]> = {
  'hammer-of-the-scots': ['log.battle', 'log.fire', 'log.hit', 'log.retreat', 'log.winter', 'log.home', 'log.year', 'log.cards'],
  carcassonne: ['log.placeAt', 'log.follower', 'log.score', 'log.finalScore', 'log.shepherd', 'log.sheep'],
  hacse: ['log.attack', 'log.commit', 'log.resolve', 'log.engagement', 'log.turn', 'log.place'],
};

/** Options that switch on every rule a sample should meet (Hills & Sheep for Carcassonne). */
const OPTIONS: Record<GameId, { variants?: Record<string, unknown> }> = {
  'hammer-of-the-scots': {},
  carcassonne: { variants: { hillsAndSheep: true } },
  hacse: {},
};

/** Every line every viewer may read of a random game from `seed` (at most `limit` actions). */
function randomGameLines(game: AnyGame, seed: string, options: { variants?: Record<string, unknown> }, limit: number): LogLine[] {
  const rng = seedRng(`rule-ids:${seed}`);
  const setup = { seed, ...options };
  const roles = game.roles(setup);
  let state: unknown = game.setup(setup);
  const lines: LogLine[] = [];
  for (let i = 0; i < limit && game.outcome(state) === null; i++) {
    const active = game.active(state);
    const role = active[randInt(rng, active.length)]!;
    const acts = game.actions(state, role);
    const action = acts[randInt(rng, acts.length)];
    const next = applyListed(game, state, role, action).state;
    for (const viewer of [null, ...roles]) lines.push(...(game.describe?.(state, next, role, action, viewer) ?? []));
    state = next;
  }
  return lines;
}

for (const id of GAME_IDS) {
  test(`${id}: every rule id the engine names has a section in every language's reference`, async () => {
    const table = tableOf((await load(id)).game);
    const rules: GameManifest['rules'] = MANIFESTS[id].rules;
    if (!rules) return assert.fail(`${id} has no rules reference`);
    assert.ok(table.ids.length > 0);
    const named = new Set([...table.ids, ...Object.values(table.refusals)]);
    for (const lang of LANGUAGES) {
      const doc: RulesDoc = await rules[lang]();
      const sections = new Set(doc.sections.map((s) => s.id));
      const missing = [...named].filter((r) => !sections.has(r));
      assert.deepEqual(missing, [], `${lang} reference lacks sections`);
    }
  });

  test(`${id}: every refusal code of the game maps to a rule id of its table`, async () => {
    const { game, messages } = await load(id);
    const table = tableOf(game);
    const codes = new Set([...Object.values(RuleCodes), ...Object.keys(messages.en).filter((k) => k.startsWith('rule.')).map((k) => k.slice('rule.'.length))]);
    const ids = new Set(table.ids);
    for (const code of codes) {
      const rule = table.refusals[code];
      assert.ok(rule !== undefined, `refusal code ${code} has no rule`);
      assert.ok(ids.has(rule), `refusal code ${code} maps to ${rule}, not in the table`);
    }
  });

  test(`${id}: a refused action carries its rule id (not your turn, and an unlisted action)`, async () => {
    const { game } = await load(id);
    const table = tableOf(game);
    const setup = { seed: 'refusal', ...OPTIONS[id] };
    const state = game.setup(setup);
    const idle = game.roles(setup).find((r) => !game.active(state).includes(r));
    const refusal = (role: string, action: unknown): RuleError => {
      try { applyListed(game, state, role, action); } catch (e) { if (isRuleError(e)) return e; throw e; }
      assert.fail('the action was not refused');
    };
    if (idle !== undefined) {
      const e = refusal(idle, game.actions(state, game.active(state)[0]!)[0]);
      assert.equal(e.rule, table.refusals[e.code]);
    }
    const e = refusal(game.active(state)[0]!, { type: 'no-such-action' });
    assert.ok(e.rule !== undefined && table.ids.includes(e.rule), `${e.code} carries ${String(e.rule)}`);
  });

  test(`${id}: log lines of random games carry rule ids of the table for every rule-driven event`, async () => {
    const { game } = await load(id);
    const table = tableOf(game);
    const ids = new Set(table.ids);
    const seen = new Map<string, number>();
    for (let g = 0; g < 6; g++) {
      for (const l of randomGameLines(game, `sample-${g}`, OPTIONS[id], 3000)) {
        assert.ok(l.rule !== undefined, `${l.key} has no rule`);
        assert.ok(ids.has(l.rule), `${l.key} names ${l.rule}, not in the table`);
        assert.equal(l.rule, table.line(l), `${l.key}: the stored rule is the table's`);
        seen.set(l.key, (seen.get(l.key) ?? 0) + 1);
      }
    }
    const unseen = RULE_DRIVEN[id].filter((k) => !seen.has(k));
    assert.deepEqual(unseen, [], 'rule-driven events the random games never showed');
  });
}
