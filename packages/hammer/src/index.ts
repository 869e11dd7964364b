export { hammerGame } from './game.js';
export type { Action as HammerAction, HammerView, AreaView, BlockView, BattleView } from './types.js';
export type { State as HammerState } from './state.js';
export { messages } from './i18n.js';
/** The map for drawing: area centres, castle limits, borders (see BoardLayout). */
export { BOARD_LAYOUT, type BoardLayout } from './map.js';
/** The game's data table (areas, borders, blocks, cards) for clients that draw the board; read-only. */
export { default as HAMMER_DATA } from './data/hammer-of-the-scots.json' with { type: 'json' };
/**
 * The engine's own index tables (area and block numbering of `HammerState.loc`/`steps`), for bots and tools
 * that read states directly: public board and block facts, read-only.
 */
export { HAMMER_TABLES } from './tables.js';
export { manifest } from './manifest.js';
export { HAMMER_RULES, HAMMER_ACTION_RULES, hammerRules } from './rule-ids.js';
