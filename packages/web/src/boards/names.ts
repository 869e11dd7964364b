// Each game's words for its actions, loaded with the game's board data and registered with labels.ts.
import { useEffect, useState } from 'react';
import { registerActionNamer } from '../labels.js';

const loaders: Record<string, () => Promise<void>> = {
  'hammer-of-the-scots': () => import('./hammer-of-the-scots/names.js').then((m) => registerActionNamer('hammer-of-the-scots', m.hammerActionName)),
  hacse: () => import('./hacse/names.js').then((m) => registerActionNamer('hacse', m.hacseActionName)),
  carcassonne: () => import('./carcassonne/names.js').then((m) => registerActionNamer('carcassonne', m.carcassonneActionName)),
};
const loaded = new Map<string, Promise<void>>();

export function loadActionNames(gameId: string): Promise<void> {
  const f = loaders[gameId];
  if (!f) return Promise.resolve();
  let p = loaded.get(gameId);
  if (!p) { p = f(); loaded.set(gameId, p); }
  return p;
}

/** Re-renders once the game's action names are in (hints, analysis). */
export function useActionNames(gameId: string): boolean {
  const [ready, setReady] = useState(!loaders[gameId]);
  useEffect(() => { let on = true; void loadActionNames(gameId).then(() => on && setReady(true)); return () => { on = false; }; }, [gameId]);
  return ready;
}
