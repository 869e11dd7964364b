/**
 * An attack (Angriff durchführen, Kampfreihenfolge 1-5, Schaden, Formel, Geländegewinn, Tags), one
 * small decision per action:
 *  declare  attacker: commit {uid, order|null} per attacking unit (orders face down), then declared
 *  block    defender: block {uid, attacker} with unflipped reserve units (1 + support cards; front
 *           units too against "obsolete tactics"), then blocked
 *  assign   attacker: assign {uid, target} for each unblocked attacker to a different unflipped front
 *           unit (aircraft: also reserve units) not yet engaged; attackers left over when no such
 *           unit is free stay unopposed (step 3, "Falls noch Angreifer übrig sind")
 *  resolve  attacker: resolve {uid} picks the next engagement; its order is revealed
 *  flank    attacker: flank {target} places the free point of a flank order
 *  hq       defender: hq {card, target} discards a card for 1 damage to any enemy front or reserve
 *           unit, as often as it likes ("Karten abwerfen"), until hqPass (A8)
 *  spread   attacker: spread {target}, one point at a time, for unopposed attackers; with the
 *           defender's front empty, take {} takes a card from its hand instead, and keep {} lets
 *           the rest go when no unit is left to spread on ("kann", A11)
 *  after    attacker: strike {target} for each surviving attacker with an after-combat ability
 *  take     attacker: with the defender's front empty after the combat, take {} per undistributed
 *           point or keep {} to stop ("kann", A11)
 * then flips (2+ damage this combat) and ground gain.
 */
import { card, hasTag } from './cards.js';
import { afterAction } from './flow.js';
import {
  FLIP_AT, armourOf, bonusOf, canDamage, destroyAt, dieDirection, distinct, draw, findUnit, other, passiveSum, passives, playFromHand, takeOne,
} from './state.js';
import { randInt } from '@tabula/engine';
import {
  BLOCKED, DECLARED, HQ_PASS, KEEP, TAKE, assignAct, blockAct, commitAct, flankAct, hqAct, resolveAct, spreadAct, strikeAct,
} from './acts.js';
import type { Attacker, Combat, EngagementResult, HacseAction, HacseState, OrderType, Side, Unit } from './types.js';

export function blocksMax(s: HacseState, defender: Side): number {
  return 1 + passiveSum(s, defender, 'blocks');
}

function mayAttack(s: HacseState, u: Unit): boolean {
  return u.zone !== 'hinterland' && !u.flipped && !u.attacked && u.placed < s.turn;
}

function eligibleAttackers(s: HacseState, side: Side): Unit[] {
  return s.players[side].units.filter((u) => mayAttack(s, u));
}

/** The start player may not attack in their first turn (Aufbau); units attack once a turn, not on the turn placed (A5). */
export function canAttack(s: HacseState, side: Side): boolean {
  if (s.turn === 1 && side === s.start) return false;
  return s.players[side].units.some((u) => mayAttack(s, u));
}

export function startCombat(s: HacseState, side: Side): void {
  s.phase = 'combat';
  s.combat = {
    attacker: side, stage: 'declare', attackers: [], blocksUsed: 0, current: null, pendingHit: 0, pendingBack: 0,
    pendingHq: 0, hqTarget: null, hqHits: [], spreadLeft: 0, undistributed: 0, taken: {}, gone: {}, results: [], dieBefore: s.die,
    after: [], afterHits: [],
  };
}

function orderType(id: string | null): OrderType | null {
  return id === null ? null : card(id).order ?? null;
}

function att(c: Combat, uid: string): Attacker {
  return c.attackers.find((a) => a.uid === uid)!;
}

/** Defending units still waiting for an engagement (never a flank or spread target: Formel). */
function waiting(c: Combat, except: string | null): Set<string> {
  const w = new Set<string>();
  for (const a of c.attackers) if (!a.done && a.uid !== except && a.vs !== null) w.add(a.vs);
  return w;
}

