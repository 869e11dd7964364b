import { RuleError, RuleCodes, listedActions, type AnyGame, type Role, type Rng } from '@tabula/engine';
import type { Bot } from './bot.js';

/** Uniform random choice among the legal actions. */
export const randomBot: Bot = {
  name: 'random',
  choose(game: AnyGame, state: unknown, role: Role, rng: Rng): unknown {
    const acts = listedActions(game, state, role);
    if (acts.length === 0) throw new RuleError(RuleCodes.notYourTurn, `${role} has no legal action`);
    return acts[rng.int(acts.length)];
  },
};
