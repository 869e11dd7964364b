/**
 * Re-deals what `viewer` cannot see: its own deck order; the opponent's hand, deck and face-down
 * orders (one pool, re-split by the public counts; order slots get order cards); the RNG state.
 * Cards the viewer knows to be in the opponent's hand (taken from its own hand, A11) stay there.
 */
import type { Rng } from '@tabula/engine';
import { card } from './cards.js';
import { cloneState, other } from './state.js';
import type { HacseState, Side } from './types.js';

export function determinizeState(s: HacseState, viewer: Side, rng: Rng): HacseState {
  const d = cloneState(s);
  const mine = d.players[viewer];
  mine.deck = rng.shuffle(mine.deck.slice());
  const foe = other(viewer);
  const fp = d.players[foe];
  const pool = [...fp.hand, ...fp.deck];
  for (const id of fp.known) pool.splice(pool.indexOf(id), 1);
  const slots = d.combat && d.combat.attacker === foe ? d.combat.attackers.filter((a) => a.order !== null && !a.revealed) : [];
  for (const a of slots) pool.push(a.order!);
  rng.shuffle(pool);
  for (const a of slots) {
    const i = pool.findIndex((id) => card(id).kind === 'order');
    a.order = pool.splice(i, 1)[0]!;
  }
  const free = fp.hand.length - fp.known.length;
  fp.hand = [...fp.known, ...pool.slice(0, free)];
  fp.deck = pool.slice(free);
  d.rng = [rng.uint32(), rng.uint32(), rng.uint32(), rng.uint32()];
  return d;
}
