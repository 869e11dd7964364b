// The engines, each a separate chunk loaded on demand (used by the page and by the bot worker).
import type { AnyGame } from '@tabula/engine';

export type Messages = Record<string, Record<string, string>>;
export interface EngineModule { game: AnyGame; messages?: Messages; module: Record<string, unknown> }

/** The games Tabula knows, in the order menus list them. */
export const GAME_IDS = ['carcassonne', 'hammer-of-the-scots', 'hacse'] as const;

const importers: Record<string, () => Promise<unknown>> = {
  carcassonne: () => import('@tabula/carcassonne'),
  'hammer-of-the-scots': () => import('@tabula/hammer'),
  hacse: () => import('@tabula/hacse'),
};

function isGame(v: unknown): v is AnyGame {
  const g = v as Partial<AnyGame> | null;
  return !!g && typeof g === 'object' && typeof g.id === 'string' && typeof g.setup === 'function' && typeof g.apply === 'function';
}

const cache = new Map<string, Promise<EngineModule>>();

export function loadEngine(id: string): Promise<EngineModule> {
  let p = cache.get(id);
  if (!p) {
    const imp = importers[id];
    if (!imp) return Promise.reject(new Error(`unknown game ${id}`));
    p = imp().then((m) => {
      const mod = m as Record<string, unknown>;
      const game = Object.values(mod).find(isGame);
      if (!game) throw new Error(`the ${id} engine is not available yet`);
      return { game, messages: (mod.messages ?? undefined) as Messages | undefined, module: mod };
    });
    p.catch(() => cache.delete(id));
    cache.set(id, p);
  }
  return p;
}
