/** Test helpers: build positions by hand, rig dice, play actions. */
import { rollDie, seedRng, type RngState } from '@tabula/engine';
import { hammerGame as g } from './game.js';
import { BLOCK_COUNT, MAX, blockOf } from './blocks.js';
import { OFF, areaOf, borderBetween } from './map.js';
import { advance } from './flow.js';
import { WINTER_STEPS } from './winter.js';
import type { State } from './state.js';
import type { Action } from './types.js';

/** A deep copy tests may edit freely (states share arrays copy-on-write). */
export function copy(s: State): State {
  return structuredClone(s);
}

export { g };

export function fresh(scenario = 'braveheart', variants?: Record<string, unknown>): State {
  return g.setup({ seed: 'test', scenario, ...(variants ? { variants } : {}) });
}

/** A state with an empty map (every block off the map), at the card phase. */
export function emptyMap(scenario = 'braveheart', variants?: Record<string, unknown>): State {
  const s = copy(fresh(scenario, variants));
  for (let b = 0; b < BLOCK_COUNT; b++) { s.loc[b] = OFF; s.steps[b] = MAX[b]!; s.flags[b] = 0; }
  return s;
}

export function put(s: State, id: string, area: string, steps?: number): void {
  const b = blockOf(id);
  s.loc[b] = area === 'pool-e' ? OFF - 2 : area === 'pool-s' ? OFF - 1 : area === 'off' ? OFF : areaOf(area);
  s.steps[b] = steps ?? MAX[b]!;
}

export const where = (s: State, id: string): number => s.loc[blockOf(id)]!;
export const stepsOf = (s: State, id: string): number => s.steps[blockOf(id)]!;

/** Sets the RNG so that the next d6 rolls are exactly `rolls`. */
export function rig(s: State, rolls: number[]): void {
  for (let k = 0; k < 1_000_000; k++) {
    const st = seedRng(`rig${k}`);
    const probe: RngState = [st[0], st[1], st[2], st[3]];
    if (rolls.every((r) => rollDie(probe) === r)) { s.rng = st; return; }
  }
  throw new Error('no rng found');
}

export function acts(s: State, role: string): Action[] {
  return g.actions(s, role);
}

export function has(s: State, role: string, a: Action): boolean {
  return g.actions(s, role).some((x) => JSON.stringify(x) === JSON.stringify(a));
}

export function play(s: State, role: string, a: Action): State {
  return g.apply(s, role, a);
}

/** Plays a sequence of actions for one role. */
export function playAll(s: State, role: string, list: Action[]): State {
  for (const a of list) s = g.apply(s, role, a);
  return s;
}

/** Gives both sides these cards and plays them (England's card, Scotland's card). */
export function cards(s: State, e: number, sc: number): State {
  const n = copy(s);
  n.hand = [[e, ...n.hand[0]!.filter((c) => c !== e && c !== sc)].slice(0, 5), [sc, ...n.hand[1]!.filter((c) => c !== e && c !== sc)].slice(0, 5)];
  let t = g.apply(n, 'England', { type: 'card', card: e });
  t = g.apply(t, 'Scotland', { type: 'card', card: sc });
  return t;
}

/** Moves one block along a path (group already active or activated here). */
export function move(s: State, role: string, block: string, path: string[], activate?: string): State {
  if (activate) s = g.apply(s, role, { type: 'group', area: activate });
  s = g.apply(s, role, { type: 'block', block });
  for (const a of path) {
    s = g.apply(s, role, { type: 'to', area: a });
  }
  if (s.phase === 'path') s = g.apply(s, role, { type: 'stop' });
  return s;
}

/** Runs queued steps (for tests that set `todo` by hand). */
export function run(s: State, todo: string[]): State {
  const n = copy(s);
  n.todo = todo;
  advance(n);
  return n;
}

export const MOVE3 = 6, MOVE2 = 9, MOVE1 = 19;
export const HERALD = 1, PILLAGE = 2, SEA_MOVE = 3, TRUCE = 4, VICTUALS = 5;

/** Plays `pick` (or a "done", or the first listed action) for the first active side until `stop` holds, at most 300 actions. */
export function until(s: State, stop: (t: State) => boolean, pick?: (t: State, acts: Action[]) => Action | undefined): State {
  let t = s;
  for (let i = 0; i < 300 && !stop(t) && g.active(t).length > 0; i++) {
    const role = g.active(t)[0]!;
    const acts = g.actions(t, role);
    t = g.apply(t, role, pick?.(t, acts) ?? acts.find((a) => a.type === 'done') ?? acts[0]!);
  }
  return t;
}

/** Starts the battle phase with `attacker` attacking `area` (Player 1 = attacker unless given). */
export function battle(s: State, area: string, attacker: 0 | 1, opts: { from?: string; p1?: 0 | 1; rolls?: number[] } = {}): State {
  const n = copy(s);
  n.att = n.att.slice();
  n.bUsed = n.bUsed.slice();
  n.att[areaOf(area)] = attacker;
  if (opts.from) n.bUsed[borderBetween(areaOf(area), areaOf(opts.from))] = 1 << attacker;
  n.p1 = opts.p1 ?? attacker;
  if (opts.rolls) rig(n, opts.rolls);
  return run(n, ['battles', 'raid', 'endturn']);
}

/** Runs the Winter steps from `s` up to the first prompt. */
export const winter = (s: State): State => run(s, WINTER_STEPS.slice());

/** A position built by hand: see `scene`. */
export interface Scene {
  scenario?: string;
  variants?: Record<string, unknown>;
  /** Plain state fields set first (year, turn, edward2, delayedHits, ...). */
  set?: Partial<State>;
  /** Block ids by area ('off', 'pool-e' and 'pool-s' too); every other block is off the map. */
  blocks: Record<string, readonly string[]>;
  /** Strengths of the blocks not at full strength. */
  steps?: Record<string, number>;
  /** England's and Scotland's cards, played at once: the state is at Player 1's event or move. */
  cards?: readonly [england: number, scotland: number];
  /** The next d6 rolls, rigged after the cards. */
  dice?: number[];
}

/** An empty map with the given blocks placed, at the card phase unless `cards` are played. */
export function scene(o: Scene): State {
  let s = emptyMap(o.scenario, o.variants);
  Object.assign(s, o.set);
  for (const [area, ids] of Object.entries(o.blocks)) for (const id of ids) put(s, id, area, o.steps?.[id]);
  if (o.cards) s = cards(s, o.cards[0], o.cards[1]);
  if (o.dice) rig(s, o.dice);
  return s;
}
