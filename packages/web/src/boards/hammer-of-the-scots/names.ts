// Hammer's actions in words, without a view (hints, analysis): blocks, areas and cards by the board's names.
import type { TFunction } from 'i18next';
import { areaName, blockName, cardLabel } from './data.js';

export function hammerActionName(t: TFunction, gameId: string, x: unknown): string | null {
  if (!x || typeof x !== 'object') return null;
  const a = x as Record<string, unknown> & { type: string };
  const an = (id: string) => areaName(t, gameId, id);
  if (a.type === 'pillage') return t('board.pillage', { ns: gameId, area: an(a.area as string), from: an(a.from as string) });
  const parts: string[] = [];
  if (typeof a.card === 'number') parts.push(cardLabel(t, gameId, a.card));
  if (typeof a.block === 'string') parts.push(blockName(t, gameId, a.block));
  if (typeof a.noble === 'string') parts.push(blockName(t, gameId, a.noble));
  if (typeof a.from === 'string') parts.push(an(a.from));
  if (typeof a.area === 'string') parts.push(an(a.area));
  if (typeof a.to === 'string') parts.push(`→ ${an(a.to)}`);
  if (typeof a.king === 'string') parts.push(a.king);
  if (typeof a.winter === 'boolean') parts.push(a.winter ? t('common.yes') : t('common.no'));
  if (typeof a.selkirk === 'boolean') parts.push(a.selkirk ? t('common.yes') : t('common.no'));
  const verb = t(`action.${a.type}`, { ns: gameId, defaultValue: '' }) || t(`hammer.act.${a.type}`, { defaultValue: a.type });
  return parts.length ? `${verb}${t('hammer.act.sep', { defaultValue: ': ' })}${parts.join(' ')}` : verb;
}
