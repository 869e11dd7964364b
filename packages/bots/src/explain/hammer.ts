/**
 * Hammer of the Scots: a bot's move explained from the facts its knowledge weighs (an attack on the
 * enemy, an open area with a castle or a noble's home, joining its own blocks). A block is named only
 * where the viewer's own view shows its identity (its side's blocks stand face down to the enemy);
 * otherwise the reason says "a block". The card a bot plays is never named (it is face down until
 * both are revealed).
 */
import type { AnyGame, Role } from '@tabula/engine';
import { HAMMER_TABLES, type HammerAction, type HammerState, type HammerView } from '@tabula/hammer';
import { SEARCH_REASON, type MoveReason } from './types.js';

/** The block's id when `viewer` sees it in `state` (own, revealed in battle or remembered), else 'face-down'. */
function shownBlock(game: AnyGame, state: unknown, viewer: Role, block: string): string {
  const v = game.view(state, viewer) as HammerView;
  return v.areas.some((a) => a.blocks.some((b) => b.id === block)) ? block : 'face-down';
}

const sideIndex = (role: Role): number => (role === 'England' ? 0 : 1);

export function explainHammer(game: AnyGame, state: unknown, role: Role, action: unknown, viewer: Role): MoveReason {
  const s = state as HammerState;
  const a = action as HammerAction;
  const T = HAMMER_TABLES;
  const side = sideIndex(role);
  switch (a.type) {
    case 'card': return { key: 'bot.hammer-card' };
    case 'group': return { key: 'bot.hammer-group', args: { area: a.area } };
    case 'to': {
      const to = T.areaIds.indexOf(a.area);
      const block = shownBlock(game, state, viewer, T.blockIds[s.sel]!);
      let own = 0, enemy = 0;
      for (let b = 0; b < T.blockIds.length; b++) if (s.loc[b] === to && b !== s.sel) { if (T.side[b] === side) own++; else enemy++; }
      if (enemy > 0) return { key: 'bot.hammer-to-attack', args: { block, area: a.area } };
      if (own > 0) return { key: 'bot.hammer-to-join', args: { block, area: a.area } };
      const home = T.blockIds.some((_, b) => T.side[b] === side && T.noble[b] && (T.homes[b] ?? []).includes(to));
      if (home) return { key: 'bot.hammer-to-home', args: { block, area: a.area } };
      if (T.castle[to]![side]! > 0) return { key: 'bot.hammer-to-castle', args: { block, area: a.area } };
      return { key: 'bot.hammer-to-open', args: { block, area: a.area } };
    }
    case 'fire': return { key: 'bot.hammer-fire', args: { block: shownBlock(game, state, viewer, a.block) } };
    case 'retreat': return { key: 'bot.hammer-retreat', args: { block: shownBlock(game, state, viewer, a.block), to: a.to } };
    case 'hit': return { key: 'bot.hammer-hit', args: { block: shownBlock(game, state, viewer, a.block) } };
    case 'regroup': return { key: 'bot.hammer-regroup', args: { block: shownBlock(game, state, viewer, a.block), to: a.to } };
    case 'battle': return { key: 'bot.hammer-battle', args: { area: a.area } };
    case 'stop': return { key: 'bot.hammer-stop' };
    case 'end': return { key: 'bot.hammer-end' };
    // Winter: where a noble winters and which block gets a step are the bot's own (logged to its side only).
    case 'home': return { key: 'bot.hammer-home' };
    case 'disband': return { key: 'bot.hammer-disband', args: { block: shownBlock(game, state, viewer, a.block) } };
    case 'step': return { key: 'bot.hammer-step' };
    case 'draw': return { key: 'bot.hammer-draw', args: { area: a.area } };
    default: return SEARCH_REASON;
  }
}
