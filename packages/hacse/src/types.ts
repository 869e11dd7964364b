/**
 * HACSE Kartenspiel: every type in one place (cards, decks, state, actions, view).
 * Rules text: shared/rules/hacse-kartenspiel.de.txt (cited by section: Aufbau, Spielablauf, Aktionen,
 * Einheiten platzieren, Angriff durchführen, Geländegewinn, Schaden, Formel, Kampfreihenfolge,
 * Spielziele, Tags, Einsatz, Früh gegen Spät).
 */
import type { Outcome, RngState } from '@tabula/engine';

export type Side = 'axis' | 'allies';
export type Era = 'early' | 'late';
export type Zone = 'front' | 'reserve' | 'hinterland';
/** Sturmangriff, Taktieren, Flankenangriff. */
export type OrderType = 'assault' | 'maneuver' | 'flank';
export type Tag = 'highRange' | 'veryHighRange' | 'aircraft' | 'bomber' | 'obsoleteTactics' | 'antiAir' | 'sacrifice';
export type CardKind = 'unit' | 'order' | 'action' | 'support' | 'progress';

/** One effect of the small effect language (see effects.ts for what each op does). */
export type Op =
  // immediate (action cards and "E:" deploy effects)
  | { op: 'draw'; n: number }
  | { op: 'actions'; n: number }
  | { op: 'damage'; n: number; zones: Zone[] }
  | { op: 'heal'; n: number }
  | { op: 'sacrifice' }
  // passive (support and progress cards while in play)
  | { op: 'blocks'; n: number }
  | { op: 'armour'; n: number; zone?: Zone; minArmour?: number }
  | { op: 'bonus'; n: number; order?: OrderType; tag?: Tag; minArmour?: number; extra?: boolean }
  | { op: 'gain'; n: number; minAttackers: number }
  | { op: 'freeMove' }
  | { op: 'discount'; n: number }
  | { op: 'drawIfLow'; n: number; hand: number };

export interface GroundGain { value: number; bracketed: boolean }

export interface CardDef {
  id: string;
  /** i18n keys (messages): the name, and the rules text for orders, non-units and units with "E:" effects. */
  nameKey: string;
  textKey?: string;
  kind: CardKind;
  /** "any" only for the standard combat orders. */
  side: Side | 'any';
  nation?: string;
  era: Era;
  /** Units and non-units: how many progress cards must be in play before it can be played (Aufbau). */
  requiresProgress?: number;
  // units
  cost?: number;
  damage?: Record<OrderType, number>;
  armour?: number;
  penetration?: number;
  /** null: takes no part in ground gain (aircraft). */
  gain?: GroundGain | null;
  tags?: Tag[];
  // orders
  order?: OrderType;
  /** Units: "E:" effects on deploy; action cards: the action; support/progress: passives while in play. */
  effects?: Op[];
  /** Units: "Aktion:" a card action the unit in play can take for one of its player's actions (Aktionen). */
  action?: Op[];
  /** Units: a special ability right after a combat it attacked in and survived (Angriff durchführen); damage counts for flips. */
  after?: Op[];
}

export interface DeckEntry { id: string; count: number }

/** The deck file format (JSON), see deckfile.ts for its schema and validator. */
export interface DeckFile {
  format: 'hacse-deck/1';
  id: string;
  name: string;
  side: Side;
  era: Era;
  nations: string[];
  cards: DeckEntry[];
}

export interface Unit {
  uid: string;
  card: string;
  zone: Zone;
  damage: number;
  flipped: boolean;
  /** Turn number it was placed (units may not attack on that turn). */
  placed: number;
  attacked: boolean;
}

export interface PlayerState {
  deck: string[];
  hand: string[];
  discard: string[];
  units: Unit[];
  supports: string[];
  progress: string[];
  /** Destroyed units' cards, out of the game (Formel: not discarded). */
  removed: string[];
  /**
   * Cards in this hand that the opponent knows are there: taken from the opponent's hand by a hand
   * draw (A11) and not yet seen to leave it. Kept by `determinize`.
   */
  known: string[];
}

/** `builtin`: one of the built-in decks (their ids are reserved); false: a deck file uploaded by the game's creator. */
export interface DeckInfo { id: string; name: string; side: Side; era: Era; nations: string[]; size: number; builtin: boolean }

