import { Worker } from 'node:worker_threads';
import { appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RuleError, type AnyGame, type Outcome, type Role, type SetupOptions } from '@tabula/engine';
import { getGame } from '@tabula/games';
import { AGREED_DRAW_REASON, createBot, playGame, wilson, type Bot, type PlayedGame } from '@tabula/bots';

export interface SimOptions {
  game: string;
  scenario?: string;
  players?: number;
  variants?: Record<string, unknown>;
  games: number;
  /** Number of the first game (default 0): games first .. first + games - 1, so a long run can be split. */
  first?: number;
  seed: string;
  bots: string[];
  workers: number;
  onProgress?: (done: number) => void;
  /** Called with each game as it finishes (its number and what was played), e.g. to keep a record. */
  onGame?: (index: number, game: PlayedGame) => void;
}

export interface SimResult {
  game: string;
  scenario: string;
  games: number;
  /** Number of the first game played. */
  first: number;
  seed: string;
  bots: string[];
  wins: Record<string, number>;
  /** Win rate with its Wilson 95% interval, per counted key (bot or role). */
  winRates: Record<string, { rate: number; low: number; high: number }>;
  draws: number;
  /** Of `draws`: games the bots ended by agreeing a draw once the game had stopped moving (`Game.stalled`). */
  agreedDraws: number;
  /** The longest game: its actions, and its turns for games that count turns. */
  longest: { actions: number; turns?: number };
  /** Finished games per outcome reason (e.g. "nobles", "all-nobles"). */
  reasons: Record<string, number>;
  meanActions: number;
  gamesPerSecond: number;
  /**
   * Games per second of the process's CPU time (user + system, all its threads) while the games ran:
   * steadier than `gamesPerSecond` on a machine shared with other work. Absent when not timed.
   */
  gamesPerCpuSecond?: number;
  errors: { game: number; seed: string; actionIndex: number; message: string }[];
  /** Decision time percentiles per bot, in milliseconds. */
  decisionMs?: Record<string, { p50: number; p95: number; max: number }>;
  /** With two or more distinct bots: per bot, its games and outright wins in each role it sat in. */
  byRole?: Record<string, Record<Role, { games: number; wins: number }>>;
  /**
   * With two or more distinct bots: per bot in the first seat, its games and the outright wins per bot
   * in them (a tie among copies of one bot counts for it). With seats alternating between two bots in
   * a 4-player game, this is each bot's team result per seating (seats 1 and 3, or 2 and 4).
   */
  byFirstSeat?: Record<string, { games: number; wins: Record<string, number> }>;
}

/** The per-game task a worker (or the main thread) runs: everything needed to replay it. */
export interface GameTask {
  index: number;
  gameId: string;
  setup: SetupOptions;
  seats: Record<Role, string>;
  timeDecisions: boolean;
}

export function gameSeed(seed: string, index: number): string {
  return `${seed}:${index}`;
}

/** Seats rotate from game to game so each bot plays every role equally. */
export function seatsFor(roles: Role[], bots: string[], index: number): Record<Role, string> {
  const seats: Record<Role, string> = {};
  roles.forEach((r, i) => { seats[r] = bots[(i + index) % bots.length]!; });
  return seats;
}

