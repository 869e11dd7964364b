/**
 * The main phase (Aktionen) with placement and payment (Einheiten platzieren), card actions and
 * "E:" effects (Einsatz), and the doctrine pick (Früh gegen Spät, option 1). Each function pair
 * lists the legal actions and performs one; `perform*` mutate a working copy.
 */
import { card, hasTag } from './cards.js';
import { afterAction, startTurn } from './flow.js';
import { chooseBalancing } from './setup.js';
import { startCombat, canAttack } from './combat.js';
import {
  destroyAt, distinct, draw, findUnit, hasPassive, other, passiveSum, playFromHand, progressCount, takeOne,
} from './state.js';
import { shuffleInPlace } from '@tabula/engine';
import {
  ATTACK, BALANCE, DRAW, END, SHUFFLE, abilityAct, disbandAct, doctrineAct, moveAct, payAct, placeAct, playAct, sacrificeAct, targetAct,
} from './acts.js';
import type { HacseAction, HacseState, Op, Side, Unit, Zone } from './types.js';

const ZONES: readonly Zone[] = ['front', 'reserve', 'hinterland'];

/** What sacrificing a hinterland unit pays towards a cost: its cost (at least 1), 2 for "sacrifice" fodder (A1, A15). */
export function sacrificeValue(u: Unit): number {
  const c = card(u.card);
  return hasTag(c, 'sacrifice') ? 2 : Math.max(1, c.cost ?? 0);
}

export function effectiveCost(s: HacseState, side: Side, id: string): number {
  const base = card(id).cost ?? 0;
  const disc = s.discountUsed ? 0 : passiveSum(s, side, 'discount');
  return Math.max(0, base - disc);
}

/** A unit whose "E:" effects include "opfere eine Einheit" (Einsatz): it needs another own unit to sacrifice. */
function needsSacrifice(id: string): boolean {
  return (card(id).effects ?? []).some((o) => o.op === 'sacrifice');
}

/**
 * What the hinterland units can pay towards the cost of `id` (A1). For a unit that must sacrifice
 * another unit on deploy (A15) one unit must be left after paying: if every unit is in the
 * hinterland, the cheapest is kept back.
 */
function sacrificeBudget(units: readonly Unit[], id: string): number {
  const back = units.filter((u) => u.zone === 'hinterland').map(sacrificeValue);
  const sum = back.reduce((a, v) => a + v, 0);
  if (!needsSacrifice(id)) return sum;
  if (units.length === 0) return -Infinity;
  return back.length === units.length ? sum - Math.min(...back) : sum;
}

/** Units with a card action (Aktionen: "Eine Aktion einer Karte durchführen") ready to use it: in play, unflipped, not yet used or attacking this turn. */
function abilityReady(s: HacseState, u: Unit): boolean {
  return card(u.card).action !== undefined && u.zone !== 'hinterland' && !u.flipped && !u.attacked && u.placed < s.turn;
}

/**
 * Why `side` may not put card `id` from its hand into play in the main phase (a refusal code, its rule in
 * rule-ids.ts), or null when it may. The one check behind `mainActions` and "Why can't I?".
 */
export function handCardRefusal(s: HacseState, side: Side, id: string): string | null {
  const c = card(id);
  if (c.kind === 'order') return 'why-order-card';
  if (c.side !== 'any' && c.side !== s.decks[side].side) return 'why-wrong-side';
  if ((c.requiresProgress ?? 0) > progressCount(s, side)) return 'why-needs-progress';
  const p = s.players[side];
  if (c.kind === 'unit' && effectiveCost(s, side, id) > p.hand.length - 1 + sacrificeBudget(p.units, id)) return 'why-cannot-pay';
  return null;
}