export type Balancing = 'none' | 'doctrine' | 'numbers';

export interface Rules {
  /** Damage at which each role's units are destroyed (6; 7 for the Early player under "numbers"). */
  destroyAt: Record<Side, number>;
  /** Role treated as having unlimited progress cards (doctrine option). */
  doctrine: Side | null;
  balancing: Balancing;
  /** Variant `armistice` (not in the rules, A17): turns (both players together) before an armistice decides by the die; null: no limit (default). */
  turnLimit: number | null;
  /** Variant `handLimit` (not in the rules, A17): no "draw a card" action with this many cards in hand; null: no limit (default). */
  handLimit: number | null;
  /** Both decks of one side: the allies role's die is mirrored at 5 (Aufbau). */
  mirrored: boolean;
  /** Variant: an empty deck is refilled from the discard pile for free when drawing (the old A17); default off. */
  autoReshuffle: boolean;
}

export interface Attacker {
  uid: string;
  /** The face-down order card (hidden from the defender until revealed), or null: no order. */
  order: string | null;
  revealed: boolean;
  /** The defending unit it fights, or null: unopposed. */
  vs: string | null;
  by: 'block' | 'assign' | null;
  done: boolean;
}

export interface EngagementResult {
  attacker: string;
  attackerCard: string;
  order: string | null;
  defender: string | null;
  defenderCard: string | null;
  /** Damage dealt to the defender, to the attacker (tactical + HQ), placed by flank, spread unopposed. */
  hit: number;
  back: number;
  hq: number;
  flank: { uid: string; card: string } | null;
  spread: { uid: string; card: string }[];
  /** HQ fire: the first enemy unit a discard hit (A8), or null. */
  hqTarget: { uid: string; card: string } | null;
  /** HQ fire: every unit hit, one entry per discarded card (A8: any number of discards per engagement). */
  hqTargets: { uid: string; card: string }[];
  /** Cards taken from the defender's hand instead of spreading damage (A11). */
  stolen: number;
  destroyed: string[];
}

export interface CombatSummary {
  attacker: Side;
  results: EngagementResult[];
  flipped: string[];
  gain: number;
  dieBefore: number;
  dieAfter: number;
  stolen: number;
  /** After-combat abilities that dealt damage (attacker uid and card, target uid and card). */
  afterHits: { uid: string; card: string; target: string; targetCard: string }[];
}

export interface Combat {
  attacker: Side;
  stage: 'declare' | 'block' | 'assign' | 'resolve' | 'flank' | 'hq' | 'spread' | 'take' | 'after';
  attackers: Attacker[];
  blocksUsed: number;
  /** The engagement being resolved. */
  current: string | null;
  pendingHit: number;
  pendingBack: number;
  pendingHq: number;
  /** The unit the last HQ discard of this engagement hits (A8). */
  hqTarget: string | null;
  /** Every HQ discard of this engagement so far: the unit each one hits (lands with the engagement's damage). */
  hqHits: string[];
  spreadLeft: number;
  undistributed: number;
  /** uid -> damage taken in this combat (Kampfreihenfolge 4.2: 2+ flips). */
  taken: Record<string, number>;
  /** Units destroyed in this combat that had started it (for ground gain minimum). */
  gone: Record<string, string>;
  results: EngagementResult[];
  dieBefore: number;
  /** Surviving attackers whose after-combat ability is still to resolve (stage "after": the first one). */
  after: string[];
  /** Damage of after-combat abilities, per attacker uid (for the summary). */
  afterHits: { uid: string; card: string; target: string; targetCard: string }[];
}

export type Pending =
  | { kind: 'pay'; card: string; zone: Zone; left: number }
  | { kind: 'effects'; source: string; ops: Op[]; uid: string | null };

export type Phase = 'balance' | 'doctrine' | 'main' | 'pay' | 'effect' | 'combat' | 'over';