/** Defending units already engaged (blocking or assigned): one defender per attacker and one attacker per defender. */
function engaged(c: Combat): Set<string> {
  return new Set(c.attackers.map((a) => a.vs).filter((x): x is string => x !== null));
}

function blockPairs(s: HacseState, c: Combat): HacseAction[] {
  const def = other(c.attacker);
  const busy = engaged(c);
  const reserveLeft = c.blocksUsed < blocksMax(s, def);
  const out: HacseAction[] = [];
  for (const a of c.attackers) {
    if (a.vs !== null) continue;
    const obsolete = hasTag(card(findUnit(s, a.uid)!.unit.card), 'obsoleteTactics');
    for (const u of s.players[def].units) {
      if (u.flipped || busy.has(u.uid)) continue;
      if ((u.zone === 'reserve' && reserveLeft) || (u.zone === 'front' && obsolete)) out.push(blockAct(u.uid, a.uid));
    }
  }
  return out;
}

function assignTargets(s: HacseState, c: Combat, a: Attacker, busy: Set<string>): Unit[] {
  const air = hasTag(card(findUnit(s, a.uid)!.unit.card), 'aircraft');
  return s.players[other(c.attacker)].units.filter((u) => !u.flipped && !busy.has(u.uid) && (u.zone === 'front' || (air && u.zone === 'reserve')));
}

/** Kampfreihenfolge 3: each remaining attacker to a different unflipped front unit ("je einer"). */
function assignActions(s: HacseState, c: Combat): HacseAction[] {
  const out: HacseAction[] = [];
  const busy = engaged(c);
  for (const a of c.attackers) {
    if (a.vs !== null || a.by !== null) continue;
    for (const t of assignTargets(s, c, a, busy)) out.push(assignAct(a.uid, t.uid));
  }
  return out;
}

/**
 * Units HQ fire may hit (A8, "kann eine Karte abwerfen, um einer Feindeinheit einen Schaden
 * zuzufügen"): any of the attacker's units in the front or reserve, attacking or not; never the
 * hinterland ("Einheiten im Hinterland kämpfen nicht").
 */
function hqTargets(s: HacseState, c: Combat): string[] {
  return s.players[c.attacker].units.filter((u) => u.zone !== 'hinterland').map((u) => u.uid);
}

/** Angriff durchführen: with every defending front unit gone, undistributed damage may take hand cards instead. */
function canTake(s: HacseState, c: Combat): boolean {
  const dp = s.players[other(c.attacker)];
  return dp.hand.length > 0 && !dp.units.some((u) => u.zone === 'front');
}

/** Enemy units an after-combat ability's damage may go to (front and reserve; Tags still apply). */
function afterTargets(s: HacseState, c: Combat, uid: string): Unit[] {
  const f = findUnit(s, uid);
  if (!f) return [];
  const op = (card(f.unit.card).after ?? []).find((o) => o.op === 'damage');
  if (!op || op.op !== 'damage') return [];
  const src = card(f.unit.card);
  return s.players[other(c.attacker)].units.filter((u) => op.zones.includes(u.zone) && u.zone !== 'hinterland' && canDamage(src, card(u.card), false, u.zone, 'assault', true));
}

/** Enemy units a free point (flank or unopposed spread) may go to. */
function freeTargets(s: HacseState, c: Combat, srcUid: string, mode: OrderType, ignoreRange: boolean): Unit[] {
  const src = card(findUnit(s, srcUid)!.unit.card);
  const w = waiting(c, c.current);
  return s.players[other(c.attacker)].units.filter((u) => u.zone !== 'hinterland' && !w.has(u.uid) && canDamage(src, card(u.card), false, u.zone, mode, ignoreRange));
}

export function combatActive(s: HacseState): Side {
  const c = s.combat!;
  return c.stage === 'block' || c.stage === 'hq' ? other(c.attacker) : c.attacker;
}

