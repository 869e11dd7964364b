/** The games Tabula ships, in the order menus list them. */
export const GAME_IDS = ['carcassonne', 'hammer-of-the-scots', 'hacse'] as const;
export type GameId = (typeof GAME_IDS)[number];

export function isGameId(id: string): id is GameId {
  return (GAME_IDS as readonly string[]).includes(id);
}
