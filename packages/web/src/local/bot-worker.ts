/// <reference lib="webworker" />
// Bots think here, off the page's thread, with the bots package's protocol:
// BotRequest { id, game, bot, state, role, seed } -> BotResponse { id, action, ms } | { id, error: { message } };
// AnalysisRequest { kind: 'analyse', ... } -> AnalysisMessage (progress ..., then the analysis or an error).
// The bots read games from the registry (@tabula/games), which holds every engine: this worker is its
// own chunk, loaded only when a local game has a bot seat, asks for a hint or is analysed.
import { answerAnalysisRequest, answerBotRequest, type AnalysisRequest, type BotRequest } from '@tabula/bots';

self.onmessage = (e: MessageEvent<BotRequest | AnalysisRequest>) => {
  const m = e.data;
  const post = (out: unknown) => (self as unknown as Worker).postMessage(out);
  if ('kind' in m && m.kind === 'analyse') answerAnalysisRequest(m, post);
  else post(answerBotRequest(m as BotRequest));
};