export function combatActions(s: HacseState, side: Side): HacseAction[] {
  const c = s.combat!;
  if (side !== combatActive(s)) return [];
  const p = s.players[side];
  switch (c.stage) {
    case 'declare': {
      const declared = new Set(c.attackers.map((a) => a.uid));
      const orders = distinct(p.hand.filter((id) => card(id).kind === 'order'));
      const out: HacseAction[] = [];
      for (const u of eligibleAttackers(s, side)) {
        if (declared.has(u.uid)) continue;
        for (const o of orders) out.push(commitAct(u.uid, o));
        out.push(commitAct(u.uid, null));
      }
      if (c.attackers.length > 0) out.push(DECLARED);
      return out;
    }
    case 'block':
      return [...blockPairs(s, c), BLOCKED];
    case 'assign':
      return assignActions(s, c);
    case 'resolve':
      return c.attackers.filter((a) => !a.done).map((a) => resolveAct(a.uid));
    case 'flank': {
      const a = att(c, c.current!);
      return freeTargets(s, c, a.uid, 'flank', false).map((u) => flankAct(u.uid));
    }
    case 'hq': {
      const out: HacseAction[] = [];
      const targets = hqTargets(s, c);
      for (const id of distinct(p.hand)) for (const t of targets) out.push(hqAct(id, t));
      out.push(HQ_PASS);
      return out;
    }
    case 'spread': {
      const a = att(c, c.current!);
      const out: HacseAction[] = freeTargets(s, c, a.uid, orderType(a.order) ?? 'assault', true).map((u) => spreadAct(u.uid));
      if (canTake(s, c)) {
        out.push(TAKE);
        // "kann": with no unit left to spread on, the attacker may also let the rest go.
        if (out.length === 1) out.push(KEEP);
      }
      return out;
    }
    case 'take':
      return [TAKE, KEEP];
    case 'after':
      return afterTargets(s, c, c.after[0]!).map((u) => strikeAct(u.uid));
  }
}

function toAssign(s: HacseState): void {
  const c = s.combat!;
  c.stage = 'assign';
  if (assignActions(s, c).length === 0) c.stage = 'resolve';
}

function hit(s: HacseState, uid: string, n: number): void {
  if (n <= 0) return;
  const f = findUnit(s, uid);
  if (!f) return;
  f.unit.damage += n;
  const c = s.combat!;
  c.taken[uid] = (c.taken[uid] ?? 0) + n;
}

/** Units at or past their destruction threshold leave the game (Formel: 6, or 7 under option 2). */
function destroyDead(s: HacseState, res: EngagementResult | null): void {
  const c = s.combat!;
  for (const side of [c.attacker, other(c.attacker)]) {
    const p = s.players[side];
    const lim = destroyAt(s, side);
    p.units = p.units.filter((u) => {
      if (u.damage < lim) return true;
      p.removed.push(u.card);
      c.gone[u.uid] = u.card;
      res?.destroyed.push(u.uid);
      // An attacker destroyed (by HQ fire) before its own engagement has no engagement left.
      const a = c.attackers.find((x) => x.uid === u.uid);
      if (a) a.done = true;
      return false;
    });
  }
}

function newResult(s: HacseState, a: Attacker): EngagementResult {
  const d = a.vs !== null ? findUnit(s, a.vs) : null;
  return {
    attacker: a.uid, attackerCard: findUnit(s, a.uid)!.unit.card, order: a.order, defender: d ? a.vs : null,
    defenderCard: d ? d.unit.card : null, hit: 0, back: 0, hq: 0, flank: null, spread: [], hqTarget: null, hqTargets: [], stolen: 0, destroyed: [],
  };
}

