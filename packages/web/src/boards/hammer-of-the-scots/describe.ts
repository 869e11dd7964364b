// The map in words for a screen reader: an area's borders (to which areas, of which kind) and the
// summary the "I" key reads (the area, its blocks, its borders and what lies across them).
import type { HammerView } from '@tabula/hammer';
import type { BoardProps } from '../types.js';
import { AREA, BORDERS, areaName, sideName } from './data.js';
import { blockLabel } from './Block.js';
import { joinClauses, joinGroups, joinItems, joinSentences } from '../../i18n/join.js';

type T = BoardProps['t'];
const SEA_KEY: Record<string, string> = { 'North Sea': 'north-sea', 'Irish Sea': 'irish-sea' };

/** The areas across the borders of `id`, each with its border's kind. */
export function bordersOf(id: string): { area: string; minor: boolean; angloScottish: boolean }[] {
  return BORDERS.filter((b) => b.areas.includes(id))
    .map((b) => ({ area: b.areas[0] === id ? b.areas[1] : b.areas[0], minor: b.type === 'minor', angloScottish: b.angloScottish }));
}

/** "Borders: Lothian (major border), England (minor border, must stop, Anglo-Scottish); coast on the North Sea". */
export function bordersText(t: T, gameId: string, id: string): string {
  const list = bordersOf(id).map((b) => t('board.borderTo', {
    ns: gameId, area: areaName(t, gameId, b.area),
    kind: joinClauses(t, [t(b.minor ? 'board.kind.minor' : 'board.kind.major', { ns: gameId }), b.angloScottish ? t('board.kind.angloScottish', { ns: gameId }) : ''].filter(Boolean)),
  }));
  const seas = AREA.get(id)?.seas ?? [];
  const coast = seas.length
    ? t('board.coast', { ns: gameId, seas: joinItems(t, seas.map((s) => t(`board.sea.${SEA_KEY[s] ?? s}`, { ns: gameId, defaultValue: s }))) })
    : t('board.noCoast', { ns: gameId });
  return joinGroups(t, [t('board.borders', { ns: gameId, list: joinGroups(t, list) }), coast]);
}

/** An area's name and the blocks in it by side ("Fife, England blocks: 2"). */
function contents(t: T, gameId: string, view: HammerView, id: string): string {
  const blocks = view.areas.find((a) => a.id === id)?.blocks ?? [];
  const parts = [areaName(t, gameId, id)];
  for (const s of ['England', 'Scotland'] as const) {
    const n = blocks.filter((b) => b.side === s).length;
    if (n) parts.push(t('board.blockCount', { ns: gameId, count: n, side: sideName(t, gameId, s) }));
  }
  if (parts.length === 1) parts.push(t('board.empty', { ns: gameId }));
  return joinClauses(t, parts);
}

/** What the summary key reads for area `id`: `summary` (its name and marks), its blocks one by one, its borders, its neighbours' blocks. */
export function areaReadout(t: T, gameId: string, view: HammerView, id: string, summary: string): string {
  const blocks = view.areas.find((a) => a.id === id)?.blocks ?? [];
  const parts = [summary];
  if (blocks.length) parts.push(t('board.blocksHere', { ns: gameId, list: joinGroups(t, blocks.map((b) => blockLabel(t, gameId, b))) }));
  parts.push(bordersText(t, gameId, id));
  parts.push(t('board.neighbours', { ns: gameId, list: joinGroups(t, bordersOf(id).map((b) => contents(t, gameId, view, b.area))) }));
  return joinSentences(t, parts);
}
