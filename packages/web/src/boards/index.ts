import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { BoardProps } from './types.js';

// Boards are plug-ins, one directory per game id, each loaded on demand.
type Board = LazyExoticComponent<ComponentType<BoardProps>>;

const boards: Record<string, Board> = {
  carcassonne: lazy(() => import('./carcassonne/Board.js')),
  'hammer-of-the-scots': lazy(() => import('./hammer-of-the-scots/Board.js')),
  hacse: lazy(() => import('./hacse/Board.js')),
};

export const GenericBoard: Board = lazy(() => import('./generic/Board.js'));

export function boardFor(gameId: string): Board {
  return boards[gameId] ?? GenericBoard;
}
