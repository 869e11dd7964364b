// The published components the board draws, from the game data, and their names.
import { HAMMER_DATA as data } from '@tabula/hammer';
import type { BoardProps } from '../types.js';

export interface AreaData { id: string; name: string; country: string; castleLimit: number; cathedral: boolean; coastal: boolean; seas?: string[]; nobleHome: string[]; boardPosition: { x: number; y: number } }
export interface BorderData { id: string; areas: [string, string]; type: string; angloScottish: boolean }
export interface BlockData { id: string; name: string; side: string; type: string; move: number; combat: string; maxSteps: number }
export const AREAS = data.areas as unknown as AreaData[];
export const AREA = new Map(AREAS.map((a) => [a.id, a]));
export const BORDERS = data.borders as unknown as BorderData[];
export const BLOCKS = new Map((data.blocks as unknown as BlockData[]).map((b) => [b.id, b]));
const CARDS = data.cards as unknown as { movement: { id: number; value: number }[]; events: { id: number; event: string; name: string }[] };

export const SIDE_COLOR = { England: '#B34700', Scotland: '#005A8C' } as const;
export const SIDE_PALE = { England: '#fbe0cf', Scotland: '#d6e8f5' } as const;

type T = BoardProps['t'];
export const sideName = (t: T, gameId: string, s: string) => t(`role.${s}`, { ns: gameId, defaultValue: s });
export const areaName = (t: T, gameId: string, id: string) => t(`area.${id}`, { ns: gameId, defaultValue: AREA.get(id)?.name ?? id });
export const blockName = (t: T, gameId: string, id: string) => t(`block.${id}`, { ns: gameId, defaultValue: BLOCKS.get(id)?.name ?? id });

const TYPE_LETTER: Record<string, string> = { archers: 'A', knights: 'K', infantry: 'I', hobelars: 'H', cavalry: 'C' };
/** The label printed on the block: its name, or for the county levies the county shortened and the arm's letter. */
export function shortName(id: string): string {
  const d = BLOCKS.get(id);
  if (!d) return id;
  const words = d.name.split(' ');
  if (words.length === 1) return d.name;
  if (d.type === 'king') return 'King';
  const head = words[0]!.length > 5 ? `${words[0]!.slice(0, 4)}.` : words[0]!;
  return TYPE_LETTER[d.type] ? `${head} ${TYPE_LETTER[d.type]}` : head;
}

export function cardLabel(t: T, gameId: string, n: number): string {
  const ev = CARDS.events.find((c) => c.id === n);
  if (ev) return t(`card.${ev.event.replace(/_/g, '-')}`, { ns: gameId, defaultValue: ev.name });
  const mv = CARDS.movement.find((c) => c.id === n);
  return mv ? t(`card.move-${mv.value}`, { ns: gameId, defaultValue: `Move ${mv.value}` }) : `#${n}`;
}
