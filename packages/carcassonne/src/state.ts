/**
 * The game state (plain JSON data), the options and setup.
 */
import { RuleCodes, RuleError, seedRng, shuffleInPlace, type RngState, type Role, type SetupOptions, type VariantSpec } from '@tabula/engine';
import { Board, boardOf, packPlacement } from './board.js';
import { START_TILE, TILES, pileTiles } from './tiles.js';

export const ROLES: readonly Role[] = ['red', 'blue', 'green', 'yellow', 'black'];
export const FOLLOWERS = 7;
/** Sheep bag mix: 1, 2, 3, 4 sheep, then wolves. */
export const BAG_START: readonly number[] = [4, 5, 5, 2, 2];
export const WOLF = 4;

export interface Options {
  /** Hills & Sheep in play. */
  hs: boolean;
  /** A completed city of two tiles scores 4 (current) or 2 (early first edition). */
  tinyCity: 2 | 4;
  /** Hill tie-break: a follower on a hill ('presence', official) or the number of them ('count', house rule). */
  hillTie: 'presence' | 'count';
  /** Farmers may be deployed and farms score at game end. */
  farmers: boolean;
  /**
   * Farm scoring at game end: 'current' (each farm 3 per completed city it borders), 'second'
   * (2nd edition: the same, but a player scores a given city at most once), 'first' (1st edition:
   * per completed city, the players with most farmers in the farms bordering it score 4).
   */
  farmScoring: 'current' | 'second' | 'first';
}

/** Something that happened in the last action, for the log and the board's score breakdown. Public. */
export interface GameEvent {
  e: 'score' | 'discard' | 'draw' | 'hill' | 'sheep' | 'wolf' | 'stable' | 'follower' | 'shepherd' | 'place' | 'final' | 'end';
  /** Player index. */
  p?: number;
  /** Players concerned (scorers, shepherds sent home). */
  ps?: number[];
  pts?: number;
  /** Feature kind for scores: city, road, cloister, field, flock. */
  kind?: string;
  /** Tile id (draws and discards). */
  tile?: string;
  /** Sheep on a token. */
  n?: number;
  /** Why the majority went the way it did: 'hill' when a hill broke a tie. */
  why?: string;
  complete?: boolean;
}

export type Phase = 'place' | 'deploy' | 'flock' | 'over';

export interface CarcState {
  players: number;
  opts: Options;
  /** Hidden: the RNG (sheep bag draws). */
  rng: RngState;
  /** Hidden: the draw pile, top at the end. */
  pile: number[];
  /** Placement numbers of the hill tiles placed (public). */
  hills: number[];
  /** Hidden: the tile type under each hill of `hills`, -1 when none. */
  under: number[];
  /** Placed tiles, packed (see board.ts packPlacement), in order of placement. */
  tiles: number[];
  /** Drawn tiles that fitted nowhere. */
  discarded: number[];
  turn: number;
  phase: Phase;
  /** Tile type in hand, -1 when none. */
  current: number;
  /** In 'deploy': the tile just placed extended a field holding the active player's shepherd. */
  tending: boolean;
  /** Figures on the board, four numbers each: owner, placement number, local feature, kind (0 follower, 1 shepherd). */
  meeples: number[];
  /** Followers in each player's supply. */
  supply: number[];
  /** Sheep tokens lying by each player's shepherd (empty when at home). */
  flocks: number[][];
  /** Tokens in the bag: counts of 1, 2, 3, 4 sheep and wolves. */
  bag: number[];
  scores: number[];
  /** Tiles drawn plus tokens drawn: the undo barrier compares it. */
  draws: number;
  /** What the last action caused. */
  events: GameEvent[];
}

/**
 * A shallow copy with a fresh `events` list. Written out field by field (in the order setup creates
 * them) so every state shares one object shape: object spread over states of mixed shapes is slow.
 */
export function copyState(s: CarcState): CarcState {
  return {
    players: s.players, opts: s.opts, rng: s.rng, pile: s.pile, hills: s.hills, under: s.under, tiles: s.tiles,
    discarded: s.discarded, turn: s.turn, phase: s.phase, current: s.current, tending: s.tending,
    meeples: s.meeples, supply: s.supply, flocks: s.flocks, bag: s.bag, scores: s.scores, draws: s.draws,
    events: [],
  };
}

