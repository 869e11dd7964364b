/**
 * Event cards (3.12 and the cards' texts) and the coronations that may replace them (6.21, 6.22).
 * An event's player may always pass.
 */
import { ADJ, AREA_COUNT, AREA_IDS, COASTAL_AREAS, FIFE, areaOf } from './map.js';
import {
  B_FROM, B_TO, BLOCK_IDS, FACTION, FRENCH, IS_NOBLE, KING, MAX, MORAY, NOBLE_BLOCKS, NOBLE_NAMES, NORSE, OTHER, ROLES, S,
  SIDE, S_BRUCE, S_COMYN, WALLACE, blockOf,
} from './blocks.js';
import { defect, eliminate, occupancy, strongest } from './board.js';
import { HERALD, PILLAGE, SEA_MOVE, TRUCE, VICTUALS, EVENT_KEYS } from './cards.js';
import { advance, call, definePhase, defineStep, wait } from './flow.js';
import { rollDie } from '@tabula/engine';
import { flagsW, locW, stepsW, log, logging, F_RESERVE, cow, rngW, type State } from './state.js';
import type { Action } from './types.js';
import { BLOCK_ACTS, CROWN_ACTS, DONE, PASS, HERALD_ACTS, HIT_ACTS, PILLAGE_ACTS, SEA_ACTS, STEP_ACTS, TRUCE_ACT, VICTUALS_ACTS } from './acts.js';

defineStep('event', (n, side) => {
  n.ev = { side, card: n.card[side]!, step: 'choose', area: -1, from: -1, left: 0, taken: 0 };
  return wait(n, 'event', side);
});

function finishEvent(n: State): void {
  n.ev = null;
  // Defection battles are fought at once, the defectors attacking (6.21, Herald).
  advance(n);
}

/** Marks every area holding both sides after a defection as a battle the defectors' side attacks. */
function defectionBattles(n: State, attacker: number): void {
  const occ = occupancy(n);
  let any = false;
  for (let a = 0; a < AREA_COUNT; a++) {
    if (occ[a] === 3 && n.att[a]! < 0) {
      if (!any) { cow(n, 'att'); cow(n, 'mainFrom'); cow(n, 'mainBorder'); }
      n.att[a] = attacker;
      n.mainFrom[a] = -1;
      n.mainBorder[a] = -1;
      any = true;
    }
  }
  if (any) call(n, 'battles');
}

/** Coronation candidates available to the Scots now. */
export function coronations(s: State): ('Bruce' | 'Comyn' | 'Balliol')[] {
  if (s.kingCrowned) return [];
  const out: ('Bruce' | 'Comyn' | 'Balliol')[] = [];
  const wallaceDead = s.loc[WALLACE]! >= AREA_COUNT + 2;
  if (wallaceDead && s.loc[S_BRUCE] === FIFE) out.push('Bruce');
  if (wallaceDead && s.loc[S_COMYN] === FIFE) out.push('Comyn');
  if (s.year >= 1301 && s.loc[FRENCH]! < AREA_COUNT) out.push('Balliol');
  return out;
}

function friendly(occ: number[], a: number, side: number): boolean {
  return occ[a] === 1 << side;
}

function chooseActions(s: State, side: number): Action[] {
  const out: Action[] = [PASS];
  const occ = occupancy(s);
  const enemy = 1 - side;
  switch (s.ev!.card) {
    case HERALD:
      for (let i = 0; i < NOBLE_BLOCKS.length; i++) {
        const pair = NOBLE_BLOCKS[i]!;
        const eb = enemy === S ? pair[1] : pair[0];
        if (eb < 0 || eb === MORAY || s.loc[eb]! >= AREA_COUNT) continue;
        out.push(HERALD_ACTS[i]!);
      }
      break;
    case PILLAGE:
      for (let a = 0; a < AREA_COUNT; a++) {
        if (occ[a] !== 1 << enemy) continue;
        const adj = ADJ[a]!;
        for (let i = 0; i < adj.length; i += 2) {
          if (friendly(occ, adj[i]!, side)) out.push(PILLAGE_ACTS[a * AREA_COUNT + adj[i]!]!);
        }
      }
      break;
    case SEA_MOVE: {
      const coasts = COASTAL_AREAS.filter((a) => friendly(occ, a, side));
      for (const f of coasts) {
        let movable = false;
        // a friendly area holds only own blocks
        for (let b = B_FROM[side]!, end = B_TO[side]!; b < end; b++) if (s.loc[b] === f && b !== NORSE) { movable = true; break; }
        if (!movable) continue;
        for (const t of coasts) if (t !== f) out.push(SEA_ACTS[f * AREA_COUNT + t]!);
      }
      break;
    }
    case TRUCE:
      out.push(TRUCE_ACT);
      break;
    case VICTUALS:
      for (let a = 0; a < AREA_COUNT; a++) {
        if (!friendly(occ, a, side)) continue;
        for (let b = B_FROM[side]!, end = B_TO[side]!; b < end; b++) { // a friendly area holds only own blocks
          if (s.loc[b] === a && s.steps[b]! < MAX[b]!) { out.push(VICTUALS_ACTS[a]!); break; }
        }
      }
      break;
  }
  if (side === S) for (const k of coronations(s)) out.push(CROWN_ACTS[k]);
  return out;
}

