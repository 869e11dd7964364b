import { Rng, type AnyGame } from '@tabula/engine';
import { isGameId, listGames } from '@tabula/games';
import { BENCH_SETUPS, type RandomBenchSetup } from './setups.js';
import { playRandom } from './playout.js';
import { compareSpeeds, recordedOn, recordedSpeeds, speedReport, speedWarnings } from './speed-check.js';
import type { Benchmark, BenchSection } from './types.js';

const TITLE = 'Random full games, one thread';

/** Setups per game to measure: those setups.ts lists for it, else every scenario. */
export function benchSetups(game: AnyGame): readonly RandomBenchSetup[] {
  return (isGameId(game.id) ? BENCH_SETUPS[game.id] : null) ?? game.scenarios.map((s) => ({ label: s, setup: { scenario: s }, games: 200 }));
}

/** Games/s, decisions/game and peak RSS of random full games on one thread, per game and setup. */
export const randomGamesBench: Benchmark = {
  name: 'random-games',
  async run({ quick, log, previous }): Promise<BenchSection> {
    const rows: Record<string, string | number>[] = [];
    for (const game of listGames()) {
      for (const b of benchSetups(game)) {
        const count = quick ? Math.max(5, Math.floor(b.games / 20)) : b.games;
        // One RNG per game, seeded by its number: every run plays the same games, so runs differ
        // only in speed (a shared RNG made the game set, and with it the mean length, vary).
        const pickRng = (i: number, kind: string): Rng => new Rng(`${kind}:${game.id}:${b.label}:${i}`);
        // warm-up: at least 5 games and one second, so the JIT has compiled the hot paths
        const warmEnd = performance.now() + (quick ? 200 : 1000);
        for (let i = 0; i < 5 || performance.now() < warmEnd; i++) playRandom(game, { ...b.setup, seed: `warm-${i}` }, pickRng(i, 'warm'), b.pick);
        // Three timed passes over the same games (one when quick): the median is the result, the
        // spread shows the noise within one process (between processes, see docs/benchmarks.md).
        const passes = quick ? 1 : 3, times: number[] = [];
        let decisions = 0, peak = process.memoryUsage().rss;
        for (let p = 0; p < passes; p++) {
          decisions = 0;
          const t0 = performance.now();
          for (let i = 0; i < count; i++) {
            decisions += playRandom(game, { ...b.setup, seed: `bench-${i}` }, pickRng(i, 'bench'), b.pick);
            if (i % 10 === 0) peak = Math.max(peak, process.memoryUsage().rss);
          }
          times.push((performance.now() - t0) / 1000);
        }
        times.sort((x, y) => x - y);
        const s = times[(times.length - 1) >> 1]!;
        peak = Math.max(peak, process.memoryUsage().rss);
        const rate = (t: number): string => (count / t).toFixed(1);
        const row = {
          game: game.id,
          setup: b.label,
          games: count,
          'games/s': Number(rate(s)),
          'games/s range': passes > 1 ? `${rate(times[times.length - 1]!)}-${rate(times[0]!)}` : '',
          'decisions/game': Math.round(decisions / count),
          'decisions/s': Math.round(decisions / s),
          'peak RSS MiB': Math.round(peak / 1048576),
        };
        log(`${game.id} ${b.label}: ${row['games/s']} games/s`);
        rows.push(row);
      }
    }
    const recorded = recordedOn(previous ?? '', TITLE);
    // A --quick run plays too few games to compare (its figures would raise false alarms).
    const comparisons = quick ? [] : compareSpeeds(recordedSpeeds(previous ?? '', TITLE), rows.map((r) => ({ key: `${r.game} / ${r.setup}`, gamesPerSecond: Number(r['games/s']) })));
    const warnings = speedWarnings(comparisons, recorded);
    const head = `| game | setup | games | games/s${quick ? '' : ' (median of 3 passes)'} | games/s range | decisions/game | decisions/s | peak RSS (MiB) |\n|---|---|---:|---:|---:|---:|---:|---:|\n`;
    const body = rows.map((r) => `| ${r.game} | ${r.setup} | ${r.games} | ${r['games/s']} | ${r['games/s range']} | ${r['decisions/game']} | ${r['decisions/s']} | ${r['peak RSS MiB']} |`).join('\n');
    return {
      title: TITLE,
      command: 'npx tabula bench --only random-games',
      markdown: `${head}${body}\n\n${quick ? 'A --quick run: too few games to compare with the recorded figures.' : speedReport(comparisons, recorded)}\n\nEach game: \`setup\` (seed \`bench-<n>\`), then until the outcome: for the first active role with legal actions, \`actions\` + a uniform random pick (or the setup's own pick, see below) + \`apply\`. Each game draws its picks from its own RNG, seeded by its number, so every run plays the same games. Views are not computed. Timing starts after a warm-up of at least 5 games and 1 s; the same games are then timed three times (\`--quick\`: once) and the median pass is the result. All engines run in one process, one after another ("Playout speed per engine" measures each in a fresh one). Every run compares each row with the figure it replaces here and reports a fall of more than 10% (on the terminal at the end of the run, and above).`,
      rows,
      warnings,
    };
  },
};
