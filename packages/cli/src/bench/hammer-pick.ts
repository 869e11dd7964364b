/**
 * A random player for the random-games benchmark (Hammer of the Scots) that makes battle choices with the weights of the
 * reference implementation's menu, so that game lengths can be compared like for like.
 *
 * Uniform over our actions, a block in battle retreats far more often than it fires: each retreat
 * destination is an action of its own. The reference lists a block in battle as two ways to fire
 * (click on the block, or the fire button), one pass and one retreat; retreat then opens a prompt
 * whose two ways back (undo, click the block again) sit beside the destinations. Everything but the
 * battle turns stays uniform.
 */
import type { Rng } from '@tabula/engine';
import type { HammerAction as Action } from '@tabula/hammer';

/**
 * The weight of actions[i] in the menu: fire 2; a retreat that continues its block's run of retreats 0
 * (a block's retreats are listed together and are one entry, weighted at the run's first); else 1.
 */
function menuWeight(actions: readonly Action[], i: number): number {
  const a = actions[i]!;
  if (a.type === 'fire') return 2;
  const p = i > 0 ? actions[i - 1]! : null;
  return a.type === 'retreat' && p !== null && p.type === 'retreat' && p.block === a.block ? 0 : 1;
}

/**
 * Picks like a menu where each block in battle is listed as fire twice, pass once and retreat once
 * (its destinations as one entry), walking the list instead of building the menu: the battle phase
 * lists a block's retreats together, so a run of them is one entry.
 */
export function referenceMenuPick(actions: readonly Action[], rng: Rng): Action {
  let fires = false;
  for (let i = 0; i < actions.length && !fires; i++) fires = actions[i]!.type === 'fire';
  if (!fires) return actions[rng.int(actions.length)]!;
  let size = 0;
  for (let i = 0; i < actions.length; i++) size += menuWeight(actions, i);
  for (;;) {
    let r = rng.int(size);
    for (let i = 0; i < actions.length; i++) {
      r -= menuWeight(actions, i);
      if (r >= 0) continue;
      const a = actions[i]!;
      if (a.type !== 'retreat') return a;
      let end = i + 1;
      while (end < actions.length && menuWeight(actions, end) === 0) end++;
      const k = rng.int(end - i + 2); // two ways back to the battle menu
      if (k < end - i) return actions[i + k]!;
      break;
    }
  }
}
