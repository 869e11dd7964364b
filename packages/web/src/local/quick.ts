import { catalogOf, loadGame } from '../games.js';
import { randomSeed, saveCurrent } from './session.js';
import { navigate } from '../router.js';

/** The bot a newcomer meets by default: strong enough to play sensibly, quick enough on a phone. */
export const QUICK_BOT = 'mcts-easy';

/**
 * Starts a local game at once with the game's defaults: "bot" seats the player at the first side and a bot at
 * every other, "hotseat" seats a person at this device at every side.
 */
export async function quickStart(gameId: string, mode: 'bot' | 'hotseat'): Promise<void> {
  const m = await loadGame(gameId);
  const c = catalogOf(m.game);
  const roles = c.roles[c.players.default] ?? [];
  const seats = Object.fromEntries(roles.map((r, i) => [r, mode === 'hotseat' || i === 0 ? 'me' : QUICK_BOT]));
  saveCurrent({ game: gameId, seed: randomSeed(), options: { scenario: c.scenarios[0], players: c.players.min !== c.players.max ? c.players.default : undefined }, actions: [], seats });
  navigate('/local/play');
}
