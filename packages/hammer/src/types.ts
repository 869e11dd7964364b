/** Public types: actions and views. Ids are the data file's block, area and noble ids. */

/** A legal move. Listed by `actions(state, role)`; `apply` accepts exactly the listed ones. */
export type Action =
  /** 3.1: play a card face down (simultaneous). */
  | { type: 'card'; card: number }
  /** 3.12: decline the event's effect (nothing is saved). */
  | { type: 'pass' }
  /** 6.21/6.22: announce a coronation instead of the event. */
  | { type: 'crown'; king: 'Bruce' | 'Comyn' | 'Balliol' }
  /** Herald: name an enemy noble (never Moray). */
  | { type: 'herald'; noble: string }
  /** Pillage: the enemy group in `area`, pillaged from the adjacent friendly group in `from`. */
  | { type: 'pillage'; area: string; from: string }
  /** Sea Move: from one friendly coastal area to another. */
  | { type: 'sea'; from: string; to: string }
  /** Victuals: the friendly group to strengthen. */
  | { type: 'victuals'; area: string }
  /** Truce. */
  | { type: 'truce' }
  /** 4.2: activate the group in an area (one group move). */
  | { type: 'group'; area: string }
  /** 4.7: move the Norse by sea (one group move). */
  | { type: 'norse'; to: string }
  /** Pick a block (of the active group, for Sea Move). */
  | { type: 'block'; block: string }
  /** Move the selected block one area on. */
  | { type: 'to'; area: string }
  /** Stop the selected block where it is. */
  | { type: 'stop' }
  /** End the group move (in a group) or the move phase. */
  | { type: 'end' }
  /** 5.32: the attacker of `area` declares the group from `from` over `border` ('sea' for the Norse) its Main Attack. */
  | { type: 'main'; area: string; from: string; border: string }
  /** 5.1: Player 1 picks the next battle. */
  | { type: 'battle'; area: string }
  /** 5.31: a block's combat turn. */
  | { type: 'fire'; block: string }
  | { type: 'retreat'; block: string; to: string }
  | { type: 'hold'; block: string }
  /** 5.41: assign one hit to one of your strongest blocks. */
  | { type: 'hit'; block: string }
  /** 5.6: regroup a victorious block. */
  | { type: 'regroup'; block: string; to: string }
  /** Finish the current step (regroup, builds, victuals, sea move). */
  | { type: 'done' }
  /** 5.9: England disbands a non-noble block to a border raid. */
  | { type: 'raid'; block: string }
  /** 7.1/7.12: where a noble (or Moray, the King) winters. */
  | { type: 'home'; block: string; area: string }
  /** 7.4: Edward I winters in Scotland (true) or disbands. */
  | { type: 'edward'; winter: boolean }
  /** 7.3/7.5: disband a block over the castle limit. */
  | { type: 'disband'; block: string }
  /** 7.5: Wallace goes to Selkirk (+2 steps) or stays. */
  | { type: 'wallace'; selkirk: boolean }
  /** 7.62: draw a pool block into an area at strength 1. */
  | { type: 'draw'; area: string }
  /** Add one step to a block (builds, Victuals, Pillage). */
  | { type: 'step'; block: string };

/** A block as a viewer sees it. Enemy blocks outside battle show only `side` and the positional flags. */
export interface BlockView {
  side: 'England' | 'Scotland';
  /**
   * Block id (data file), present for own blocks, enemy blocks revealed in the current battle round
   * and enemy blocks the viewer remembers (`remembered`).
   */
  id?: string;
  /** Current strength (steps), with `id`. */
  steps?: number;
  /** Maximum strength, with `id`. */
  max?: number;
  /** Moved this Game Turn (movement is public). */
  moved: boolean;
  /** In reserve in the current battle (arrives in round 2). */
  reserve: boolean;
  /** Shown face up because it fights in the current battle round. */
  revealed: boolean;
  /**
   * A face-down enemy block the viewer saw in an earlier battle round and can still tell apart:
   * no block of its side has entered or left its area since and its strength cannot have changed in
   * secret (docs/rules/hammer-of-the-scots.md, "Fog of war and determinize"). Absent otherwise.
   */
  remembered?: boolean;
}

export interface AreaView {
  id: string;
  /** Own and revealed blocks first (by id), then face-down enemy blocks. */
  blocks: BlockView[];
  /** Side that attacked this area this turn while a battle is pending, else null. */
  attacker: 'England' | 'Scotland' | null;
}

export interface BattleView {
  area: string;
  attacker: 'England' | 'Scotland';
  round: number;
  /** 'turns' | 'hits' | 'retreat' | 'regroup' */
  stage: string;
  /** Whose combat turn (or hit assignment / regroup) it is. */
  side: 'England' | 'Scotland';
  /** Initiative letter of the current combat turns: 'A' | 'B' | 'C'. */
  letter: string;
  /** Hits waiting to be assigned, and to whom. */
  hits: number;
  hitSide: 'England' | 'Scotland';
  /** Dice of the last fire. */
  dice: number[];
  /** What those dice hit on (the firing block's rating with any bonus): a die of this or less is a hit. */
  fire: number;
}

/** Everything one viewer may know (spectators: public facts only). */
export interface HammerView {
  scenario: string;
  you: 'England' | 'Scotland' | null;
  year: number;
  /** Game Turn within the year (1-5). */
  turn: number;
  lastYear: number;
  /** State-machine step, e.g. 'cards', 'move', 'group', 'path', 'battle', 'w-build'. */
  phase: string;
  active: string[];
  /** 'Edward I' | 'Edward II'. */
  edward: string;
  scottishKingCrowned: boolean;
  /** Nobles on the map per side (9.0). */
  nobles: { England: number; Scotland: number };
  areas: AreaView[];
  /** Draw pools: own pool lists its block ids; the enemy's only its size. */
  pools: { England: { count: number; blocks?: string[] }; Scotland: { count: number; blocks?: string[] } };
  /** Blocks out of play (dead, not yet entered, or a noble's unused colour): public knowledge. */
  offMap: string[];
  /** Own hand (empty for spectators); the other hand only as a count. */
  hand: number[];
  handCounts: { England: number; Scotland: number };
  /** Cards played earlier this year (face up). */
  played: { England: number[]; Scotland: number[] };
  /** This turn's cards: own card once played; the other's only after both are revealed (else 0 = face down or -1 = none yet). */
  cards: { England: number; Scotland: number };
  p1: 'England' | 'Scotland' | null;
  /** Group moves left for the moving side. */
  moves: number;
  /** Active group area and selected block (own only), for the move prompt. */
  group: string | null;
  /** Groups activated this Move Phase: the mover may come back to them at no cost (4.2). */
  activated: string[];
  /** Activated groups that have used their Anglo-Scottish crossing: another costs a group move (4.4). */
  crossed: string[];
  selected: string | null;
  /** Blocks over each border this phase (by border id, only non-zero). */
  borderCount: Record<string, number>;
  /** Borders used to enter a battle this turn: border id -> sides. */
  bordersUsed: Record<string, string[]>;
  /** Main attack border per contested area ('sea' for the Norse). */
  mainBorder: Record<string, string>;
  truce: 'England' | 'Scotland' | null;
  battle: BattleView | null;
  /** Replacement points left per area during builds (own). */
  rp: Record<string, number>;
  outcome: { winners: string[]; reason: string } | null;
}
