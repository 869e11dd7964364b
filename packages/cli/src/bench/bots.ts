import { cpus } from 'node:os';
import type { AnyGame, SetupOptions } from '@tabula/engine';
import { isGameId, listGames, type GameId } from '@tabula/games';
import { levelIterations } from '@tabula/bots';
import { gameRecorder, simulate, type SimResult } from '../sim.js';
import type { Benchmark, BenchSection } from './types.js';

/**
 * Bot strength: hard vs random and hard vs medium per game and setup, seats alternating from game
 * to game, Wilson 95% intervals, decision-time percentiles.
 *
 * Configuration (environment, since `tabula bench` has no per-benchmark flags):
 * - TABULA_BENCH_BOT_GAMES: games per pairing (default 200; --quick: 4), or per label substring:
 *   "carcassonne=100,hacse=60,40" (first match wins; a bare number is the default for the rest)
 * - TABULA_BENCH_BOT_BUDGET: "time" (the levels' real time budgets, default) or "iterations"
 *   (each level at its fixed iteration budget: reproducible, see levelIterations in @tabula/bots)
 *   or a number N (hard at N iterations, medium at N/4)
 * - TABULA_BENCH_BOT_WORKERS: worker threads (default: number of cores)
 * - TABULA_BENCH_BOT_ONLY: comma-separated substrings of "game/setup" labels to run
 * - TABULA_BENCH_BOT_VS: opponents of hard, "random,medium" (default) or one of them
 * - TABULA_BENCH_BOT_FIRST: number of the first game (default 0): a pairing in parts (games are seeded by number)
 * - TABULA_BENCH_BOT_LOG: a file that gets one JSON line per finished game (`tabula sim --games-log`)
 * Carcassonne with 4 players seats two hard and two medium bots alternately (H M H M, then M H M H):
 * "hard wins" counts the games a hard bot finishes first (a tie between the two hard bots counts),
 * 50% is even; by seat it lists each seat's outright wins by the hard bot sitting there, and the team
 * result per seating.
 * Cost: games x decisions per game x budget / workers. With the time budgets, a hard-vs-random game
 * spends about half its decisions at <= 1 s, so a pairing of 200 games is hours on 2 cores.
 */
interface BotSetup { label: string; setup: Omit<SetupOptions, 'seed'> }

type Pick = (re: RegExp) => BotSetup[];
const scenariosOr = (pick: Pick, re: RegExp): BotSetup[] => { const s = pick(re); return s.length ? s : pick(/./); };

const BOT_BENCH_SETUPS: Record<GameId, (pick: Pick) => BotSetup[]> = {
  carcassonne: () => [{ label: '2 players', setup: { players: 2 } }, { label: '4 players', setup: { players: 4 } }],
  'hammer-of-the-scots': (pick) => scenariosOr(pick, /brave|bruce/i),
  hacse: (pick) => scenariosOr(pick, /early|late/i),
};

/** The setups the bot benchmark plays of a game; none for a game added at run time. */
export function botBenchSetups(game: AnyGame): BotSetup[] {
  const pick: Pick = (re) => game.scenarios.filter((s) => re.test(s)).map((s) => ({ label: s, setup: { scenario: s } }));
  return isGameId(game.id) ? BOT_BENCH_SETUPS[game.id](pick) : [];
}

