import type { TFunction } from 'i18next';

/** What every board receives. `actions` are the legal actions of `role` (empty when it is not their turn or in replays). */
export interface BoardProps<View = unknown, Action = unknown> {
  gameId: string;
  view: View;
  actions: Action[];
  onAction: (action: Action) => void;
  /** The role whose view this is; null for a spectator. */
  role: string | null;
  /** Roles in seat order. */
  roles: string[];
  /** Roles that may act now. */
  active: string[];
  t: TFunction;
  /** True while an action is on its way (buttons disabled). */
  busy?: boolean;
  /** Online games: the account that created the game (and uploaded its decks). */
  createdBy?: string | null;
  /** The game has ended (by the rules, a resignation, a timeout or an abort). */
  finished?: boolean;
  /** A replay: the board shows a past position (and the analysis' alternative) and offers no action. */
  replay?: boolean;
}
