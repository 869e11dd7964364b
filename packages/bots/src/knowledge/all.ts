// Registers every game's knowledge (imported for its side effects by levels.ts).
import { registerKnowledge } from './index.js';
import { carcassonneKnowledge } from './carcassonne.js';

registerKnowledge('carcassonne', carcassonneKnowledge);
