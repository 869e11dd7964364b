/**
 * Game clocks, kept by the server only (never in the engines). Both time controls are one rule:
 * a bank per seat that starts at `base`, is charged while the seat is to act, and grows by
 * `increment` after each of the seat's own actions, never above `cap`.
 *   live (Fischer): base = baseSeconds, increment = incrementSeconds, no cap;
 *   correspondence: base = increment = `days`, cap = CORRESPONDENCE_CAP_FACTOR * days.
 * A clock is settled at every write: the time since `since` is charged to every running seat (all
 * human seats still to act, so every role of a simultaneous step), then `since` moves to now.
 * Two things are never charged: a seat's time before its first action (it has a first-move window
 * instead, FIRST_MOVE_WINDOW_MS, after which the game is aborted), and time the server could not accept
 * actions (`Credit`: store outages, games/outages.ts).
 */
import type { Role } from '@tabula/engine';
import { CORRESPONDENCE_CAP_FACTOR, FIRST_MOVE_WINDOW_MS, type TimeControlT } from '@tabula/protocol';
import type { ClockState, SeatRow } from '../store/index.js';

export type TimeControl = TimeControlT;
export type { ClockState } from '../store/index.js';

/** Milliseconds of [from, to] during which the server could not accept actions (not charged). */
export type Credit = (from: number, to: number) => number;
export const noCredit: Credit = () => 0;

const DAY = 24 * 60 * 60 * 1000;

export interface ClockRules { base: number; increment: number; cap: number }

export function clockRules(tc: TimeControl): ClockRules | null {
  switch (tc.kind) {
    case 'none': return null;
    case 'live': return { base: tc.baseSeconds * 1000, increment: tc.incrementSeconds * 1000, cap: Infinity };
    case 'correspondence': return { base: tc.days * DAY, increment: tc.days * DAY, cap: CORRESPONDENCE_CAP_FACTOR * tc.days * DAY };
  }
}

/** Every seat at its base time, none moved yet; `since` is set again when the game starts. */
export function newClock(tc: TimeControl, roles: Role[], now: number): ClockState | null {
  const r = clockRules(tc);
  return r ? { remaining: Object.fromEntries(roles.map((role) => [role, r.base])), since: now, moved: [] } : null;
}

/** Whether `role` has made its first action (clocks stored before first-move windows count every seat as moved). */
export function hasMoved(c: ClockState, role: Role): boolean {
  return c.moved === undefined || c.moved.includes(role);
}

/** How long a seat may take over its first action before the game is aborted (null: no clock). */
export function firstMoveWindow(tc: TimeControl): number | null {
  return tc.kind === 'none' ? null : FIRST_MOVE_WINDOW_MS[tc.kind];
}

/** The seats charged now: active roles held by people (bots never run out). */
export function runningSeats(seats: SeatRow[], active: Role[]): Role[] {
  return seats.filter((s) => s.userId !== null && active.includes(s.role)).map((s) => s.role);
}

/** Time since `since` that counts: what the credit leaves of it. */
function chargeable(c: ClockState, now: number, credit: Credit): number {
  return Math.max(0, now - c.since - credit(c.since, now));
}

/** The clock as of `now`: the time that counts charged to the running seats that have moved. */
export function settle(c: ClockState, running: Role[], now: number, credit: Credit = noCredit): ClockState {
  const elapsed = chargeable(c, now, credit);
  const remaining = { ...c.remaining };
  for (const r of running) if (hasMoved(c, r)) remaining[r] = (remaining[r] ?? 0) - elapsed;
  return { ...c, remaining, since: Math.max(now, c.since) };
}

/** After `actor` acted at `now`: settled, then the actor's increment (capped); bots gain nothing. */
export function afterAction(tc: TimeControl, c: ClockState, running: Role[], actor: Role, actorIsHuman: boolean, now: number, credit: Credit = noCredit): ClockState {
  const rules = clockRules(tc)!;
  const s = settle(c, running, now, credit);
  if (!actorIsHuman) return s;
  if (!hasMoved(s, actor)) return { ...s, moved: [...(s.moved ?? []), actor] };
  s.remaining[actor] = Math.min(rules.cap, s.remaining[actor]! + rules.increment);
  return s;
}

/** After `role` took back one of its actions: settled, and the increment that action earned is taken back. */
export function afterUndo(tc: TimeControl, c: ClockState, running: Role[], role: Role, now: number, credit: Credit = noCredit): ClockState {
  const rules = clockRules(tc)!;
  const s = settle(c, running, now, credit);
  s.remaining[role] = Math.max(1, s.remaining[role]! - rules.increment);
  return s;
}

/** When `role`, running, runs out: its bank, or its first-move window before its first action. */
function runsOutAt(tc: TimeControl, c: ClockState, role: Role): number {
  return c.since + (hasMoved(c, role) ? (c.remaining[role] ?? 0) : (firstMoveWindow(tc) ?? Infinity));
}

/** When the first running seat's time runs out (null: nothing runs). A hint for the sweeper: credit may move it later. */
export function deadlineOf(tc: TimeControl, c: ClockState, running: Role[]): number | null {
  let d: number | null = null;
  for (const r of running) {
    const at = runsOutAt(tc, c, r);
    if (d === null || at < d) d = at;
  }
  return d === Infinity ? null : d;
}

/** Each running seat that has not moved yet, with when its first-move window ends. */
export function firstMoveDeadlines(tc: TimeControl, c: ClockState, running: Role[]): Record<Role, number> {
  const out: Record<Role, number> = {};
  for (const r of running) if (!hasMoved(c, r)) out[r] = runsOutAt(tc, c, r);
  return out;
}

export interface Flag { role: Role; firstMove: boolean }

/**
 * The running seat whose time ran out as of `now`, or null: a seat past its first-move window first (the
 * game is then aborted), else the one furthest below zero.
 */
export function flagged(tc: TimeControl, c: ClockState, running: Role[], now: number, credit: Credit = noCredit): Flag | null {
  const window = firstMoveWindow(tc);
  const counted = chargeable(c, now, credit);
  for (const r of running) if (!hasMoved(c, r) && window !== null && counted >= window) return { role: r, firstMove: true };
  const s = settle(c, running, now, credit);
  let worst: Role | null = null;
  for (const r of running) if (hasMoved(c, r) && s.remaining[r]! <= 0 && (worst === null || s.remaining[r]! < s.remaining[worst]!)) worst = r;
  return worst === null ? null : { role: worst, firstMove: false };
}
