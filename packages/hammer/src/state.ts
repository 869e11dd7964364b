/**
 * The game state: plain JSON data, flat arrays indexed by block, area or border number, cheap to
 * copy (`clone` copies the top level and the arrays, nothing deeper).
 */
import type { RngState } from '@tabula/engine';

/** Block flags (per block, positional: they stay with the block's slot in `determinize`). */
export const F_MOVED = 1; // moved this Game Turn (4.0)
export const F_RESERVE = 2; // in reserve in the current battle (5.32, 5.33, 5.7)
export const F_ACTED = 4; // had its combat turn this round (5.31)
export const F_CELTIC = 8; // already made its Celtic unity roll in this battle (5.2)
export const F_HOME = 16; // a converted Bruce/Comyn whose new owner still picks a home (7.12)

export interface Battle {
  area: number;
  /** Attacking side (flips if the defenders are wiped out in round 1 and only their reserves remain, 5.32). */
  att: number;
  round: number;
  /** 0..5: A-defender, A-attacker, B-defender, B-attacker, C-defender, C-attacker (5.31). */
  step: number;
  /** Hits waiting to be assigned to side `hitSide` (5.41). */
  hits: number;
  hitSide: number;
  /** 'turns' (combat turns), 'hits' (assigning), 'retreat' (attacker withdraws after round 3), 'regroup' (5.6). */
  stage: 'turns' | 'hits' | 'retreat' | 'regroup';
  winner: number;
  /** Dice of the last fire, for the log and the battle panel. */
  dice: number[];
  /** The fire rating (with any bonus) those dice were rolled against: a die hits on it or less. */
  fire: number;
}

/** Scratch state of a resolving event card. */
export interface EventScratch {
  side: number;
  card: number;
  /** Sub-step: 'choose' (pick the event or a coronation), 'sea-blocks', 'victuals', 'pillage-hits', 'pillage-steps'. */
  step: string;
  area: number;
  from: number;
  left: number;
  taken: number;
}

export interface State {
  scenario: string;
  /** Variant choices. */
  schiltrom: boolean;
  delayedHits: boolean;
  /** Last year whose Winter ends the game with a noble count. */
  lastYear: number;
  rng: RngState;
  /** Bumped whenever dice are rolled, blocks drawn or hidden information revealed (undo barrier). */
  rev: number;
  year: number;
  turn: number;
  /** Per block: area 0..22, POOL_E, POOL_S or OFF. */
  loc: number[];
  steps: number[];
  flags: number[];
  /** Cards in hand per side (0 = England, 1 = Scotland). */
  hand: number[][];
  /** Cards played and revealed this year per side. */
  played: number[][];
  /** The card each side played this Game Turn (0 = not yet). */
  card: number[];
  /** Player 1 of this Game Turn. */
  p1: number;
  /** Steps still to run this turn / winter (see flow.ts). */
  todo: string[];
  phase: string;
  /** Active side for every phase but 'cards' (both); -1 when the game is over. */
  who: number;
  /** Group moves left, active group area, selected block, its move points left, the origin of the group. */
  moves: number;
  grp: number;
  sel: number;
  selLeft: number;
  /** Bit per area: groups activated this Move Phase; one may come back to them at no cost (4.2). */
  groups: number;
  /** Bit per area: activated groups whose Anglo-Scottish crossing is used (4.4). */
  crossed: number;
  /** Blocks over each border in the current move phase, retreat round or regroup (4.3, 5.5). */
  bCount: number[];
  /** Per border, bit (1 << side): that side entered a contested area over it this turn (5.5). */
  bUsed: number[];
  /** Per area: side that attacked it this turn (-1 = not contested). */
  att: number[];
  /** Per area: the main attack's origin area and border (-2 = by sea), 5.32. */
  mainFrom: number[];
  mainBorder: number[];
  /** Side that played Truce this turn, or -1. */
  truce: number;
  /** Both players played events: the year ends after this turn (3.12). */
  yearEnds: boolean;
  battle: Battle | null;
  ev: EventScratch | null;
  kingCrowned: boolean;
  edward2: boolean;
  /** Year Edward I last wintered in Scotland (0 = never). */
  edwardWintered: number;
  frenchEntered: boolean;
  /** Replacement points left per area during builds. */
  rp: number[];
  /**
   * Per block: the strength at which its enemy remembers it from a battle, 0 = not known (memory.ts;
   * replaced, never written in place).
   */
  known: number[];
  result: { winners: string[]; reason: string } | null;
  /** What the last action did, for `describe` (each line says who may read it). */
  last: LogEv[];
}

