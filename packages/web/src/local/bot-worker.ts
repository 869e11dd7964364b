/// <reference lib="webworker" />
// The page's bot worker: the bots package's one worker entry (moves, hints and analyses). The bots read the
// games from the registry, which holds every engine: this worker is its own chunk, loaded only when a local
// game has a bot seat, asks for a hint or is analysed.
import { registerTestGame } from '@tabula/games';
import '@tabula/bots/worker';

// The test game too (a Nim of a few lines): the page offers it only where its flag is set (test-game.ts),
// and a bot seat in it is then answered here.
registerTestGame();
