/**
 * Movement (4.0-4.7), decomposed: activate a group (one group move), pick a block, move it one area
 * at a time; the Norse go by sea as a group move of their own.
 */
import {
  ADJ, ANGLO, AREA_COUNT, AREA_IDS, BORDER_LIMIT, COASTAL_AREAS, ENGLAND, MINOR, areaOf,
} from './map.js';
import { BLOCK_COUNT, B_FROM, B_TO, MOVE, NORSE, S, SIDE, blockOf } from './blocks.js';
import { countIn, occupancy } from './board.js';
import { CARD_VALUE } from './cards.js';
import { advance, definePhase, defineStep, wait } from './flow.js';
import { flagsW, locW, log, logging, F_MOVED, F_RESERVE, cow, zero, type State } from './state.js';
import type { Action } from './types.js';
import { BLOCK_ACTS, END, GROUP_ACTS, STOP, NORSE_ACTS, TO_ACTS } from './acts.js';
import { entryBits } from './main-attack.js';

/** Scratch counters per area for listing group moves (filled afresh on each call). */
const OWN = new Int32Array(AREA_COUNT), ENEMY = new Int32Array(AREA_COUNT), FREE = new Int32Array(AREA_COUNT);

const enemyBit = (side: number): number => 1 << (1 - side);

/** Own blocks in an area that may leave it now: unmoved, not the Norse, and not pinned (4.6). */
function leavers(s: State, side: number, area: number, occ: number[]): number[] {
  const out: number[] = [];
  let own = 0;
  for (let b = B_FROM[side]!, end = B_TO[side]!; b < end; b++) {
    if (s.loc[b] !== area) continue;
    own++;
    if (!(s.flags[b]! & F_MOVED) && b !== NORSE) out.push(b);
  }
  // 4.6: in a contested area the attackers pin as many defenders.
  if (occ[area] === 3 && own <= countIn(s, area, 1 - side)) return [];
  return out;
}

/** Why a step is refused: a refusal code (its rule in rule-ids.ts); null: the step is allowed. */
export type StepRefusal = string | null;
const BORDER_FULL = 'why-border-full', ENEMY_BORDER = 'why-enemy-border', TRUCE_ENGLAND = 'why-truce-england', ONE_ACROSS = 'why-one-across', TRUCE_ATTACK = 'why-truce-attack';

/** 4.0-4.6: why a block of `side`'s group in `grp` may not step from `from` over border `bd` into `to` now (null: it may). */
function stepRefusal(s: State, side: number, grp: number, from: number, to: number, bd: number, occ: number[], first: boolean): StepRefusal {
  if (s.bCount[bd]! >= BORDER_LIMIT[bd]!) return BORDER_FULL; // 4.3
  // 4.6 / 5.5: unpinned blocks may not leave over a border the enemy used to enter.
  if (first && occ[from] === 3 && s.bUsed[bd]! & enemyBit(side)) return ENEMY_BORDER;
  if (ANGLO[bd]) {
    if (side === S && to === ENGLAND && s.truce >= 0) return TRUCE_ENGLAND; // Truce: Scots may not enter England
    if (s.crossed & (1 << grp) && s.moves < 1) return ONE_ACROSS; // 4.4: one block per group move
  }
  if (occ[to]! & enemyBit(side) && s.truce === 1 - side) return TRUCE_ATTACK; // Truce: no attack
  return null;
}

/** 4.0-4.6: may a block of `side`'s group in `grp` step from `from` over border `bd` into `to` now? */
function canStep(s: State, side: number, grp: number, from: number, to: number, bd: number, occ: number[], first: boolean): boolean {
  return stepRefusal(s, side, grp, from, to, bd, occ, first) === null;
}

/**
 * "Why can't I?" for an area in the Move Phase: why `side` can neither activate it (choosing a group)
 * nor move the selected block into it (moving), from the same checks that list the actions. Null when
 * the area is legal now or the phase has nothing to say about areas.
 */
