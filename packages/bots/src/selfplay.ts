import { Rng, listedActions, type AnyGame, type Outcome, type Role, type SetupOptions } from '@tabula/engine';
import type { Bot } from './bot.js';
import { AGREED_DRAW_REASON, botAcceptsDraw, botOffersDraw } from './draws.js';

export interface PlayedGame {
  seed: string;
  /** role -> bot name */
  seats: Record<Role, string>;
  outcome: Outcome | null;
  actions: number;
  /** The game's own turn count at the end, for games that count turns (`Game.turnCount`). */
  turns?: number;
  /** Per-bot decision times in milliseconds. */
  decisionMs: Record<string, number[]>;
  error?: { seed: string; actionIndex: number; message: string };
}

export interface SelfPlayOptions {
  maxActions?: number;
  /** Record decision times per bot (costs a clock read per decision). */
  timeDecisions?: boolean;
}

/**
 * Plays one game between bots, seat by seat. When several roles are active at once (simultaneous
 * choices), they are asked in role order. A throw is returned as `error` with its action index.
 */
export function playGame(game: AnyGame, setup: SetupOptions, seats: Record<Role, Bot>, opts: SelfPlayOptions = {}): PlayedGame {
  const maxActions = opts.maxActions ?? 100_000;
  const names: Record<Role, string> = {};
  for (const [r, b] of Object.entries(seats)) names[r] = b.name;
  const decisionMs: Record<string, number[]> = {};
  const rngs = new Map<Role, Rng>();
  for (const r of Object.keys(seats)) rngs.set(r, new Rng(`bot:${setup.seed}:${r}`));
  let n = 0;
  try {
    let state = game.setup(setup);
    for (;;) {
      const active = game.active(state);
      if (active.length === 0) break;
      if (n >= maxActions) throw new Error(`no outcome after ${maxActions} actions`);
      const role = active.find((r: Role) => listedActions(game, state, r).length > 0);
      if (role === undefined) throw new Error(`active roles ${active.join(',')} have no legal action`);
      const bot = seats[role];
      if (!bot) throw new Error(`no bot for role ${role}`);
      // Every seat is a bot: the one to act offers a draw when the game stalled, and every other seat accepts then.
      if (botOffersDraw(game, state) && game.roles(setup).every((r: Role) => r === role || botAcceptsDraw(game, state))) {
        return { seed: setup.seed, seats: names, outcome: { winners: [], reason: AGREED_DRAW_REASON }, actions: n, ...turnsOf(game, state), decisionMs };
      }
      const t0 = opts.timeDecisions ? performance.now() : 0;
      const action = bot.choose(game, state, role, rngs.get(role)!);
      if (opts.timeDecisions) (decisionMs[bot.name] ??= []).push(performance.now() - t0);
      state = game.apply(state, role, action);
      n++;
    }
    return { seed: setup.seed, seats: names, outcome: game.outcome(state), actions: n, ...turnsOf(game, state), decisionMs };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return { seed: setup.seed, seats: names, outcome: null, actions: n, decisionMs, error: { seed: setup.seed, actionIndex: n, message } };
  }
}

// The game's turnCount hook, not its view: a view costs a playout of a short game several per cent.
function turnsOf(game: AnyGame, state: unknown): { turns?: number } {
  return game.turnCount ? { turns: game.turnCount(state) } : {};
}

/** Wilson score interval (95% by default) for k successes out of n. */
export function wilson(k: number, n: number, z = 1.959963984540054): [number, number] {
  if (n === 0) return [0, 1];
  const p = k / n;
  const d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
