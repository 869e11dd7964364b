import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { GameId } from '@tabula/games';
import type { Benchmark, BenchSection } from './types.js';

const HAMMER: GameId = 'hammer-of-the-scots';

const run = promisify(execFile);

/**
 * The Rally the Troops rules module's random playouts, games/s, as issue 20's authors measured them side
 * by side on this kind of machine (the module is not on this machine, so they are cited, not re-run).
 */
export const REFERENCE_GAMES_PER_S: Readonly<Record<string, number>> = { braveheart: 63, 'the-bruce': 78, campaign: 19.7, mix: 37.8, 'braveheart-2000': 74.6 };
/** Issue 20's target: this many times the reference at 200 games per scenario, through `tabula sim`. */
export const TARGET_RATIO = 30;
export const SCENARIOS = ['braveheart', 'the-bruce', 'campaign'] as const;

/** One fresh `tabula sim` process: its games/s and mean actions as it prints them, and its whole wall time. */
export interface SimRun { gamesPerSecond: number; meanActions: number; wallS: number }

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

export interface HammerSimRow {
  label: string; games: number; runs: number; gamesPerSecond: number; range: string; decisionsPerGame: number; decisionsPerSecond: number; wallS: number;
  /** Issue 20's reference figure and the ratio to it. */
  reference: number; ratio: number;
  /** The reference module measured in this run (when given one): its median games/s, decisions/game, and the ratio to it. */
  sameRun?: { gamesPerSecond: number; decisionsPerGame: number; ratio: number };
}

/**
 * The table's rows from the runs of each scenario (200 games each) and of the long Braveheart run. The
 * mix is 600 games (200 per scenario) timed as the sum of the three scenarios' median times.
 */
export function hammerSimRows(byScenario: Record<string, SimRun[]>, long: SimRun[], games = 200, longGames = 2000,
  reference: { byScenario: Record<string, SimRun[]>; long: SimRun[] } | null = null): HammerSimRow[] {
  const row = (label: string, runs: SimRun[], n: number, ref: number, refRuns: SimRun[] | undefined): HammerSimRow => {
    const gps = median(runs.map((r) => r.gamesPerSecond));
    const dpg = median(runs.map((r) => r.meanActions));
    const all = runs.map((r) => r.gamesPerSecond);
    const out: HammerSimRow = {
      label, games: n, runs: runs.length, gamesPerSecond: gps, range: `${Math.min(...all).toFixed(0)}-${Math.max(...all).toFixed(0)}`,
      decisionsPerGame: dpg, decisionsPerSecond: gps * dpg, wallS: median(runs.map((r) => r.wallS)), reference: ref, ratio: gps / ref,
    };
    if (refRuns?.length) {
      const refGps = median(refRuns.map((r) => r.gamesPerSecond));
      out.sameRun = { gamesPerSecond: refGps, decisionsPerGame: median(refRuns.map((r) => r.meanActions)), ratio: gps / refGps };
    }
    return out;
  };
  const rows = SCENARIOS.filter((s) => byScenario[s]?.length).map((s) => row(s, byScenario[s]!, games, REFERENCE_GAMES_PER_S[s]!, reference?.byScenario[s]));
  if (rows.length === SCENARIOS.length) {
    const seconds = rows.reduce((t, r) => t + games / r.gamesPerSecond, 0);
    const decisions = rows.reduce((t, r) => t + games * r.decisionsPerGame, 0);
    const gps = (3 * games) / seconds;
    const mix: HammerSimRow = {
      label: 'mix (the three above)', games: 3 * games, runs: rows[0]!.runs, gamesPerSecond: gps, range: '', decisionsPerGame: decisions / (3 * games),
      decisionsPerSecond: decisions / seconds, wallS: rows.reduce((t, r) => t + r.wallS, 0), reference: REFERENCE_GAMES_PER_S.mix!, ratio: gps / REFERENCE_GAMES_PER_S.mix!,
    };
    if (rows.every((r) => r.sameRun)) {
      const refSeconds = rows.reduce((t, r) => t + games / r.sameRun!.gamesPerSecond, 0);
      const refGps = (3 * games) / refSeconds;
      mix.sameRun = { gamesPerSecond: refGps, decisionsPerGame: rows.reduce((t, r) => t + r.sameRun!.decisionsPerGame, 0) / 3, ratio: gps / refGps };
    }
    rows.push(mix);
  }
  if (long.length > 0) rows.push(row(`braveheart, ${longGames} games`, long, longGames, REFERENCE_GAMES_PER_S['braveheart-2000']!, reference?.long));
  return rows;
}

const MAIN = fileURLToPath(new URL('../main.js', import.meta.url));
const PLAYOUT = fileURLToPath(new URL('./reference-playout.js', import.meta.url));
/** The reference module's scenario names. */
const REFERENCE_SCENARIO: Readonly<Record<string, string>> = { braveheart: 'Braveheart', 'the-bruce': 'The Bruce', campaign: 'Campaign' };

async function referenceOnce(rulesJs: string, scenario: string, games: number): Promise<SimRun> {
  const t0 = performance.now();
  const { stdout } = await run(process.execPath, [PLAYOUT, rulesJs, REFERENCE_SCENARIO[scenario]!, String(games)], { maxBuffer: 1 << 20 });
  const r = JSON.parse(stdout) as { gamesPerSecond: number; meanActions: number };
  return { gamesPerSecond: r.gamesPerSecond, meanActions: r.meanActions, wallS: (performance.now() - t0) / 1000 };
}