/** Resolves the chosen engagement: reveal, the damage formula both ways, then flank / HQ / spread choices. */
function beginEngagement(s: HacseState, uid: string): void {
  const c = s.combat!;
  const a = att(c, uid);
  a.revealed = true;
  if (a.order !== null) s.reveals++;
  c.current = uid;
  const attacker = c.attacker, defender = other(attacker);
  const ua = findUnit(s, uid)!.unit;
  const ca = card(ua.card);
  const mode = orderType(a.order);
  const res = newResult(s, a);
  c.results.push(res);
  const d = a.vs !== null ? findUnit(s, a.vs) : null;
  let base = mode ? ca.damage![mode] : 0;
  let extra = 0;
  if (mode) { const [pl, ex] = bonusOf(s, attacker, ua, mode); base += pl; extra = ex; }
  c.pendingHq = 0;
  c.hqTarget = null;
  c.hqHits = [];
  if (d === null) {
    // Kampfreihenfolge 4.1: unopposed damage is spread freely, ignoring range and armour (after the HQ choice).
    a.vs = null;
    c.spreadLeft = mode ? base + extra : 0;
    toHq(s);
    return;
  }
  const ud = d.unit, cd = card(ud.card);
  const free = mode === 'flank' && base > 0 ? 1 : 0;
  base -= free;
  // Formel: damage = attacker's damage - max(0, armour - penetration); "additional damage" ignores armour.
  c.pendingHit = mode && canDamage(ca, cd, false, ud.zone, mode)
    ? Math.max(0, base - Math.max(0, armourOf(s, defender, ud) - (ca.penetration ?? 0))) + extra : 0;
  // Schaden, Verteidiger: the engaged defender deals its tactical (manoeuvre) damage back.
  const [dpl, dex] = bonusOf(s, defender, ud, 'maneuver');
  c.pendingBack = canDamage(cd, ca, true, ua.zone, 'maneuver')
    ? Math.max(0, cd.damage!.maneuver + dpl - Math.max(0, armourOf(s, attacker, ua) - (cd.penetration ?? 0))) + dex : 0;
  if (free > 0 && freeTargets(s, c, uid, 'flank', false).length > 0) { c.stage = 'flank'; return; }
  toHq(s);
}

function toHq(s: HacseState): void {
  const c = s.combat!;
  if (s.players[other(c.attacker)].hand.length > 0 && hqTargets(s, c).length > 0) { c.stage = 'hq'; return; }
  afterHq(s);
}

/** After the HQ choice: an opposed engagement deals its damage; an unopposed attacker spreads its damage. */
function afterHq(s: HacseState): void {
  const c = s.combat!;
  if (att(c, c.current!).vs !== null) { applyEngagement(s); return; }
  c.stage = 'spread';
  continueSpread(s);
}

/** HQ fire lands with its engagement: 1 additional damage (ignoring armour and tags) per discard on the chosen unit (A8). */
function applyHq(s: HacseState, res: EngagementResult): void {
  const c = s.combat!;
  for (const uid of c.hqHits) {
    const f = findUnit(s, uid);
    if (!f) continue;
    hit(s, uid, 1);
    res.hq += 1;
    res.hqTargets.push({ uid, card: f.unit.card });
  }
  res.hqTarget = res.hqTargets[0] ?? null;
}

function applyEngagement(s: HacseState): void {
  const c = s.combat!;
  const a = att(c, c.current!);
  const res = c.results[c.results.length - 1]!;
  hit(s, a.vs!, c.pendingHit);
  hit(s, a.uid, c.pendingBack);
  applyHq(s, res);
  res.hit += c.pendingHit;
  res.back = c.pendingBack;
  destroyDead(s, res);
  finishEngagement(s);
}

function continueSpread(s: HacseState): void {
  const c = s.combat!;
  const a = att(c, c.current!);
  if (c.spreadLeft > 0 && !canTake(s, c) && freeTargets(s, c, a.uid, orderType(a.order) ?? 'assault', true).length === 0) {
    // Angriff durchführen: damage with nowhere to go counts for the hand draw.
    c.undistributed += c.spreadLeft;
    c.spreadLeft = 0;
  }
  if (c.spreadLeft === 0) {
    const res = c.results[c.results.length - 1]!;
    applyHq(s, res);
    destroyDead(s, res);
    finishEngagement(s);
  }
}

