#!/usr/bin/env node
// HACSE self-play with game lengths and "stopped moving" (issue 49). Plays the same games as
// `tabula sim hacse` with the same seed and bots (game i: seed "<seed>:<i>", bot RNG "bot:<seed>:<i>:<role>"),
// and records per game: winner, reason, turns, actions, the first turn at which `stoppedMoving` held
// (A21) and the longest quiet stretch in rounds.
//
//   node scripts/hacse-selfplay.mjs --scenario late --variant 'decks={"axis":"germany-early","allies":"soviet-late"}' \
//     --bots mcts-medium@100 --games 40 --seed 1 --log FILE.jsonl [--first N] [--max-turns 400]
//   node scripts/hacse-selfplay.mjs --summary FILE.jsonl...   (counts logs; a game recorded twice counts once)
import { appendFileSync, readFileSync } from 'node:fs';
import { Rng, listedActions } from '@tabula/engine';
import { getGame } from '@tabula/games';
import { createBot, wilson } from '@tabula/bots';
import { quietRounds, stoppedMoving } from '@tabula/hacse';

const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : dflt; };
const variants = {};
for (let i = 0; i < args.length; i++) {
  if (args[i] !== '--variant') continue;
  const [k, ...rest] = args[i + 1].split('=');
  const v = rest.join('=');
  try { variants[k] = JSON.parse(v); } catch { variants[k] = v; }
}

function summary(rows) {
  const n = rows.length;
  const wins = { axis: 0, allies: 0 }, reasons = {};
  for (const r of rows) {
    for (const w of r.winners) wins[w]++;
    reasons[r.reason] = (reasons[r.reason] ?? 0) + 1;
  }
  const pct = (x) => `${(100 * x).toFixed(1)}%`;
  console.log(`${n} games`);
  for (const side of ['axis', 'allies']) {
    const [lo, hi] = wilson(wins[side], n);
    console.log(`  ${side}: ${wins[side]} wins (${pct(wins[side] / n)}, Wilson 95% ${pct(lo)} - ${pct(hi)})`);
  }
  console.log(`  draws/unfinished: ${n - wins.axis - wins.allies}; reasons: ${JSON.stringify(reasons)}`);
  const turns = rows.filter((r) => r.reason !== 'unfinished').map((r) => r.turns).sort((a, b) => a - b);
  const q = (p) => turns[Math.min(turns.length - 1, Math.floor(p * turns.length))];
  if (turns.length) console.log(`  turns of finished games: p50 ${q(0.5)}, p90 ${q(0.9)}, p95 ${q(0.95)}, max ${turns[turns.length - 1]}`);
  for (const bound of [60, 80, 100, 120, 150, 200]) {
    const k = rows.filter((r) => r.reason !== 'unfinished' && r.turns <= bound).length;
    console.log(`  ended by breakthrough or annihilation within ${bound} turns: ${k}/${n} (${pct(k / n)})`);
  }
  const stalled = rows.filter((r) => r.stallTurn !== null);
  console.log(`  reached "stopped moving" (STALL_ROUNDS quiet rounds): ${stalled.length}/${n}; longest quiet stretch p50 ${[...rows].map((r) => r.maxQuiet).sort((a, b) => a - b)[Math.floor(n / 2)]} rounds, max ${Math.max(...rows.map((r) => r.maxQuiet))}`);
  console.log(`  games with a quiet stretch of at least N rounds: ${[5, 10, 15, 20, 25, 30].map((k) => `${k}: ${rows.filter((r) => r.maxQuiet >= k).length}`).join(', ')}`);
  const balances = {};
  for (const r of rows) if (r.balance) balances[r.balance] = (balances[r.balance] ?? 0) + 1;
  if (Object.keys(balances).length) console.log(`  Early-vs-Late option chosen: ${JSON.stringify(balances)}`);
  const playedIn = {};
  for (const r of rows) for (const c of r.played ?? []) playedIn[c] = (playedIn[c] ?? 0) + 1;
  console.log(`  cards played (games): ${Object.entries(playedIn).sort().map(([c, k]) => `${c} ${k}`).join(', ')}`);
  const endOrDraw = rows.filter((r) => r.reason !== 'unfinished' || r.stallTurn !== null).length;
  console.log(`  ended or stopped moving (a draw to offer): ${endOrDraw}/${n}`);
}

if (args[0] === '--summary') {
  const seen = new Map();
  for (const f of args.slice(1)) for (const line of readFileSync(f, 'utf8').split('\n')) if (line.trim()) { const r = JSON.parse(line); seen.set(`${r.scenario}|${JSON.stringify(r.variants)}|${r.seed}`, r); }
  summary([...seen.values()]);
  process.exit(0);
}

const game = getGame('hacse');
const scenario = opt('scenario', 'early');
const bots = opt('bots', 'mcts-medium@100').split(',');
const games = Number(opt('games', '10'));
const first = Number(opt('first', '0'));
const seed = opt('seed', '1');
const log = opt('log', null);
const maxTurns = Number(opt('max-turns', '400'));
const rows = [];
for (let i = first; i < first + games; i++) {
  const setup = { seed: `${seed}:${i}`, scenario, variants };
  const roles = game.roles(setup);
  const seats = {};
  roles.forEach((r, k) => { seats[r] = bots[(k + i) % bots.length]; });
  const made = {};
  for (const r of roles) made[r] = createBot(seats[r]);
  const rngs = Object.fromEntries(roles.map((r) => [r, new Rng(`bot:${setup.seed}:${r}`)]));
  let s = game.setup(setup);
  let n = 0, stallTurn = null, maxQuiet = 0;
  const played = new Set();
  let balance = null;
  for (;;) {
    const active = game.active(s);
    if (active.length === 0) break;
    if (s.turn > maxTurns) break;
    const role = active.find((r) => listedActions(game, s, r).length > 0);
    const a = made[role].choose(game, s, role, rngs[role]);
    // Cards played: placed units, played action/support/progress cards, the doctrine pick, and orders revealed in a combat.
    if ((a.type === 'place' || a.type === 'play' || a.type === 'doctrine') && a.card) played.add(a.card);
    if (a.type === 'commit' && a.order) played.add(a.order);
    if (a.type === 'balance') balance = `${role}:${a.option}`;
    s = game.apply(s, role, a);
    n++;
    const qr = quietRounds(s);
    if (qr > maxQuiet) maxQuiet = qr;
    if (stallTurn === null && stoppedMoving(s)) stallTurn = s.turn;
  }
  const out = game.outcome(s);
  const row = { game: i, seed: setup.seed, scenario, variants, seats, winners: out ? out.winners : [], reason: out ? out.reason : 'unfinished', turns: s.turn, actions: n, stallTurn, maxQuiet, die: s.die, balance, played: [...played].sort() };
  rows.push(row);
  if (log) appendFileSync(log, `${JSON.stringify(row)}\n`);
  console.error(`game ${i}: ${row.reason} ${row.winners.join(',')} turn ${row.turns} stall ${stallTurn}`);
}
summary(rows);
