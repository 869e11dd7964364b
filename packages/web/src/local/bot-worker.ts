/// <reference lib="webworker" />
// Bots think here, off the page's thread, with the bots package's protocol:
// BotRequest { id, game, bot, state, role, seed } -> BotResponse { id, action, ms } | { id, error: { message } }.
// The engine is loaded on demand and put in the registry the bots read.
import { answerBotRequest, type BotRequest } from '@tabula/bots';
import { getGame, register } from '@tabula/games';
import { loadEngine } from '../engines.js';

self.onmessage = async (e: MessageEvent<BotRequest>) => {
  const req = e.data;
  try {
    if (!getGame(req.game)) register((await loadEngine(req.game)).game);
    (self as unknown as Worker).postMessage(answerBotRequest(req));
  } catch (err) {
    (self as unknown as Worker).postMessage({ id: req.id, error: { message: err instanceof Error ? err.message : String(err) } });
  }
};