export function whyNotArea(s: State, side: number, area: number): string | null {
  const occ = occupancy(s);
  if (s.phase === 'move' || s.phase === 'group') {
    if (s.phase === 'group' && area === s.grp) return null;
    let own = 0, free = 0;
    for (let b = B_FROM[side]!, end = B_TO[side]!; b < end; b++) {
      if (s.loc[b] !== area) continue;
      own++;
      if (!(s.flags[b]! & F_MOVED) && b !== NORSE) free++;
    }
    if (own === 0) return 'why-no-blocks';
    if (s.loc[NORSE] === area && SIDE[NORSE] === side && !(s.flags[NORSE]! & F_MOVED) && free === 0) return null; // the Norse sail as their own group move
    if (free === 0) return 'why-all-moved';
    if (s.phase === 'group') return 'why-other-group';
    if (!(s.groups & (1 << area)) && s.moves === 0) return 'why-no-group-moves';
    if (occ[area] === 3 && own <= countIn(s, area, 1 - side)) return 'why-pinned';
    const adj = ADJ[area]!;
    let first: StepRefusal = null;
    for (let i = 0; i < adj.length; i += 2) {
      const r = stepRefusal(s, side, area, area, adj[i]!, adj[i + 1]!, occ, true);
      if (r === null) return null;
      first ??= r;
    }
    return first;
  }
  if (s.phase === 'path') {
    const at = s.loc[s.sel]!;
    if (area === at) return null;
    const adj = ADJ[at]!;
    for (let i = 0; i < adj.length; i += 2) {
      if (adj[i] !== area) continue;
      return stepRefusal(s, side, s.grp, at, area, adj[i + 1]!, occ, at === s.grp && !(s.flags[s.sel]! & F_MOVED));
    }
    return 'why-not-adjacent';
  }
  return null;
}

/** Whether a block of `side`'s group in `from` could take a first step out of it (the path phase lists them). */
function hasStep(s: State, side: number, from: number, occ: number[]): boolean {
  const adj = ADJ[from]!;
  for (let i = 0; i < adj.length; i += 2) if (canStep(s, side, from, from, adj[i]!, adj[i + 1]!, occ, true)) return true;
  return false;
}

/** `leavers(...).length > 0 && hasStep(...)`, without building the list. */
function canMoveFrom(s: State, side: number, area: number, occ: number[]): boolean {
  let own = 0, free = 0;
  for (let b = B_FROM[side]!, end = B_TO[side]!; b < end; b++) {
    if (s.loc[b] !== area) continue;
    own++;
    if (!(s.flags[b]! & F_MOVED) && b !== NORSE) free++;
  }
  if (free === 0 || (occ[area] === 3 && own <= countIn(s, area, 1 - side))) return false; // 4.6: pinned
  return hasStep(s, side, area, occ);
}

function norseTargets(s: State, side: number, occ: number[]): number[] {
  if (side !== S) return [];
  const at = s.loc[NORSE]!;
  if (at >= AREA_COUNT || s.flags[NORSE]! & F_MOVED) return [];
  if (occ[at] === 3) {
    // pinned like any defender
    let own = 0, enemy = 0;
    for (let b = 0; b < BLOCK_COUNT; b++) if (s.loc[b] === at) { if (SIDE[b] === side) own++; else enemy++; }
    if (own <= enemy) return [];
  }
  const out: number[] = [];
  for (const a of COASTAL_AREAS) {
    if (a === at || a === ENGLAND) continue;
    if (occ[a]! & enemyBit(side) && s.truce === 1 - side) continue;
    out.push(a);
  }
  return out;
}

/** Starts a side's move phase with its card's group moves (4.1). */
defineStep('move', (n, side) => {
  n.moves = cardMoves(n, side);
  n.grp = -1;
  n.sel = -1;
  n.groups = 0;
  n.crossed = 0;
  zero(n, 'bCount');
  if (n.moves === 0) return false;
  return wait(n, 'move', side);
});

