/**
 * Battles (5.0-5.8): Player 1 picks the order; up to three rounds of combat turns in A-B-C order
 * (defender first on ties), each block firing, retreating or passing; hits to the strongest block;
 * the attacker withdraws after round 3; the victor regroups.
 */
import { ADJ, AREA_COUNT, AREA_IDS, BORDER_LIMIT, COASTAL_AREAS, ENGLAND, POOL_E, areaOf } from './map.js';
import {
  BLOCK_COUNT, B_FROM, B_TO, BLOCK_IDS, CELTIC, E, FIRE, HOMES, INIT, IS_E_ARCHERS, IS_INFANTRY, IS_NOBLE, NORSE, ROLES, S, SIDE, blockOf,
} from './blocks.js';
import { eliminate, occupancy, strongest } from './board.js';
import { advance, call, definePhase, defineStep, wait } from './flow.js';
import { rollDie } from '@tabula/engine';
import { flagsW, locW, stepsW, log, logging, F_ACTED, F_CELTIC, F_RESERVE, constFill, cow, rngW, zero, type State } from './state.js';
import type { Action } from './types.js';
import { ENTRY_MASK } from './main-attack.js';
import { BATTLE_ACTS, DONE, FIRE_ACTS, HIT_ACTS, HOLD_ACTS, REGROUP_ACTS, RETREAT_ACTS } from './acts.js';


/** Contested areas waiting for a battle. */
export function contestedAreas(s: State): number[] {
  const occ = occupancy(s);
  const out: number[] = [];
  for (let a = 0; a < AREA_COUNT; a++) if (s.att[a]! >= 0 && occ[a] === 3) out.push(a);
  return out;
}

/** Clears the per-turn battle bookkeeping once no battle is pending (edge cases 8 and 12). */
function clearBattleState(n: State): void {
  n.att = constFill(AREA_COUNT, -1); // shared: writers `cow` first
  n.mainFrom = n.att;
  n.mainBorder = n.att;
  zero(n, 'bUsed');
  const turnOnly = F_RESERVE | F_ACTED | F_CELTIC | ENTRY_MASK;
  for (let b = 0; b < BLOCK_COUNT; b++) if (n.flags[b]! & turnOnly) flagsW(n)[b]! &= ~turnOnly;
}

defineStep('battles', (n) => {
  const areas = contestedAreas(n);
  if (areas.length === 0) {
    clearBattleState(n);
    return false;
  }
  if (areas.length === 1) {
    startBattle(n, areas[0]!);
    return true; // the battle waits for a player, or ran the queue on when it ended at once
  }
  return wait(n, 'battle-choose', n.p1);
});

definePhase('battle-choose', {
  actions(s) {
    return contestedAreas(s).map((a) => BATTLE_ACTS[a]!);
  },
  apply(n, _side, a) {
    if (a.type === 'battle') startBattle(n, areaOf(a.area));
  },
});

/** Blocks of `side` in the battle area; `active` = not in reserve. */
function inBattle(s: State, side: number, active: boolean): number[] {
  const area = s.battle!.area;
  const out: number[] = [];
  for (let b = B_FROM[side]!, end = B_TO[side]!; b < end; b++) {
    if (s.loc[b] === area && SIDE[b] === side && (!active || !(s.flags[b]! & F_RESERVE))) out.push(b);
  }
  return out;
}

/** How many blocks of `side` are in the battle (`active`: not in reserve); no list allocated. */
function countBattle(s: State, side: number, active: boolean): number {
  const area = s.battle!.area;
  let k = 0;
  for (let b = B_FROM[side]!, end = B_TO[side]!; b < end; b++) {
    if (s.loc[b] === area && SIDE[b] === side && (!active || !(s.flags[b]! & F_RESERVE))) k++;
  }
  return k;
}

function stepsOf(s: State, blocks: number[]): number {
  let t = 0;
  for (const b of blocks) t += s.steps[b]!;
  return t;
}

