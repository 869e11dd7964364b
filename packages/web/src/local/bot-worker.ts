/// <reference lib="webworker" />
// Bots think here, off the page's thread: { id, game, state, role, bot, seed } -> { id, action } | { id, error }.
import { Rng } from '@tabula/engine';
import { loadEngine } from '../engines.js';

interface Ask { id: number; game: string; state: unknown; role: string; bot: string; seed: string }

let botsModule: Promise<typeof import('@tabula/bots')> | null = null;

self.onmessage = async (e: MessageEvent<Ask>) => {
  const { id, game, state, role, bot, seed } = e.data;
  try {
    const { game: g } = await loadEngine(game);
    botsModule ??= import('@tabula/bots');
    const bots = await botsModule;
    const b = bots.botNames().includes(bot) ? bots.createBot(bot) : bots.createBot('random');
    const action = b.choose(g, state, role, new Rng(seed));
    (self as unknown as Worker).postMessage({ id, action });
  } catch (err) {
    (self as unknown as Worker).postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
};