/** Whether any group `side` activated this Move Phase can still move (4.2: it may come back to it at no cost). */
function revisitable(s: State, side: number): boolean {
  if (s.groups === 0) return false;
  const occ = occupancy(s);
  for (let a = 0; a < AREA_COUNT; a++) if (s.groups & (1 << a) && canMoveFrom(s, side, a, occ)) return true;
  return false;
}

/** 3.11: a Move card gives as many group moves as its value; an event gives none. */
function cardMoves(n: State, side: number): number {
  return CARD_VALUE[n.card[side]!] ?? 0;
}

function endPhase(n: State): void {
  n.grp = -1;
  n.sel = -1;
  n.groups = 0;
  n.crossed = 0;
  zero(n, 'bCount');
  advance(n);
}

/** Back to choosing a group, or the Move Phase ends when no group move is left to spend or come back to. */
function toMovePhase(n: State, side: number): void {
  n.grp = -1;
  n.sel = -1;
  if (n.moves === 0 && !revisitable(n, side)) return endPhase(n);
  n.phase = 'move';
}

definePhase('move', {
  actions(s, side) {
    const out: Action[] = [];
    if (s.moves > 0 || s.groups !== 0) {
      const occ = occupancy(s);
      // one pass: own, enemy and unmoved (non-Norse) own blocks per area
      const own = OWN, enemy = ENEMY, free = FREE;
      for (let a = 0; a < AREA_COUNT; a++) { own[a] = 0; enemy[a] = 0; free[a] = 0; }
      for (let b = B_FROM[1 - side]!, end = B_TO[1 - side]!; b < end; b++) {
        const l = s.loc[b]!;
        if (l < AREA_COUNT) enemy[l]!++;
      }
      for (let b = B_FROM[side]!, end = B_TO[side]!; b < end; b++) {
        const l = s.loc[b]!;
        if (l >= AREA_COUNT) continue;
        own[l]!++;
        if (!(s.flags[b]! & F_MOVED) && b !== NORSE) free[l]!++;
      }
      for (let a = 0; a < AREA_COUNT; a++) {
        if (free[a] === 0) continue;
        const again = (s.groups & (1 << a)) !== 0;
        if (!again && s.moves === 0) continue;
        if (occ[a] === 3 && own[a]! <= enemy[a]!) continue;
        if (!hasStep(s, side, a, occ)) continue;
        // 4.2: a group activated earlier this phase is come back to by picking one of its unmoved
        // blocks (at no cost; a block always moves, so coming back cannot loop)
        if (again) for (const b of leavers(s, side, a, occ)) out.push(BLOCK_ACTS[b]!);
        else out.push(GROUP_ACTS[a]!);
      }
      if (s.moves > 0) for (const t of norseTargets(s, side, occ)) out.push(NORSE_ACTS[t]!);
    }
    out.push(END);
    return out;
  },
  apply(n, side, a) {
    if (a.type === 'end') return endPhase(n);
    if (a.type === 'group') {
      const area = areaOf(a.area);
      n.moves--;
      n.groups |= 1 << area;
      n.grp = area;
      n.phase = 'group';
      return;
    }
    if (a.type === 'block') {
      const b = blockOf(a.block);
      n.grp = n.loc[b]!;
      return selectBlock(n, b);
    }
    if (a.type === 'norse') {
      n.moves--;
      const from = n.loc[NORSE]!, to = areaOf(a.to);
      const occ = occupancy(n);
      flagsW(n)[NORSE]! |= F_MOVED;
      locW(n)[NORSE] = to;
      if (logging) log(n, { to: -1, key: 'log.norse-move', args: { from: AREA_IDS[from]!, to: a.to } });
      if (occ[to]! & enemyBit(side)) enterBattle(n, side, NORSE, from, -2, to);
      if (n.moves === 0) toMovePhase(n, side);
    }
  },
});