/** 5.2: Welsh and Ulster blocks roll when first revealed; 5-6 sends them to the English pool. */
function celticRolls(n: State): void {
  const area = n.battle!.area;
  for (let b = 0; b < BLOCK_COUNT; b++) {
    if (n.loc[b] !== area || !CELTIC[b] || n.flags[b]! & (F_RESERVE | F_CELTIC)) continue;
    flagsW(n)[b]! |= F_CELTIC;
    const d = rollDie(rngW(n));
    n.rev++;
    if (d >= 5) {
      locW(n)[b] = POOL_E;
      flagsW(n)[b] = 0;
      if (logging) log(n, { to: -1, key: 'log.celtic-leave', args: { block: BLOCK_IDS[b]!, die: d } });
    } else if (logging) log(n, { to: -1, key: 'log.celtic-stay', args: { block: BLOCK_IDS[b]!, die: d } });
  }
}

export function startBattle(n: State, area: number): void {
  n.battle = { area, att: n.att[area]!, round: 1, step: 0, hits: 0, hitSide: 0, stage: 'turns', winner: -1, dice: [], fire: 0 };
  n.rev++;
  for (let b = 0; b < BLOCK_COUNT; b++) if (n.loc[b] === area && n.flags[b]! & (F_ACTED | F_CELTIC)) flagsW(n)[b]! &= ~(F_ACTED | F_CELTIC);
  if (logging) log(n, { to: -1, key: 'log.battle', args: { area: AREA_IDS[area]!, attacker: ROLES[n.battle.att]! } });
  celticRolls(n);
  n.phase = 'battle';
  nextTurn(n);
}

/** Fire rating with the noble home bonus (1.4) and the optional schiltrom rule. */
export function fireOf(s: State, b: number): number {
  const bt = s.battle!;
  let f = FIRE[b]!;
  if (IS_NOBLE[b] && SIDE[b] !== bt.att && HOMES[b]!.includes(bt.area)) f++;
  if (s.schiltrom && SIDE[b] === S && IS_INFANTRY[b]) {
    let archers = false;
    for (let x = 0; x < BLOCK_COUNT; x++) if (IS_E_ARCHERS[x] && s.loc[x] === bt.area && !(s.flags[x]! & F_RESERVE)) archers = true;
    if (!archers) f++;
  }
  return f;
}

/** Finds the next combat turn, flushing pending hits when the turn passes to their target. */
function nextTurn(n: State): void {
  const bt = n.battle!;
  for (;;) {
    if (n.result) return;
    if (bt.stage === 'regroup') return;
    // One pass over the battle area: blocks per side, active (not reserve) blocks per side, and
    // which combat steps still have a block to act: bit `2 * letter + (attacker ? 1 : 0)`, which is
    // the step number (5.31: A-defender, A-attacker, B-defender, ...).
    const area = bt.area, loc = n.loc, flags = n.flags;
    let attAll = 0, defAll = 0, attA = 0, defA = 0, ready = 0;
    for (let b = 0; b < BLOCK_COUNT; b++) {
      if (loc[b] !== area) continue;
      const isAtt = SIDE[b] === bt.att;
      if (isAtt) attAll++; else defAll++;
      const f = flags[b]!;
      if (f & F_RESERVE) continue;
      if (isAtt) attA++; else defA++;
      if (!(f & F_ACTED)) ready |= 1 << (INIT[b]! * 2 + (isAtt ? 1 : 0));
    }
    if (attAll === 0 || defAll === 0) {
      checkOver(n); // the battle is over
      return;
    }
    let actor = -1;
    if (attA > 0 && defA > 0) {
      while (bt.step < 6) {
        if (ready & (1 << bt.step)) { actor = bt.step & 1 ? bt.att : 1 - bt.att; break; }
        bt.step++;
      }
    }
    if (bt.hits > 0 && (actor < 0 || actor === bt.hitSide)) {
      if (startHits(n)) return;
      continue;
    }
    if (actor >= 0) {
      bt.stage = 'turns';
      n.phase = 'battle';
      n.who = actor;
      return;
    }
    endRound(n);
    return;
  }
}

