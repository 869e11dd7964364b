/** The Winter Turn (7.0), in the rulebook's order. */
import { AREA_COUNT, AREA_IDS, CASTLE, CATHEDRALS, ENGLAND, NO_NORSE_FRENCH_BUILD, OFF, POOL_E, POOL_S, SELKIRK, areaOf } from './map.js';
import {
  BLOCK_COUNT, B_FROM, B_TO, BLOCK_IDS, E, EDWARD, E_MUST_DISBAND, FRENCH, HOMES, IS_INFANTRY, IS_NOBLE, KING, MAX, MORAY, NORSE,
  S, SIDE, WALLACE, blockOf,
} from './blocks.js';
import { checkAllNobles, countNoblesAndEnd, defect, nobleCount, occupancy } from './board.js';
import { dealYear } from './cards.js';
import { advance, definePhase, defineStep, wait } from './flow.js';
import { randInt } from '@tabula/engine';
import { flagsW, locW, stepsW, log, logging, F_HOME, cow, rngW, zero, type State } from './state.js';
import type { Action } from './types.js';
import { DISBAND_ACTS, DONE, DRAW_ACTS, EDWARD_ACTS, HOME_ACTS, STEP_ACTS, WALLACE_ACTS } from './acts.js';

export const WINTER_STEPS: readonly string[] = [
  'w-nobles:0', 'w-nobles:1', 'w-rehome:0', 'w-moray', 'w-king', 'w-edward', 'w-edisband', 'w-wallace', 'w-sdisband',
  'w-french', 'w-build:1', 'w-build:0', 'w-levy', 'w-end',
];

const enemyHeld = (occ: number[], a: number, side: number): boolean => (occ[a]! & (1 << (1 - side))) !== 0;

/**
 * A Winter step that reads one side's face-down blocks (which nobles go where, which blocks must
 * disband, whether that side has a choice to make). When it waits for that side it showed nothing
 * the side did not know; when the game runs on without it, what it did or did not do shows the enemy
 * something about those blocks, so the action that led here may not be taken back (`rev`, the undo
 * barrier).
 */
function defineRevealingStep(name: string, start: (n: State, arg: number) => boolean): void {
  defineStep(name, (n, arg) => {
    const waits = start(n, arg);
    if (!waits) n.rev++;
    return waits;
  });
}

/** 7.1: nobles of `side` go home, or defect if home is enemy-occupied; Bruce and Comyn choose (7.12). */
defineRevealingStep('w-nobles', (n, side) => {
  const occ = occupancy(n);
  for (let b = B_FROM[side]!, end = B_TO[side]!; b < end; b++) {
    if (SIDE[b] !== side || !IS_NOBLE[b] || b === MORAY || n.loc[b]! >= AREA_COUNT) continue;
    if (n.flags[b]! & F_HOME) continue; // converted this winter: its new owner picks below
    const homes = HOMES[b]!;
    const avail = homes.filter((h) => !enemyHeld(occ, h, side));
    if (avail.length === 0) {
      locW(n)[b] = homes[0]!;
      const o = defect(n, b);
      if (logging) log(n, { to: -1, key: 'log.winter-defects', args: { noble: BLOCK_IDS[b]!, area: AREA_IDS[homes[0]!]! } });
      if (homes.length > 1) flagsW(n)[o]! |= F_HOME;
    } else if (avail.length === 1) {
      locW(n)[b] = avail[0]!;
    } else {
      flagsW(n)[b]! |= F_HOME;
    }
  }
  return homeChoices(n, side);
});

defineStep('w-rehome', (n, side) => homeChoices(n, side));

function pendingHome(s: State, side: number): number {
  for (let b = B_FROM[side]!, end = B_TO[side]!; b < end; b++) if (SIDE[b] === side && s.flags[b]! & F_HOME && s.loc[b]! < AREA_COUNT) return b;
  return -1;
}

function homeChoices(n: State, side: number): boolean {
  if (pendingHome(n, side) < 0) return false;
  return wait(n, 'w-home', side);
}

definePhase('w-home', {
  actions(s, side) {
    const b = pendingHome(s, side);
    const occ = occupancy(s);
    return HOMES[b]!.filter((h) => !enemyHeld(occ, h, side)).map((h) => HOME_ACTS[b * AREA_COUNT + h]!);
  },
  apply(n, side, a) {
    if (a.type !== 'home') return;
    const b = blockOf(a.block);
    locW(n)[b] = areaOf(a.area);
    flagsW(n)[b]! &= ~F_HOME;
    if (logging) log(n, { to: side, key: 'log.home', args: { block: a.block, area: a.area } });
    if (pendingHome(n, side) < 0) advance(n);
  },
});

