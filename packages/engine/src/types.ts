import type { Rng } from './rng.js';
import type { RuleError } from './errors.js';
import type { RuleTable } from './rule-ids.js';

/** A seat in a game: "England" | "Scotland"; "red" | "blue" | ...; "axis" | "allies". */
export type Role = string;

export interface SetupOptions {
  seed: string;
  scenario?: string;
  players?: number;
  variants?: Record<string, unknown>;
}

export interface Outcome {
  winners: Role[];
  scores?: Record<Role, number>;
  reason: string;
  /** Per role, points per scoring feature, for games that report how their scores arose. */
  breakdown?: Record<Role, Record<string, number>>;
}

/** A variant a game offers at setup; `values` lists the allowed choices when they are enumerable. */
export interface VariantSpec {
  key: string;
  default: unknown;
  values?: unknown[];
  description?: string;
  /** Offered only with these scenarios (absent: every scenario). */
  scenarios?: string[];
}

/** An argument of a log line or prompt: a scalar, or a list (e.g. of roles) that the client joins in the reader's language. */
export type LogArg = string | number | boolean | null | string[];

/** One line of a game's log as one viewer may see it: an i18n key plus arguments. */
export interface LogLine {
  role: Role | null;
  key: string;
  args?: Record<string, LogArg>;
  /** The section of the game's rules reference that drives this event (from the game's `RuleTable`). */
  rule?: string;
}

/** What a role is asked to do now: an i18n key in the game's namespace plus arguments. */
export interface Prompt {
  key: string;
  args?: Record<string, LogArg>;
}

/** What a player points at on a board: its kind and the game's id of it. */
/** A thing on the board a player points at: an area, a block, a tile spot "x,y", a card, or a unit on the table (by its id in the view). */
export interface WhyTarget { kind: 'area' | 'block' | 'spot' | 'card' | 'unit'; id: string }

export interface Game<State, Action, View> {
  /** The game's id: for a shipped game, its `GameId` in @tabula/games. */
  id: string;
  /**
   * The rules engine's version: changed whenever the same log could now give a different state or
   * log lines, so stored snapshots of states are rebuilt from the log. Absent: no snapshots are kept.
   */
  version?: string;
  /** Scenario ids; the first is the default. */
  scenarios: string[];
  /** Player counts this game supports (absent: the number of roles is fixed). */
  players?: { min: number; max: number; default: number };
  /** Variants accepted in SetupOptions.variants. */
  variants?: VariantSpec[];
  /**
   * The variants as a server stores them: each value in its canonical form (e.g. an uploaded deck as
   * the validator read it); throws RuleError for bad ones. Absent: stored as given.
   */
  normalizeVariants?(options: SetupOptions): Record<string, unknown>;
  roles(options: SetupOptions): Role[];
  setup(options: SetupOptions): State;
  /** Who may act now; [] once the game is over. */
  active(state: State): Role[];
  /** Every legal action for `role`, JSON-serialisable; [] when the role may not act. Must depend only on what `role` may see. */
  actions(state: State, role: Role): Action[];
  /** Never mutates its input; throws RuleError for an illegal action (games built with `defineGame` check the list). */
  apply(state: State, role: Role, action: Action): State;
  /** Applies an action `actions` listed, unchecked (see `applyListed`); absent: `apply`. */
  perform?(state: State, role: Role, action: Action): State;
  /** The legal actions without a defensive copy (hot path); absent: `actions`. */
  listed?(state: State, role: Role): readonly Action[];
  /** The rule sections the engine names: for refusal codes and log lines (absent: none are named). */
  rules?: RuleTable;
  /**
   * "Why can't I?": why `role` can do nothing with `target` (an area, a block, a tile spot "x,y", a card) now,
   * as a RuleError whose `details` are the message's arguments and `rule` its section; null when some legal
   * action involves it, or when the game has no sentence for it. Pure; consults only what `role` may see.
   */
  whyNot?(state: State, role: Role, target: WhyTarget): RuleError | null;
  /** Why an unlisted action is illegal (a precise RuleError), consulted only after the list refused it. */
  explain?(state: State, role: Role, action: unknown): RuleError | null;
  /** What an active `role` is asked to do now (the client shows it and guesses nothing). */
  prompt(state: State, role: Role): Prompt;
  /** All and only what `viewer` may know; null = spectator. */
  view(state: State, viewer: Role | null): View;
  outcome(state: State): Outcome | null;
  /**
   * Whether the game has stopped moving, so players (and bots) may agree a draw. Never ends a game by
   * itself: the platform only offers draws through it. Pure. Absent: a game never counts as stalled.
   */
  stalled?(state: State): boolean;
  /** The game's own turn count, for games that count turns (self-play reports the longest game in turns). Absent: no turns. */
  turnCount?(state: State): number;
  /** A state `viewer` cannot tell apart from `state`: everything hidden from it re-dealt with `rng`. */
  determinize(state: State, viewer: Role, rng: Rng): State;
  /**
   * True when the transition prev -> next used randomness or revealed hidden information, so the
   * action cannot be taken back. Absent: only a change of active roles blocks undo.
   */
  undoBarrier?(prev: State, next: State, role: Role, action: Action): boolean;
  /**
   * What `viewer` may read of `role`'s action (prev/next: the states around it). Must not leak
   * hidden information. Absent: the platform shows the action to its own role and only the role to others.
   */
  describe?(prev: State, next: State, role: Role, action: Action, viewer: Role | null): LogLine[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = Game<any, any, any>;

/** One action of a game's log: who played what. */
export interface LogEntry<Action = unknown> {
  role: Role;
  action: Action;
}

/** A game's truth: seed + options + the ordered list of (role, action). */
export interface GameLog<Action = unknown> {
  game: string;
  seed: string;
  options: Omit<SetupOptions, 'seed'>;
  actions: LogEntry<Action>[];
}
