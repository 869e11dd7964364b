/** Small shared helpers over the state: lookups, drawing, passives, damage rules. */
import { shuffleInPlace } from '@tabula/engine';
import { card, hasTag } from './cards.js';
import type { PlayerState, CardDef, HacseState, Op, OrderType, Side, Unit, Zone } from './types.js';

export const SIDES: readonly Side[] = ['axis', 'allies'];
/** Variant `handLimit` (not in the rules, A17): a hand this large cannot take the "draw a card" action. */
export const HAND_LIMIT = 10;
export const ACTIONS_PER_TURN = 3;
export const HINTERLAND_HEAL = 2;
export const FLIP_AT = 2;

export function other(side: Side): Side {
  return side === 'axis' ? 'allies' : 'axis';
}

export function isSide(r: unknown): r is Side {
  return r === 'axis' || r === 'allies';
}

export function findUnit(s: HacseState, uid: string): { owner: Side; unit: Unit } | null {
  for (const side of SIDES) {
    for (const unit of s.players[side].units) if (unit.uid === uid) return { owner: side, unit };
  }
  return null;
}

export function unitsIn(s: HacseState, side: Side, zone: Zone): Unit[] {
  return s.players[side].units.filter((u) => u.zone === zone);
}

const NO_OPS: readonly Op[] = [];

/** Passive ops of a side's support and progress cards in play (none: one shared empty list). */
export function passives(s: HacseState, side: Side): readonly Op[] {
  const p = s.players[side];
  if (p.supports.length === 0 && p.progress.length === 0) return NO_OPS;
  const out: Op[] = [];
  for (const id of p.supports) for (const op of card(id).effects ?? []) out.push(op);
  for (const id of p.progress) for (const op of card(id).effects ?? []) out.push(op);
  return out;
}

export function passiveSum(s: HacseState, side: Side, op: Op['op']): number {
  let n = 0;
  for (const o of passives(s, side)) if (o.op === op && 'n' in o) n += o.n;
  return n;
}

export function hasPassive(s: HacseState, side: Side, op: Op['op']): boolean {
  return passives(s, side).some((o) => o.op === op);
}

/** Progress cards in play; the doctrine option counts as unlimited (Früh gegen Spät, option 1). */
export function progressCount(s: HacseState, side: Side): number {
  return s.rules.doctrine === side ? Infinity : s.players[side].progress.length;
}

/**
 * Draws n cards. An empty deck stays empty until its player takes the shuffle action (Aktionen:
 * "Abgelegte Karten in den Stapel mischen", A17); the `autoReshuffle` variant refills it for free.
 */
export function draw(s: HacseState, side: Side, n: number): number {
  const p = s.players[side];
  let drawn = 0;
  for (let i = 0; i < n; i++) {
    if (p.deck.length === 0) {
      if (!s.rules.autoReshuffle || p.discard.length === 0) break;
      p.deck = shuffleInPlace(s.rng, p.discard);
      p.discard = [];
    }
    // The top card; the deck is replaced, not changed (cloneState shares decks between states).
    p.hand.push(p.deck[p.deck.length - 1]!);
    p.deck = p.deck.slice(0, -1);
    drawn++;
  }
  if (drawn > 0) s.reveals++;
  return drawn;
}

export function armourOf(s: HacseState, owner: Side, u: Unit): number {
  const c = card(u.card);
  let a = c.armour ?? 0;
  for (const o of passives(s, owner)) {
    if (o.op !== 'armour') continue;
    if (o.zone !== undefined && o.zone !== u.zone) continue;
    if (o.minArmour !== undefined && (c.armour ?? 0) < o.minArmour) continue;
    a += o.n;
  }
  return a;
}

function tagMatches(c: CardDef, tag: string): boolean {
  if (tag === 'highRange') return hasTag(c, 'highRange') || hasTag(c, 'veryHighRange');
  return hasTag(c, tag as never);
}

/** Damage bonuses of a side's passives for a unit dealing damage in `mode`: [plain, extra (ignores armour)]. */
export function bonusOf(s: HacseState, owner: Side, u: Unit, mode: OrderType): [number, number] {
  const c = card(u.card);
  let plain = 0, extra = 0;
  for (const o of passives(s, owner)) {
    if (o.op !== 'bonus') continue;
    if (o.order !== undefined && o.order !== mode) continue;
    if (o.tag !== undefined && !tagMatches(c, o.tag)) continue;
    if (o.minArmour !== undefined && (c.armour ?? 0) < o.minArmour) continue;
    if (o.extra) extra += o.n; else plain += o.n;
  }
  return [plain, extra];
}