/** 7.11 Moray may go home or stay; 7.2 the King may go to a friendly or neutral cathedral or stay. */
function wintersChoices(s: State, b: number): number[] {
  const at = s.loc[b]!;
  if (at >= AREA_COUNT) return [];
  const occ = occupancy(s);
  const targets = b === MORAY ? HOMES[MORAY]! : CATHEDRALS;
  const out = targets.filter((a) => a !== at && !enemyHeld(occ, a, S));
  return out.length > 0 ? [at, ...out] : [];
}

defineRevealingStep('w-moray', (n) => {
  if (wintersChoices(n, MORAY).length === 0) return false;
  n.sel = MORAY;
  return wait(n, 'w-stay', S);
});
defineRevealingStep('w-king', (n) => {
  if (wintersChoices(n, KING).length === 0) return false;
  n.sel = KING;
  return wait(n, 'w-stay', S);
});

definePhase('w-stay', {
  actions(s) {
    const b = s.sel === KING ? KING : MORAY;
    return wintersChoices(s, b).map((a) => HOME_ACTS[b * AREA_COUNT + a]!);
  },
  apply(n, side, a) {
    if (a.type !== 'home') return;
    locW(n)[blockOf(a.block)] = areaOf(a.area);
    n.sel = -1;
    if (logging) log(n, { to: side, key: 'log.home', args: { block: a.block, area: a.area } });
    advance(n);
  },
});

/** 7.4: Edward I in Scotland may winter there (not two years running, not in 1306); else he disbands. */
function edwardMayWinter(s: State): boolean {
  const at = s.loc[EDWARD]!;
  return at < AREA_COUNT && at !== ENGLAND && !s.edward2 && s.year !== 1306 && s.edwardWintered !== s.year - 1;
}

defineRevealingStep('w-edward', (n) => {
  if (edwardMayWinter(n)) return wait(n, 'w-edward', E);
  if (n.loc[EDWARD]! < AREA_COUNT) locW(n)[EDWARD] = POOL_E;
  edwardAges(n);
  return false;
});

function edwardAges(n: State): void {
  if (n.year === 1306 && !n.edward2) {
    n.edward2 = true;
    if (logging) log(n, { to: -1, key: 'log.edward-ii' });
  }
}

definePhase('w-edward', {
  actions() {
    return EDWARD_ACTS.slice();
  },
  apply(n, _side, a) {
    if (a.type !== 'edward') return;
    if (a.winter) {
      n.edwardWintered = n.year;
      if (logging) log(n, { to: -1, key: 'log.edward-winters' });
    } else {
      locW(n)[EDWARD] = POOL_E;
    }
    edwardAges(n);
    advance(n);
  },
});

const edwardWintersNow = (s: State): boolean => s.edwardWintered === s.year && s.loc[EDWARD]! < AREA_COUNT;

/** Scratch counters per area (filled afresh on each call). */
const COUNT = new Int32Array(AREA_COUNT), CANDS = new Int32Array(AREA_COUNT);

/** Blocks that must disband in the first area over its castle limit, and how many (7.3, 7.5). */
function overLimit(s: State, side: number): { blocks: number[]; excess: number } | null {
  const ew = side === E && edwardWintersNow(s) ? s.loc[EDWARD]! : -1;
  const count = COUNT, cands = CANDS;
  for (let a = 0; a < AREA_COUNT; a++) { count[a] = 0; cands[a] = 0; }
  for (let b = B_FROM[side]!, end = B_TO[side]!; b < end; b++) {
    const a = s.loc[b]!;
    if (a >= AREA_COUNT || SIDE[b] !== side || a === ew) continue;
    if (b === WALLACE && a === SELKIRK) continue; // 7.5: Wallace may winter in Selkirk
    count[a]!++;
    if (!IS_NOBLE[b] || b === MORAY) cands[a]!++;
  }
  for (let a = 0; a < AREA_COUNT; a++) {
    const excess = count[a]! - CASTLE[side]![a]!;
    if (excess <= 0 || cands[a] === 0) continue;
    const cand: number[] = [];
    for (let b = B_FROM[side]!, end = B_TO[side]!; b < end; b++) {
      if (s.loc[b] !== a || SIDE[b] !== side || (IS_NOBLE[b] && b !== MORAY)) continue;
      if (b === WALLACE && a === SELKIRK) continue;
      cand.push(b);
    }
    return { blocks: cand, excess: Math.min(excess, cand.length) };
  }
  return null;
}

/** 7.32/7.5: blocks the owner may disband although within the limit (non-nobles on the map, Moray; not Edward, see 7.4). */
function voluntary(s: State, side: number): number[] {
  const out: number[] = [];
  for (let b = B_FROM[side]!, end = B_TO[side]!; b < end; b++) {
    if (SIDE[b] !== side || s.loc[b]! >= AREA_COUNT || b === EDWARD) continue;
    if (IS_NOBLE[b] && b !== MORAY) continue;
    out.push(b);
  }
  return out;
}