export function runTask(task: GameTask): PlayedGame {
  const game = getGame(task.gameId);
  if (!game) throw new Error(`unknown game ${task.gameId}`);
  const cache = new Map<string, Bot>();
  const seats: Record<Role, Bot> = {};
  for (const [r, name] of Object.entries(task.seats)) {
    if (!cache.has(name)) cache.set(name, createBot(name));
    seats[r] = cache.get(name)!;
  }
  return playGame(game, task.setup, seats, { timeDecisions: task.timeDecisions });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

export function resolveSetup(game: AnyGame, o: Pick<SimOptions, 'scenario' | 'players' | 'variants'>, seed: string): SetupOptions {
  const scenario = o.scenario ?? game.scenarios[0];
  if (scenario !== undefined && !game.scenarios.includes(scenario)) {
    throw new RuleError('unknown-scenario', `Unknown scenario "${scenario}" for ${game.id} (known: ${game.scenarios.join(', ')})`);
  }
  const setup: SetupOptions = { seed };
  if (scenario !== undefined) setup.scenario = scenario;
  if (o.players !== undefined) setup.players = o.players;
  if (o.variants && Object.keys(o.variants).length > 0) setup.variants = o.variants;
  return setup;
}

export function makeTasks(o: SimOptions): GameTask[] {
  const game = getGame(o.game);
  if (!game) throw new Error(`Unknown game "${o.game}"`);
  for (const b of o.bots) createBot(b); // fail early on an unknown bot name
  const timeDecisions = o.bots.some((b) => b !== 'random');
  const tasks: GameTask[] = [];
  const first = o.first ?? 0;
  if (!Number.isInteger(first) || first < 0) throw new Error('the first game number must be a non-negative integer');
  for (let i = first; i < first + o.games; i++) {
    const setup = resolveSetup(game, o, gameSeed(o.seed, i));
    tasks.push({ index: i, gameId: game.id, setup, seats: seatsFor(game.roles(setup), o.bots, i), timeDecisions });
  }
  return tasks;
}

async function runOnWorkers(tasks: GameTask[], workers: number, onDone: (i: number, r: PlayedGame) => void): Promise<void> {
  const url = new URL('./sim-worker.js', import.meta.url);
  let next = 0;
  const one = (): Promise<void> => new Promise((resolve, reject) => {
    const w = new Worker(fileURLToPath(url));
    const feed = (): void => {
      if (next >= tasks.length) { void w.terminate().then(() => resolve()); return; }
      w.postMessage(tasks[next++]);
    };
    w.on('message', (m: { index: number; result: PlayedGame }) => { onDone(m.index, m.result); feed(); });
    w.on('error', reject);
    feed();
  });
  await Promise.all(Array.from({ length: Math.min(workers, tasks.length) }, one));
}

export async function simulate(o: SimOptions): Promise<SimResult> {
  const tasks = makeTasks(o);
  const results: PlayedGame[] = new Array(tasks.length);
  let done = 0;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const first = o.first ?? 0;
  const record = (i: number, r: PlayedGame): void => { results[i - first] = r; o.onGame?.(i, r); o.onProgress?.(++done); };
  if (o.workers <= 1) {
    for (const t of tasks) record(t.index, runTask(t));
  } else {
    await runOnWorkers(tasks, o.workers, record);
  }
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return summarize(o, tasks, results, seconds, (cpu.user + cpu.system) / 1e6);
}

function winnerKeys(outcome: Outcome, seats: Record<Role, string>, byBot: boolean): string[] {
  return byBot ? [...new Set(outcome.winners.map((r) => seats[r]!))] : outcome.winners;
}

export function summarize(o: SimOptions, tasks: GameTask[], results: PlayedGame[], seconds: number, cpuSeconds = 0): SimResult {
  const game = getGame(o.game)!;
  const byBot = new Set(o.bots).size > 1;
  const wins: Record<string, number> = {};
  const keys = byBot ? [...new Set(o.bots)] : game.roles(tasks[0]?.setup ?? { seed: o.seed });
  for (const k of keys) wins[k] = 0;
  let draws = 0, agreedDraws = 0, actions = 0;
  const longest: SimResult['longest'] = { actions: 0 };
  const reasons: Record<string, number> = {};
  const errors: SimResult['errors'] = [];
  const times: Record<string, number[]> = {};
  const byRole: NonNullable<SimResult['byRole']> = {};
  const byFirstSeat: NonNullable<SimResult['byFirstSeat']> = {};
  results.forEach((r, i) => {
    actions += r.actions;
    if (r.actions > longest.actions) longest.actions = r.actions;
    if (r.turns !== undefined && r.turns > (longest.turns ?? 0)) longest.turns = r.turns;
    for (const [b, ts] of Object.entries(r.decisionMs)) (times[b] ??= []).push(...ts);
    if (r.error) { errors.push({ game: tasks[i]?.index ?? i, ...r.error }); return; }
    if (!r.outcome) return;
    reasons[r.outcome.reason] = (reasons[r.outcome.reason] ?? 0) + 1;
    if (r.outcome.reason === AGREED_DRAW_REASON) agreedDraws++;
    if (byBot) {
      for (const [role, bot] of Object.entries(r.seats)) {
        const e = ((byRole[bot] ??= {})[role] ??= { games: 0, wins: 0 });
        e.games++;
        if (r.outcome.winners.length === 1 && r.outcome.winners[0] === role) e.wins++;
      }
    }
    const ws = winnerKeys(r.outcome, r.seats, byBot);
    if (byBot) {
      const first = Object.values(r.seats)[0]!;
      const e = (byFirstSeat[first] ??= { games: 0, wins: {} });
      e.games++;
      if (ws.length === 1) e.wins[ws[0]!] = (e.wins[ws[0]!] ?? 0) + 1;
    }
    if (ws.length !== 1) { draws++; return; }
    wins[ws[0]!] = (wins[ws[0]!] ?? 0) + 1;
  });
  const n = results.length;
  const winRates: SimResult['winRates'] = {};
  for (const [k, w] of Object.entries(wins)) {
    const [low, high] = wilson(w, n);
    winRates[k] = { rate: n ? w / n : 0, low, high };
  }
  const out: SimResult = {
    game: game.id,
    scenario: tasks[0]?.setup.scenario ?? game.scenarios[0] ?? '',
    games: n,
    first: o.first ?? 0,
    seed: o.seed,
    bots: o.bots,
    wins,
    winRates,
    draws,
    agreedDraws,
    longest,
    reasons,
    meanActions: n ? actions / n : 0,
    gamesPerSecond: seconds > 0 ? n / seconds : 0,
    ...(cpuSeconds > 0 ? { gamesPerCpuSecond: n / cpuSeconds } : {}),
    errors,
  };
  if (byBot) { out.byRole = byRole; out.byFirstSeat = byFirstSeat; }
  if (Object.keys(times).length > 0) {
    out.decisionMs = {};
    for (const [b, ts] of Object.entries(times)) {
      ts.sort((x, y) => x - y);
      out.decisionMs[b] = { p50: percentile(ts, 0.5), p95: percentile(ts, 0.95), max: ts[ts.length - 1] ?? 0 };
    }
  }
  return out;
}

/** One finished game as a line of a games log (`tabula sim --games-log`). */
export function gameRecord(index: number, g: PlayedGame): Record<string, unknown> {
  const decisions: Record<string, { n: number; ms: number }> = {};
  for (const [bot, ts] of Object.entries(g.decisionMs)) decisions[bot] = { n: ts.length, ms: Math.round(ts.reduce((a, b) => a + b, 0)) };
  return {
    game: index, seed: g.seed, seats: g.seats, winners: g.outcome?.winners ?? null, reason: g.outcome?.reason ?? null,
    actions: g.actions, ...(g.turns !== undefined ? { turns: g.turns } : {}), decisions, ...(g.error ? { error: g.error.message } : {}),
  };
}

/** An `onGame` that appends each game's record to `file` as it finishes (a stopped run keeps what it played). */
export function gameRecorder(file: string): (index: number, g: PlayedGame) => void {
  return (index, g) => appendFileSync(file, `${JSON.stringify(gameRecord(index, g))}\n`);
}
