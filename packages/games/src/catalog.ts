import type { AnyGame, Role, SetupOptions, VariantSpec } from '@tabula/engine';
import { carcassonneGame } from '@tabula/carcassonne';
import { hacseGame } from '@tabula/hacse';
import { hammerGame } from '@tabula/hammer';
import { GAME_IDS, type GameId } from './ids.js';

/** The shipped engines, loaded at once (Node: server, CLI, bots; the browser uses `load`). */
const ENGINES: Record<GameId, AnyGame> = {
  carcassonne: carcassonneGame,
  'hammer-of-the-scots': hammerGame,
  hacse: hacseGame,
};

/** id -> engine: the shipped ones in menu order, then those added at run time (the test game, tests' own games). */
const engines = new Map<string, AnyGame>(GAME_IDS.map((id) => [id, ENGINES[id]]));

/** Adds an engine, or replaces one (a test may swap in a changed version of a shipped game). */
export function register(game: AnyGame): void {
  engines.set(game.id, game);
}

export function getGame(id: string): AnyGame | undefined {
  return engines.get(id);
}

export function listGames(): AnyGame[] {
  return [...engines.values()];
}

export interface CatalogEntry {
  id: string;
  scenarios: string[];
  players: { min: number; max: number; default: number };
  /** Roles for each supported player count. */
  roles: Record<number, Role[]>;
  variants: VariantSpec[];
}

export function catalogEntry(game: AnyGame): CatalogEntry {
  const base: SetupOptions = { seed: 'catalog', scenario: game.scenarios[0] };
  const fixed = game.roles(base).length;
  const players = game.players ?? { min: fixed, max: fixed, default: fixed };
  const roles: Record<number, Role[]> = {};
  for (let n = players.min; n <= players.max; n++) roles[n] = game.roles({ ...base, players: n });
  return { id: game.id, scenarios: game.scenarios, players, roles, variants: game.variants ?? [] };
}

export function catalog(): CatalogEntry[] {
  return listGames().map(catalogEntry);
}
