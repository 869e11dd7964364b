/**
 * HACSE knowledge: the front die and unit value.
 *
 * Evaluation (for Axis; Allies get the complement): a logistic of
 * - the front die's distance from 5 (Axis wins at 10, Allies at 0; the armistice also goes by it),
 * - the value of each side's units (cost and damage, less the damage they carry; front counts most),
 * - the cards in hand (future units and orders).
 * Rollouts: weighted random play that prefers deploying, attacking and playing cards to passing.
 */
import type { AnyGame, Role, Rng } from '@tabula/engine';
import { card, type HacseAction, type HacseState, type Side } from '@tabula/hacse';
import type { Knowledge } from './types.js';

const ZONE_WEIGHT = { front: 1, reserve: 0.8, hinterland: 0.5 } as const;

export function unitValue(s: HacseState, side: Side): number {
  let v = 0;
  const destroyAt = s.rules.destroyAt[side];
  for (const u of s.players[side].units) {
    const c = card(u.card);
    const dmg = c.damage ? (c.damage.assault + c.damage.maneuver + c.damage.flank) / 3 : 0;
    const worth = 1 + (c.cost ?? 1) + 0.5 * dmg + 0.3 * (c.armour ?? 0);
    v += worth * ZONE_WEIGHT[u.zone] * Math.max(0, 1 - u.damage / destroyAt);
  }
  return v;
}

export function evaluateHacse(s: HacseState): Record<Role, number> {
  if (s.outcome) {
    const w = s.outcome.winners;
    return { axis: w.includes('axis') ? 1 / w.length : w.length ? 0 : 0.5, allies: w.includes('allies') ? 1 / w.length : w.length ? 0 : 0.5 };
  }
  // near the turn limit the die alone decides (armistice)
  const late = Math.min(1, s.turn / Math.max(1, s.rules.turnLimit));
  const x = (0.45 + 0.4 * late) * (s.die - 5)
    + 0.06 * (unitValue(s, 'axis') - unitValue(s, 'allies'))
    + 0.05 * (s.players.axis.hand.length - s.players.allies.hand.length);
  const axis = 1 / (1 + Math.exp(-x));
  return { axis, allies: 1 - axis };
}

const WEIGHT: Partial<Record<HacseAction['type'], number>> = {
  attack: 4, place: 3, play: 2, commit: 2, pay: 2, resolve: 2, assign: 2, block: 2, flank: 2, spread: 2, hq: 2,
  target: 2, move: 1, declared: 1, blocked: 1, hqPass: 1, draw: 0.8, doctrine: 1, sacrifice: 0.5, shuffle: 0.2, end: 0.3, disband: 0.1,
};

export function rolloutHacse(actions: HacseAction[], rng: Rng): HacseAction {
  let total = 0;
  for (const a of actions) total += WEIGHT[a.type] ?? 1;
  let r = rng.float() * total;
  for (const a of actions) {
    r -= WEIGHT[a.type] ?? 1;
    if (r < 0) return a;
  }
  return actions[actions.length - 1]!;
}

/**
 * The hidden cards in a canonical order, mirroring determinize: the viewer's deck sorted; the
 * opponent's hand, deck and face-down orders pooled, sorted and dealt back (orders to the slots).
 */
export function canonicalHacse(s: HacseState, viewer: Side): HacseState {
  const d = structuredClone(s);
  d.players[viewer].deck.sort();
  d.players[viewer].hand.sort();
  const foe: Side = viewer === 'axis' ? 'allies' : 'axis';
  const fp = d.players[foe];
  const slots = d.combat && d.combat.attacker === foe ? d.combat.attackers.filter((a) => a.order !== null && !a.revealed) : [];
  const pool = [...fp.hand, ...fp.deck, ...slots.map((a) => a.order!)].sort();
  for (const a of slots) {
    const i = pool.findIndex((id) => card(id).kind === 'order');
    a.order = pool.splice(i, 1)[0]!;
  }
  fp.hand = pool.slice(0, fp.hand.length);
  fp.deck = pool.slice(fp.hand.length);
  d.rng = [0, 0, 0, 1];
  return d;
}

/** The search-tree key: what `viewer` sees that the rules depend on (as in view.ts, without the rendering extras). */
export function infoKeyHacse(s: HacseState, viewer: Side): string {
  const pl = (side: Side): unknown[] => {
    const p = s.players[side];
    const own = side === viewer;
    return [p.hand.length, p.deck.length, own ? [...p.hand].sort() : 0, own ? [...p.deck].sort() : 0, p.discard, p.units, p.supports, p.progress, p.removed];
  };
  const c = s.combat;
  const combat = c ? [c.attacker, c.stage, c.attackers.map((a) => [a.uid, a.order !== null, a.revealed || viewer === c.attacker ? a.order : null, a.revealed, a.vs, a.by, a.done]),
    c.blocksUsed, c.current, c.pendingHit, c.pendingBack, c.pendingHq, c.spreadLeft, c.undistributed, c.taken] : 0;
  return JSON.stringify([s.turn, s.active, s.phase, s.actionsLeft, s.die, s.freeMoveUsed, s.discountUsed, s.outcome ? 1 : 0, pl('axis'), pl('allies'), s.pending, combat]);
}

export const hacseKnowledge: Knowledge = {
  rolloutDepth: 16,
  infoKey: (state, role) => infoKeyHacse(state as HacseState, role as Side),
  rollout: (_game: AnyGame, _state, _role, actions, rng) => rolloutHacse(actions as HacseAction[], rng),
  evaluate: (_game, state) => evaluateHacse(state as HacseState),
  canonical: (_game, state, role) => (role === 'axis' || role === 'allies' ? canonicalHacse(state as HacseState, role) : state),
};