/** One log event; `to` = -1 for everyone, or the side that may read it. */
export interface LogEv {
  to: number;
  key: string;
  args?: Record<string, string | number | boolean | null>;
}

/** Arrays `clone` shares with the previous state: copy one (`cow`) before writing to it. */
export type SharedKey = 'hand' | 'played' | 'bCount' | 'bUsed' | 'att' | 'mainFrom' | 'mainBorder' | 'rp';

/** Copy-on-write: gives `n` its own copy of a shared array. */
export function cow(n: State, key: SharedKey): void {
  // one case per field: named accesses, not a keyed (megamorphic) one
  switch (key) {
    case 'hand': n.hand = [n.hand[0]!.slice(), n.hand[1]!.slice()]; return;
    case 'played': n.played = [n.played[0]!.slice(), n.played[1]!.slice()]; return;
    case 'bCount': n.bCount = n.bCount.slice(); return;
    case 'bUsed': n.bUsed = n.bUsed.slice(); return;
    case 'att': n.att = n.att.slice(); return;
    case 'mainFrom': n.mainFrom = n.mainFrom.slice(); return;
    case 'mainBorder': n.mainBorder = n.mainBorder.slice(); return;
    case 'rp': n.rp = n.rp.slice(); return;
  }
}

/**
 * Arrays of one value, shared by every state that holds such a cleared array (writers `cow` first,
 * so nothing writes into them; the conformance kit's mutation check catches a write without `cow`).
 * Not frozen: V8 copies frozen arrays (`slice`) some 40 times slower than plain ones.
 */
const filled = new Map<number, number[]>();
export function constFill(length: number, value: number): number[] {
  const k = length * 4 + value + 1; // value is -1 or 0 (shared, so callers never write into it)
  let a = filled.get(k);
  if (!a) {
    a = [];
    for (let i = 0; i < length; i++) a.push(value); // packed elements, not holey
    filled.set(k, a);
  }
  return a;
}

/** The shared zero array per length. */
const ZEROS: number[][] = [];

/** Zeroes a shared counter array (a shared zero array, never in place). */
export function zero(n: State, key: 'bCount' | 'bUsed' | 'rp'): void {
  switch (key) {
    case 'bCount': n.bCount = cleared(n.bCount); return;
    case 'bUsed': n.bUsed = cleared(n.bUsed); return;
    case 'rp': n.rp = cleared(n.rp); return;
  }
}

/** `a` if it is all zeros, else the shared zero array of its length. */
function cleared(a: number[]): number[] {
  const z = ZEROS[a.length] ?? (ZEROS[a.length] = constFill(a.length, 0));
  if (a === z) return z;
  for (let i = 0; i < a.length; i++) if (a[i] !== 0) return z;
  return a;
}

/**
 * Whether `log` records events. Off in play: random games and bot searches build no log objects
 * (call sites test it before building their arguments). `describe` turns it on to replay the action
 * and read its events (game.ts).
 */
export let logging = false;
export function setLogging(on: boolean): void {
  logging = on;
}

/** Shared empty log: `log` replaces it with a fresh array on the first event. */
const NO_LOG: LogEv[] = [];

/**
 * Records a log event of the current action, only while `logging` (call sites test `logging` first
 * so that play does not even build the event; this check keeps an unguarded call harmless).
 */
export function log(n: State, e: LogEv): void {
  if (!logging) return;
  if (n.last === NO_LOG) n.last = [];
  n.last.push(e);
}