/** Takes one random card from the defender's hand into the attacker's (A11); both now know where it is. */
function steal(s: HacseState, c: Combat): void {
  const dp = s.players[other(c.attacker)];
  s.handTaken++;
  const [id] = dp.hand.splice(randInt(s.rng, dp.hand.length), 1);
  s.players[c.attacker].hand.push(id!);
  takeOne(dp.known, id!);
  s.players[c.attacker].known.push(id!);
  s.reveals++;
}

function finishEngagement(s: HacseState): void {
  const c = s.combat!;
  att(c, c.current!).done = true;
  c.current = null;
  c.pendingHit = c.pendingBack = c.pendingHq = 0;
  c.hqTarget = null;
  c.hqHits = [];
  if (!c.attackers.every((a) => a.done)) { c.stage = 'resolve'; return; }
  // Angriff durchführen: special abilities "unmittelbar nach dem Kampf" of the surviving attackers.
  c.after = c.attackers.map((a) => a.uid).filter((uid) => { const f = findUnit(s, uid); return f !== null && card(f.unit.card).after !== undefined; });
  nextAfter(s);
}

/** Resolves after-combat abilities in attack order: draws at once, damage by the attacker's choice of target. */
function nextAfter(s: HacseState): void {
  const c = s.combat!;
  while (c.after.length > 0) {
    const uid = c.after[0]!;
    const f = findUnit(s, uid);
    if (f) {
      for (const o of card(f.unit.card).after ?? []) if (o.op === 'draw') draw(s, c.attacker, o.n);
      if (afterTargets(s, c, uid).length > 0) { c.stage = 'after'; return; }
    }
    c.after.shift();
  }
  endCombat(s);
}

export function performCombat(s: HacseState, side: Side, a: HacseAction): void {
  const c = s.combat!;
  const p = s.players[side];
  switch (a.type) {
    case 'commit': {
      if (a.order !== null) {
        takeOne(p.hand, a.order);
        // Face down: the opponent cannot tell which order left the hand, so it forgets the orders it knew there.
        p.known = p.known.filter((id) => card(id).kind !== 'order');
      }
      findUnit(s, a.uid)!.unit.attacked = true;
      c.attackers.push({ uid: a.uid, order: a.order, revealed: false, vs: null, by: null, done: false });
      return;
    }
    case 'declared':
      c.stage = 'block';
      if (blockPairs(s, c).length === 0) toAssign(s);
      return;
    case 'block': {
      const at = att(c, a.attacker);
      at.vs = a.uid;
      at.by = 'block';
      if (findUnit(s, a.uid)!.unit.zone === 'reserve') c.blocksUsed++;
      if (blockPairs(s, c).length === 0) toAssign(s);
      return;
    }
    case 'blocked':
      toAssign(s);
      return;
    case 'assign': {
      const at = att(c, a.uid);
      at.vs = a.target;
      at.by = 'assign';
      if (assignActions(s, c).length === 0) c.stage = 'resolve';
      return;
    }
    case 'resolve':
      beginEngagement(s, a.uid);
      return;
    case 'flank': {
      const res = c.results[c.results.length - 1]!;
      const target = findUnit(s, a.target)!;
      res.flank = { uid: a.target, card: target.unit.card };
      hit(s, a.target, 1);
      if (a.target !== att(c, c.current!).vs) destroyDead(s, res);
      toHq(s);
      return;
    }
    case 'hq':
      // Kampfreihenfolge 4: "Verteidiger verteilt Schaden durch HQ-Einsatz (Karten abwerfen)": any number of cards.
      playFromHand(p, a.card);
      p.discard.push(a.card);
      c.pendingHq += 1;
      c.hqTarget = a.target;
      c.hqHits.push(a.target);
      if (p.hand.length === 0) afterHq(s);
      return;
    case 'hqPass':
      afterHq(s);
      return;
    case 'spread': {
      const res = c.results[c.results.length - 1]!;
      res.spread.push({ uid: a.target, card: findUnit(s, a.target)!.unit.card });
      hit(s, a.target, 1);
      res.hit += 1;
      destroyDead(s, res);
      c.spreadLeft--;
      continueSpread(s);
      return;
    }
    case 'take': {
      c.results[c.results.length - 1]!.stolen++;
      steal(s, c);
      if (c.stage === 'take') {
        c.undistributed--;
        handDraw(s);
        return;
      }
      c.spreadLeft--;
      continueSpread(s);
      return;
    }
    case 'keep':
      // A11 "kann": the attacker lets the remaining points go instead of taking cards.
      if (c.stage === 'take') { c.undistributed = 0; concludeCombat(s); return; }
      c.spreadLeft = 0;
      continueSpread(s);
      return;
    case 'strike': {
      const uid = c.after.shift()!;
      const f = findUnit(s, uid)!;
      const op = card(f.unit.card).after!.find((o) => o.op === 'damage');
      const t = findUnit(s, a.target)!;
      c.afterHits.push({ uid, card: f.unit.card, target: a.target, targetCard: t.unit.card });
      hit(s, a.target, op && op.op === 'damage' ? op.n : 1);
      destroyDead(s, null);
      nextAfter(s);
      return;
    }
    default:
      throw new Error(`unexpected ${a.type}`);
  }
}

