#!/usr/bin/env node
// Prints one line per HACSE self-play game: seed, outcome, number of actions and a digest of every
// action and of the final state. Run it on two builds with the same arguments and diff the outputs:
// an engine change that keeps behaviour plays the same games (same actions, same final state).
//
//   node scripts/hacse-same-games.mjs --bots mcts-medium@100 --games 10 --seed x [--scenario early]
//   node scripts/hacse-same-games.mjs --bots random --games 200 --seed s
import { createHash } from 'node:crypto';
import { Rng, listedActions } from '@tabula/engine';
import { getGame } from '@tabula/games';
import { createBot } from '@tabula/bots';

const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : dflt; };
const game = getGame('hacse');
const scenario = opt('scenario', 'early');
const bots = opt('bots', 'mcts-medium@100').split(',');
const games = Number(opt('games', '10'));
const seed = opt('seed', '1');
const maxTurns = Number(opt('max-turns', '400'));
const everyState = args.includes('--every-state');

for (let i = 0; i < games; i++) {
  const setup = { seed: `${seed}:${i}`, scenario, variants: {} };
  const roles = game.roles(setup);
  const made = {};
  roles.forEach((r, k) => { made[r] = createBot(bots[(k + i) % bots.length]); });
  const rngs = Object.fromEntries(roles.map((r) => [r, new Rng(`bot:${setup.seed}:${r}`)]));
  const digest = createHash('sha256');
  let s = game.setup(setup);
  let n = 0;
  for (;;) {
    const active = game.active(s);
    if (active.length === 0 || s.turn > maxTurns) break;
    const role = active.find((r) => listedActions(game, s, r).length > 0);
    digest.update(JSON.stringify(listedActions(game, s, role)));
    const a = made[role].choose(game, s, role, rngs[role]);
    digest.update(`${role}:${JSON.stringify(a)}\n`);
    s = game.apply(s, role, a);
    if (everyState) digest.update(JSON.stringify(s));
    n++;
  }
  digest.update(JSON.stringify(s));
  const out = game.outcome(s);
  console.log(`${setup.seed} ${out ? `${out.reason}:${out.winners.join('+')}` : 'unfinished'} turn ${s.turn} actions ${n} ${digest.digest('hex').slice(0, 16)}`);
}