export interface HacseState {
  scenario: Era;
  rules: Rules;
  decks: Record<Side, DeckInfo>;
  die: number;
  turn: number;
  active: Side;
  start: Side;
  phase: Phase;
  actionsLeft: number;
  freeMoveUsed: boolean;
  discountUsed: boolean;
  players: Record<Side, PlayerState>;
  nextUid: number;
  pending: Pending | null;
  combat: Combat | null;
  lastCombat: CombatSummary | null;
  outcome: Outcome | null;
  rng: RngState;
  /** Bumped on every draw, shuffle, reveal or hand steal (undo barrier). */
  reveals: number;
  /** The player with an all-Early deck facing a deck with Late cards (Früh gegen Spät), or null. */
  early: Side | null;
  /** Cards taken from hands by the hand draw so far (A11), for the calm mark. */
  handTaken: number;
  /** "Stopped moving" (A21): the mark (die, units destroyed, cards taken) at the last turn start where it changed, and that turn. */
  calmMark: string;
  calmSince: number;
}

export type HacseAction =
  | { type: 'balance'; option: 'doctrine' | 'numbers' }
  | { type: 'doctrine'; card: string }
  | { type: 'draw' }
  | { type: 'shuffle' }
  | { type: 'end' }
  | { type: 'place'; card: string; zone: Zone }
  | { type: 'pay'; card: string }
  | { type: 'sacrifice'; uid: string }
  | { type: 'move'; uid: string; to: Zone }
  | { type: 'disband'; uid: string }
  | { type: 'play'; card: string }
  | { type: 'target'; uid: string }
  | { type: 'ability'; uid: string }
  | { type: 'attack' }
  | { type: 'commit'; uid: string; order: string | null }
  | { type: 'declared' }
  | { type: 'block'; uid: string; attacker: string }
  | { type: 'blocked' }
  | { type: 'assign'; uid: string; target: string }
  | { type: 'resolve'; uid: string }
  | { type: 'flank'; target: string }
  | { type: 'hq'; card: string; target: string }
  | { type: 'hqPass' }
  | { type: 'spread'; target: string }
  | { type: 'take' }
  | { type: 'keep' }
  | { type: 'strike'; target: string };

export interface UnitView extends Unit {
  /** Damage at which this unit is destroyed. */
  destroyAt: number;
}

export interface PlayerView {
  deck: DeckInfo;
  handCount: number;
  /** Own hand only (null for others). */
  hand: string[] | null;
  deckCount: number;
  /** Own remaining deck contents, sorted (order stays hidden), or null. */
  deckContents: string[] | null;
  discard: string[];
  front: UnitView[];
  reserve: UnitView[];
  hinterland: UnitView[];
  supports: string[];
  progress: string[];
  removed: string[];
  /** Cards of this hand the opponent knows (hand draw, A11), sorted; null for spectators. */
  known: string[] | null;
}

export interface AttackerView {
  uid: string;
  hasOrder: boolean;
  /** The order card once revealed, or for the attacker itself; null while face down to others. */
  order: string | null;
  revealed: boolean;
  vs: string | null;
  by: 'block' | 'assign' | null;
  done: boolean;
}

export interface CombatView {
  attacker: Side;
  defender: Side;
  stage: Combat['stage'];
  attackers: AttackerView[];
  blocksUsed: number;
  blocksMax: number;
  current: string | null;
  pending: { hit: number; back: number; hq: number; hqTarget: string | null; hqHits: string[] } | null;
  spreadLeft: number;
  undistributed: number;
  taken: Record<string, number>;
  results: EngagementResult[];
  /** Attackers whose after-combat ability is still to resolve. */
  after: string[];
}

export interface HacseView {
  scenario: Era;
  viewer: Side | null;
  turn: number;
  /** Turns before the armistice (variant), or null: no limit (the rules as written). */
  turnLimit: number | null;
  /** Variant hand limit for the draw action, or null: none. */
  handLimit: number | null;
  /** Full rounds with no die change, no unit destroyed and no card taken from a hand (A21). */
  quietRounds: number;
  active: Side | null;
  start: Side;
  phase: Phase;
  actionsLeft: number;
  /** The front die (d10): Axis wins at 10, Allies at 0. */
  die: number;
  mirrored: boolean;
  balancing: Balancing;
  doctrine: Side | null;
  players: Record<Side, PlayerView>;
  pending: Pending | null;
  combat: CombatView | null;
  lastCombat: CombatSummary | null;
  outcome: Outcome | null;
}
