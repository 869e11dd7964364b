/** The card catalog: authored data (data/cards.json), indexed once at load. */
import data from './data/cards.json' with { type: 'json' };
import type { CardDef, OrderType, Tag } from './types.js';

export const CARD_LIST: readonly CardDef[] = data as CardDef[];
export const CARDS: ReadonlyMap<string, CardDef> = new Map(CARD_LIST.map((c) => [c.id, c]));

/** The three standard combat orders every deck holds 6 of (Deckbau). */
export const ORDER_IDS: Record<OrderType, string> = { assault: 'order.assault', maneuver: 'order.maneuver', flank: 'order.flank' };

export function card(id: string): CardDef {
  const c = CARDS.get(id);
  if (!c) throw new Error(`unknown card ${id}`);
  return c;
}

export function hasTag(c: CardDef, t: Tag): boolean {
  return c.tags !== undefined && c.tags.includes(t);
}

/** i18n keys of a card: card.<id>.name and card.<id>.text. */
export function cardNameKey(id: string): string { return card(id).nameKey; }
export function cardTextKey(id: string): string | undefined { return card(id).textKey; }