/** Strongest active blocks of the side taking hits (5.41). */
function hitTargets(s: State): number[] {
  return strongest(s, s.battle!.hitSide, s.battle!.area, true);
}

function applyHit(n: State, b: number): void {
  stepsW(n)[b]!--;
  if (logging) log(n, { to: -1, key: 'log.hit', args: { block: BLOCK_IDS[b]!, steps: n.steps[b]! } });
  if (n.steps[b]! <= 0) {
    if (logging) log(n, { to: -1, key: 'log.eliminated', args: { block: BLOCK_IDS[b]! } });
    eliminate(n, b, true);
  }
}

/** Assigns forced hits automatically; returns true when the owner must choose among equals. */
function startHits(n: State): boolean {
  const bt = n.battle!;
  while (bt.hits > 0 && !n.result) {
    const t = hitTargets(n);
    if (t.length === 0) { bt.hits = 0; break; }
    const all = inBattle(n, bt.hitSide, true);
    if (t.length === 1 || bt.hits >= stepsOf(n, all)) {
      bt.hits--;
      applyHit(n, t[0]!);
      continue;
    }
    bt.stage = 'hits';
    n.phase = 'battle';
    n.who = bt.hitSide;
    return true;
  }
  bt.stage = 'turns';
  return false;
}

/** Where a block may retreat (5.5) or regroup (5.6) from the battle area. */
export function retreatTargets(s: State, b: number, regroup: boolean, occ: number[] = occupancy(s)): number[] {
  const out: number[] = [];
  scanRetreats(s, b, regroup, occ, out, null);
  return out;
}

/** `retreatTargets(...).length > 0`, without building the list. */
function canRetreat(s: State, b: number, regroup: boolean, occ: number[] = occupancy(s)): boolean {
  return scanRetreats(s, b, regroup, occ, null, null);
}

/**
 * The retreat (5.5) or regroup (5.6) targets of block `b`, in order: pushed to `areas` as area numbers,
 * or to `acts` as the interned actions (`regroup` picks the table). With neither, stops at the first
 * target. Returns whether there is one.
 */
function scanRetreats(s: State, b: number, regroup: boolean, occ: number[], areas: number[] | null, acts: Action[] | null): boolean {
  const side = SIDE[b]!, from = s.loc[b]!;
  const own = 1 << side, enemy = 1 << (1 - side);
  const table = regroup ? REGROUP_ACTS : RETREAT_ACTS, base = b * AREA_COUNT;
  let any = false;
  if (b === NORSE) {
    for (let i = 0; i < COASTAL_AREAS.length; i++) {
      const a = COASTAL_AREAS[i]!;
      if (a === from || a === ENGLAND || occ[a] !== own) continue;
      any = true;
      if (areas) areas.push(a); else if (acts) acts.push(table[base + a]!); else return true;
    }
    return any;
  }
  const adj = ADJ[from]!;
  for (let i = 0; i < adj.length; i += 2) {
    const to = adj[i]!, bd = adj[i + 1]!;
    if (occ[to]! & enemy) continue;
    if (s.bCount[bd]! >= BORDER_LIMIT[bd]!) continue;
    if (side === S && to === ENGLAND) continue;
    if (side === E && from === ENGLAND) continue;
    if (!regroup && s.bUsed[bd]! & enemy && !(s.bUsed[bd]! & own && side !== s.p1)) continue;
    any = true;
    if (areas) areas.push(to); else if (acts) acts.push(table[base + to]!); else return true;
  }
  return any;
}