function ownBelowMax(s: State, side: number, area: number): number[] {
  const out: number[] = [];
  for (let b = B_FROM[side]!, end = B_TO[side]!; b < end; b++) if (s.loc[b] === area && SIDE[b] === side && s.steps[b]! < MAX[b]!) out.push(b);
  return out;
}

function pillageHit(n: State, b: number): void {
  const ev = n.ev!;
  stepsW(n)[b]!--;
  ev.left--;
  ev.taken++;
  if (logging) log(n, { to: SIDE[b]!, key: 'log.hit', args: { block: BLOCK_IDS[b]!, steps: n.steps[b]! } });
  if (n.steps[b]! <= 0) {
    const o = eliminate(n, b, false, true);
    if (o >= 0) flagsW(n)[o]! &= ~F_RESERVE; // the defector is the attacking force of the battle that follows
    else if (logging) log(n, { to: -1, key: 'log.pillage-loss', args: { side: ROLES[SIDE[b]!]! } });
  }
}

/** Applies forced Pillage hits; returns true when the victim must choose among equals. */
function runPillageHits(n: State): boolean {
  const ev = n.ev!;
  const victim = 1 - ev.side;
  while (ev.left > 0) {
    const t = strongest(n, victim, ev.area, false);
    if (t.length === 0) { ev.left = 0; break; }
    let total = 0;
    for (let b = B_FROM[victim]!, end = B_TO[victim]!; b < end; b++) if (n.loc[b] === ev.area && SIDE[b] === victim) total += n.steps[b]!;
    if (t.length === 1 || ev.left >= total) { pillageHit(n, t[0]!); continue; }
    ev.step = 'pillage-hits';
    n.who = victim;
    return true;
  }
  // The hits taken show the victim's face-down strength, and whether the pillager may add them its own.
  n.rev++;
  if (logging) log(n, { to: -1, key: 'log.pillage-hits', args: { area: AREA_IDS[ev.area]!, count: ev.taken } });
  ev.step = 'pillage-steps';
  ev.left = ev.taken;
  n.who = ev.side;
  if (ev.left === 0 || ownBelowMax(n, ev.side, ev.from).length === 0) {
    endPillage(n);
    return false;
  }
  return true;
}

function endPillage(n: State): void {
  const ev = n.ev!;
  defectionBattles(n, ev.side);
  finishEvent(n);
}

