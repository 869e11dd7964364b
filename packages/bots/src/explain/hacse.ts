/**
 * HACSE: a bot's move explained from its knowledge's card values (`cardStat`: attack, armour) and the
 * units on the table. A unit is named only where the viewer's view shows its card; a combat order the
 * bot commits is never named (it lies face down until revealed), nor a card still in its hand.
 */
import type { AnyGame, Role } from '@tabula/engine';
import type { HacseAction, HacseState, HacseView, Side, UnitView } from '@tabula/hacse';
import { cardStat } from '../knowledge/hacse.js';
import { SEARCH_REASON, type MoveReason } from './types.js';

const SIDES: readonly Side[] = ['axis', 'allies'];

/** The viewer's view of the unit `uid` (with its card), or null when the viewer cannot see it. */
function shownUnit(view: HacseView, uid: string): UnitView | null {
  for (const side of SIDES) {
    const p = view.players[side];
    for (const u of [...p.front, ...p.reserve, ...p.hinterland]) if (u.uid === uid && u.card) return u;
  }
  return null;
}

export function explainHacse(game: AnyGame, state: unknown, role: Role, action: unknown, viewer: Role): MoveReason {
  const s = state as HacseState;
  const a = action as HacseAction;
  const view = game.view(s, viewer) as HacseView;
  const side = role as Side;
  const enemy: Side = side === 'axis' ? 'allies' : 'axis';
  switch (a.type) {
    case 'place': {
      const st = cardStat(a.card);
      return { key: 'bot.hacse-place', args: { card: a.card, zone: a.zone, attack: st.atk, armour: st.arm } };
    }
    case 'move': {
      const u = shownUnit(view, a.uid);
      if (!u) return SEARCH_REASON;
      return { key: a.to === 'front' ? 'bot.hacse-move-front' : 'bot.hacse-move-back', args: { card: u.card, to: a.to } };
    }
    case 'attack': {
      let atk = 0;
      for (const u of view.players[side].front) atk += cardStat(u.card).atk;
      return { key: 'bot.hacse-attack', args: { attack: atk, count: view.players[enemy].front.length } };
    }
    case 'commit': {
      const u = shownUnit(view, a.uid);
      return u ? { key: 'bot.hacse-commit', args: { card: u.card } } : SEARCH_REASON;
    }
    case 'assign': case 'block': {
      const u = shownUnit(view, a.uid);
      const target = shownUnit(view, a.type === 'assign' ? a.target : a.attacker);
      if (!u || !target) return SEARCH_REASON;
      const left = Math.max(0, target.destroyAt - target.damage);
      return { key: a.type === 'assign' ? 'bot.hacse-assign' : 'bot.hacse-block', args: { card: u.card, targetCard: target.card, left } };
    }
    case 'hq': {
      const target = shownUnit(view, a.target);
      if (!target) return SEARCH_REASON;
      return { key: 'bot.hacse-hq', args: { targetCard: target.card, left: Math.max(0, target.destroyAt - target.damage) } };
    }
    case 'play': return { key: 'bot.hacse-play', args: { card: a.card } };
    case 'draw': return { key: 'bot.hacse-draw' };
    case 'end': return { key: 'bot.hacse-end' };
    default: return SEARCH_REASON;
  }
}
