import { isGameId, type GameId } from '@tabula/games/registry';
import type { LogLineT } from '@tabula/protocol';
import { carcassonneBreakdown } from './carcassonne/breakdown.js';

/** Per seat, points per scoring feature, read from a finished game's log. */
export type Breakdown = (log: LogLineT[]) => Record<string, Record<string, number>>;

/** Games whose result table splits the score by feature (when the outcome does not carry the split itself). */
const breakdowns: Record<GameId, Breakdown | null> = {
  carcassonne: carcassonneBreakdown,
  'hammer-of-the-scots': null,
  hacse: null,
};

export function breakdownFor(gameId: string): Breakdown | null {
  return isGameId(gameId) ? breakdowns[gameId] : null;
}
