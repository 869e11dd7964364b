import { Rng } from './rng.js';
import type { AnyGame, Role } from './types.js';

/**
 * What playing `action` risks for `role`: 'loses' (the game ends at once with `role` not among the winners),
 * 'draw' (it ends at once with no winner), 'may-lose' (it does so in some of the worlds `role` cannot tell
 * apart, e.g. by the dice), or null. Judged only on worlds re-dealt for `role` with `determinize` (what it
 * cannot see, the RNG included, redrawn from `seed`), so the answer reveals nothing its view does not. A loss
 * no legal action avoids (the last tile of a game) is no risk the player could choose against: null.
 */
export type ActionRisk = 'loses' | 'may-lose' | 'draw' | null;

export function judgeAction(game: AnyGame, state: unknown, role: Role, action: unknown, seed: string, samples = 6): ActionRisk {
  const lostIn = (world: unknown, a: unknown): 'lost' | 'draw' | null => {
    let next: unknown;
    try { next = game.apply(world, role, a); } catch { return null; }
    const o = game.outcome(next);
    if (!o || o.winners.includes(role)) return null;
    return o.winners.length === 0 ? 'draw' : 'lost';
  };
  const worlds = Array.from({ length: samples }, (_, i) => game.determinize(state, role, new Rng(`${seed}:${i}`)));
  const results = worlds.map((w) => lostIn(w, action));
  const bad = results.filter((r) => r !== null).length;
  if (bad === 0) return null;
  // Avoidable? Another legal action that does not end the game against `role` in the first world.
  const alternatives = game.actions(worlds[0], role).slice(0, 300);
  if (!alternatives.some((a) => lostIn(worlds[0], a) === null)) return null;
  if (bad < samples) return 'may-lose';
  return results.every((r) => r === 'draw') ? 'draw' : 'loses';
}
