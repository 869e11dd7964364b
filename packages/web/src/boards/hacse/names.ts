// HACSE's actions in words, without a view (hints, analysis): cards by name, zones by the game's words.
import type { TFunction } from 'i18next';

export function hacseActionName(t: TFunction, gameId: string, x: unknown): string | null {
  if (!x || typeof x !== 'object') return null;
  const a = x as Record<string, unknown> & { type: string };
  const cardName = (id: string) => t(`card.${id}.name`, { ns: gameId, defaultValue: t('game.aCard') });
  const zoneName = (z: string) => t(`zone.${z}`, { ns: gameId, defaultValue: z });
  const parts: string[] = [];
  if (typeof a.card === 'string') parts.push(cardName(a.card));
  if (typeof a.uid === 'string' || typeof a.attacker === 'string' || typeof a.target === 'string') parts.push(t('game.aUnit'));
  if (typeof a.zone === 'string') parts.push(`→ ${zoneName(a.zone)}`);
  if (typeof a.to === 'string') parts.push(`→ ${zoneName(a.to)}`);
  if (a.type === 'commit') parts.push(a.order === null ? t('hacse.noOrder') : `${t('hacse.orderSep', { defaultValue: ': ' })}${cardName(String(a.order))}`);
  const verb = t(`hacse.act.${a.type}`, { defaultValue: a.type });
  return parts.length ? `${verb} ${parts.join(' ')}` : verb;
}
