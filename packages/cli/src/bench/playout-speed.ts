/**
 * Each engine's random playout speed as a user meets it, cheaply: `tabula sim` in fresh processes (games/s,
 * one thread) and warm decisions per second in another fresh process, compared with the figures this
 * section recorded last time; a fall of more than 10% is a warning at the end of `tabula bench`.
 */
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { listGames, isGameId } from '@tabula/games';
import { PLAYOUT_SPEED_SETUPS, type PlayoutSpeedSetup } from './setups.js';
import { compareSpeeds, recordedOn, recordedSpeeds, speedReport, speedWarnings } from './speed-check.js';
import type { WarmPlayouts } from './warm-playouts.js';
import type { Benchmark, BenchSection } from './types.js';

const run = promisify(execFile);
const MAIN = fileURLToPath(new URL('../main.js', import.meta.url));
const WARM = fileURLToPath(new URL('./warm-playouts.js', import.meta.url));
export const PLAYOUT_SPEED_TITLE = 'Playout speed per engine';
const SIM_RUNS = 3;

interface SimFigures { gamesPerSecond: number; gamesPerCpuSecond: number; meanActions: number }

/** One fresh `tabula sim` process of random bots: games/s (the games' own time) and mean actions as it prints them. */
export async function simOnce(game: string, args: readonly string[], games: number): Promise<SimFigures> {
  const { stdout } = await run(process.execPath, [MAIN, 'sim', game, ...args, '--games', String(games), '--bots', 'random', '--workers', '1', '--json'], { maxBuffer: 1 << 20 });
  const r = JSON.parse(stdout) as SimFigures & { errors: unknown[] };
  if (r.errors.length > 0) throw new Error(`tabula sim ${game}: ${r.errors.length} games ended in an error`);
  return r;
}

async function warmOnce(game: string, b: PlayoutSpeedSetup): Promise<WarmPlayouts> {
  const { stdout } = await run(process.execPath, [WARM, game, JSON.stringify(b.setup)], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout) as WarmPlayouts;
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1]!;
const load = (): string => loadavg().map((x) => x.toFixed(1)).join(' / ');

export const playoutSpeedBench: Benchmark = {
  name: 'playout-speed',
  async run({ quick, log, previous }): Promise<BenchSection> {
    const loadBefore = load();
    const rows: Record<string, string | number>[] = [];
    for (const game of listGames()) {
      for (const b of isGameId(game.id) ? PLAYOUT_SPEED_SETUPS[game.id] : []) {
        const games = quick ? Math.max(20, Math.floor(b.games / 10)) : b.games;
        const runs = quick ? 1 : SIM_RUNS;
        const sims: SimFigures[] = [];
        for (let i = 0; i < runs; i++) sims.push(await simOnce(game.id, b.args, games));
        const rates = sims.map((r) => r.gamesPerSecond).sort((x, y) => x - y);
        const cpuRates = sims.map((r) => r.gamesPerCpuSecond);
        const warm = await warmOnce(game.id, b);
        const row = {
          game: game.id,
          setup: b.label,
          games,
          'games/s': Number(median(rates).toFixed(1)),
          'games/s range': runs > 1 ? `${rates[0]!.toFixed(1)}-${rates[rates.length - 1]!.toFixed(1)}` : '',
          'games per CPU s': Number(median(cpuRates).toFixed(1)),
          'decisions/game': Math.round(sims[0]!.meanActions),
          'warm decisions per CPU s': Math.round(warm.decisionsPerCpuSecond),
        };
        log(`${game.id} ${b.label}: ${row['games/s']} games/s, ${row['games per CPU s']} games per CPU s (tabula sim), ${row['warm decisions per CPU s']} warm decisions per CPU s`);
        rows.push(row);
      }
    }
    const loadAfter = load();
    const recorded = recordedOn(previous ?? '', PLAYOUT_SPEED_TITLE);
    const keyOf = (r: Record<string, string | number>): string => `${r.game} / ${r.setup}`;
    // A --quick run plays too few games to compare (its figures would raise false alarms).
    // The CPU-time figures are compared: on a shared machine wall-clock games/s moves by more than the limit.
    const gamesCmp = quick ? [] : compareSpeeds(recordedSpeeds(previous ?? '', PLAYOUT_SPEED_TITLE, 2, /^games per CPU s\b/), rows.map((r) => ({ key: keyOf(r), gamesPerSecond: Number(r['games per CPU s']) })));
    const warmCmp = quick ? [] : compareSpeeds(recordedSpeeds(previous ?? '', PLAYOUT_SPEED_TITLE, 2, /^warm decisions per CPU s\b/), rows.map((r) => ({ key: keyOf(r), gamesPerSecond: Number(r['warm decisions per CPU s']) })));
    const warnings = [...speedWarnings(gamesCmp, recorded, undefined, 'games per CPU s'), ...speedWarnings(warmCmp.map((c) => ({ ...c, key: `${c.key} (warm)` })), recorded, undefined, 'decisions per CPU s')];
    const head = '| game | setup | games | games/s (median of 3 processes) | games/s range | games per CPU s (median) | decisions/game | warm decisions per CPU s |\n|---|---|---:|---:|---:|---:|---:|---:|\n';
    const body = rows.map((r) => `| ${r.game} | ${r.setup} | ${r.games} | ${r['games/s']} | ${r['games/s range']} | ${r['games per CPU s']} | ${r['decisions/game']} | ${r['warm decisions per CPU s']} |`).join('\n');
    const comparison = quick
      ? 'A --quick run: too few games to compare with the recorded figures.'
      : `Games per CPU s: ${speedReport(gamesCmp, recorded, undefined, 'games per CPU s')} Warm decisions per CPU s: ${speedReport(warmCmp, recorded, undefined, 'decisions per CPU s')}`;
    return {
      title: PLAYOUT_SPEED_TITLE,
      command: 'npx tabula bench --only playout-speed',
      markdown: `${head}${body}\n\nLoad average (1 / 5 / 15 min): ${loadBefore} before, ${loadAfter} after.\n\n${comparison}\n\n"games/s": \`tabula sim GAME [ARGS] --games N --bots random --workers 1 --json\` in ${quick ? 'one fresh process' : `${SIM_RUNS} fresh processes, one after another (the median)`}, as the command prints it (the games' own time: its loop, its V8 flags, start-up excluded, the first games before the JIT's optimised code included); "games per CPU s": the same games per second of that process's CPU time (\`gamesPerCpuSecond\`, all its threads). "warm decisions per CPU s": another fresh process (\`warm-playouts.js\`, \`tabula sim\`'s V8 flags) plays random games of the same setup for 1 s untimed, then three timed windows of 0.4 s, each decision \`actions\` + a uniform pick + \`apply\`: the best window's decisions per second of its CPU time. Every run compares the two CPU-time figures with the ones it replaces here and reports a fall of more than 10% (on the terminal at the end of \`tabula bench\`, and above): on a machine shared with other work wall-clock games/s moves by more than that (2x within minutes on the development machine), CPU time much less.`,
      rows,
      warnings,
    };
  },
};