export const variantSpecs: VariantSpec[] = [
  { key: 'hillsAndSheep', default: true, values: [true, false], description: 'Play with the Hills & Sheep expansion (18 tiles, shepherds, hills, vineyards).' },
  { key: 'tinyCity', default: 4, values: [4, 2], description: 'Points for a completed city of two tiles without pennants: 4 (current rules) or 2 (early first edition).' },
  { key: 'hillTiebreak', default: 'presence', values: ['presence', 'count'], description: 'Hill tie-break: one follower on a hill suffices (official) or the number of followers on hills decides (house rule).' },
  { key: 'farmers', default: true, values: [true, false], description: 'Farmers and farm scoring.' },
  { key: 'farmScoring', default: 'current', values: ['current', 'second', 'first'], description: 'Farm scoring: current rules (3 per completed city, each farm on its own), 2nd edition (a player scores each city at most once), or 1st edition (per city, 4 to the players with most farmers beside it).' },
];

function bad(msg: string): never {
  throw new RuleError(RuleCodes.badOptions, msg);
}

export function playerCount(options: SetupOptions): number {
  const n = options.players ?? 2;
  if (!Number.isInteger(n) || n < 2 || n > 5) bad(`Carcassonne is for 2 to 5 players, not ${String(n)}`);
  return n;
}

export function parseOptions(options: SetupOptions): Options {
  if (options.scenario !== undefined && options.scenario !== 'standard') throw new RuleError(RuleCodes.unknownScenario, `unknown scenario ${String(options.scenario)}`);
  const v = options.variants ?? {};
  const hs = v.hillsAndSheep ?? true;
  if (typeof hs !== 'boolean') bad('hillsAndSheep must be true or false');
  const tiny = v.tinyCity ?? 4;
  if (tiny !== 2 && tiny !== 4) bad('tinyCity must be 4 or 2');
  const tie = v.hillTiebreak ?? 'presence';
  if (tie !== 'presence' && tie !== 'count') bad('hillTiebreak must be presence or count');
  const farmers = v.farmers ?? true;
  if (typeof farmers !== 'boolean') bad('farmers must be true or false');
  const farmScoring = v.farmScoring ?? 'current';
  if (farmScoring !== 'current' && farmScoring !== 'second' && farmScoring !== 'first') bad('farmScoring must be current, second or first');
  return { hs, tinyCity: tiny, hillTie: tie, farmers, farmScoring };
}

/** Draws tiles for the player to move: a tile that fits nowhere is shown and discarded. -1: the pile is empty. */
export function drawFitting(board: Board, pile: number[], discarded: number[], events: GameEvent[]): number {
  while (pile.length > 0) {
    const t = pile.pop()!;
    if (board.canPlace(t)) return t;
    discarded.push(t);
    events.push({ e: 'discard', tile: TILES[t]!.def.id });
  }
  return -1;
}

export function setupState(options: SetupOptions): CarcState {
  const players = playerCount(options);
  const opts = parseOptions(options);
  const rng = seedRng(options.seed);
  const pile = shuffleInPlace(rng, pileTiles(opts.hs));
  const tiles = [packPlacement(START_TILE, 0, 0, 0)];
  const board = boardOf(tiles, false);
  const discarded: number[] = [];
  const events: GameEvent[] = [];
  const current = drawFitting(board, pile, discarded, events);
  events.push({ e: 'draw', p: 0, tile: TILES[current]!.def.id });
  return {
    players, opts, rng, pile, hills: [], under: [], tiles, discarded,
    turn: 0, phase: 'place', current, tending: false,
    meeples: [],
    supply: new Array<number>(players).fill(FOLLOWERS),
    flocks: Array.from({ length: players }, () => []),
    bag: opts.hs ? [...BAG_START] : [0, 0, 0, 0, 0],
    scores: new Array<number>(players).fill(0),
    draws: 1,
    events,
  };
}