/** `voluntary(s, side).length > 0`, without building the list. */
function hasVoluntary(s: State, side: number): boolean {
  for (let b = B_FROM[side]!, end = B_TO[side]!; b < end; b++) {
    if (SIDE[b] !== side || s.loc[b]! >= AREA_COUNT || b === EDWARD) continue;
    if (IS_NOBLE[b] && b !== MORAY) continue;
    return true;
  }
  return false;
}

/**
 * Disbands forced blocks automatically (7.3, 7.5: over the castle limit, when the owner has no
 * choice); then the owner may disband more (voluntary) or finish. Returns true when waiting.
 */
function runDisband(n: State, side: number): boolean {
  for (;;) {
    const o = overLimit(n, side);
    if (!o) break;
    if (o.blocks.length > o.excess) return wait(n, 'w-disband', side);
    for (const b of o.blocks) disband(n, b);
  }
  return hasVoluntary(n, side) ? wait(n, 'w-disband', side) : false;
}

function disband(n: State, b: number): void {
  locW(n)[b] = SIDE[b] === E ? POOL_E : POOL_S;
  flagsW(n)[b] = 0;
  if (logging) log(n, { to: SIDE[b]!, key: 'log.disband', args: { block: BLOCK_IDS[b]! } });
}

defineRevealingStep('w-edisband', (n) => {
  const ew = edwardWintersNow(n) ? n.loc[EDWARD]! : -1;
  for (let b = B_FROM[E]!, end = B_TO[E]!; b < end; b++) {
    if (SIDE[b] !== E || n.loc[b]! >= AREA_COUNT) continue;
    if (n.loc[b] === ENGLAND) disband(n, b); // 7.3: all blocks in England disband
    else if (E_MUST_DISBAND[b] && n.loc[b] !== ew) disband(n, b); // 7.31
  }
  return runDisband(n, E);
});

definePhase('w-disband', {
  actions(s, side) {
    const o = overLimit(s, side);
    if (o) return o.blocks.map((b) => DISBAND_ACTS[b]!);
    const out: Action[] = voluntary(s, side).map((b) => DISBAND_ACTS[b]!);
    out.push(DONE);
    return out;
  },
  apply(n, side, a) {
    if (a.type === 'done') return advance(n);
    if (a.type !== 'disband') return;
    disband(n, blockOf(a.block));
    if (!runDisband(n, side)) advance(n);
  },
});

defineRevealingStep('w-wallace', (n) => {
  const at = n.loc[WALLACE]!;
  if (at >= AREA_COUNT) return false;
  if (occupancy(n)[SELKIRK]! & 1) return false;
  return wait(n, 'w-wallace', S);
});

definePhase('w-wallace', {
  actions() {
    return WALLACE_ACTS.slice();
  },
  apply(n, _side, a) {
    if (a.type !== 'wallace') return;
    if (a.selkirk) {
      locW(n)[WALLACE] = SELKIRK;
      stepsW(n)[WALLACE] = Math.min(MAX[WALLACE]!, n.steps[WALLACE]! + 2);
      if (logging) log(n, { to: -1, key: 'log.wallace-selkirk' });
    }
    advance(n);
  },
});

defineRevealingStep('w-sdisband', (n) => {
  for (let b = B_FROM[S]!, end = B_TO[S]!; b < end; b++) if (SIDE[b] === S && n.loc[b] === ENGLAND) disband(n, b); // 5.9 raiders
  return runDisband(n, S);
});

/** 7.61, and the end of the last year (edge case 5: nothing after this can change the count). */
defineStep('w-french', (n) => {
  if (n.year >= n.lastYear) {
    if (!checkAllNobles(n)) countNoblesAndEnd(n);
    return true;
  }
  if (!n.frenchEntered && n.loc[FRENCH] === OFF && nobleCount(n, S) >= 8) {
    n.frenchEntered = true;
    locW(n)[FRENCH] = POOL_S;
    if (logging) log(n, { to: -1, key: 'log.french-arrive' });
  }
  return false;
});

/** Pool blocks that may be drawn into `area` (7.62: no Norse or French for Lanark or Badenoch). */
function drawable(s: State, area: number): number[] {
  const out: number[] = [];
  const ban = NO_NORSE_FRENCH_BUILD.includes(area);
  for (let b = 0; b < BLOCK_COUNT; b++) {
    if (s.loc[b] !== POOL_S) continue;
    if (ban && (b === NORSE || b === FRENCH)) continue;
    out.push(b);
  }
  return out;
}