export function botName(level: string, budget: string): string {
  if (budget === 'time') return level;
  if (budget === 'iterations') return `${level}@${levelIterations[level]}`;
  const n = Number(budget);
  if (!Number.isInteger(n) || n < 1) throw new Error(`TABULA_BENCH_BOT_BUDGET must be time, iterations or a number, not ${budget}`);
  return `${level}@${level === 'mcts-hard' ? n : Math.max(1, Math.round(n / 4))}`;
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** Games per pairing for a "game/setup" label from TABULA_BENCH_BOT_GAMES (see above). */
export function gamesFor(spec: string, label: string, fallback: number): number {
  let n = fallback;
  for (const part of spec.split(',').map((x) => x.trim()).filter(Boolean)) {
    const eq = part.indexOf('=');
    if (eq < 0) { n = Number(part); continue; }
    if (label.includes(part.slice(0, eq))) { n = Number(part.slice(eq + 1)); break; }
  }
  if (!Number.isInteger(n) || n < 1) throw new Error(`TABULA_BENCH_BOT_GAMES: no positive game count for ${label} in "${spec}"`);
  return n;
}

export const botsBench: Benchmark = {
  name: 'bots',
  async run({ quick, log }): Promise<BenchSection> {
    const env = typeof process !== 'undefined' ? process.env : {};
    const gamesSpec = env.TABULA_BENCH_BOT_GAMES ?? (quick ? '4' : '200');
    const budget = env.TABULA_BENCH_BOT_BUDGET ?? (quick ? 'iterations' : 'time');
    const workers = Number(env.TABULA_BENCH_BOT_WORKERS ?? cpus().length);
    const only = env.TABULA_BENCH_BOT_ONLY?.split(',').map((s) => s.trim()).filter(Boolean);
    const hard = botName('mcts-hard', budget), medium = botName('mcts-medium', budget);
    const vs = (env.TABULA_BENCH_BOT_VS ?? 'random,medium').split(',').map((x) => x.trim());
    if (vs.some((x) => x !== 'random' && x !== 'medium')) throw new Error(`TABULA_BENCH_BOT_VS: random and/or medium, not ${vs.join(',')}`);
    const opponents = vs.map((x) => (x === 'medium' ? medium : 'random'));
    const first = Number(env.TABULA_BENCH_BOT_FIRST ?? 0);
    if (!Number.isInteger(first) || first < 0) throw new Error(`TABULA_BENCH_BOT_FIRST must be a non-negative integer, not ${env.TABULA_BENCH_BOT_FIRST}`);
    const record = env.TABULA_BENCH_BOT_LOG ? gameRecorder(env.TABULA_BENCH_BOT_LOG) : undefined;
    const rows: Record<string, string | number>[] = [];
    for (const game of listGames()) {
      for (const b of botBenchSetups(game)) {
        const label = `${game.id}/${b.label}`;
        if (only && !only.some((o) => label.includes(o))) continue;
        const games = gamesFor(gamesSpec, label, 200);
        for (const opp of opponents) {
          const t0 = performance.now();
          const r: SimResult = await simulate({
            game: game.id, scenario: b.setup.scenario, players: b.setup.players, games, first, seed: `bots:${label}`,
            bots: [hard, opp], workers, onGame: record,
          });
          const secs = (performance.now() - t0) / 1000;
          const w = r.winRates[hard]!;
          const dt = r.decisionMs?.[hard];
          let sides = Object.entries(r.byRole?.[hard] ?? {}).map(([role, e]) => `${role} ${e.wins}/${e.games}`).join(', ');
          const roles = game.roles({ seed: 'x', ...b.setup });
          if (roles.length === 4) {
            const h = r.byFirstSeat?.[hard], o = r.byFirstSeat?.[opp];
            const seat = (i: number): string => roles[i]!;
            sides += `; hard first with hard in ${seat(0)}+${seat(2)}: ${h?.wins[hard] ?? 0}/${h?.games ?? 0}, in ${seat(1)}+${seat(3)}: ${o?.wins[hard] ?? 0}/${o?.games ?? 0}`;
          }
          const row = {
            game: game.id, setup: b.label, pairing: `${hard} vs ${opp}`, games: first ? `${r.games} (games ${first}-${first + r.games - 1})` : r.games,
            'hard wins': r.wins[hard] ?? 0, draws: r.draws, 'win rate': pct(w.rate), 'Wilson 95%': `${pct(w.low)} - ${pct(w.high)}`,
            score: pct(r.games ? ((r.wins[hard] ?? 0) + r.draws / 2) / r.games : 0), 'hard wins by side': sides,
            'hard p50 ms': Number((dt?.p50 ?? 0).toFixed(1)), 'hard p95 ms': Number((dt?.p95 ?? 0).toFixed(1)),
            'hard max ms': Number((dt?.max ?? 0).toFixed(1)), errors: r.errors.length, 'wall s': Math.round(secs),
          };
          log(`${label} ${row.pairing}: ${row['win rate']} (${row['Wilson 95%']}), p95 ${row['hard p95 ms']} ms, ${row['wall s']} s`);
          rows.push(row);
        }
      }
    }
    const head = '| game | setup | pairing | games | hard wins | draws | win rate | Wilson 95% | score | hard wins by side | hard p50 ms | hard p95 ms | hard max ms | errors | wall s |\n|---|---|---|---:|---:|---:|---:|---|---:|---|---:|---:|---:|---:|---:|\n';
    const body = rows.map((r) => `| ${r.game} | ${r.setup} | ${r.pairing} | ${r.games} | ${r['hard wins']} | ${r.draws} | ${r['win rate']} | ${r['Wilson 95%']} | ${r.score} | ${r['hard wins by side']} | ${r['hard p50 ms']} | ${r['hard p95 ms']} | ${r['hard max ms']} | ${r.errors} | ${r['wall s']} |`).join('\n');
    return {
      title: 'Bot strength (MCTS levels)',
      command: `TABULA_BENCH_BOT_GAMES=${gamesSpec.includes('=') ? `"${gamesSpec}"` : gamesSpec} TABULA_BENCH_BOT_BUDGET=${budget} TABULA_BENCH_BOT_WORKERS=${workers}${only ? ` TABULA_BENCH_BOT_ONLY=${only.join(',')}` : ''}${env.TABULA_BENCH_BOT_VS ? ` TABULA_BENCH_BOT_VS=${vs.join(',')}` : ''}${first ? ` TABULA_BENCH_BOT_FIRST=${first}` : ''} npx tabula bench --only bots`,
      markdown: `${head}${body}\n\nSeats alternate from game to game (each bot plays each side equally often). A draw counts as not a win; "score" counts it as half a win, as game-playing programs are usually rated. ` +
        `Decision times are wall-clock per decision of the hard bot, measured in worker threads sharing ${workers} worker(s) on this machine.`,
      rows,
    };
  },
};