/**
 * Whether `src` can damage `dst` (Tags): aircraft are hurt only by aircraft or anti-air; aircraft
 * with a manoeuvre order (or defending tactically) hurt only aircraft; bombers with an assault order
 * hurt only ground units; high / very high range units, when attacking or in the reserve, are hurt
 * only by units of at least that range or by aircraft. `ignoreRange`: unopposed damage (Kampfreihenfolge 4.1).
 */
export function canDamage(src: CardDef, dst: CardDef, dstAttacking: boolean, dstZone: Zone, mode: OrderType, ignoreRange = false): boolean {
  const srcAir = hasTag(src, 'aircraft');
  const dstAir = hasTag(dst, 'aircraft');
  if (dstAir && !(srcAir || hasTag(src, 'antiAir'))) return false;
  // Aircraft "take damage only from aircraft or flak": for them that is the whole test (A13).
  const airDuel = dstAir;
  if (srcAir && mode === 'maneuver' && !dstAir) return false;
  if (hasTag(src, 'bomber') && mode === 'assault' && dstAir) return false;
  if (!ignoreRange && !airDuel && (dstAttacking || dstZone === 'reserve')) {
    if (hasTag(dst, 'veryHighRange')) return srcAir || hasTag(src, 'veryHighRange');
    if (hasTag(dst, 'highRange')) return srcAir || hasTag(src, 'highRange') || hasTag(src, 'veryHighRange');
  }
  return true;
}

export function destroyAt(s: HacseState, side: Side): number {
  return s.rules.destroyAt[side];
}

/** Ground gain direction of a role: Axis raises the die, Allies lower it (Aufbau; mirrored decks play by role). */
export function dieDirection(side: Side): number {
  return side === 'axis' ? 1 : -1;
}

/** Removes one copy of `id` from `arr`; false if absent. */
export function takeOne(arr: string[], id: string): boolean {
  const i = arr.indexOf(id);
  if (i < 0) return false;
  arr.splice(i, 1);
  return true;
}

/** A card leaves the hand face up (played, placed, paid, discarded): the opponent no longer counts it as known there (A11). */
export function playFromHand(p: PlayerState, id: string): void {
  takeOne(p.hand, id);
  takeOne(p.known, id);
}

/** The different ids in `arr`, sorted. */
export function distinct(arr: readonly string[]): string[] {
  const out = arr.slice().sort();
  let k = 0;
  for (const id of out) if (k === 0 || id !== out[k - 1]) out[k++] = id;
  out.length = k;
  return out;
}

/**
 * A deep copy of the state, by hand (several times faster than structuredClone on this shape). Parts the
 * rules never change once made are shared: the deck lists (replaced, never changed in place: `draw`,
 * `performDoctrine`, `determinizeState`), the deck descriptions, the last combat, engagement results but the one in
 * progress (combat.ts changes only the last), and the entries of the after-combat hits.
 */
export function cloneState(s: HacseState): HacseState {
  const players = {} as HacseState['players'];
  for (const side of SIDES) {
    const p = s.players[side];
    players[side] = {
      deck: p.deck, hand: p.hand.slice(), discard: p.discard.slice(), units: p.units.map((u) => ({ ...u })),
      supports: p.supports.slice(), progress: p.progress.slice(), removed: p.removed.slice(), known: p.known.slice(),
    };
  }
  const c = s.combat;
  return {
    ...s,
    rules: { ...s.rules, destroyAt: { ...s.rules.destroyAt } },
    decks: s.decks,
    players,
    pending: s.pending ? (s.pending.kind === 'pay' ? { ...s.pending } : { ...s.pending, ops: s.pending.ops.slice() }) : null,
    combat: c ? {
      ...c, attackers: c.attackers.map((a) => ({ ...a })), taken: { ...c.taken }, gone: { ...c.gone },
      results: c.results.map((r, i) => (i < c.results.length - 1 ? r : { ...r, hqTargets: r.hqTargets.slice(), spread: r.spread.slice(), destroyed: r.destroyed.slice() })),
      after: c.after.slice(), afterHits: c.afterHits.slice(), hqHits: c.hqHits.slice(),
    } : null,
    lastCombat: s.lastCombat,
    outcome: s.outcome,
    rng: [s.rng[0], s.rng[1], s.rng[2], s.rng[3]],
  };
}
