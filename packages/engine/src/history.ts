import { undoDepth } from './undo.js';
import { RuleError } from './errors.js';
import type { AnyGame, LogEntry, LogLine, Role, SetupOptions } from './types.js';

/** Key of the spectator in per-viewer tables. */
export const SPECTATOR = '\u0000spectator';
const viewerKey = (viewer: Role | null): string => viewer ?? SPECTATOR;
/** Most states kept for undo (unless every state is kept); beyond it a full replay recomputes them. */
const MAX_TAIL = 256;
/** Undo points remembered for sending log lines from a sequence number after an undo. */
const MAX_CUTS = 64;
/** The lines of an action that shows nothing, as stored. */
const NO_LINES = '[]';

/**
 * One action's lines for every viewer, each as its JSON, the same string for viewers who read the same
 * lines (most lines are public). A long game's log lines are most of what a replayed game keeps in
 * memory; as strings they are one leaf per action instead of a few objects per line, which the
 * collector marks without looking inside (the server holds a thousand such games).
 */
function linesPerViewer(game: AnyGame, prev: unknown, next: unknown, entry: LogEntry, viewers: readonly (Role | null)[]): string[] {
  const out: string[] = [];
  for (const v of viewers) {
    const lines = describeFor(game, prev, next, entry, v);
    let json = lines.length === 0 ? NO_LINES : JSON.stringify(lines);
    // An equal string from another viewer replaces this one, so the game keeps one string object, not two.
    for (const seen of out) {
      if (seen === json) { json = seen; break; }
    }
    out.push(json);
  }
  return out;
}

/** A log line tagged with the position of the action it describes. */
export interface NumberedLine extends LogLine { seq: number }

/** What `viewer` may read of one logged action: the game's `describe`, else the action to its own role and only the role to others. */
export function describeFor(game: AnyGame, prev: unknown, next: unknown, entry: LogEntry, viewer: Role | null): LogLine[] {
  if (game.describe) {
    try {
      return game.describe(prev, next, entry.role, entry.action, viewer);
    } catch {
      // fall through to the platform's default
    }
  }
  if (viewer === entry.role) return [{ role: entry.role, key: 'log.action', args: { action: JSON.stringify(entry.action) } }];
  return [{ role: entry.role, key: 'log.acted' }];
}

/**
 * A replayed game's state after its first `length` actions with every viewer's log lines for them
 * (by viewer key, SPECTATOR for null; per action the JSON of its LogLine[]): what a stored snapshot
 * holds, so a long game resumes there.
 */
export interface ReplayCheckpoint {
  length: number;
  state: unknown;
  lines: Record<string, string[]>;
}

export interface HistoryOptions {
  /** Keep every state (replay viewers, local play); default: only the trailing run undo needs. */
  keepAll?: boolean;
  /** false: no log lines at all (checking a log); default: lines for every viewer and the spectator. */
  lines?: boolean;
}

/**
 * One game replayed in memory: the current state, the log, each viewer's log lines, and the states
 * undo needs (or all of them). Built from seed + options + log; extended action by action. The one
 * replay of the platform: the server's cache, the web's local games and replays, and `tabula replay`.
 */
export class ReplayedGame {
  readonly game: AnyGame;
  readonly options: SetupOptions;
  readonly viewers: (Role | null)[];
  /** Bumped by the owner on every undo (the server mirrors its row's epoch here). */
  epoch = 0;
  state: unknown;
  readonly actions: LogEntry[] = [];
  /** Per viewer key, per action: the JSON of the LogLine[] that viewer reads of it. */
  private readonly lines = new Map<string, string[]>();
  private readonly keepAll: boolean;
  /** tail[i] is the state before action tailStart + i; the last element is the current state. */
  private tailStart = 0;
  private tail: unknown[];
  /** After an undo to epoch e, the log was cut to `length` actions. */
  private readonly cuts: { epoch: number; length: number }[] = [];

  constructor(game: AnyGame, options: SetupOptions, viewers: (Role | null)[], opts: HistoryOptions = {}) {
    this.game = game;
    this.options = options;
    this.viewers = opts.lines === false ? [] : viewers.includes(null) ? [...viewers] : [...viewers, null];
    for (const v of this.viewers) this.lines.set(viewerKey(v), []);
    this.keepAll = opts.keepAll ?? false;
    this.state = game.setup(options);
    this.tail = [this.state];
  }

  get length(): number {
    return this.actions.length;
  }

  /**
   * Appends an action: `next` when it was just validated and applied, else applied (and so checked) here;
   * an illegal logged action throws the game's RuleError annotated with its position.
   */
  push(entry: LogEntry, next?: unknown): void {
    const prev = this.state;
    const after = next ?? applyLogged(this.game, prev, entry, this.actions.length);
    const per = linesPerViewer(this.game, prev, after, entry, this.viewers);
    for (let i = 0; i < this.viewers.length; i++) this.lines.get(viewerKey(this.viewers[i]!))!.push(per[i]!);
    const last = this.actions[this.actions.length - 1];
    if (!this.keepAll && last && last.role !== entry.role) {
      this.tailStart = this.actions.length;
      this.tail = [prev];
    }
    this.actions.push(entry);
    this.tail.push(after);
    if (!this.keepAll && this.tail.length > MAX_TAIL) {
      this.tail.shift();
      this.tailStart++;
    }
    this.state = after;
  }

