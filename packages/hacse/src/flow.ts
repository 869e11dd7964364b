/** Turn structure (Spielablauf) and victory (Spielziele). Functions here mutate a working copy. */
import { ACTIONS_PER_TURN, HINTERLAND_HEAL, draw, other, passives } from './state.js';
import type { HacseState, Side } from './types.js';

export function finish(s: HacseState, winners: Side[], reason: string): void {
  s.outcome = { winners, reason };
  s.phase = 'over';
  s.combat = null;
  s.pending = null;
}

/** Spielziele, "Gegner vernichten": no cards in hand and no units in the front. */
export function annihilated(s: HacseState, side: Side): boolean {
  const p = s.players[side];
  return p.hand.length === 0 && !p.units.some((u) => u.zone === 'front');
}

/** Breakthrough: the die shows 0 or 10. Annihilation: a player with no hand and no front units. */
export function checkVictory(s: HacseState): boolean {
  if (s.outcome) return true;
  if (s.die >= 10) { finish(s, ['axis'], 'breakthrough'); return true; }
  if (s.die <= 0) { finish(s, ['allies'], 'breakthrough'); return true; }
  if (annihilated(s, other(s.active))) { finish(s, [s.active], 'annihilation'); return true; }
  return false;
}

/** Rounds of quiet before a game counts as "stopped moving" (A21; measured in docs/rules/hacse.md). */
export const STALL_ROUNDS = 20;

/** What counts as movement (A21): the front die, units destroyed on either side, cards taken from a hand. */
function calmMark(s: HacseState): string {
  return `${s.die}/${s.players.axis.removed.length + s.players.allies.removed.length}/${s.handTaken}`;
}

/**
 * Full rounds (a turn of each player) since the front die last moved, a unit was last destroyed or a
 * card was last taken from a hand (A21), counted at turn starts. Pure: reads the state only.
 */
export function quietRounds(s: HacseState): number {
  if (s.outcome || s.turn === 0) return 0;
  const since = calmMark(s) === s.calmMark ? s.calmSince : s.turn;
  return Math.floor((s.turn - since) / 2);
}

/**
 * "Stopped moving" (A21): `rounds` full rounds (default STALL_ROUNDS) in which the front die did not
 * change, no unit was destroyed and no card was taken from a hand. Not a rule of the game: the platform
 * may let players (and bots) offer or accept a draw then.
 */
export function stoppedMoving(s: HacseState, rounds: number = STALL_ROUNDS): boolean {
  return !s.outcome && quietRounds(s) >= rounds;
}

/**
 * Start of a turn (Spielablauf): draw a card, heal 2 damage on each own hinterland unit, ready all
 * own flipped units, then three actions. Annihilation is checked first for the player whose turn just
 * ended (who may have emptied its own hand) and after the draw for the player to move. With the variant `armistice`,
 * past the turn limit the war ends by armistice (A17).
 */
export function startTurn(s: HacseState, side: Side): void {
  s.turn++;
  s.active = side;
  const mark = calmMark(s);
  if (mark !== s.calmMark) { s.calmMark = mark; s.calmSince = s.turn; }
  if (s.turn > 1 && annihilated(s, other(side))) {
    finish(s, [side], 'annihilation');
    return;
  }
  if (s.rules.turnLimit !== null && s.turn > s.rules.turnLimit) {
    finish(s, s.die > 5 ? ['axis'] : s.die < 5 ? ['allies'] : [], 'armistice');
    return;
  }
  const p = s.players[side];
  draw(s, side, 1);
  for (const o of passives(s, side)) if (o.op === 'drawIfLow' && p.hand.length <= o.hand) draw(s, side, o.n);
  for (const u of p.units) {
    if (u.zone === 'hinterland') u.damage = Math.max(0, u.damage - HINTERLAND_HEAL);
    u.flipped = false;
    u.attacked = false;
  }
  s.actionsLeft = ACTIONS_PER_TURN;
  s.freeMoveUsed = false;
  s.discountUsed = false;
  s.phase = 'main';
  s.pending = null;
  if (annihilated(s, side)) finish(s, [other(side)], 'annihilation');
}

/** After a fully resolved action: victory check, then the turn passes once the actions are spent. */
export function afterAction(s: HacseState): void {
  s.phase = 'main';
  s.pending = null;
  if (checkVictory(s)) return;
  if (s.actionsLeft <= 0) startTurn(s, other(s.active));
}
