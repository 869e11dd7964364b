/** Fog of war (rules sidebar "Fog-of-War"): what one viewer may see. */
import { AREA_COUNT, AREA_IDS, BORDER_IDS, OFF, POOL_E, POOL_S } from './map.js';
import { BLOCK_COUNT, BLOCK_IDS, MAX, ROLES, SIDE } from './blocks.js';
import { nobleCount } from './board.js';
import { F_MOVED, F_RESERVE, type State } from './state.js';
import type { AreaView, BlockView, HammerView } from './types.js';
import { knownOf, remembered } from './memory.js';

/** True while a block fights face up in the current battle round. */
export function isRevealed(s: State, b: number): boolean {
  const bt = s.battle;
  // 5.3: all blocks stand up again before the retreat after round 3, and after the battle.
  return bt !== null && (bt.stage === 'turns' || bt.stage === 'hits') && s.loc[b] === bt.area && !(s.flags[b]! & F_RESERVE);
}

export function activeRoles(s: State): string[] {
  if (s.result) return [];
  if (s.phase === 'cards') {
    const e = s.card[0] === 0, sc = s.card[1] === 0;
    return e ? (sc ? [ROLES[0], ROLES[1]] : [ROLES[0]]) : sc ? [ROLES[1]] : [];
  }
  return s.who >= 0 && s.who <= 1 ? [ROLES[s.who]!] : [];
}

/** The areas of a per-area bit set, in area order. */
function areasOf(bits: number): string[] {
  const out: string[] = [];
  for (let a = 0; bits >> a; a++) if (bits & (1 << a)) out.push(AREA_IDS[a]!);
  return out;
}

export function buildView(s: State, viewer: string | null): HammerView {
  const moving = s.phase === 'move' || s.phase === 'group' || s.phase === 'path';
  const v = viewer === 'England' ? 0 : viewer === 'Scotland' ? 1 : -1;
  const areas: AreaView[] = AREA_IDS.map((id, a) => ({ id, blocks: [], attacker: s.att[a]! >= 0 ? ROLES[s.att[a]!]! : null }));
  const hidden: BlockView[][] = AREA_IDS.map(() => []);
  const pools = { England: { count: 0 } as { count: number; blocks?: string[] }, Scotland: { count: 0 } as { count: number; blocks?: string[] } };
  if (v === 0) pools.England.blocks = [];
  if (v === 1) pools.Scotland.blocks = [];
  const offMap: string[] = [];
  for (let b = 0; b < BLOCK_COUNT; b++) {
    const l = s.loc[b]!;
    const side = SIDE[b]!;
    if (l === OFF) { offMap.push(BLOCK_IDS[b]!); continue; }
    if (l === POOL_E || l === POOL_S) {
      const p = side === 0 ? pools.England : pools.Scotland;
      p.count++;
      if (side === v) p.blocks!.push(BLOCK_IDS[b]!);
      continue;
    }
    const f = s.flags[b]!;
    const revealed = isRevealed(s, b);
    const bv: BlockView = { side: ROLES[side]!, moved: (f & F_MOVED) !== 0, reserve: (f & F_RESERVE) !== 0, revealed };
    // A face-down enemy block the viewer saw in an earlier battle round and can still tell apart.
    const known = !revealed && remembered(s, b, v);
    if (side === v || revealed || known) {
      bv.id = BLOCK_IDS[b]!;
      bv.steps = known ? knownOf(s)[b]! : s.steps[b]!;
      bv.max = MAX[b]!;
      if (known) bv.remembered = true;
      areas[l]!.blocks.push(bv);
    } else hidden[l]!.push(bv);
  }
  for (let a = 0; a < AREA_COUNT; a++) {
    const h = hidden[a]!;
    h.sort((x, y) => (x.side === y.side ? 0 : x.side < y.side ? -1 : 1) || Number(x.moved) - Number(y.moved) || Number(x.reserve) - Number(y.reserve));
    areas[a]!.blocks.push(...h);
  }
  const bothRevealed = s.card[0] !== 0 && s.card[1] !== 0;
  const cardOf = (side: number): number => {
    const c = s.card[side]!;
    if (c === 0) return -1;
    return side === v || bothRevealed ? c : 0;
  };
  const borderCount: Record<string, number> = {};
  const bordersUsed: Record<string, string[]> = {};
  for (let i = 0; i < BORDER_IDS.length; i++) {
    if (s.bCount[i]! > 0) borderCount[BORDER_IDS[i]!] = s.bCount[i]!;
    if (s.bUsed[i]! > 0) bordersUsed[BORDER_IDS[i]!] = ROLES.filter((_, k) => s.bUsed[i]! & (1 << k));
  }
  const mainBorder: Record<string, string> = {};
  for (let a = 0; a < AREA_COUNT; a++) {
    if (s.att[a]! >= 0 && s.mainBorder[a]! !== -1) mainBorder[AREA_IDS[a]!] = s.mainBorder[a] === -2 ? 'sea' : BORDER_IDS[s.mainBorder[a]!]!;
  }
  const bt = s.battle;
  const ownTurn = s.who === v && v >= 0;
  const rp: Record<string, number> = {};
  if (ownTurn) for (let a = 0; a < AREA_COUNT; a++) if (s.rp[a]! > 0) rp[AREA_IDS[a]!] = s.rp[a]!;
  return {
    scenario: s.scenario,
    you: v === 0 ? 'England' : v === 1 ? 'Scotland' : null,
    year: s.year,
    turn: s.turn,
    lastYear: s.lastYear,
    phase: s.phase,
    active: activeRoles(s),
    edward: s.edward2 ? 'Edward II' : 'Edward I',
    scottishKingCrowned: s.kingCrowned,
    nobles: { England: nobleCount(s, 0), Scotland: nobleCount(s, 1) },
    areas,
    pools,
    offMap,
    hand: v >= 0 ? s.hand[v]!.slice() : [],
    handCounts: { England: s.hand[0]!.length, Scotland: s.hand[1]!.length },
    played: { England: s.played[0]!.slice(), Scotland: s.played[1]!.slice() },
    cards: { England: cardOf(0), Scotland: cardOf(1) },
    p1: s.phase === 'cards' ? null : ROLES[s.p1]!,
    moves: moving ? s.moves : 0,
    group: s.grp >= 0 && (s.phase === 'group' || s.phase === 'path') ? AREA_IDS[s.grp]! : null,
    activated: moving ? areasOf(s.groups) : [],
    crossed: moving ? areasOf(s.crossed) : [],
    selected: ownTurn && s.phase === 'path' && s.sel >= 0 ? BLOCK_IDS[s.sel]! : null,
    borderCount,
    bordersUsed,
    mainBorder,
    truce: s.truce >= 0 ? ROLES[s.truce]! : null,
    battle: bt
      ? {
        area: AREA_IDS[bt.area]!,
        attacker: ROLES[bt.att]!,
        round: bt.round,
        stage: bt.stage,
        side: ROLES[s.who >= 0 && s.who <= 1 ? s.who : bt.att]!,
        letter: 'ABC'[Math.min(2, bt.step >> 1)]!,
        hits: bt.hits,
        hitSide: ROLES[bt.hitSide]!,
        dice: bt.dice.slice(),
        fire: bt.fire ?? 0,
      }
      : null,
    rp,
    outcome: s.result ? { winners: s.result.winners.slice(), reason: s.result.reason } : null,
  };
}