definePhase('event', {
  actions(s, side) {
    const ev = s.ev!;
    switch (ev.step) {
      case 'choose':
        return chooseActions(s, side);
      case 'sea-blocks': {
        const out: Action[] = [];
        for (let b = B_FROM[side]!, end = B_TO[side]!; b < end; b++) if (s.loc[b] === ev.from && SIDE[b] === side && b !== NORSE) out.push(BLOCK_ACTS[b]!);
        if (ev.taken > 0) out.push(DONE);
        return out;
      }
      case 'victuals': {
        const out: Action[] = ownBelowMax(s, side, ev.area).map((b) => STEP_ACTS[b]!);
        out.push(DONE);
        return out;
      }
      case 'pillage-hits':
        return strongest(s, side, ev.area, false).map((b) => HIT_ACTS[b]!);
      case 'pillage-steps':
        return ownBelowMax(s, side, ev.from).map((b) => STEP_ACTS[b]!);
    }
    return [];
  },
  apply(n, side, a) {
    const ev = n.ev!;
    switch (a.type) {
      case 'pass':
        if (logging) log(n, { to: -1, key: 'log.event-pass', args: { side: ROLES[side]!, card: EVENT_KEYS[ev.card]! } });
        return finishEvent(n);
      case 'crown':
        return crown(n, a.king);
      case 'herald': {
        const i = NOBLE_NAMES.indexOf(a.noble);
        const pair = NOBLE_BLOCKS[i]!;
        const b = side === E_SIDE ? pair[1] : pair[0];
        const d = rollDie(rngW(n));
        n.rev++;
        const ok = d <= 4;
        if (logging) log(n, { to: -1, key: ok ? 'log.herald-success' : 'log.herald-fail', args: { noble: a.noble, die: d } });
        if (ok) {
          defect(n, b);
          defectionBattles(n, side);
        }
        return finishEvent(n);
      }
      case 'truce':
        n.truce = side;
        if (logging) log(n, { to: -1, key: 'log.truce', args: { side: ROLES[side]! } });
        return finishEvent(n);
      case 'victuals':
        ev.area = areaOf(a.area);
        ev.left = 3;
        ev.step = 'victuals';
        if (logging) log(n, { to: -1, key: 'log.victuals', args: { area: a.area } });
        return;
      case 'sea':
        ev.from = areaOf(a.from);
        ev.area = areaOf(a.to);
        ev.step = 'sea-blocks';
        if (logging) log(n, { to: -1, key: 'log.sea-move', args: { from: a.from, to: a.to } });
        return;
      case 'pillage':
        ev.area = areaOf(a.area);
        ev.from = areaOf(a.from);
        ev.left = 2;
        ev.taken = 0;
        if (logging) log(n, { to: -1, key: 'log.pillage', args: { area: a.area, from: a.from } });
        if (!runPillageHits(n)) return;
        n.phase = 'event';
        return;
      case 'hit':
        pillageHit(n, blockOf(a.block));
        if (!runPillageHits(n)) return;
        return;
      case 'block': {
        const b = blockOf(a.block);
        locW(n)[b] = ev.area;
        ev.taken++;
        if (logging) log(n, { to: side, key: 'log.sea-block', args: { block: a.block, to: AREA_IDS[ev.area]! } });
        const more = blocksLeft(n, side, ev.from);
        if (ev.taken >= 2 || !more) return finishEvent(n);
        return;
      }
      case 'step': {
        const b = blockOf(a.block);
        stepsW(n)[b]!++;
        ev.left--;
        if (logging) log(n, { to: side, key: 'log.step-added', args: { block: a.block } });
        const area = ev.step === 'victuals' ? ev.area : ev.from;
        if (ev.left > 0 && ownBelowMax(n, side, area).length > 0) return;
        if (ev.step === 'pillage-steps') return endPillage(n);
        return finishEvent(n);
      }
      case 'done':
        return finishEvent(n);
    }
  },
});
const E_SIDE = 0;

function blocksLeft(n: State, side: number, area: number): boolean {
  for (let b = B_FROM[side]!, end = B_TO[side]!; b < end; b++) if (n.loc[b] === area && SIDE[b] === side && b !== NORSE) return true;
  return false;
}

/** 6.21/6.22: the King enters at full strength; the rival faction's nobles defect and attack. */
function crown(n: State, king: 'Bruce' | 'Comyn' | 'Balliol'): void {
  const where = king === 'Balliol' ? n.loc[FRENCH]! : FIFE;
  n.kingCrowned = true;
  locW(n)[KING] = where;
  stepsW(n)[KING] = MAX[KING]!;
  flagsW(n)[KING] = 0;
  n.rev++;
  if (logging) log(n, { to: -1, key: 'log.crown', args: { king, area: AREA_IDS[where]! } });
  const defecting = king === 'Bruce' ? 2 : 1;
  for (let b = B_FROM[S]!, end = B_TO[S]!; b < end; b++) {
    if (SIDE[b] === S && IS_NOBLE[b] && FACTION[b] === defecting && OTHER[b]! >= 0 && n.loc[b]! < AREA_COUNT) {
      if (logging) log(n, { to: -1, key: 'log.defects', args: { noble: BLOCK_IDS[b]!, area: AREA_IDS[n.loc[b]!]! } });
      defect(n, b);
    }
  }
  defectionBattles(n, 0);
  finishEvent(n);
}
