import type { GameManifest, LoadedGame } from '@tabula/engine';
import { manifestOf } from './manifests.js';

export interface LoadedEntry extends LoadedGame { manifest: GameManifest }

const cache = new Map<string, Promise<LoadedEntry>>();

/** A game's engine, messages and manifest; the engine loads on first use (its own chunk in the browser). */
export function load(id: string): Promise<LoadedEntry> {
  let p = cache.get(id);
  if (!p) {
    const manifest = manifestOf(id);
    if (!manifest) return Promise.reject(new Error(`unknown game ${id}`));
    p = manifest.load().then((g) => {
      if (g.game.id !== id) throw new Error(`the ${id} manifest loaded the engine of ${g.game.id}`);
      return { ...g, manifest };
    });
    p.catch(() => cache.delete(id));
    cache.set(id, p);
  }
  return p;
}
