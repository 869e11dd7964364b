/** The deck (3.0): 20 Move cards and 5 Events, card ids as printed in the data (1-5 events, 6-25 moves). */
import data from './data/hammer-of-the-scots.json' with { type: 'json' };
import { shuffleInPlace } from '@tabula/engine';
import { rngW, type State } from './state.js';

export const CARD_IDS: readonly number[] = Array.from({ length: data.cards.deckSize }, (_, i) => i + 1);
/** Move value per card id (0 for events). */
export const CARD_VALUE: readonly number[] = (() => {
  const v = new Array<number>(data.cards.deckSize + 1).fill(0);
  for (const m of data.cards.movement) v[m.id] = m.value;
  return v;
})();
export const HERALD = 1, PILLAGE = 2, SEA_MOVE = 3, TRUCE = 4, VICTUALS = 5;
export const isEvent = (c: number): boolean => c >= 1 && c <= 5;
export const EVENT_KEYS = ['', 'herald', 'pillage', 'sea-move', 'truce', 'victuals'] as const;
const keyOf = (c: number): string => (isEvent(c) ? `card.${EVENT_KEYS[c]}` : `card.move-${CARD_VALUE[c]}`);
const CARD_KEYS: readonly string[] = Array.from({ length: data.cards.deckSize + 1 }, (_, c) => keyOf(c));
export const cardKey = (c: number): string => CARD_KEYS[c] ?? keyOf(c);
export const HAND_SIZE = data.cards.handSizePerYear;

/** 7.8 / 3.0: shuffle the whole deck and deal five to each side. */
export function dealYear(n: State): void {
  const deck = shuffleInPlace(rngW(n), CARD_IDS.slice());
  n.hand = [deck.slice(0, HAND_SIZE).sort((a, b) => a - b), deck.slice(HAND_SIZE, 2 * HAND_SIZE).sort((a, b) => a - b)];
  n.played = [[], []];
  n.card = [0, 0];
  n.rev++;
}
