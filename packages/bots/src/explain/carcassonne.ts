/**
 * Carcassonne: a bot's move explained from its knowledge's evaluation, the score every player would
 * have if the game ended now (`scoresIfEndedNow`), and the points the move scored at once. The board,
 * the tile in hand and the scores are public, so every number here is one the viewer may see.
 */
import { KIND_NAMES, ROLES, TILES, type CarcAction, type CarcState } from '@tabula/carcassonne';
import type { AnyGame, Role } from '@tabula/engine';
import { scoresIfEndedNow } from '../knowledge/carcassonne.js';
import { SEARCH_REASON, type MoveReason } from './types.js';

const placementType = (p: number): number => p & 127;

export function explainCarcassonne(game: AnyGame, state: unknown, role: Role, action: unknown, viewer: Role): MoveReason {
  const s = state as CarcState;
  const a = action as CarcAction;
  const me = ROLES.indexOf(role);
  if (me < 0) return SEARCH_REASON;
  const next = game.apply(s, role, a) as CarcState;
  const scored = next.scores[me]! - s.scores[me]!;
  const before = scoresIfEndedNow(game, s);
  const after = scoresIfEndedNow(game, next);
  const gain = after[me]! - before[me]!;
  const you = ROLES.indexOf(viewer);
  const taken = you >= 0 && you !== me ? before[you]! - after[you]! : 0;
  switch (a.type) {
    case 'place':
      if (gain > 0) return { key: 'bot.carc-place-gain', args: { points: gain } };
      if (taken > 0) return { key: 'bot.carc-place-block', args: { points: taken } };
      return { key: 'bot.carc-place' };
    case 'follower': {
      const last = s.tiles[s.tiles.length - 1]!;
      const kind = KIND_NAMES[TILES[placementType(last)]!.features[a.feature]!.kind]!;
      if (scored > 0) return { key: 'bot.carc-follower-closed', args: { feature: kind, points: scored } };
      return { key: 'bot.carc-follower', args: { feature: kind, points: Math.max(0, gain) } };
    }
    case 'skip':
      if (scored > 0) return { key: 'bot.carc-closed', args: { points: scored } };
      return { key: 'bot.carc-keep', args: { count: s.supply[me]! } };
    case 'shepherd': return { key: 'bot.carc-shepherd' };
    case 'drive': return scored > 0 ? { key: 'bot.carc-drive', args: { points: scored } } : SEARCH_REASON;
    case 'grow': return { key: 'bot.carc-grow' };
    default: return SEARCH_REASON;
  }
}