async function simOnce(scenario: string, games: number): Promise<SimRun> {
  const t0 = performance.now();
  const { stdout } = await run(process.execPath, [MAIN, 'sim', HAMMER, '--scenario', scenario, '--games', String(games), '--bots', 'random,random', '--workers', '1', '--json'], { maxBuffer: 1 << 20 });
  const wallS = (performance.now() - t0) / 1000;
  const r = JSON.parse(stdout) as { gamesPerSecond: number; meanActions: number; errors: unknown[] };
  if (r.errors.length > 0) throw new Error(`tabula sim ${scenario}: ${r.errors.length} games ended in an error`);
  return { gamesPerSecond: r.gamesPerSecond, meanActions: r.meanActions, wallS };
}

/** Hammer of the Scots as a user runs it: `tabula sim` in a fresh process per run, against the reference module's figures. */
export const hammerSimBench: Benchmark = {
  name: 'hammer-sim',
  async run({ quick, log }): Promise<BenchSection> {
    const runs = quick ? 1 : 5;
    const games = quick ? 20 : 200;
    const byScenario: Record<string, SimRun[]> = {};
    const long: SimRun[] = [];
    // A copy of the Rally the Troops rules module (rules.js beside its data.js), when given: measured in the same run.
    const rulesJs = process.env.TABULA_BENCH_HAMMER_REFERENCE;
    const reference = rulesJs ? { byScenario: {} as Record<string, SimRun[]>, long: [] as SimRun[] } : null;
    // Round-robin over the scenarios (and the two programs), so a drift of the machine's speed touches each alike.
    for (let i = 0; i < runs; i++) {
      for (const s of SCENARIOS) {
        const r = await simOnce(s, games);
        (byScenario[s] ??= []).push(r);
        log(`${s} run ${i + 1}: ${r.gamesPerSecond.toFixed(0)} games/s`);
        if (reference) {
          const x = await referenceOnce(rulesJs!, s, games);
          (reference.byScenario[s] ??= []).push(x);
          log(`${s} run ${i + 1}, reference module: ${x.gamesPerSecond.toFixed(1)} games/s`);
        }
      }
      if (!quick && i < 3) {
        const r = await simOnce('braveheart', 2000);
        long.push(r);
        log(`braveheart 2000 games run ${i + 1}: ${r.gamesPerSecond.toFixed(0)} games/s`);
        if (reference && i === 0) {
          const x = await referenceOnce(rulesJs!, 'braveheart', 2000);
          reference.long.push(x);
          log(`braveheart 2000 games, reference module: ${x.gamesPerSecond.toFixed(1)} games/s`);
        }
      }
    }
    const rows = hammerSimRows(byScenario, long, games, 2000, reference);
    const same = reference !== null;
    const head = `| scenario | games | runs | games/s (median) | games/s range | decisions/game | decisions/s | wall s per run | reference games/s (issue 20) | ratio |${same ? ' reference module, this run: games/s | its decisions/game | ratio, this run |' : ''}\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|${same ? '---:|---:|---:|' : ''}\n`;
    const body = rows.map((r) => `| ${r.label} | ${r.games} | ${r.runs} | ${r.gamesPerSecond.toFixed(0)} | ${r.range} | ${r.decisionsPerGame.toFixed(0)} | ${(r.decisionsPerSecond / 1e6).toFixed(2)} M | ${r.wallS.toFixed(2)} | ${r.reference} | ${r.ratio.toFixed(1)}x |${same ? (r.sameRun ? ` ${r.sameRun.gamesPerSecond.toFixed(1)} | ${r.sameRun.decisionsPerGame.toFixed(0)} | ${r.sameRun.ratio.toFixed(1)}x |` : ' | | |') : ''}`).join('\n');
    const met = rows.slice(0, 3).every((r) => r.ratio >= TARGET_RATIO);
    return {
      title: 'Hammer of the Scots through `tabula sim`',
      command: 'npx tabula bench --only hammer-sim',
      markdown: `${head}${body}\n\nEach run is a fresh process: \`tabula sim hammer-of-the-scots --scenario S --games ${games} --bots random,random --workers 1 --json\` (games/s as the command prints it, the games' own time; "wall s" is the whole process). ${runs === 1 ? 'One run' : `${runs} runs`} per scenario, taken in turn, and ${quick ? 'no runs' : '3 runs'} of 2,000 Braveheart games. The reference figures (issue 20) are the Rally the Troops rules module's random playouts as issue 20's authors measured them side by side on this kind of machine, cited${same ? `; the columns "this run" are a copy of the module given by \`TABULA_BENCH_HAMMER_REFERENCE=${rulesJs}\`, played in turn with Tabula's runs by \`reference-playout.js\` (fresh process per run, the same number of games, each step's actions read from the module's view of the active role, undo left out, a uniform seeded pick; one run of 2,000 Braveheart games)` : ' (no copy of the module was given: `TABULA_BENCH_HAMMER_REFERENCE=path/to/rules.js` adds it to the run)'}. Issue 20's target, ${TARGET_RATIO}x at 200 games per scenario, is ${met ? 'met' : 'not met'}.`,
      rows: rows.map((r) => ({ scenario: r.label, 'games/s': Number(r.gamesPerSecond.toFixed(0)), 'M decisions/s': Number((r.decisionsPerSecond / 1e6).toFixed(2)), ratio: `${r.ratio.toFixed(1)}x` })),
    };
  },
};
