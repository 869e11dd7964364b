export { hacseGame, legalActions, applyAction } from './game.js';
export type {
  HacseState, HacseAction, HacseView, PlayerView, UnitView, CombatView, AttackerView, EngagementResult, CombatSummary,
  CardDef, DeckFile, DeckEntry, Side, Era, Zone, OrderType, Tag, CardKind, Op, GroundGain, Balancing, Pending, Phase,
} from './types.js';
export { deckSchema, validateDeck, deckCards, DECK_FORMAT, DECK_MIN, DECK_MAX, ORDERS_PER_TYPE, MAX_COPIES } from './deckfile.js';
export type { DeckProblem, DeckCheck } from './deckfile.js';
export { BUILTIN_DECKS, DEFAULT_DECKS } from './decks.js';
export { CARDS, CARD_LIST, ORDER_IDS, card, cardNameKey, cardTextKey } from './cards.js';
export { messages } from './i18n.js';
export { manifest } from './manifest.js';
export { stoppedMoving, quietRounds, STALL_ROUNDS } from './flow.js';
export { HACSE_RULES, HACSE_ACTION_RULES, hacseRules } from './rule-ids.js';
