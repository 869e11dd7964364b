/**
 * "Why can't I?" outside the Move Phase: why `side` can do nothing with a card, an area or a block in
 * the step the game is at (cards, battles, retreats and regroups, Winter, events). The Move Phase's
 * own reasons are movement.ts `whyNotArea`. Each reason is a refusal code ("why-...") of the rule table.
 */
import { AREA_IDS } from './map.js';
import { INIT, SIDE } from './blocks.js';
import { F_RESERVE, type State } from './state.js';

export interface WhyNot { code: string; args?: Record<string, string> }

/** Why the hand card `card` cannot be played now (3.1), or null. */
export function whyNotCard(s: State, side: number, card: number): WhyNot | null {
  if (!s.hand[side]!.includes(card)) return null;
  if (s.phase === 'cards') return s.card[side] !== 0 ? { code: 'why-card-played' } : null;
  return { code: 'why-not-cards-phase' };
}

/** Why `side` can do nothing with `area` (and its own block `block`, or -1) in the current step, or null. */
export function whyNotInStep(s: State, side: number, area: number, block: number): WhyNot | null {
  const phase = s.phase;
  if (phase === 'cards') return { code: 'why-cards-first' };
  if (phase === 'battle-choose') return { code: 'why-no-battle-here', args: { area: AREA_IDS[area]! } };
  if (phase === 'battle' && s.battle) {
    const b = s.battle;
    if (area !== b.area) return { code: 'why-battle-elsewhere', args: { area: AREA_IDS[b.area]! } };
    if (b.stage === 'regroup') return { code: 'why-regroup' };
    if (block < 0 || SIDE[block] !== side) return null;
    if (b.stage === 'hits') return { code: 'why-hits-strongest' };
    if (b.stage === 'retreat') return { code: 'why-attacker-withdraws' };
    if (s.flags[block]! & F_RESERVE) return { code: 'why-reserve' };
    const letter = b.step >> 1;
    if (INIT[block] !== letter) return { code: 'why-not-its-letter', args: { letter: 'ABC'[INIT[block]!]! } };
    return null;
  }
  if (phase === 'event') return { code: 'why-event' };
  if (phase === 'raid') return { code: 'why-raid' };
  if (phase === 'main') return { code: 'why-main-attack' };
  if (phase === 'w-home' || phase === 'w-stay') return { code: 'why-winter-home' };
  if (phase === 'w-edward') return { code: 'why-winter-edward' };
  if (phase === 'w-disband') return { code: 'why-winter-disband' };
  if (phase === 'w-wallace') return { code: 'why-winter-wallace' };
  if (phase === 'w-build') return { code: 'why-winter-build' };
  return null;
}
