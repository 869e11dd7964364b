/**
 * What a viewer may see: public rows, damage, flips, the die, discard piles, supports and progress;
 * its own hand and (sorted) remaining deck; attackers' orders only once revealed (or to the attacker).
 */
import { blocksMax } from './combat.js';
import { quietRounds } from './flow.js';
import { SIDES, other } from './state.js';
import type { AttackerView, CombatView, HacseState, HacseView, PlayerView, Side, Unit, UnitView } from './types.js';

function unitView(s: HacseState, side: Side, u: Unit): UnitView {
  return { ...u, destroyAt: s.rules.destroyAt[side] };
}

function playerView(s: HacseState, side: Side, viewer: Side | null): PlayerView {
  const p = s.players[side];
  const own = viewer === side;
  const rows = (z: Unit['zone']): UnitView[] => p.units.filter((u) => u.zone === z).map((u) => unitView(s, side, u));
  return {
    deck: { ...s.decks[side], nations: [...s.decks[side].nations] },
    handCount: p.hand.length,
    hand: own ? [...p.hand].sort() : null,
    deckCount: p.deck.length,
    deckContents: own ? [...p.deck].sort() : null,
    discard: [...p.discard],
    front: rows('front'),
    reserve: rows('reserve'),
    hinterland: rows('hinterland'),
    supports: [...p.supports],
    progress: [...p.progress],
    removed: [...p.removed],
    known: viewer === null ? null : [...p.known].sort(),
  };
}

function combatView(s: HacseState, viewer: Side | null): CombatView | null {
  const c = s.combat;
  if (!c) return null;
  const attackers: AttackerView[] = c.attackers.map((a) => ({
    uid: a.uid,
    hasOrder: a.order !== null,
    order: a.revealed || viewer === c.attacker ? a.order : null,
    revealed: a.revealed,
    vs: a.vs,
    by: a.by,
    done: a.done,
  }));
  const pending = c.stage === 'flank' || c.stage === 'hq' ? { hit: c.pendingHit, back: c.pendingBack, hq: c.pendingHq, hqTarget: c.hqTarget, hqHits: [...c.hqHits] } : null;
  return {
    attacker: c.attacker, defender: other(c.attacker), stage: c.stage, attackers, blocksUsed: c.blocksUsed,
    blocksMax: blocksMax(s, other(c.attacker)), current: c.current, pending, spreadLeft: c.spreadLeft,
    undistributed: c.undistributed, taken: { ...c.taken }, results: structuredClone(c.results), after: [...c.after],
  };
}

export function viewState(s: HacseState, viewer: Side | null): HacseView {
  const players = {} as Record<Side, PlayerView>;
  for (const side of SIDES) players[side] = playerView(s, side, viewer);
  return {
    scenario: s.scenario,
    viewer,
    turn: s.turn,
    turnLimit: s.rules.turnLimit,
    handLimit: s.rules.handLimit,
    quietRounds: quietRounds(s),
    active: s.outcome ? null : s.active,
    start: s.start,
    phase: s.phase,
    actionsLeft: s.actionsLeft,
    die: s.die,
    mirrored: s.rules.mirrored,
    balancing: s.rules.balancing,
    doctrine: s.rules.doctrine,
    players,
    pending: s.pending ? structuredClone(s.pending) : null,
    combat: combatView(s, viewer),
    lastCombat: s.lastCombat ? structuredClone(s.lastCombat) : null,
    outcome: s.outcome ? structuredClone(s.outcome) : null,
  };
}
