/** Test fixtures: a quiet position built from a real setup, with hands and rows chosen by the test. */
import { indexOfAction } from '@tabula/engine';
import { applyAction, legalActions } from './game.js';
import { setupState } from './setup.js';
import type { HacseAction, HacseState, Side, Unit, Zone } from './types.js';

export function blank(scenario: 'early' | 'late' = 'early', variants?: Record<string, unknown>, active: Side = 'axis'): HacseState {
  const s = setupState({ seed: 'fixture', scenario, variants });
  for (const side of ['axis', 'allies'] as const) {
    const p = s.players[side];
    p.deck.push(...p.hand);
    p.hand = [];
    p.deck.sort();
  }
  s.turn = 5;
  s.active = active;
  s.phase = 'main';
  s.actionsLeft = 3;
  return s;
}

let n = 100;
export function put(s: HacseState, side: Side, cardId: string, zone: Zone, extra: Partial<Unit> = {}): string {
  const uid = `${side === 'axis' ? 'x' : 'a'}${n++}`;
  s.players[side].units.push({ uid, card: cardId, zone, damage: 0, flipped: false, placed: 0, attacked: false, ...extra });
  return uid;
}

export function hand(s: HacseState, side: Side, ...cards: string[]): void {
  s.players[side].hand.push(...cards);
}

export function unit(s: HacseState, uid: string): Unit | undefined {
  for (const side of ['axis', 'allies'] as const) {
    const u = s.players[side].units.find((x) => x.uid === uid);
    if (u) return u;
  }
  return undefined;
}

/** Plays a sequence of actions, each by whoever is active. */
export function play(s: HacseState, ...actions: HacseAction[]): HacseState {
  for (const a of actions) {
    const role = s.phase === 'combat' && s.combat && (s.combat.stage === 'block' || s.combat.stage === 'hq') ? (s.combat.attacker === 'axis' ? 'allies' : 'axis') : s.active;
    s = applyAction(s, role, a);
  }
  return s;
}

export function has(s: HacseState, role: Side, a: HacseAction): boolean {
  return indexOfAction(legalActions(s, role), a) >= 0;
}

/**
 * Two Axis assaults destroy the only Allied front unit; the second finds no unit left and its damage may take
 * hand cards (4 in the Allied hand, up to 3 to take): the position just before the attacker chooses.
 */
export function frontFallsWithCardsToTake(): HacseState {
  const s = blank();
  const a1 = put(s, 'axis', 'de.pioniere', 'front');
  const f = put(s, 'allies', 'su.strelki', 'front', { damage: 5 });
  const a2 = put(s, 'axis', 'de.pz4kurz', 'front');
  hand(s, 'axis', 'order.assault', 'order.assault');
  hand(s, 'allies', 'su.reserves', 'su.siberia', 'su.strelki', 'su.maxim');
  return play(s, { type: 'attack' }, { type: 'commit', uid: a1, order: 'order.assault' }, { type: 'commit', uid: a2, order: 'order.assault' }, { type: 'declared' },
    { type: 'assign', uid: a1, target: f }, { type: 'resolve', uid: a1 }, { type: 'hqPass' }, { type: 'resolve', uid: a2 }, { type: 'hqPass' });
}
