/**
 * Hammer of the Scots knowledge: noble control, castle limits, winter survival.
 *
 * Evaluation (England's estimate; Scotland gets the complement), read from each side's own view of
 * the sampled world (so it needs nothing but the public contract):
 * - noble control (9.0: the noble count decides; all nobles ends the game at once), weighted up in
 *   the last year; ties go to Scotland while Wallace is on the map;
 * - steps on the map per side;
 * - winter survival: non-noble blocks over an area's castle limit (7.3, 7.5) are counted as lost,
 *   more so the closer the Winter turn.
 * Rollouts: random play that fires more often than it retreats and builds rather than passes.
 */
import type { AnyGame, Role, Rng } from '@tabula/engine';
import type { HammerAction, HammerState, HammerView } from '@tabula/hammer';
import type { Knowledge } from './types.js';

/** Castle limits per area from the map (England, Scotland with the cathedral bonus): public board facts. */
const CASTLE: Record<string, [number, number]> = {
  england: [0, 0], ross: [1, 1], garmoran: [0, 0], moray: [2, 2], strathspey: [1, 2], buchan: [2, 2], lochaber: [1, 1],
  badenoch: [2, 2], mar: [1, 1], angus: [2, 2], argyll: [2, 2], atholl: [1, 1], lennox: [1, 2], mentieth: [3, 3], fife: [2, 3],
  carrick: [1, 1], lanark: [2, 2], lothian: [2, 2], selkirk: [0, 0], dunbar: [2, 2], galloway: [1, 1], annan: [2, 2], teviot: [1, 1],
};

/** Block and area facts learnt once from the game's own views (the package exports no tables). */
export interface HammerTables {
  /** Per block index: id and side (0 England, 1 Scotland). */
  ids: string[];
  side: number[];
  noble: boolean[];
  /** Per area index: id. */
  areas: string[];
}

let tables: HammerTables | null = null;

function areaIds(v: HammerView, a: number): Set<string> {
  return new Set(v.areas[a]!.blocks.flatMap((b) => (b.id === undefined ? [] : [b.id])));
}

/**
 * Learns which block index is which block: moves one block at a time into an area in a setup state
 * and reads which id appears there in its owner's view. Uses only setup, view and the documented
 * state layout (per-block arrays `loc` and `steps`).
 */
export function hammerTables(game: AnyGame): HammerTables {
  if (tables) return tables;
  const s0 = game.setup({ seed: 'tables', scenario: game.scenarios[0] }) as HammerState;
  const views = [game.view(s0, 'England') as HammerView, game.view(s0, 'Scotland') as HammerView];
  const n = s0.loc.length;
  const ids: string[] = [], side: number[] = [];
  for (let b = 0; b < n; b++) {
    const a = s0.loc[b] === 1 ? 2 : 1;
    const loc = s0.loc.slice();
    loc[b] = a;
    const steps = s0.steps.slice();
    steps[b] = Math.max(1, steps[b]!);
    const s1 = { ...s0, loc, steps };
    let found = false;
    for (let k = 0; k < 2 && !found; k++) {
      const before = areaIds(views[k]!, a);
      for (const id of areaIds(game.view(s1, k === 0 ? 'England' : 'Scotland') as HammerView, a)) {
        if (!before.has(id)) { ids[b] = id; side[b] = k; found = true; }
      }
    }
    if (!found) throw new Error(`hammer tables: block ${b} not found`);
  }
  tables = { ids, side, noble: ids.map((id) => id.includes('-noble-')), areas: views[0]!.areas.map((x) => x.id) };
  return tables;
}

/** Coastal areas (public map facts): the Norse may stand only in one of them, England excepted (4.7). */
const COASTAL = new Set(['ross', 'garmoran', 'moray', 'strathspey', 'buchan', 'lochaber', 'angus', 'argyll', 'lennox', 'mentieth', 'fife', 'carrick', 'lothian', 'dunbar', 'galloway', 'annan']);

export interface SideStrength { steps: number; overLimit: number; nobles: number }

/** Steps on the map, nobles on the map, and steps of non-noble blocks over the castle limit (winter losses). */
export function sideStrength(t: HammerTables, s: HammerState, side: number): SideStrength {
  const areaCount = t.areas.length;
  let steps = 0, overLimit = 0, nobles = 0;
  const perArea: number[][] = [];
  for (let b = 0; b < t.ids.length; b++) {
    if (t.side[b] !== side) continue;
    const l = s.loc[b]!;
    if (l < 0 || l >= areaCount) continue;
    steps += s.steps[b]!;
    if (t.noble[b]) nobles++;
    else (perArea[l] ??= []).push(s.steps[b]!);
  }
  perArea.forEach((list, a) => {
    const id = t.areas[a]!;
    if (side === 0 && id === 'england') return; // no winter limit for England at home
    const limit = CASTLE[id]?.[side] ?? 0;
    if (list.length <= limit) return;
    list.sort((x, y) => y - x);
    for (let i = limit; i < list.length; i++) overLimit += list[i]!;
  });
  return { steps, overLimit, nobles };
}

