/**
 * 5.32 Main attack: when the attacker of an area entered it as more than one group (blocks from
 * different origins, or over different borders, or by sea), it declares one of them the Main
 * Attack at the end of its move phase; all its other blocks there are reserves (arrive in round 2).
 *
 * Each attacking block remembers the group it entered with in its flags (bits ENTRY_SHIFT and up:
 * origin area * 64 + border + 3, border -2 = by sea). Flags are positional, like "moved" and
 * "reserve": the crossing is seen by both players, so determinize keeps it with the block's slot.
 */
import { AREA_COUNT, AREA_IDS, BORDER_IDS, areaOf } from './map.js';
import { B_FROM, B_TO, ROLES } from './blocks.js';
import { occupancy } from './board.js';
import { advance, call, definePhase, defineStep, wait } from './flow.js';
import { cow, flagsW, log, F_RESERVE, type State } from './state.js';
import type { Action } from './types.js';

export const ENTRY_SHIFT = 8;
export const ENTRY_MASK = 0x7ff << ENTRY_SHIFT;

/** The flag bits of a block that entered a battle area from `origin` over border `bd` (-2 = sea). */
export function entryBits(origin: number, bd: number): number {
  return (origin * 64 + bd + 3) << ENTRY_SHIFT;
}

const entryOf = (flags: number): number => (flags & ENTRY_MASK) >> ENTRY_SHIFT;

/** The origin area and border (-2 = sea) of an entry group. */
const decode = (e: number): { origin: number; bd: number } => ({ origin: Math.floor(e / 64), bd: (e % 64) - 3 });

/** The distinct entry groups of `side`'s attacking blocks in `area`, in a fixed order. */
function groups(s: State, side: number, area: number): number[] {
  const out: number[] = [];
  for (let b = B_FROM[side]!; b < B_TO[side]!; b++) {
    if (s.loc[b] !== area) continue;
    const e = entryOf(s.flags[b]!);
    if (e !== 0 && !out.includes(e)) out.push(e);
  }
  return out.sort((x, y) => x - y);
}

/** The first area from `start` where `side` attacked with two or more groups and must declare. */
function nextArea(s: State, side: number, start: number): number {
  for (let a = start; a < AREA_COUNT; a++) {
    if (s.att[a] !== side) continue; // most turns: no attack at all, nothing else to look at
    if (occupancy(s)[a] === 3 && groups(s, side, a).length > 1) return a;
  }
  return -1;
}

function actionOf(area: number, e: number): Action {
  const { origin, bd } = decode(e);
  return { type: 'main', area: AREA_IDS[area]!, from: AREA_IDS[origin]!, border: bd === -2 ? 'sea' : BORDER_IDS[bd]! };
}

/** Step `main:<side + 2 * first area>`: asks `side` to declare its main attacks, one area at a time. */
defineStep('main', (n, arg) => {
  const side = arg & 1;
  const area = nextArea(n, side, arg >> 1);
  if (area < 0) return false;
  n.grp = area;
  return wait(n, 'main', side);
});

definePhase('main', {
  actions(s, side) {
    return groups(s, side, s.grp).map((e) => actionOf(s.grp, e));
  },
  apply(n, side, a) {
    if (a.type !== 'main') return;
    const area = areaOf(a.area);
    const chosen = groups(n, side, area).find((e) => {
      const x = actionOf(area, e) as Extract<Action, { type: 'main' }>;
      return x.from === a.from && x.border === a.border;
    })!;
    for (let b = B_FROM[side]!; b < B_TO[side]!; b++) {
      if (n.loc[b] !== area) continue;
      const e = entryOf(n.flags[b]!);
      if (e === 0) continue;
      const f = e === chosen ? n.flags[b]! & ~F_RESERVE : n.flags[b]! | F_RESERVE;
      if (f !== n.flags[b]) flagsW(n)[b] = f;
    }
    cow(n, 'mainFrom');
    cow(n, 'mainBorder');
    const { origin, bd } = decode(chosen);
    n.mainFrom[area] = origin;
    n.mainBorder[area] = bd;
    log(n, { to: -1, key: 'log.main-attack', args: { side: ROLES[side]!, area: a.area, from: a.from } });
    n.grp = -1;
    call(n, `main:${side + 2 * (area + 1)}`);
    advance(n);
  },
});
