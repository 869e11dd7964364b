import { undoDepth, type AnyGame, type LogEntry, type LogLine, type Role, type SetupOptions } from '@tabula/engine';

/** Key of the spectator in per-viewer tables. */
export const SPECTATOR = '\u0000spectator';
const viewerKey = (viewer: Role | null): string => viewer ?? SPECTATOR;
/** Most states kept for undo; beyond it a full replay recomputes them. */
const MAX_TAIL = 256;

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
 * One game replayed in memory: the current state, the log, each viewer's log lines, and the
 * states of the trailing run of one role's actions (what undo needs). Built from seed + options +
 * log; extended action by action.
 */
export class ReplayedGame {
  readonly game: AnyGame;
  readonly options: SetupOptions;
  readonly viewers: (Role | null)[];
  epoch = 0;
  state: unknown;
  readonly actions: LogEntry[] = [];
  private readonly lines = new Map<string, LogLine[][]>();
  /** tail[i] is the state before action tailStart + i; the last element is the current state. */
  private tailStart = 0;
  private tail: unknown[];

  constructor(game: AnyGame, options: SetupOptions, roles: Role[]) {
    this.game = game;
    this.options = options;
    this.viewers = [...roles, null];
    for (const v of this.viewers) this.lines.set(viewerKey(v), []);
    this.state = game.setup(options);
    this.tail = [this.state];
  }

  get length(): number {
    return this.actions.length;
  }

  /** Appends an action already known to be legal (validated now or when it was logged). */
  push(entry: LogEntry, next?: unknown): void {
    const prev = this.state;
    const after = next ?? this.game.apply(prev, entry.role, entry.action);
    for (const v of this.viewers) this.lines.get(viewerKey(v))!.push(describeFor(this.game, prev, after, entry, v));
    const last = this.actions[this.actions.length - 1];
    if (last && last.role !== entry.role) {
      this.tailStart = this.actions.length;
      this.tail = [prev];
    }
    this.actions.push(entry);
    this.tail.push(after);
    if (this.tail.length > MAX_TAIL) {
      this.tail.shift();
      this.tailStart++;
    }
    this.state = after;
  }

  /** The flattened log as `viewer` may read it, each line tagged with its action's position. */
  log(viewer: Role | null): (LogLine & { seq: number })[] {
    const per = this.lines.get(viewerKey(viewer)) ?? this.lines.get(SPECTATOR)!;
    const out: (LogLine & { seq: number })[] = [];
    per.forEach((lines, seq) => { for (const l of lines) out.push({ seq, ...l }); });
    return out;
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

  /** Whether the state before the last action is kept (else rebuild with replayGame). */
  get canPop(): boolean {
    return this.actions.length > 0 && this.tail.length >= 2;
  }

  /** Takes back the last action (only ever one of the trailing run, whose states are kept). */
  pop(): void {
    if (this.actions.length === 0 || this.tail.length < 2) throw new RangeError('nothing to pop');
    this.actions.pop();
    this.tail.pop();
    for (const v of this.viewers) this.lines.get(viewerKey(v))!.pop();
    this.state = this.tail[this.tail.length - 1];
  }
}

/** Replays a whole log; a log that no longer replays (engine changed) throws a RuleError. */
export function replayGame(game: AnyGame, options: SetupOptions, roles: Role[], actions: LogEntry[]): ReplayedGame {
  const g = new ReplayedGame(game, options, roles);
  for (const e of actions) g.push(e);
  return g;
}

/** A small LRU of replayed games. */
export class ReplayCache {
  private readonly map = new Map<string, ReplayedGame>();
  constructor(private readonly capacity: number) {}

  get(id: string): ReplayedGame | undefined {
    const g = this.map.get(id);
    if (g) {
      this.map.delete(id);
      this.map.set(id, g);
    }
    return g;
  }

  set(id: string, g: ReplayedGame): void {
    this.map.delete(id);
    this.map.set(id, g);
    while (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as string);
  }

  delete(id: string): void {
    this.map.delete(id);
  }

  get size(): number {
    return this.map.size;
  }
}