function moveOut(n: State, b: number, to: number): void {
  const from = n.loc[b]!;
  if (b !== NORSE) {
    const adj = ADJ[from]!;
    cow(n, 'bCount');
    for (let i = 0; i < adj.length; i += 2) if (adj[i] === to) n.bCount[adj[i + 1]!]!++;
  }
  locW(n)[b] = to;
  flagsW(n)[b]! &= ~(F_RESERVE | F_ACTED | F_CELTIC);
}

definePhase('battle', {
  actions(s, side) {
    const bt = s.battle!;
    const out: Action[] = [];
    if (bt.stage === 'hits') {
      for (const b of hitTargets(s)) out.push(HIT_ACTS[b]!);
      return out;
    }
    const occ = occupancy(s);
    // the side's blocks in the battle area, in block order (as `inBattle`)
    const area = bt.area, from = B_FROM[side]!, end = B_TO[side]!;
    if (bt.stage === 'retreat' || bt.stage === 'regroup') {
      const regroup = bt.stage === 'regroup';
      for (let b = from; b < end; b++) if (s.loc[b] === area) scanRetreats(s, b, regroup, occ, null, out);
      if (regroup) out.push(DONE);
      return out;
    }
    const letter = bt.step >> 1;
    for (let b = from; b < end; b++) {
      if (s.loc[b] !== area || s.flags[b]! & F_RESERVE) continue; // active blocks only
      if (INIT[b] !== letter || s.flags[b]! & F_ACTED) continue;
      out.push(FIRE_ACTS[b]!);
      scanRetreats(s, b, false, occ, null, out);
      out.push(HOLD_ACTS[b]!);
    }
    return out;
  },
  apply(n, side, a) {
    const bt = n.battle!;
    if (a.type === 'hit') {
      bt.hits--;
      applyHit(n, blockOf(a.block));
      if (bt.hits > 0 && !n.result && !checkOver(n)) {
        if (startHits(n)) return;
      }
      if (n.result || !n.battle) return;
      nextTurn(n);
      return;
    }
    if (a.type === 'regroup') {
      moveOut(n, blockOf(a.block), areaOf(a.to));
      if (logging) log(n, { to: side, key: 'log.regroup', args: { block: a.block, to: a.to } });
      if (logging) log(n, { to: 1 - side, key: 'log.regroup-hidden', args: { to: a.to } });
      if (countBattle(n, side, false) === 0) finishBattle(n);
      return;
    }
    if (a.type === 'done') return finishBattle(n);
    if (a.type === 'retreat') {
      moveOut(n, blockOf(a.block), areaOf(a.to));
      if (bt.stage === 'retreat') {
        // the blocks stood up again before this retreat (5.3): only the owner knows which went where
        if (logging) log(n, { to: side, key: 'log.retreat', args: { block: a.block, to: a.to } });
        if (logging) log(n, { to: 1 - side, key: 'log.retreat-hidden', args: { to: a.to } });
        return withdrawRest(n);
      }
      if (logging) log(n, { to: -1, key: 'log.retreat', args: { block: a.block, to: a.to } });
      nextTurn(n);
      return;
    }
    const b = blockOf((a as { block: string }).block);
    flagsW(n)[b]! |= F_ACTED;
    if (a.type === 'hold') {
      if (logging) log(n, { to: -1, key: 'log.hold', args: { block: a.block } });
      nextTurn(n);
      return;
    }
    if (a.type === 'fire') {
      const f = fireOf(n, b);
      const dice: number[] = [];
      let hits = 0;
      for (let i = 0; i < n.steps[b]!; i++) {
        const d = rollDie(rngW(n));
        dice.push(d);
        if (d <= f) hits++;
      }
      n.rev++;
      bt.dice = dice;
      bt.fire = f;
      bt.hits += hits;
      bt.hitSide = 1 - side;
      if (logging) log(n, { to: -1, key: 'log.fire', args: { block: a.block, dice: dice.join(','), count: hits, fire: f } });
      // Immediate hits, or delayed hits as soon as they reach the enemy's total steps (edge case 13).
      if (!n.delayedHits || bt.hits >= stepsOf(n, inBattle(n, 1 - side, true))) {
        if (startHits(n)) return;
        if (n.result) return;
      }
      nextTurn(n);
    }
  },
});

