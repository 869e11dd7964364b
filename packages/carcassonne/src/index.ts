export { carcassonneGame } from './game.js';
export type { CarcAction } from './rules.js';
export { RULE } from './rules.js';
export type { CarcState, GameEvent, Options, Phase } from './state.js';
export { ROLES, FOLLOWERS, BAG_START } from './state.js';
export type { CarcView, ViewTile, ViewFigure, ViewSpot } from './view.js';
export { TILE_DEFS, TILES, SEGMENTS, SIDES, KIND_NAMES, tileIndex, oppositeThird } from './tiles.js';
export type { TileDef, TileType, LocalFeature, Side, SegmentName, EdgeKind, FeatureKind } from './tiles.js';
export { messages } from './i18n.js';
