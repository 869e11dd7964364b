/**
 * A random player for the random-games benchmark that makes battle choices with the weights of the
 * reference implementation's menu, so that game lengths can be compared like for like.
 *
 * Uniform over our actions, a block in battle retreats far more often than it fires: each retreat
 * destination is an action of its own. The reference lists a block in battle as two ways to fire
 * (click on the block, or the fire button), one pass and one retreat; retreat then opens a prompt
 * whose two ways back (undo, click the block again) sit beside the destinations. Everything but the
 * battle turns stays uniform.
 */
import type { Rng } from '@tabula/engine';
import type { Action } from './types.js';

type BattleTurn = Extract<Action, { type: 'fire' | 'hold' | 'retreat' }>;

const isBattleTurn = (a: Action): a is BattleTurn => a.type === 'fire' || a.type === 'hold' || a.type === 'retreat';

export function referenceMenuPick(actions: readonly Action[], rng: Rng): Action {
  if (!actions.some((a) => a.type === 'fire')) return actions[rng.int(actions.length)]!;
  // Per block: fire twice, pass once, retreat once (as a group of destinations).
  const menu: (Action | BattleTurn[])[] = [];
  const retreats = new Map<string, BattleTurn[]>();
  for (const a of actions) {
    if (!isBattleTurn(a)) { menu.push(a); continue; }
    if (a.type === 'fire') menu.push(a, a);
    else if (a.type === 'hold') menu.push(a);
    else {
      let group = retreats.get(a.block);
      if (!group) { group = []; retreats.set(a.block, group); menu.push(group); }
      group.push(a);
    }
  }
  for (;;) {
    const entry = menu[rng.int(menu.length)]!;
    if (!Array.isArray(entry)) return entry;
    const k = rng.int(entry.length + 2); // two ways back to the battle menu
    if (k < entry.length) return entry[k]!;
  }
}