  /**
   * The earliest kept point: the start of the last role's run of actions (so undo, which looks back
   * only over that run, needs nothing before it) unless that run outgrew the kept tail.
   */
  checkpoint(): ReplayCheckpoint {
    const lines: Record<string, string[]> = {};
    for (const [k, per] of this.lines) lines[k] = per.slice(0, this.tailStart);
    return { length: this.tailStart, state: this.tail[0], lines };
  }

  /**
   * Continues from `cp` (the state after `actions[0..cp.length)`, trusted: the caller checked it belongs to
   * this log) and replays the remaining actions. Throws RangeError when `cp` lacks a viewer's lines.
   */
  static resume(game: AnyGame, options: SetupOptions, viewers: (Role | null)[], actions: readonly LogEntry[], cp: ReplayCheckpoint, opts: HistoryOptions = {}): ReplayedGame {
    if (opts.keepAll) throw new RangeError('a game that keeps every state replays from the start');
    if (cp.length > actions.length) throw new RangeError('checkpoint beyond the log');
    const g = new ReplayedGame(game, options, viewers, opts);
    for (const v of g.viewers) {
      const per = cp.lines[viewerKey(v)];
      if (!Array.isArray(per) || per.length !== cp.length || !per.every((l) => typeof l === 'string')) throw new RangeError(`checkpoint without the lines of ${viewerKey(v)}`);
      g.lines.set(viewerKey(v), per.slice());
    }
    g.actions.push(...actions.slice(0, cp.length));
    g.state = cp.state;
    g.tailStart = cp.length;
    g.tail = [cp.state];
    for (let i = cp.length; i < actions.length; i++) g.push(actions[i]!);
    return g;
  }

  /** The state before action `i` (`i = length`: the current one), when kept. */
  stateAt(i: number): unknown {
    const k = i - this.tailStart;
    if (k < 0 || k >= this.tail.length) throw new RangeError(`state ${i} is not kept`);
    return this.tail[k];
  }

  /** The log as `viewer` may read it, from action `from` on, each line tagged with its action's position. */
  log(viewer: Role | null, from = 0, upTo = this.actions.length): NumberedLine[] {
    const per = this.lines.get(viewerKey(viewer)) ?? this.lines.get(SPECTATOR) ?? [];
    const out: NumberedLine[] = [];
    for (let seq = Math.max(0, from); seq < Math.min(upTo, per.length); seq++) {
      const json = per[seq]!;
      if (json !== NO_LINES) for (const l of JSON.parse(json) as LogLine[]) out.push({ seq, ...l });
    }
    return out;
  }

  /**
   * How many leading actions a reader who last saw this game at `epoch` with `length` actions still has
   * right: all it saw unless an undo since cut the log shorter; 0 when the undos since are not known here.
   */
  unchangedPrefix(epoch: number, length: number): number {
    let n = Math.min(length, this.actions.length);
    if (epoch === this.epoch) return n;
    if (epoch > this.epoch) return 0;
    for (let e = epoch + 1; e <= this.epoch; e++) {
      const cut = this.cuts.find((c) => c.epoch === e);
      if (!cut) return 0;
      n = Math.min(n, cut.length);
    }
    return n;
  }

  /** How many of its last actions `role` may take back now. */
  undoDepth(role: Role): number {
    const n = this.actions.length;
    if (n === 0 || this.actions[n - 1]!.role !== role) return 0;
    const d = undoDepth(this.game, this.tail, this.actions.slice(this.tailStart), role);
    if (d === n - this.tailStart && this.tailStart > 0 && this.actions[this.tailStart - 1]!.role === role) {
      // The run is longer than the kept tail: recompute every state.
      const states = [this.game.setup(this.options)];
      for (const e of this.actions) states.push(this.game.apply(states[states.length - 1], e.role, e.action));
      return undoDepth(this.game, states, this.actions, role);
    }
    return d;
  }

  /** Whether the state before the last action is kept (else replay the shorter log). */
  get canPop(): boolean {
    return this.actions.length > 0 && this.tail.length >= 2;
  }

  /** Takes back the last action (only ever one whose state before is kept); `epoch` is the undo's new epoch. */
  pop(epoch = this.epoch + 1): void {
    if (!this.canPop) throw new RangeError('nothing to pop');
    this.actions.pop();
    this.tail.pop();
    for (const v of this.viewers) this.lines.get(viewerKey(v))!.pop();
    this.state = this.tail[this.tail.length - 1];
    this.markCut(epoch);
  }

  /** Records that the log was cut to its current length by the undo that started `epoch`. */
  markCut(epoch: number): void {
    this.epoch = epoch;
    this.cuts.push({ epoch, length: this.actions.length });
    if (this.cuts.length > MAX_CUTS) this.cuts.shift();
  }
}

/** Replays a whole log; a log that no longer replays (engine changed) throws the game's RuleError. */
export function replayGame(game: AnyGame, options: SetupOptions, viewers: (Role | null)[], actions: readonly LogEntry[], opts?: HistoryOptions): ReplayedGame {
  const g = new ReplayedGame(game, options, viewers, opts);
  for (const e of actions) g.push(e);
  return g;
}

function applyLogged(game: AnyGame, state: unknown, entry: LogEntry, index: number): unknown {
  try {
    return game.apply(state, entry.role, entry.action);
  } catch (e) {
    if (e instanceof RuleError) throw new RuleError(e.code, `Action ${index} (${entry.role}): ${e.message}`, { ...e.details, index });
    throw e;
  }
}
