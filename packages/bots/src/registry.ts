import type { Bot } from './bot.js';
import { randomBot } from './random.js';

const factories = new Map<string, () => Bot>([['random', () => randomBot]]);

/** Registers a bot factory under a name usable by `tabula sim --bots` and the server's bot seats. */
export function registerBot(name: string, make: () => Bot): void {
  factories.set(name, make);
}

export function botNames(): string[] {
  return [...factories.keys()];
}

export function createBot(name: string): Bot {
  const make = factories.get(name);
  if (!make) throw new Error(`Unknown bot "${name}" (known: ${botNames().join(', ')})`);
  return make();
}