let ownedSteps: number[] | null = null;
let ownedTodo: string[] | null = null;
let ownedLoc: number[] | null = null;
let ownedFlags: number[] | null = null;

/**
 * The last `occupancy` computed and the `loc` array it was computed from. A `loc` array is never
 * written in place but through `locW`, which drops this cache, so the same array means the same
 * occupancy (states share `loc` until one of them moves a block).
 */
export const occCache: { loc: number[] | null; occ: number[] } = { loc: null, occ: [] };

/** The state's `loc` array, copied on the first write after a clone. */
export function locW(n: State): number[] {
  occCache.loc = null;
  if (n.loc !== ownedLoc) {
    n.loc = n.loc.slice();
    ownedLoc = n.loc;
  }
  return n.loc;
}

/** The state's `flags` array, copied on the first write after a clone. */
export function flagsW(n: State): number[] {
  if (n.flags !== ownedFlags) {
    n.flags = n.flags.slice();
    ownedFlags = n.flags;
  }
  return n.flags;
}

/** The state's `steps` array, copied on the first write after a clone. */
export function stepsW(n: State): number[] {
  if (n.steps !== ownedSteps) {
    n.steps = n.steps.slice();
    ownedSteps = n.steps;
  }
  return n.steps;
}

/** The state's `todo` queue, copied on the first write after a clone. */
export function todoW(n: State): string[] {
  if (n.todo !== ownedTodo) {
    n.todo = n.todo.slice();
    ownedTodo = n.todo;
  }
  return n.todo;
}

function cloneBattle(b: Battle): Battle {
  return { area: b.area, att: b.att, round: b.round, step: b.step, hits: b.hits, hitSide: b.hitSide, stage: b.stage, winner: b.winner, dice: b.dice, fire: b.fire };
}

function cloneEv(e: EventScratch): EventScratch {
  return { side: e.side, card: e.card, step: e.step, area: e.area, from: e.from, left: e.left, taken: e.taken };
}

let ownedRng: RngState | null = null;

/** The state's RNG state, copied before the first draw after a clone (draws advance it in place). */
export function rngW(n: State): RngState {
  if (n.rng !== ownedRng) {
    n.rng = [n.rng[0], n.rng[1], n.rng[2], n.rng[3]];
    ownedRng = n.rng;
  }
  return n.rng;
}

export function clone(s: State): State {
  ownedRng = null;
  ownedSteps = null;
  ownedTodo = null;
  ownedLoc = null;
  ownedFlags = null;
  // An explicit literal (not a spread): V8 keeps one fast hidden class for every state.
  return {
    scenario: s.scenario,
    schiltrom: s.schiltrom,
    delayedHits: s.delayedHits,
    lastYear: s.lastYear,
    rng: s.rng, // shared: `rngW` copies it before the first draw
    rev: s.rev,
    year: s.year,
    turn: s.turn,
    loc: s.loc,
    steps: s.steps,
    flags: s.flags,
    hand: s.hand,
    played: s.played,
    card: s.card, // replaced, never written in place
    p1: s.p1,
    todo: s.todo,
    phase: s.phase,
    who: s.who,
    moves: s.moves,
    grp: s.grp,
    sel: s.sel,
    selLeft: s.selLeft,
    groups: s.groups,
    crossed: s.crossed,
    bCount: s.bCount,
    bUsed: s.bUsed,
    att: s.att,
    mainFrom: s.mainFrom,
    mainBorder: s.mainBorder,
    truce: s.truce,
    yearEnds: s.yearEnds,
    // `dice` is replaced, never written in place.
    battle: s.battle ? cloneBattle(s.battle) : null,
    ev: s.ev ? cloneEv(s.ev) : null,
    kingCrowned: s.kingCrowned,
    edward2: s.edward2,
    edwardWintered: s.edwardWintered,
    frenchEntered: s.frenchEntered,
    rp: s.rp,
    result: s.result,
    known: s.known, // replaced, never written in place
    last: NO_LOG,
  };
}