function checkOver(n: State): boolean {
  const bt = n.battle!;
  if (bt.stage === 'regroup') return true;
  const att = countBattle(n, bt.att, false), def = countBattle(n, 1 - bt.att, false);
  if (att > 0 && def > 0) return false;
  bt.hits = 0;
  const winner = att > 0 ? bt.att : def > 0 ? 1 - bt.att : -1;
  endBattle(n, winner);
  return true;
}

function endRound(n: State): void {
  const bt = n.battle!;
  bt.round++;
  bt.step = 0;
  zero(n, 'bCount');
  if (bt.round > 3) {
    // 5.3: the attacker has not won after three rounds and must retreat.
    bt.stage = 'retreat';
    n.who = bt.att;
    if (logging) log(n, { to: -1, key: 'log.attacker-withdraws', args: { side: ROLES[bt.att]! } });
    withdrawRest(n);
    return;
  }
  // 5.32: round 2 reveals the reserves; if the defenders were wiped out in round 1, control flips.
  const area = bt.area;
  if (bt.round === 2 && countBattle(n, 1 - bt.att, true) === 0 && countBattle(n, 1 - bt.att, false) > 0) {
    bt.att = 1 - bt.att;
    if (logging) log(n, { to: -1, key: 'log.control-flips', args: { attacker: ROLES[bt.att]! } });
  }
  for (let b = 0; b < BLOCK_COUNT; b++) if (n.loc[b] === area && n.flags[b]! & (F_RESERVE | F_ACTED)) flagsW(n)[b]! &= ~(F_RESERVE | F_ACTED);
  n.rev++;
  if (logging) log(n, { to: -1, key: 'log.round', args: { round: bt.round } });
  celticRolls(n);
  nextTurn(n);
}

/** After round 3: every attacking block that cannot retreat is eliminated (5.5). */
function withdrawRest(n: State): void {
  const bt = n.battle!;
  for (const b of inBattle(n, bt.att, false)) {
    if (!canRetreat(n, b, false)) {
      if (logging) log(n, { to: -1, key: 'log.no-retreat', args: { block: BLOCK_IDS[b]! } });
      eliminate(n, b, true);
      if (n.result) return;
    }
  }
  if (checkOver(n)) return;
  n.phase = 'battle';
  n.who = bt.att;
}

function endBattle(n: State, winner: number): void {
  const bt = n.battle!;
  bt.winner = winner;
  if (logging) log(n, { to: -1, key: 'log.battle-won', args: { area: AREA_IDS[bt.area]!, winner: winner < 0 ? null : ROLES[winner]! } });
  for (let b = 0; b < BLOCK_COUNT; b++) if (n.loc[b] === bt.area && n.flags[b]! & (F_RESERVE | F_ACTED | F_CELTIC)) flagsW(n)[b]! &= ~(F_RESERVE | F_ACTED | F_CELTIC);
  if (winner < 0) return finishBattle(n);
  bt.stage = 'regroup';
  zero(n, 'bCount');
  n.phase = 'battle';
  n.who = winner;
  // Skip the regroup prompt only when no block can move (known to both from public facts? the
  // prompt is the winner's own; it is skipped only when the winner has no option).
  let any = false;
  for (const b of inBattle(n, winner, false)) if (canRetreat(n, b, true)) { any = true; break; }
  if (!any) finishBattle(n);
}

function finishBattle(n: State): void {
  const bt = n.battle!;
  cow(n, 'att');
  cow(n, 'mainFrom');
  cow(n, 'mainBorder');
  n.att[bt.area] = -1;
  n.mainFrom[bt.area] = -1;
  n.mainBorder[bt.area] = -1;
  zero(n, 'bCount');
  n.battle = null;
  n.phase = 'battles-done';
  call(n, 'battles');
  advance(n);
}
