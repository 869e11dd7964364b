#!/usr/bin/env node
// HACSE engine speed in one process: random playouts (games/s) and MCTS iterations/s at a fixed budget.
// The same seeds play the same games on every build, so two builds compare like for like. Times are this
// process's CPU time (user + system), less disturbed than wall time on a shared machine.
//
//   node scripts/hacse-speed.mjs random [--games 2000] [--seed s] [--scenario early]
//   node scripts/hacse-speed.mjs mcts [--bots mcts-medium@100] [--games 3] [--seed p1] [--scenario early]
import { Rng, listedActions } from '@tabula/engine';
import { getGame } from '@tabula/games';
import { createBot } from '@tabula/bots';

const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : dflt; };
const mode = args[0] ?? 'random';
const game = getGame('hacse');
const scenario = opt('scenario', 'early');
const seed = opt('seed', mode === 'random' ? 's' : 'p1');
const games = Number(opt('games', mode === 'random' ? '2000' : '3'));
const bots = opt('bots', mode === 'random' ? 'random' : 'mcts-medium@100').split(',');

let iterations = 0, searchMs = 0, actions = 0;
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const t0 = cpu();
for (let i = 0; i < games; i++) {
  const setup = { seed: `${seed}:${i}`, scenario, variants: {} };
  const roles = game.roles(setup);
  const made = {};
  roles.forEach((r, k) => { made[r] = createBot(bots[(k + i) % bots.length]); });
  const rngs = Object.fromEntries(roles.map((r) => [r, new Rng(`bot:${setup.seed}:${r}`)]));
  let s = game.setup(setup);
  for (;;) {
    const active = game.active(s);
    if (active.length === 0 || s.turn > 400) break;
    const role = active.find((r) => listedActions(game, s, r).length > 0);
    const bot = made[role];
    const c0 = cpu();
    const a = bot.choose(game, s, role, rngs[role]);
    if (bot.last) { iterations += bot.last.iterations; if (bot.last.iterations > 0) searchMs += cpu() - c0; }
    s = game.apply(s, role, a);
    actions++;
  }
}
const sec = (cpu() - t0) / 1000;
if (mode === 'random') console.log(`hacse ${scenario} random: ${games} games, ${actions} actions in ${sec.toFixed(2)} s CPU: ${(games / sec).toFixed(1)} games/s`);
else console.log(`hacse ${scenario} ${bots.join(',')}: ${games} games, ${actions} actions, ${iterations} iterations in ${(searchMs / 1000).toFixed(2)} s CPU of search: ${(iterations / (searchMs / 1000)).toFixed(0)} iterations/s (${(1000 * searchMs / iterations).toFixed(0)} µs each)`);
