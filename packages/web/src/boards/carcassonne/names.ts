// Carcassonne's actions in words, without a view (hints, analysis): a placement by where it lies from the
// start tile and how it is turned, a figure by its name; never coordinates or feature numbers.
import type { TFunction } from 'i18next';
import { whereWords } from './Board.js';

export function carcassonneActionName(t: TFunction, gameId: string, x: unknown): string | null {
  if (!x || typeof x !== 'object') return null;
  const a = x as Record<string, unknown> & { type: string };
  if (a.type === 'place' && typeof a.x === 'number' && typeof a.y === 'number') {
    const turned = typeof a.rot === 'number' && a.rot > 0 ? ` ↻ ${a.rot * 90}°` : '';
    return `${t('board.placeHere', { ns: gameId, where: whereWords(t, gameId, a.x, a.y) })}${turned}`;
  }
  if (a.type === 'follower' || a.type === 'shepherd' || a.type === 'skip' || a.type === 'grow' || a.type === 'drive') return t(`carc.${a.type}`);
  return null;
}
