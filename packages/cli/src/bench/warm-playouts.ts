/**
 * Warm random playouts of one engine: decisions per second once the JIT has compiled the hot paths.
 * `tabula bench` runs this file as a child process per engine (`node warm-playouts.js GAME SETUP_JSON`),
 * so no other engine's code has shared its call sites first, with the V8 flags `tabula sim` sets for it;
 * it prints one JSON line.
 */
import { pathToFileURL } from 'node:url';
import { Rng, type AnyGame, type SetupOptions } from '@tabula/engine';
import { getGame } from '@tabula/games';
import { playRandom } from './playout.js';
import { tuneForShortRuns } from '../jit.js';

export interface WarmPlayouts {
  /** Games and decisions of all timed windows. */
  games: number;
  decisions: number;
  seconds: number;
  /** The best window's decisions per second of wall time. */
  decisionsPerSecond: number;
  /** The best window's decisions per second of the process's CPU time (user + system): steadier on a shared machine. */
  decisionsPerCpuSecond: number;
}

/**
 * Plays `warmMs` of games (at least 5) untimed, then `windows` timed windows of at least `windowMs` each, and
 * reports the best window: a neighbour's burst of work on a shared machine slows a window, never speeds one up.
 */
export function warmPlayouts(game: AnyGame, setup: Omit<SetupOptions, 'seed'>, warmMs = 1000, windows = 3, windowMs = 400): WarmPlayouts {
  const rng = (kind: string, i: number): Rng => new Rng(`${kind}:${game.id}:${i}`);
  const warmEnd = performance.now() + warmMs;
  for (let i = 0; i < 5 || performance.now() < warmEnd; i++) playRandom(game, { ...setup, seed: `warm-${i}` }, rng('warm', i));
  let games = 0, decisions = 0, seconds = 0, best = 0, bestCpu = 0;
  for (let w = 0; w < windows; w++) {
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    let n = 0, wall = 0;
    while (wall * 1000 < windowMs) {
      n += playRandom(game, { ...setup, seed: `bench-${games}` }, rng('bench', games));
      games++;
      wall = (performance.now() - t0) / 1000;
    }
    const cpu = process.cpuUsage(cpu0);
    decisions += n;
    seconds += wall;
    best = Math.max(best, n / wall);
    bestCpu = Math.max(bestCpu, n / ((cpu.user + cpu.system) / 1e6));
  }
  return { games, decisions, seconds, decisionsPerSecond: best, decisionsPerCpuSecond: bestCpu };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const game = getGame(process.argv[2] ?? '');
  if (!game) throw new Error(`unknown game ${process.argv[2]}`);
  const setup = JSON.parse(process.argv[3] ?? '{}') as Omit<SetupOptions, 'seed'>;
  tuneForShortRuns(game.id); // the V8 flags tabula sim runs this engine with
  process.stdout.write(`${JSON.stringify(warmPlayouts(game, setup))}\n`);
}
