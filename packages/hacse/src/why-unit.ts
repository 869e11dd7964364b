/**
 * "Why can't I?" for a unit on the table, in every step of a turn: why `side` can do nothing with the
 * unit `uid` now (called only when no legal action names it). Each reason is a refusal code of the rule
 * table (rule-ids.ts) with the unit's card as its argument.
 */
import { blocksMax } from './combat.js';
import { findUnit, other } from './state.js';
import type { HacseState, Side } from './types.js';

export interface UnitWhy { code: string; args: { card: string } }

export function whyNotUnit(s: HacseState, side: Side, uid: string): UnitWhy | null {
  const f = findUnit(s, uid);
  if (!f) return null;
  const { owner, unit: u } = f;
  const why = (code: string): UnitWhy => ({ code, args: { card: u.card } });
  const own = owner === side;
  if (s.phase === 'main') return own ? null : why('why-enemy-unit');
  if (s.phase === 'pay') return own ? why(u.zone === 'hinterland' ? 'why-sacrifice-last' : 'why-sacrifice-hinterland') : why('why-paying');
  if (s.phase !== 'combat' || !s.combat) return why('why-finish-step');
  const c = s.combat;
  const declared = c.attackers.find((a) => a.uid === uid);
  const engaged = c.attackers.some((a) => a.vs === uid);
  switch (c.stage) {
    case 'declare':
      if (!own) return why('why-declare-first');
      if (declared) return why('why-unit-declared');
      if (u.zone === 'hinterland') return why('why-unit-hinterland');
      if (u.flipped) return why('why-unit-flipped');
      if (u.attacked) return why('why-unit-attacked');
      if (u.placed >= s.turn) return why('why-unit-new');
      return null;
    case 'block':
      if (!own) return declared && declared.vs !== null ? why('why-attacker-blocked') : null;
      if (u.zone === 'hinterland') return why('why-unit-hinterland');
      if (u.flipped) return why('why-unit-flipped');
      if (engaged) return why('why-unit-engaged');
      if (u.zone === 'front') return why('why-block-reserve');
      if (c.blocksUsed >= blocksMax(s, other(c.attacker))) return why('why-block-limit');
      return null;
    case 'assign':
      if (own) return declared ? why('why-attacker-has-target') : why('why-not-attacking');
      if (u.zone === 'hinterland') return why('why-unit-hinterland');
      if (u.flipped) return why('why-unit-flipped');
      if (engaged) return why('why-unit-engaged');
      return why('why-assign-front');
    case 'hq':
      if (own) return why('why-hq-enemy');
      if (u.zone === 'hinterland') return why('why-unit-hinterland');
      return null;
    default:
      return why('why-combat-step');
  }
}
