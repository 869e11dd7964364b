import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { isGameId, type GameId } from '@tabula/games/registry';
import type { BoardProps } from './types.js';

// Boards are plug-ins, one directory per game id, each loaded on demand.
type Board = LazyExoticComponent<ComponentType<BoardProps>>;

const boards: Record<GameId, Board> = {
  carcassonne: lazy(() => import('./carcassonne/Board.js')),
  'hammer-of-the-scots': lazy(() => import('./hammer-of-the-scots/Board.js')),
  hacse: lazy(() => import('./hacse/Board.js')),
};

export const GenericBoard: Board = lazy(() => import('./generic/Board.js'));

/** The game's own board; a game added at run time (the test game) gets the generic one. */
export function boardFor(gameId: string): Board {
  return isGameId(gameId) ? boards[gameId] : GenericBoard;
}
