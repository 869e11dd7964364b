import type { Bot } from './bot.js';
import { randomBot } from './random.js';

/** Makes a bot; `param` is the text after '@' in a name like "mcts-hard@2000" (absent otherwise). */
export type BotFactory = (param?: string) => Bot;

const factories = new Map<string, BotFactory>([['random', () => randomBot]]);

/** Registers a bot factory under a name usable by `tabula sim --bots` and the server's bot seats. */
export function registerBot(name: string, make: BotFactory): void {
  factories.set(name, make);
}

export function botNames(): string[] {
  return [...factories.keys()];
}

/**
 * Creates a bot by name. "NAME@PARAM" calls NAME's factory with PARAM (for the MCTS levels: a fixed
 * iteration budget instead of a time budget, e.g. "mcts-hard@2000").
 */
export function createBot(name: string): Bot {
  const at = name.indexOf('@');
  const base = at < 0 ? name : name.slice(0, at);
  const make = factories.get(name) ?? factories.get(base);
  if (!make) throw new Error(`Unknown bot "${name}" (known: ${botNames().join(', ')})`);
  return at < 0 || factories.has(name) ? make() : make(name.slice(at + 1));
}
