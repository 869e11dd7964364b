import { GameCommands, type CommandOptions } from './commands.js';
import { GameEvents } from './events.js';
import { Lobby, type LobbyOptions } from './lobby.js';
import { GameTable, type TableOptions } from './table.js';
import { Timeouts } from './timeouts.js';
import { SeatViews, type SeatViewOptions } from './views.js';
import { GameWrites } from './writes.js';

export type GamesOptions = TableOptions & LobbyOptions & SeatViewOptions & CommandOptions;

/** The games room: its parts, wired once. */
export class Games {
  readonly events = new GameEvents();
  readonly table: GameTable;
  readonly views: SeatViews;
  readonly writes: GameWrites;
  readonly timeouts: Timeouts;
  readonly lobby: Lobby;
  readonly commands: GameCommands;

  constructor(opts: GamesOptions) {
    const now = opts.now ?? Date.now;
    this.table = new GameTable(opts);
    this.views = new SeatViews(opts);
    this.writes = new GameWrites(this.table, this.events, now, opts.credit);
    this.timeouts = new Timeouts(this.table, this.writes, now, opts.credit);
    this.lobby = new Lobby(this.table, this.views, this.events, opts);
    this.commands = new GameCommands(this.table, this.writes, this.timeouts, this.views, opts);
  }
}

export { setupOptionsOfRow } from './table.js';
export type { GameState, GameSummary, SeatInfo } from './views.js';
export type { CreateGameBody } from './options.js';
export type { GameChanged } from './events.js';