definePhase('group', {
  actions(s, side) {
    const occ = occupancy(s);
    const out: Action[] = [];
    if (hasStep(s, side, s.grp, occ)) {
      for (const b of leavers(s, side, s.grp, occ)) out.push(BLOCK_ACTS[b]!);
    }
    out.push(END);
    return out;
  },
  apply(n, side, a) {
    if (a.type === 'end') return toMovePhase(n, side);
    if (a.type === 'block') selectBlock(n, blockOf(a.block));
  },
});

function selectBlock(n: State, b: number): void {
  n.sel = b;
  n.selLeft = MOVE[b]!;
  n.phase = 'path';
}

function afterBlock(n: State, side: number): void {
  n.sel = -1;
  const occ = occupancy(n);
  if (canMoveFrom(n, side, n.grp, occ)) n.phase = 'group';
  else toMovePhase(n, side);
}

definePhase('path', {
  actions(s, side) {
    const out: Action[] = [];
    const at = s.loc[s.sel]!;
    const first = at === s.grp && !(s.flags[s.sel]! & F_MOVED);
    const occ = occupancy(s), adj = ADJ[at]!;
    for (let i = 0; i < adj.length; i += 2) if (canStep(s, side, s.grp, at, adj[i]!, adj[i + 1]!, occ, first)) out.push(TO_ACTS[adj[i]!]!);
    if (!first) out.push(STOP);
    return out;
  },
  apply(n, side, a) {
    const b = n.sel;
    if (a.type === 'stop') return afterBlock(n, side);
    if (a.type !== 'to') return;
    const from = n.loc[b]!, to = areaOf(a.area);
    const adj = ADJ[from]!;
    let bd = -1;
    for (let i = 0; i < adj.length; i += 2) if (adj[i] === to) bd = adj[i + 1]!;
    const occ = occupancy(n);
    if (!(n.flags[b]! & F_MOVED)) flagsW(n)[b]! |= F_MOVED; // edge case: marked on its first step
    locW(n)[b] = to;
    n.selLeft--;
    cow(n, 'bCount');
    n.bCount[bd]!++;
    if (ANGLO[bd]) {
      if (n.crossed & (1 << n.grp)) n.moves--;
      n.crossed |= 1 << n.grp;
    }
    if (logging) log(n, { to: -1, key: 'log.step', args: { from: AREA_IDS[from]!, to: a.area } });
    let stop = n.selLeft <= 0 || MINOR[bd]! || to === ENGLAND;
    if (occ[to]! & enemyBit(side)) {
      enterBattle(n, side, b, n.grp, bd, to);
      stop = true;
    }
    if (stop) afterBlock(n, side);
  },
});

/**
 * A block enters an enemy-occupied or contested area (5.32, 5.33): the first attacker's group is the
 * main attack until the attacker declares another at the end of its move phase (main-attack.ts);
 * attackers from elsewhere and all defending reinforcements are reserves. The border is closed to the enemy's retreats (5.5).
 */
export function enterBattle(n: State, side: number, b: number, origin: number, bd: number, to: number): void {
  if (n.att[to]! < 0) {
    cow(n, 'att');
    cow(n, 'mainFrom');
    cow(n, 'mainBorder');
    n.att[to] = side;
    n.mainFrom[to] = origin;
    n.mainBorder[to] = bd;
    if (logging) log(n, { to: -1, key: 'log.attack', args: { side: side === S ? 'Scotland' : 'England', area: AREA_IDS[to]! } });
  } else if (n.att[to] !== side || n.mainFrom[to] !== origin || n.mainBorder[to] !== bd) {
    flagsW(n)[b]! |= F_RESERVE;
  }
  // The attacker's groups are told apart for the main-attack declaration (main-attack.ts).
  if (n.att[to] === side) flagsW(n)[b]! |= entryBits(origin, bd);
  if (bd >= 0 && !(n.bUsed[bd]! & (1 << side))) {
    cow(n, 'bUsed');
    n.bUsed[bd]! |= 1 << side;
  }
}
