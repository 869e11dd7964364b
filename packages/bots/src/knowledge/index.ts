import type { Knowledge } from './types.js';

export { leafWeightOf, type Knowledge } from './types.js';

const byGame = new Map<string, Knowledge>();

/** Registers the rollout policy / evaluation for a game id; the MCTS bots pick it up by `game.id`. */
export function registerKnowledge(gameId: string, k: Knowledge): void {
  byGame.set(gameId, k);
}

export function knowledgeFor(gameId: string): Knowledge | undefined {
  return byGame.get(gameId);
}