/** 7.62/7.63: replacement points of friendly areas. */
defineRevealingStep('w-build', (n, side) => {
  const occ = occupancy(n);
  zero(n, 'rp');
  let any = false;
  cow(n, 'rp');
  for (let a = 0; a < AREA_COUNT; a++) {
    if (occ[a] === 1 << side && CASTLE[side]![a]! > 0) {
      n.rp[a] = CASTLE[side]![a]!;
      any = true;
    }
  }
  if (!any) return false;
  if (!listBuilds(n, side, null)) { zero(n, 'rp'); return false; }
  return wait(n, 'w-build', side);
});

/** Lists the builds of `side` into `out` (steps, then draws); with `out` null, only tells whether there is one. */
function listBuilds(s: State, side: number, out: Action[] | null): boolean {
  let any = false;
  const count = COUNT;
  for (let a = 0; a < AREA_COUNT; a++) count[a] = 0;
  for (let b = B_FROM[side]!, end = B_TO[side]!; b < end; b++) {
    const a = s.loc[b]!;
    if (a >= AREA_COUNT || SIDE[b] !== side || s.rp[a]! <= 0) continue;
    count[a]!++;
    if (s.steps[b]! >= MAX[b]!) continue;
    if (side === E && !IS_INFANTRY[b] && !IS_NOBLE[b]) continue; // 7.63
    if (!out) return true;
    out.push(STEP_ACTS[b]!);
    any = true;
  }
  if (side === S) {
    let pool = 0, plain = 0;
    for (let b = 0; b < BLOCK_COUNT; b++) if (s.loc[b] === POOL_S) { pool++; if (b !== NORSE && b !== FRENCH) plain++; }
    if (pool > 0) {
      for (let a = 0; a < AREA_COUNT; a++) {
        if (s.rp[a]! <= 0 || count[a]! >= CASTLE[S]![a]!) continue;
        if (plain === 0 && NO_NORSE_FRENCH_BUILD.includes(a)) continue;
        if (!out) return true;
        out.push(DRAW_ACTS[a]!);
        any = true;
      }
    }
  }
  return any;
}

function buildActions(s: State, side: number): Action[] {
  const out: Action[] = [];
  listBuilds(s, side, out);
  out.push(DONE);
  return out;
}

definePhase('w-build', {
  actions: buildActions,
  apply(n, side, a) {
    if (a.type === 'done') {
      zero(n, 'rp');
      advance(n);
      return;
    }
    if (a.type === 'step') {
      const b = blockOf(a.block);
      stepsW(n)[b]!++;
      cow(n, 'rp');
      n.rp[n.loc[b]!]!--;
      if (logging) log(n, { to: side, key: 'log.step-added', args: { block: a.block } });
    } else if (a.type === 'draw') {
      const area = areaOf(a.area);
      const pool = drawable(n, area);
      const b = pool[randInt(rngW(n), pool.length)]!;
      n.rev++;
      locW(n)[b] = area;
      stepsW(n)[b] = 1;
      flagsW(n)[b] = 0;
      cow(n, 'rp');
      n.rp[area]!--;
      if (logging) log(n, { to: side, key: 'log.draw-own', args: { block: BLOCK_IDS[b]!, area: a.area } });
      if (logging) log(n, { to: 1 - side, key: 'log.draw', args: { area: a.area } });
    }
    if (!listBuilds(n, side, null)) {
      zero(n, 'rp');
      advance(n);
    }
  },
});

/** 7.7: unless Edward I winters in Scotland, half the pool (rounded up) enters England at full strength. */
defineStep('w-levy', (n) => {
  if (edwardWintersNow(n)) return false;
  const pool: number[] = [];
  for (let b = 0; b < BLOCK_COUNT; b++) if (n.loc[b] === POOL_E) pool.push(b);
  const k = Math.ceil(pool.length / 2);
  for (let i = 0; i < k; i++) {
    const j = randInt(rngW(n), pool.length);
    const b = pool[j]!;
    pool.splice(j, 1);
    locW(n)[b] = ENGLAND;
    stepsW(n)[b] = MAX[b]!;
    flagsW(n)[b] = 0;
  }
  if (k > 0) n.rev++;
  if (logging) log(n, { to: -1, key: 'log.levy', args: { count: k } });
  return false;
});

/** End of winter: sudden death check (edge case 5), then a new year with new cards (7.8). */
defineStep('w-end', (n) => {
  for (let b = 0; b < BLOCK_COUNT; b++) if (n.flags[b] !== 0) flagsW(n)[b] = 0;
  if (checkAllNobles(n)) return true;
  n.year++;
  n.turn = 1;
  dealYear(n);
  if (logging) log(n, { to: -1, key: 'log.year', args: { year: n.year } });
  n.todo = ['cards'];
  return false;
});

