#!/usr/bin/env node
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command } from 'commander';
import { isRuleError, parseGameLog, replay } from '@tabula/engine';
import { getGame, listGames } from '@tabula/games';
import { gameRecorder, simulate, type SimResult } from './sim.js';
import { parseGamesLog, summarizeGamesLog } from './games-log.js';
import { benchmarks, renderMarkdown, writeBenchmarks } from './bench/index.js';
import { parseVariant } from './variants.js';
import { tuneForShortRuns } from './jit.js';

const program: Command = new Command();
program.name('tabula').description('Tabula: board and card games with server-enforced rules').showHelpAfterError();

async function progressBar(): Promise<{ start(total: number, value: number): void; update(value: number): void; stop(): void }> {
  const { default: cliProgress } = await import('cli-progress');
  return new cliProgress.SingleBar({ stream: process.stderr, format: 'sim {bar} {value}/{total} games | {eta_formatted} left', hideCursor: true, noTTYOutput: false, etaBuffer: 50 }, cliProgress.Presets.shades_classic);
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function pct(x: number): string {
  return `${(100 * x).toFixed(1)}%`;
}

function printSummary(r: SimResult): void {
  const rows = Object.entries(r.winRates).map(([k, w]) => ({ 'bot / role': k, wins: r.wins[k], rate: pct(w.rate), 'Wilson 95%': `${pct(w.low)} - ${pct(w.high)}` }));
  console.log(`${r.game} / ${r.scenario}: ${r.games} games, seed ${JSON.stringify(r.seed)}, bots ${r.bots.join(', ')}`);
  console.table(rows);
  console.log(`draws ${r.draws} (by agreement ${r.agreedDraws}, other ${r.draws - r.agreedDraws}), longest game ${r.longest.actions} actions${r.longest.turns !== undefined ? ` / ${r.longest.turns} turns` : ''}`);
  console.log(`mean actions ${r.meanActions.toFixed(1)}${r.gamesPerSecond > 0 ? `, ${r.gamesPerSecond.toFixed(1)} games/s` : ''}, errors ${r.errors.length}`);
  const ends = Object.entries(r.reasons).sort((a, b) => b[1] - a[1]);
  if (ends.length > 0) console.log(`ends: ${ends.map(([reason, n]) => `${reason} ${n}`).join(', ')}`);
  for (const [b, roles] of Object.entries(r.byRole ?? {})) console.log(`${b} by role: ${Object.entries(roles).map(([role, e]) => `${role} ${e.wins}/${e.games}`).join(', ')}`);
  if (r.decisionMs) for (const [b, t] of Object.entries(r.decisionMs)) console.log(`decision time ${b}: p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms, max ${t.max.toFixed(1)} ms`);
  for (const e of r.errors.slice(0, 10)) console.log(`error in game ${e.game} (seed ${JSON.stringify(e.seed)}, action ${e.actionIndex}): ${e.message}`);
}

program
  .command('sim')
  .description('play games between bots')
  .argument('<game>', `game id (${listGames().map((g) => g.id).join(', ') || 'none registered'})`)
  .option('--scenario <id>', 'scenario id')
  .option('--players <n>', 'number of players', (v) => Number.parseInt(v, 10))
  .option('--variant <key=value>', 'game variant (repeatable)', collect, [] as string[])
  .option('--games <n>', 'number of games', (v) => Number.parseInt(v, 10), 100)
  .option('--seed <s>', 'base seed', '1')
  .option('--first <n>', 'number of the first game (games n .. n + games - 1: a long run in parts)', (v) => Number.parseInt(v, 10), 0)
  .option('--games-log <file>', 'append one JSON line per finished game (number, seed, seats, winners, actions, error)')
  .option('--bots <list>', 'comma-separated bot names, cycled over the seats', 'random')
  .option('--workers <k>', 'worker threads', (v) => Number.parseInt(v, 10), 1)
  .option('--json', 'print one JSON object on stdout')
  .action(async (gameId: string, o: { scenario?: string; players?: number; variant: string[]; games: number; first: number; gamesLog?: string; seed: string; bots: string; workers: number; json?: boolean }) => {
    if (!getGame(gameId)) program.error(`unknown game "${gameId}" (known: ${listGames().map((g) => g.id).join(', ')})`);
    if (!(o.games >= 1)) program.error('--games must be a positive integer');
    if (!(o.first >= 0)) program.error('--first must be a non-negative integer');
    if (!(o.workers >= 1)) program.error('--workers must be a positive integer');
    const variants: Record<string, unknown> = {};
    for (const v of o.variant) { const [k, val] = parseVariant(v); variants[k] = val; }
    tuneForShortRuns(gameId);
    const showBar = process.stderr.isTTY === true;
    // The progress bar only on a terminal (loaded only then: a scripted run starts sooner).
    const bar = showBar ? await progressBar() : null;
    bar?.start(o.games, 0);
    try {
      const result = await simulate({
        game: gameId, scenario: o.scenario, players: o.players, variants, games: o.games, first: o.first, seed: o.seed,
        bots: o.bots.split(',').map((b) => b.trim()).filter(Boolean), workers: o.workers,
        onProgress: (d) => bar?.update(d),
        onGame: o.gamesLog ? gameRecorder(o.gamesLog) : undefined,
      });
      bar?.stop();
      if (o.json) process.stdout.write(`${JSON.stringify(result)}\n`);
      else printSummary(result);
    } catch (e) {
      bar?.stop();
      program.error(e instanceof Error ? e.message : String(e));
    }
  });

program
  .command('games-log')
  .description('count the games of one run from its games logs (`sim --games-log`; parts of a split run may be given together)')
  .argument('<game>', 'game id the games were played in')
  .argument('<files...>', 'games log files (JSON lines)')
  .option('--scenario <id>', 'scenario the games were played in (for the heading)')
  .option('--json', 'print one JSON object on stdout')
  .action((gameId: string, files: string[], o: { scenario?: string; json?: boolean }) => {
    const game = getGame(gameId);
    if (!game) program.error(`unknown game "${gameId}" (known: ${listGames().map((g) => g.id).join(', ')})`);
    if (o.scenario !== undefined && !game.scenarios.includes(o.scenario)) program.error(`unknown scenario "${o.scenario}" for ${gameId} (known: ${game.scenarios.join(', ')})`);
    let summary;
    try {
      const records = files.flatMap((f) => parseGamesLog(readFileSync(resolve(f), 'utf8'), f));
      summary = summarizeGamesLog(gameId, records, o.scenario);
    } catch (e) {
      program.error(e instanceof Error ? e.message : String(e));
    }
    if (o.json) { process.stdout.write(`${JSON.stringify(summary)}\n`); return; }
    printSummary(summary);
    for (const [bot, ms] of Object.entries(summary.meanDecisionMs)) console.log(`mean decision time ${bot}: ${ms.toFixed(1)} ms`);
    if (summary.repeated > 0) console.log(`${summary.repeated} line(s) repeated a game number: the last line of each counts`);
    if (summary.missing.length > 0) console.log(`missing games: ${summary.missing.length} (${summary.missing.slice(0, 20).join(', ')}${summary.missing.length > 20 ? ', ...' : ''})`);
  });

program
  .command('replay')
  .description('check and summarise a game log (the JSON the API exports)')
  .argument('<file>', 'log file')
  .option('--json', 'print the summary as JSON')
  .action((file: string, o: { json?: boolean }) => {
    let log;
    try {
      log = parseGameLog(JSON.parse(readFileSync(resolve(file), 'utf8')) as unknown);
    } catch (e) {
      program.error(`${file}: ${e instanceof Error ? e.message : String(e)}`);
    }
    const game = getGame(log.game);
    if (!game) program.error(`${file}: unknown game "${log.game}"`);
    try {
      const state = replay(game, log);
      const outcome = game.outcome(state);
      const summary = { ok: true, game: log.game, seed: log.seed, options: log.options, actions: log.actions.length, finished: outcome !== null, outcome, active: game.active(state) };
      if (o.json) console.log(JSON.stringify(summary));
      else {
        console.log(`${log.game}: ${log.actions.length} actions replayed, all legal.`);
        console.log(outcome ? `Finished: winners ${outcome.winners.join(', ') || 'none'} (${outcome.reason})${outcome.scores ? ` scores ${JSON.stringify(outcome.scores)}` : ''}` : `Not finished: ${game.active(state).join(', ')} to act.`);
      }
    } catch (e) {
      if (isRuleError(e)) program.error(`${file}: illegal log: ${e.message} [${e.code}]`);
      throw e;
    }
  });

program
  .command('bench')
  .description('run the benchmarks, print a table and write docs/benchmarks.md')
  .option('--only <names>', `comma-separated subset (${benchmarks.map((b) => b.name).join(', ')})`)
  .option('--quick', 'fewer games, for a smoke run (does not write the file unless --out is given)')
  .option('--out <file>', 'markdown file to write', 'docs/benchmarks.md')
  .action(async (o: { only?: string; quick?: boolean; out: string }, cmd: Command) => {
    const only = o.only?.split(',').map((s) => s.trim());
    const chosen = benchmarks.filter((b) => !only || only.includes(b.name));
    if (chosen.length === 0) program.error(`no benchmark matches ${o.only}`);
    const sections = [];
    const out = resolve(o.out);
    const previous = existsSync(out) ? readFileSync(out, 'utf8') : '';
    for (const entry of chosen) {
      const b = await entry.load();
      console.error(`running ${b.name}...`);
      const s = await b.run({ quick: o.quick === true, log: (l) => console.error(`  ${l}`), previous });
      console.log(`\n${s.title}`);
      console.table(s.rows);
      sections.push(s);
    }
    const command = `npx tabula bench${o.only ? ` --only ${o.only}` : ''}${o.quick ? ' --quick' : ''}`;
    if (!o.quick || cmd.getOptionValueSource('out') === 'cli') {
      writeBenchmarks(out, renderMarkdown(sections, command, previous));
      console.error(`wrote ${o.out}`);
    }
    // Last, so they are what the developer sees when the run ends.
    const warnings = sections.flatMap((s) => s.warnings ?? []);
    if (warnings.length > 0) console.error(`\n${warnings.join('\n')}`);
  });

program
  .command('serve')
  .description('serve the HTTP/WebSocket API and the built web client')
  .option('--port <n>', 'port', (v) => Number.parseInt(v, 10), 8080)
  .option('--host <h>', 'interface to listen on', '127.0.0.1')
  .option('--db <url>', 'sqlite:PATH or postgres://...', 'sqlite:./data/tabula.db')
  .option('--redis <url>', 'redis://... to fan out updates between several server processes')
  .option('--bot-threads <k>', 'worker threads for bot seats', (v) => Number.parseInt(v, 10), 1)
  .option('--bot-think <ms>', 'pause before a bot moves', (v) => Number.parseInt(v, 10), 400)
  .option('--smtp <url>', 'smtp://user:pass@host:587 (or smtps://...): email notifications to players who are not connected (none: no mail)')
  .option('--mail-from <address>', 'From of notification mail (default "Tabula <tabula@HOST>" with HOST from --public-url)')
  .option('--public-url <url>', 'the address players reach this server at, for links in mail and webhooks (default: the listening address)')
  .option('--allow-private-webhooks', 'let webhooks call loopback, private and link-local addresses (closed networks only)')
  .option('--log-level <level>', 'fatal, error, warn, info or debug (debug also logs every request)', 'info')
  .option('--analysis-iterations <n>', 'MCTS iterations per decision of post-game analyses instead of the fixed per-game budget (tests only)', (v) => Number.parseInt(v, 10))
  .action(async (o: { port: number; host: string; db: string; redis?: string; botThreads: number; botThink: number; smtp?: string; mailFrom?: string; publicUrl?: string; allowPrivateWebhooks?: boolean; analysisIterations?: number; logLevel: string }) => {
    const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
    const logLevel = levels.find((l) => l === o.logLevel);
    if (!logLevel) program.error(`--log-level must be one of ${levels.join(', ')}`);
    if (!(o.port >= 0 && o.port < 65536)) program.error('--port must be 0-65535');
    if (o.smtp !== undefined && !/^smtps?:\/\//.test(o.smtp)) program.error('--smtp must be smtp://... or smtps://...');
    const { createServer } = await import('@tabula/server');
    const server = await createServer({
      db: o.db, redis: o.redis, bots: { threads: o.botThreads, thinkMs: o.botThink },
      ...(o.smtp ? { smtp: o.smtp } : {}), ...(o.mailFrom ? { mailFrom: o.mailFrom } : {}), ...(o.publicUrl ? { publicUrl: o.publicUrl } : {}),
      allowPrivateWebhooks: o.allowPrivateWebhooks === true, logLevel,
      ...(o.analysisIterations !== undefined && o.analysisIterations > 0 ? { analysis: { iterations: o.analysisIterations } } : {}),
    });
    // A stray rejection (a bug, or a dependency failing outside a request) is logged; the process keeps serving.
    process.on('unhandledRejection', (err) => server.app.log.error({ err }, 'unhandled rejection'));
    const stop = (): void => { void server.close().finally(() => process.exit(0)); };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    const addr = await server.listen(o.port, o.host);
    server.app.log.info(`Tabula listening on ${addr} (db ${o.db.startsWith('postgres') ? 'postgres' : o.db}${o.redis ? ', redis fan-out' : ''}${o.smtp ? ', mail' : ''})`);
  });

program
  .command('moderator')
  .description('grant or revoke the moderator role of an account (moderators see the report queue and may warn, mute and ban)')
  .argument('<op>', 'grant or revoke')
  .argument('<name>', 'account name')
  .option('--db <url>', 'sqlite:PATH or postgres://...', 'sqlite:./data/tabula.db')
  .action(async (op: string, name: string, o: { db: string }) => {
    if (op !== 'grant' && op !== 'revoke') program.error('the first argument is grant or revoke');
    const { openStore, setModerator } = await import('@tabula/server');
    const store = await openStore(o.db);
    try {
      const r = await setModerator(store, name, op === 'grant');
      console.log(`${r.name} ${op === 'grant' ? 'is a moderator' : 'is no longer a moderator'}${r.changed ? '' : ' (unchanged)'}.`);
    } catch (e) {
      console.error(e instanceof Error ? e.message : String(e));
      process.exitCode = 1;
    } finally {
      await store.close();
    }
  });

await program.parseAsync(process.argv);
