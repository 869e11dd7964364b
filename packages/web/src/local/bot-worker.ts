/// <reference lib="webworker" />
// Bots think here, off the page's thread, with the bots package's protocol:
// BotRequest { id, game, bot, state, role, seed } -> BotResponse { id, action, ms } | { id, error: { message } }.
// The bots read games from the registry (@tabula/games), which holds every engine: this worker is its
// own chunk, loaded only when a local game has a bot seat.
import { answerBotRequest, type BotRequest } from '@tabula/bots';

self.onmessage = (e: MessageEvent<BotRequest>) => {
  (self as unknown as Worker).postMessage(answerBotRequest(e.data));
};
