/**
 * Times the analysis of a Carcassonne game (first 120 actions), a Braveheart game (first 600) and a whole
 * Braveheart game on this thread, as the server's analysis worker runs it:
 * `node packages/cli/dist/bench/analysis-cost.js [carcassonne|hammer|braveheart] [iterations | time-ms=T]`
 * (default: the server's time budget per decision, ANALYSIS_TIME_MS). The games are random playouts
 * (seeded), so every run analyses the same ones.
 */
import { Rng, type AnyGame, type LogEntry, type SetupOptions } from '@tabula/engine';
import { getGame, type GameId } from '@tabula/games';
import { ANALYSIS_TIME_MS, analyseGame, randomBot } from '@tabula/bots';

function playout(game: AnyGame, setup: SetupOptions, n: number): LogEntry[] {
  const rng = new Rng(`bench:${setup.seed}`);
  const out: LogEntry[] = [];
  let s = game.setup(setup);
  while (out.length < n) {
    if (game.outcome(s)) break;
    const role = game.active(s).find((r: string) => game.actions(s, r).length > 0);
    if (role === undefined) break;
    const action = randomBot.choose(game, s, role, rng);
    out.push({ role, action });
    s = game.apply(s, role, action);
  }
  return out;
}

const cases: Record<string, { game: GameId; setup: SetupOptions; n: number }> = {
  carcassonne: { game: 'carcassonne', setup: { seed: 'analysis-bench', players: 2 }, n: 120 },
  hammer: { game: 'hammer-of-the-scots', setup: { seed: 'analysis-bench', scenario: 'braveheart' }, n: 600 },
  braveheart: { game: 'hammer-of-the-scots', setup: { seed: 'analysis-bench', scenario: 'braveheart' }, n: Infinity },
};
const only = process.argv[2];
const budgetArg = process.argv[3];
const budget = budgetArg === undefined ? { timeMs: ANALYSIS_TIME_MS }
  : budgetArg.startsWith('time-ms=') ? { timeMs: Number(budgetArg.slice(8)) } : { iterations: Number(budgetArg) };
for (const [name, c] of Object.entries(cases)) {
  if (only && only !== name) continue;
  const game = getGame(c.game)!;
  const actions = playout(game, c.setup, c.n);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const a = analyseGame(game, c.setup, actions, { seed: 'bench', ...budget });
  const s = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuS = (cpu.user + cpu.system) / 1e6;
  const how = budget.timeMs !== undefined ? `${budget.timeMs} ms a decision, ${a.iterations} iterations on average` : `${a.iterations} iterations`;
  console.log(`${name}: ${actions.length} actions${game.outcome(replay(game, c.setup, actions)) ? ' (the whole game)' : ''}, ${a.decisions.length} decisions searched at ${how}: `
    + `${s.toFixed(1)} s wall, ${cpuS.toFixed(1)} s CPU, ${(a.decisions.length / s).toFixed(1)} decisions/s; mistakes ${a.mistakes.length}`);
}

function replay(game: AnyGame, setup: SetupOptions, actions: LogEntry[]): unknown {
  let s = game.setup(setup);
  for (const e of actions) s = game.apply(s, e.role, e.action);
  return s;
}