export function mainActions(s: HacseState, side: Side): HacseAction[] {
  const p = s.players[side];
  const out: HacseAction[] = [END];
  if ((s.rules.handLimit === null || p.hand.length < s.rules.handLimit) && (p.deck.length > 0 || (s.rules.autoReshuffle && p.discard.length > 0))) out.push(DRAW);
  if (p.discard.length > 0) out.push(SHUFFLE);
  if (canAttack(s, side)) out.push(ATTACK);
  for (const id of distinct(p.hand)) {
    const c = card(id);
    if (handCardRefusal(s, side, id) !== null) continue;
    if (c.kind === 'unit') {
      if (!hasTag(c, 'aircraft')) out.push(placeAct(id, 'front'));
      out.push(placeAct(id, 'reserve'));
    } else {
      out.push(playAct(id));
    }
  }
  for (const u of p.units) {
    const aircraft = hasTag(card(u.card), 'aircraft');
    for (const z of ZONES) {
      if (z === u.zone || (z === 'front' && aircraft)) continue;
      out.push(moveAct(u.uid, z));
    }
  }
  for (const u of p.units) out.push(disbandAct(u.uid));
  for (const u of p.units) {
    if (!abilityReady(s, u)) continue;
    const first = card(u.card).action![0];
    if (first && (first.op === 'damage' || first.op === 'sacrifice') && effectTargets(s, side, first, u.uid).length === 0) continue;
    out.push(abilityAct(u.uid));
  }
  return out;
}

function newUnit(s: HacseState, side: Side, id: string, zone: Zone): Unit {
  const u: Unit = { uid: `${side === 'axis' ? 'x' : 'a'}${s.nextUid++}`, card: id, zone, damage: 0, flipped: false, placed: s.turn, attacked: false };
  s.players[side].units.push(u);
  return u;
}

function completePlacement(s: HacseState, side: Side, id: string, zone: Zone): void {
  const u = newUnit(s, side, id, zone);
  const ops = card(id).effects ?? [];
  runEffects(s, side, { kind: 'effects', source: id, ops: [...ops], uid: u.uid });
}

export function performMain(s: HacseState, side: Side, a: HacseAction): void {
  const p = s.players[side];
  switch (a.type) {
    case 'end':
      startTurn(s, other(side));
      return;
    case 'draw':
      s.actionsLeft--;
      draw(s, side, 1);
      break;
    case 'shuffle':
      s.actionsLeft--;
      p.deck = shuffleInPlace(s.rng, [...p.deck, ...p.discard]);
      p.discard = [];
      s.reveals++;
      break;
    case 'attack':
      s.actionsLeft--;
      startCombat(s, side);
      return;
    case 'place': {
      s.actionsLeft--;
      playFromHand(p, a.card);
      const cost = effectiveCost(s, side, a.card);
      if ((card(a.card).cost ?? 0) > cost) s.discountUsed = true;
      if (cost > 0) {
        s.phase = 'pay';
        s.pending = { kind: 'pay', card: a.card, zone: a.zone, left: cost };
        return;
      }
      completePlacement(s, side, a.card, a.zone);
      return;
    }
    case 'play': {
      s.actionsLeft--;
      playFromHand(p, a.card);
      const c = card(a.card);
      if (c.kind === 'support') p.supports.push(a.card);
      else if (c.kind === 'progress') p.progress.push(a.card);
      else {
        p.discard.push(a.card);
        runEffects(s, side, { kind: 'effects', source: a.card, ops: [...(c.effects ?? [])], uid: null });
        return;
      }
      break;
    }
    case 'move': {
      if (hasPassive(s, side, 'freeMove') && !s.freeMoveUsed) s.freeMoveUsed = true;
      else s.actionsLeft--;
      findUnit(s, a.uid)!.unit.zone = a.to;
      break;
    }
    case 'ability': {
      // Aktionen: "Eine Aktion einer Karte durchführen"; the unit has used its turn (no attack after it).
      s.actionsLeft--;
      const u = findUnit(s, a.uid)!.unit;
      u.attacked = true;
      runEffects(s, side, { kind: 'effects', source: u.card, ops: [...card(u.card).action!], uid: u.uid });
      return;
    }
    case 'disband': {
      s.actionsLeft--;
      const i = p.units.findIndex((u) => u.uid === a.uid);
      const [u] = p.units.splice(i, 1);
      p.discard.push(u!.card);
      break;
    }
    default:
      throw new Error(`unexpected ${a.type}`);
  }
  afterAction(s);
}

export function payActions(s: HacseState, side: Side): HacseAction[] {
  const p = s.players[side];
  const pend = s.pending;
  const out: HacseAction[] = distinct(p.hand).map(payAct);
  if (!pend || pend.kind !== 'pay') return out;
  for (const u of p.units) {
    if (u.zone !== 'hinterland') continue;
    // A unit that must sacrifice on deploy keeps one unit back, and the rest of the cost stays payable.
    const rest = p.units.filter((x) => x !== u);
    const left = pend.left - sacrificeValue(u);
    if (needsSacrifice(pend.card) && (rest.length === 0 || (left > 0 && p.hand.length + sacrificeBudget(rest, pend.card) < left))) continue;
    out.push(sacrificeAct(u.uid));
  }
  return out;
}

