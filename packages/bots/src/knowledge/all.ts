// Every shipped game's knowledge (imported for its side effects by levels.ts); a game missing here is a compile error.
import type { GameId } from '@tabula/games/registry';
import { registerKnowledge, type Knowledge } from './index.js';
import { carcassonneKnowledge } from './carcassonne.js';
import { hacseKnowledge } from './hacse.js';
import { hammerKnowledge } from './hammer.js';

export const KNOWLEDGE: Record<GameId, Knowledge> = {
  carcassonne: carcassonneKnowledge,
  'hammer-of-the-scots': hammerKnowledge,
  hacse: hacseKnowledge,
};

for (const [id, k] of Object.entries(KNOWLEDGE)) registerKnowledge(id, k);
