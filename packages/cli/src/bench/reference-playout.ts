/**
 * Random playouts of a Rally the Troops rules module (a CommonJS `rules.js` exporting `roles`, `setup(seed,
 * scenario, options)`, `view(state, role)` and `action(state, role, action, arg)`), for the hammer-sim
 * benchmark's side-by-side figures. The module is not part of Tabula: the user points to a copy of it.
 *
 * Each step asks the view of the active role (of each role in turn while both play at once) for its
 * actions, leaves out `undo` (not a move), and picks one uniformly with a seeded generator, as Tabula's
 * random bot does; views are computed because they are how the module lists legal actions.
 *
 * Run: `node reference-playout.js RULES_JS SCENARIO GAMES` prints one JSON line like `tabula sim --json`.
 */
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

interface RulesModule {
  roles: string[];
  setup(seed: number, scenario: string, options: Record<string, unknown>): RulesState;
  view(state: RulesState, role: string): { actions?: Record<string, unknown> };
  action(state: RulesState, role: string, action: string, arg: unknown): RulesState;
}
interface RulesState { state: string; active: string }

export interface PlayoutResult { scenario: string; games: number; gamesPerSecond: number; meanActions: number; unfinished: number }

export function referencePlayouts(rules: RulesModule, scenario: string, games: number, maxSteps = 100_000): PlayoutResult {
  let x = 12345;
  const rand = (n: number): number => { x = (x * 48271) % 0x7fffffff; return x % n; };
  const t0 = performance.now();
  let decisions = 0, unfinished = 0;
  const acts: [string, string, unknown][] = [];
  for (let g = 0; g < games; g++) {
    let state = rules.setup(1 + g * 7919, scenario, {});
    let steps = 0;
    for (; state.state !== 'game_over' && steps < maxSteps; steps++) {
      acts.length = 0;
      for (const role of state.active === 'Both' ? rules.roles : [state.active]) {
        const actions = rules.view(state, role).actions ?? {};
        for (const [a, arg] of Object.entries(actions)) {
          if (a === 'undo') continue;
          if (Array.isArray(arg)) for (const v of arg) acts.push([role, a, v]);
          else if (arg) acts.push([role, a, undefined]);
        }
        if (acts.length > 0) break;
      }
      if (acts.length === 0) throw new Error(`no action for ${state.active} in state ${state.state}`);
      const [role, a, v] = acts[rand(acts.length)]!;
      state = rules.action(state, role, a, v);
    }
    if (steps >= maxSteps) unfinished++;
    decisions += steps;
  }
  const seconds = (performance.now() - t0) / 1000;
  return { scenario, games, gamesPerSecond: games / seconds, meanActions: decisions / games, unfinished };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [rulesPath, scenario, games] = process.argv.slice(2);
  if (!rulesPath || !scenario || !games) {
    console.error('usage: reference-playout.js RULES_JS SCENARIO GAMES');
    process.exit(2);
  }
  const rules = createRequire(import.meta.url)(resolve(rulesPath)) as RulesModule;
  console.log(JSON.stringify(referencePlayouts(rules, scenario, Number(games))));
}