export function performPay(s: HacseState, side: Side, a: HacseAction): void {
  const pend = s.pending;
  if (!pend || pend.kind !== 'pay') throw new Error('no payment pending');
  const p = s.players[side];
  if (a.type === 'pay') {
    playFromHand(p, a.card);
    p.discard.push(a.card);
    pend.left -= 1;
  } else if (a.type === 'sacrifice') {
    const i = p.units.findIndex((u) => u.uid === a.uid);
    const [u] = p.units.splice(i, 1);
    p.discard.push(u!.card);
    pend.left -= sacrificeValue(u!);
  }
  if (pend.left <= 0) completePlacement(s, side, pend.card, pend.zone);
}

/** Targets of a choice effect (the first op of the pending effects). */
function effectTargets(s: HacseState, side: Side, op: Op, self: string | null): Unit[] {
  if (op.op === 'damage') return s.players[other(side)].units.filter((u) => op.zones.includes(u.zone));
  if (op.op === 'sacrifice') return s.players[side].units.filter((u) => u.uid !== self);
  return [];
}

/** Runs effects until one needs a choice (phase "effect") or all are done (then the action is complete). */
export function runEffects(s: HacseState, side: Side, pend: { kind: 'effects'; source: string; ops: Op[]; uid: string | null }): void {
  const p = s.players[side];
  while (pend.ops.length > 0) {
    const op = pend.ops[0]!;
    if (op.op === 'damage' || op.op === 'sacrifice') {
      if (effectTargets(s, side, op, pend.uid).length > 0) {
        s.phase = 'effect';
        s.pending = pend;
        return;
      }
    } else if (op.op === 'draw') draw(s, side, op.n);
    else if (op.op === 'actions') s.actionsLeft += op.n;
    else if (op.op === 'heal') for (const u of p.units) u.damage = Math.max(0, u.damage - op.n);
    pend.ops.shift();
  }
  afterAction(s);
}

export function effectActions(s: HacseState, side: Side): HacseAction[] {
  const pend = s.pending;
  if (!pend || pend.kind !== 'effects' || pend.ops.length === 0) return [];
  return effectTargets(s, side, pend.ops[0]!, pend.uid).map((u) => targetAct(u.uid));
}

export function performEffect(s: HacseState, side: Side, a: HacseAction): void {
  const pend = s.pending;
  if (!pend || pend.kind !== 'effects' || a.type !== 'target') throw new Error('no effect pending');
  const op = pend.ops.shift()!;
  const found = findUnit(s, a.uid)!;
  const owner = s.players[found.owner];
  if (op.op === 'damage') {
    // Damage from cards outside a combat never flips (Angriff durchführen: "nicht aber davor").
    found.unit.damage += op.n;
    if (found.unit.damage >= destroyAt(s, found.owner)) {
      owner.units = owner.units.filter((u) => u.uid !== a.uid);
      owner.removed.push(found.unit.card);
    }
  } else if (op.op === 'sacrifice') {
    // Einsatz: a sacrificed unit is discarded and does not count as destroyed.
    owner.units = owner.units.filter((u) => u.uid !== a.uid);
    owner.discard.push(found.unit.card);
  }
  runEffects(s, side, pend);
}

export function balanceActions(): HacseAction[] {
  return [...BALANCE];
}

/** Früh gegen Spät: the Early deck's player picks one of the two options as its first decision. */
export function performBalance(s: HacseState, a: HacseAction): void {
  if (a.type !== 'balance') throw new Error('balance expected');
  chooseBalancing(s, a.option);
}

export function doctrineActions(s: HacseState, side: Side): HacseAction[] {
  return distinct(s.players[side].deck.filter((id) => card(id).kind === 'support')).map(doctrineAct);
}

/** Früh gegen Spät, option 1.2: the Early player picks one support card from the deck and plays it before the start. */
export function performDoctrine(s: HacseState, side: Side, a: HacseAction): void {
  if (a.type !== 'doctrine') throw new Error('doctrine expected');
  const p = s.players[side];
  p.deck = p.deck.slice();
  takeOne(p.deck, a.card);
  p.supports.push(a.card);
  startTurn(s, s.start);
}
