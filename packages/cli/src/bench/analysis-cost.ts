/**
 * Times the analysis of a Carcassonne game (first 120 actions) and a Braveheart game (first 600) on
 * this thread: `node packages/cli/dist/bench/analysis-cost.js [carcassonne|hammer] [iterations]`. The
 * games are random playouts (seeded), so every run analyses the same ones.
 */
import { Rng, type AnyGame, type LogEntry, type SetupOptions } from '@tabula/engine';
import { getGame, type GameId } from '@tabula/games';
import { analyseGame, analysisIterations, randomBot } from '@tabula/bots';

function playout(game: AnyGame, setup: SetupOptions, n: number): LogEntry[] {
  const rng = new Rng(`bench:${setup.seed}`);
  const out: LogEntry[] = [];
  let s = game.setup(setup);
  while (out.length < n) {
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
};
const only = process.argv[2];
const iterArg = process.argv[3] ? Number(process.argv[3]) : undefined;
for (const [name, c] of Object.entries(cases)) {
  if (only && only !== name) continue;
  const game = getGame(c.game)!;
  const actions = playout(game, c.setup, c.n);
  const iterations = iterArg ?? analysisIterations(c.game);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const a = analyseGame(game, c.setup, actions, { seed: 'bench', iterations });
  const s = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuS = (cpu.user + cpu.system) / 1e6;
  console.log(`${name}: ${actions.length} actions, ${a.decisions.length} decisions searched at ${iterations} iterations: ${s.toFixed(1)} s wall, ${cpuS.toFixed(1)} s CPU; mistakes ${a.mistakes.length}`);
}
