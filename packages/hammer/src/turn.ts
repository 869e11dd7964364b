/** The Game Turn: card phase (3.1), the order of events/moves/battles, border raids (5.9), turn end. */
import { AREA_COUNT, ENGLAND } from './map.js';
import { BLOCK_COUNT, B_FROM, B_TO, E, IS_NOBLE, ROLES, S, SIDE, blockOf } from './blocks.js';
import { checkAllNobles, eliminate } from './board.js';
import { CARD_VALUE, cardKey, isEvent } from './cards.js';
import { advance, definePhase, defineStep, wait } from './flow.js';
import { flagsW, log, logging, F_MOVED, cow, type State } from './state.js';
import { WINTER_STEPS } from './winter.js';
import { CARD_ACTS, RAID_ACTS } from './acts.js';

defineStep('cards', (n) => {
  n.card = [0, 0];
  n.truce = -1;
  n.phase = 'cards';
  n.who = 2;
  return true;
});

definePhase('cards', {
  actions(s, side) {
    if (s.card[side] !== 0) return [];
    return s.hand[side]!.map((c) => CARD_ACTS[c]!);
  },
  apply(n, side, a) {
    if (a.type !== 'card') return;
    n.card = side === 0 ? [a.card, n.card[1]!] : [n.card[0]!, a.card]; // shared with the previous state
    const h = n.hand, mine = h[side]!.filter((c) => c !== a.card);
    n.hand = side === 0 ? [mine, h[1]!] : [h[0]!, mine]; // the other hand stays shared
    n.rev++; // a played card is final (edge case 7)
    if (logging) log(n, { to: side, key: 'log.card-own', args: { card: cardKey(a.card) } });
    if (logging) log(n, { to: 1 - side, key: 'log.card-hidden', args: { side: ROLES[side]! } });
    if (n.card[1 - side] === 0) return;
    reveal(n);
  },
});

/** Queue entries per side (constant strings: no string building per turn). */
const MOVE_STEP = ['move:0', 'move:1'], EVENT_STEP = ['event:0', 'event:1'], MAIN_STEP = ['main:0', 'main:1'];

/** Both cards are face down: reveal them and queue the turn (3.1, 3.12, 4.1). */
function reveal(n: State): void {
  const ce = n.card[E]!, cs = n.card[S]!;
  cow(n, 'played');
  n.played[E]!.push(ce);
  n.played[S]!.push(cs);
  if (logging) log(n, { to: -1, key: 'log.cards', args: { England: cardKey(ce), Scotland: cardKey(cs) } });
  const ee = isEvent(ce), se = isEvent(cs);
  if (ee && se) {
    n.p1 = E;
    n.yearEnds = true;
    n.todo = ['event:0', 'event:1', 'battles', 'raid', 'endturn'];
  } else if (ee || se) {
    n.p1 = ee ? E : S;
    n.todo = [EVENT_STEP[n.p1]!, MOVE_STEP[1 - n.p1]!, MAIN_STEP[1 - n.p1]!, 'battles', 'raid', 'endturn'];
  } else {
    n.p1 = CARD_VALUE[cs]! > CARD_VALUE[ce]! ? S : E;
    n.todo = [MOVE_STEP[n.p1]!, MAIN_STEP[n.p1]!, MOVE_STEP[1 - n.p1]!, MAIN_STEP[1 - n.p1]!, 'battles', 'raid', 'endturn'];
  }
  if (logging) log(n, { to: -1, key: 'log.player1', args: { side: ROLES[n.p1]! } });
  advance(n);
}

/** English non-noble blocks on the map: the border-raid victims to choose from (edge case 3). */
function raidVictims(s: State): number[] {
  const out: number[] = [];
  for (let b = B_FROM[E]!, end = B_TO[E]!; b < end; b++) if (SIDE[b] === E && !IS_NOBLE[b] && s.loc[b]! < AREA_COUNT) out.push(b);
  return out;
}

defineStep('raid', (n) => {
  let raiders = false;
  for (let b = B_FROM[S]!, end = B_TO[S]!; b < end; b++) if (SIDE[b] === S && n.loc[b] === ENGLAND) { raiders = true; break; }
  if (!raiders) return false;
  const v = raidVictims(n);
  if (v.length === 0) {
    if (logging) log(n, { to: -1, key: 'log.raid-nothing' });
    return false;
  }
  return wait(n, 'raid', E);
});

definePhase('raid', {
  actions(s) {
    return raidVictims(s).map((b) => RAID_ACTS[b]!);
  },
  apply(n, _side, a) {
    if (a.type !== 'raid') return;
    const b = blockOf(a.block);
    if (logging) log(n, { to: E, key: 'log.raid-own', args: { block: a.block } });
    if (logging) log(n, { to: S, key: 'log.raid', args: { count: 1 } });
    eliminate(n, b, false);
    advance(n);
  },
});

defineStep('endturn', (n) => {
  for (let b = 0; b < BLOCK_COUNT; b++) if (n.flags[b]! & F_MOVED) flagsW(n)[b]! &= ~F_MOVED;
  n.truce = -1;
  n.card = [0, 0];
  if (checkAllNobles(n)) return true;
  if (n.yearEnds || n.turn >= 5) {
    n.yearEnds = false;
    // 3.12: after a double Event the cards still in hand play no further part (set aside unseen;
    // 7.8 shuffles all 25 for the new year), so Winter shows empty hands as after a fifth turn.
    if (n.hand[0]!.length + n.hand[1]!.length > 0) n.hand = [[], []];
    n.todo = WINTER_STEPS.slice();
    if (logging) log(n, { to: -1, key: 'log.winter', args: { year: n.year } });
    return false;
  }
  n.turn++;
  n.todo = ['cards'];
  return false;
});