/**
 * Angriff durchführen: "Falls alle Fronteinheiten zerstört, kann der Angreifer so viele Karten von der
 * Hand des Feindes ziehen, wie deine Einheiten noch nicht verteilte Schaden erzeugen würden": damage
 * that found no target may take that many cards, one at a time, each by the attacker's choice (A11).
 */
function endCombat(s: HacseState): void {
  handDraw(s);
}

function handDraw(s: HacseState): void {
  const c = s.combat!;
  const dp = s.players[other(c.attacker)];
  if (c.undistributed > 0 && dp.hand.length > 0 && !dp.units.some((u) => u.zone === 'front')) { c.stage = 'take'; return; }
  concludeCombat(s);
}

/** Kampfreihenfolge 4.2 and 5, Geländegewinn. */
function concludeCombat(s: HacseState): void {
  const c = s.combat!;
  const attacker = c.attacker, defender = other(attacker);
  const flipped: string[] = [];
  for (const side of [attacker, defender]) {
    for (const u of s.players[side].units) {
      if ((c.taken[u.uid] ?? 0) >= FLIP_AT) { u.flipped = true; flipped.push(u.uid); }
    }
  }
  // Ground gain: some unflipped, surviving attacker with an order and an unbracketed value must
  // produce it; the amount is the lowest value of all attackers taking part (bracketed, order-less
  // and destroyed ones included; units without a value, like aircraft, are ignored).
  let gain = 0;
  const values: number[] = [];
  let producer = false;
  for (const a of c.attackers) {
    const f = findUnit(s, a.uid);
    const cd = card(f ? f.unit.card : c.gone[a.uid]!);
    if (!cd.gain) continue;
    values.push(cd.gain.value);
    if (f && !f.unit.flipped && a.order !== null && !cd.gain.bracketed) producer = true;
  }
  if (producer && values.length > 0) {
    gain = Math.min(...values);
    for (const o of passives(s, attacker)) if (o.op === 'gain' && c.attackers.length >= o.minAttackers) gain += o.n;
  }
  const dieBefore = s.die;
  if (gain > 0) s.die = Math.max(0, Math.min(10, s.die + dieDirection(attacker) * gain));
  let stolen = 0;
  for (const r of c.results) stolen += r.stolen;
  for (const a of c.attackers) if (a.order !== null) s.players[attacker].discard.push(a.order);
  s.lastCombat = { attacker, results: c.results, flipped, gain, dieBefore, dieAfter: s.die, stolen, afterHits: c.afterHits };
  s.combat = null;
  afterAction(s);
}
