/// <reference lib="webworker" />
// The page's bot worker: the bots package's one worker entry (moves, hints and analyses). The bots read the
// games from the registry, which holds every engine: this worker is its own chunk, loaded only when a local
// game has a bot seat, asks for a hint or is analysed.
import '@tabula/bots/worker';
