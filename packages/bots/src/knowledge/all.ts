// Registers every game's knowledge (imported for its side effects by levels.ts).
import { registerKnowledge } from './index.js';
import { carcassonneKnowledge } from './carcassonne.js';
import { hacseKnowledge } from './hacse.js';
import { hammerKnowledge } from './hammer.js';

registerKnowledge('carcassonne', carcassonneKnowledge);
registerKnowledge('hacse', hacseKnowledge);
registerKnowledge('hammer-of-the-scots', hammerKnowledge);
