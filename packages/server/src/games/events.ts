import type { GameRow } from '../store/index.js';

/** A committed change of one game (a seat taken, an action, an undo, an end), after its write. */
export interface GameChanged {
  gameId: string;
  version: number;
  row: GameRow;
}

export type GameChangeListener = (change: GameChanged) => void;

/**
 * Where the games room announces its committed changes. Every reaction (pushes, fan-out to other
 * processes, bot seats, the social room, the notifier) subscribes in one block of app.ts.
 */
export class GameEvents {
  private readonly listeners: GameChangeListener[] = [];

  on(fn: GameChangeListener): void {
    this.listeners.push(fn);
  }

  changed(row: GameRow): void {
    const change: GameChanged = { gameId: row.id, version: row.version, row };
    for (const fn of this.listeners) fn(change);
  }
}
