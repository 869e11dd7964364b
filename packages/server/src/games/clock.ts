/**
 * Game clocks, kept by the server only (never in the engines). Both time controls are one rule:
 * a bank per seat that starts at `base`, is charged while the seat is to act, and grows by
 * `increment` after each of the seat's own actions, never above `cap`.
 *   live (Fischer): base = baseSeconds, increment = incrementSeconds, no cap;
 *   correspondence: base = increment = `days`, cap = CORRESPONDENCE_CAP_FACTOR * days.
 * A clock is settled at every write: the time since `since` is charged to every running seat (all
 * human seats still to act, so every role of a simultaneous step), then `since` moves to now.
 */
import type { Role } from '@tabula/engine';
import { CORRESPONDENCE_CAP_FACTOR, type TimeControlT } from '@tabula/protocol';
import type { ClockState, SeatRow } from '../store/index.js';

export type TimeControl = TimeControlT;
export type { ClockState } from '../store/index.js';

const DAY = 24 * 60 * 60 * 1000;

export interface ClockRules { base: number; increment: number; cap: number }

export function clockRules(tc: TimeControl): ClockRules | null {
  switch (tc.kind) {
    case 'none': return null;
    case 'live': return { base: tc.baseSeconds * 1000, increment: tc.incrementSeconds * 1000, cap: Infinity };
    case 'correspondence': return { base: tc.days * DAY, increment: tc.days * DAY, cap: CORRESPONDENCE_CAP_FACTOR * tc.days * DAY };
  }
}

/** Every seat at its base time; `since` is set again when the game starts. */
export function newClock(tc: TimeControl, roles: Role[], now: number): ClockState | null {
  const r = clockRules(tc);
  return r ? { remaining: Object.fromEntries(roles.map((role) => [role, r.base])), since: now } : null;
}

/** The seats charged now: active roles held by people (bots never run out). */
export function runningSeats(seats: SeatRow[], active: Role[]): Role[] {
  return seats.filter((s) => s.userId !== null && active.includes(s.role)).map((s) => s.role);
}

/** The clock as of `now`: elapsed time charged to `running`. */
export function settle(c: ClockState, running: Role[], now: number): ClockState {
  const elapsed = Math.max(0, now - c.since);
  const remaining = { ...c.remaining };
  for (const r of running) remaining[r] = (remaining[r] ?? 0) - elapsed;
  return { remaining, since: Math.max(now, c.since) };
}

/** After `actor` acted at `now`: settled, then the actor's increment (capped); bots gain nothing. */
export function afterAction(tc: TimeControl, c: ClockState, running: Role[], actor: Role, actorIsHuman: boolean, now: number): ClockState {
  const rules = clockRules(tc)!;
  const s = settle(c, running, now);
  if (actorIsHuman) s.remaining[actor] = Math.min(rules.cap, s.remaining[actor]! + rules.increment);
  return s;
}

/** After `role` took back one of its actions: settled, and the increment that action earned is taken back. */
export function afterUndo(tc: TimeControl, c: ClockState, running: Role[], role: Role, now: number): ClockState {
  const rules = clockRules(tc)!;
  const s = settle(c, running, now);
  s.remaining[role] = Math.max(1, s.remaining[role]! - rules.increment);
  return s;
}

/** When the first running seat's time runs out (null: nothing runs). */
export function deadlineOf(c: ClockState, running: Role[]): number | null {
  let d: number | null = null;
  for (const r of running) {
    const at = c.since + (c.remaining[r] ?? 0);
    if (d === null || at < d) d = at;
  }
  return d;
}

/** The running seat whose time ran out first as of `now`, or null. */
export function flagged(c: ClockState, running: Role[], now: number): Role | null {
  const s = settle(c, running, now);
  let worst: Role | null = null;
  for (const r of running) if (s.remaining[r]! <= 0 && (worst === null || s.remaining[r]! < s.remaining[worst]!)) worst = r;
  return worst;
}
