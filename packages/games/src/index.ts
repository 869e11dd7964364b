import type { AnyGame, Role, SetupOptions, VariantSpec } from '@tabula/engine';
import { carcassonneGame } from '@tabula/carcassonne';
import { hacseGame } from '@tabula/hacse';
import { hammerGame } from '@tabula/hammer';

/** id -> game module. Each game registers here as it lands. */
const registry = new Map<string, AnyGame>();

export function register(game: AnyGame): void {
  registry.set(game.id, game);
}

export function getGame(id: string): AnyGame | undefined {
  return registry.get(id);
}

export function listGames(): AnyGame[] {
  return [...registry.values()];
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

// The built-in games: each registers here once it lands (one import above, one call here).
register(hacseGame);
register(carcassonneGame);
register(hammerGame);
