import type { AnyGame, SetupOptions, VariantSpec } from '@tabula/engine';
import { load, type LoadedEntry } from '@tabula/games/registry';
import { addGameMessages } from './i18n/index.js';

export { gameIds, manifestOf } from '@tabula/games/registry';
export type GameModule = LoadedEntry;

/** Loads a game's engine and registers its messages as the i18next namespace named by its id. */
export async function loadGame(id: string): Promise<GameModule> {
  const m = await load(id);
  addGameMessages(id, m.messages);
  return m;
}

export interface LocalCatalogEntry {
  id: string;
  scenarios: string[];
  players: { min: number; max: number; default: number };
  roles: Record<number, string[]>;
  variants: VariantSpec[];
}

/** The same shape the server's /api/catalog gives, computed from a loaded engine. */
export function catalogOf(game: AnyGame): LocalCatalogEntry {
  const base: SetupOptions = { seed: 'catalog', scenario: game.scenarios[0] };
  const fixed = game.roles(base).length;
  const players = game.players ?? { min: fixed, max: fixed, default: fixed };
  const roles: Record<number, string[]> = {};
  for (let n = players.min; n <= players.max; n++) roles[n] = game.roles({ ...base, players: n });
  return { id: game.id, scenarios: game.scenarios, players, roles, variants: game.variants ?? [] };
}