export function evaluateHammer(game: AnyGame, s: HammerState): Record<Role, number> {
  if (s.result) {
    const w = s.result.winners;
    const e = w.includes('England') ? 1 / w.length : w.length ? 0 : 0.5;
    return { England: e, Scotland: 1 - e };
  }
  const t = hammerTables(game);
  const e = sideStrength(t, s, 0), sc = sideStrength(t, s, 1);
  const wallace = t.ids.indexOf('S-wallace');
  const wallaceOn = wallace >= 0 && s.loc[wallace]! >= 0 && s.loc[wallace]! < t.areas.length;
  const lastYear = s.year >= s.lastYear;
  const winterNear = Math.min(1, s.turn / 5);
  // 9.0: ties go to Scotland while Wallace is on the map
  const nobleDiff = e.nobles - sc.nobles + (wallaceOn ? -0.5 : 0.5);
  const x = (lastYear ? 0.35 + 0.35 * winterNear : 0.3) * nobleDiff
    + 0.05 * (e.steps - sc.steps)
    - 0.05 * winterNear * (e.overLimit - sc.overLimit);
  const england = 1 / (1 + Math.exp(-x));
  return { England: england, Scotland: 1 - england };
}

const WEIGHT: Partial<Record<HammerAction['type'], number>> = {
  fire: 4, retreat: 0.5, hold: 1, step: 2, draw: 2, pass: 0.5, disband: 0.3, end: 1,
};

export function rolloutHammer(actions: HammerAction[], rng: Rng): HammerAction {
  let total = 0;
  for (const a of actions) total += WEIGHT[a.type] ?? 1;
  let r = rng.float() * total;
  for (const a of actions) {
    r -= WEIGHT[a.type] ?? 1;
    if (r < 0) return a;
  }
  return actions[actions.length - 1]!;
}

export const hammerKnowledge: Knowledge = {
  rolloutDepth: 24,
  rollout: (_game, _state, _role, actions, rng) => rolloutHammer(actions as HammerAction[], rng),
  evaluate: (game, state) => evaluateHammer(game, state as HammerState),
  canonical: (game, state, role) => canonicalHammer(game, state as HammerState, role),
};

/**
 * The hidden enemy blocks given back to their slots (area and flags) in a canonical order, so that
 * `determinize` (which lists the slots in block order) starts from the same state for every state
 * the viewer cannot tell apart. A block is hidden from the viewer when its id is not in its view.
 */
export function canonicalHammer(game: AnyGame, s: HammerState, viewer: Role): HammerState {
  const t = hammerTables(game);
  const me = viewer === 'England' ? 0 : 1;
  const v = game.view(s, viewer) as HammerView;
  const seen = new Set<string>();
  for (const a of v.areas) for (const b of a.blocks) if (b.id !== undefined) seen.add(b.id);
  for (const id of v.offMap) seen.add(id);
  const hidden: number[] = [];
  for (let b = 0; b < t.ids.length; b++) if (t.side[b] !== me && !seen.has(t.ids[b]!)) hidden.push(b);
  const areaCount = t.areas.length;
  const slots = hidden.map((b) => [s.loc[b]!, s.flags[b]!] as const).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  // Constrained blocks first, as determinize does: a noble keeps its public map-or-pool status,
  // the Norse stands only in a coastal area; then the rest, each in the first slot it may take.
  const norse = t.ids.indexOf('S-norse');
  const rank = (b: number): number => (t.noble[b] ? 0 : b === norse ? 1 : 2);
  const order = hidden.slice().sort((x, y) => rank(x) - rank(y) || x - y);
  const canStand = (b: number, l: number): boolean => {
    const on = l >= 0 && l < areaCount;
    if (t.noble[b] && on !== (s.loc[b]! >= 0 && s.loc[b]! < areaCount)) return false;
    if (b === norse && on && !COASTAL.has(t.areas[l]!)) return false;
    return true;
  };
  const loc = s.loc.slice(), flags = s.flags.slice(), steps = s.steps.slice();
  const free = slots.map((_, i) => i);
  let sel = s.sel;
  for (const b of order) {
    let k = free.findIndex((i) => canStand(b, slots[i]![0]));
    if (k < 0) k = 0;
    const slot = slots[free[k]!]!;
    free.splice(k, 1);
    loc[b] = slot[0];
    flags[b] = slot[1];
    steps[b] = 1;
    if (s.sel === b) sel = -1;
  }
  // the enemy's hand and face-down card are re-dealt from the unseen cards: only their count matters
  const hand = s.hand.slice();
  hand[1 - me] = s.hand[1 - me]!.map(() => 0);
  const card = s.card.slice();
  const faceUp = s.card[0] !== 0 && s.card[1] !== 0;
  if (card[1 - me] !== 0 && !faceUp) card[1 - me] = -1;
  return { ...s, loc, flags, steps, sel, hand, card, rng: [0, 0, 0, 1], last: [] };
}
