/**
 * Reading games logs (`tabula sim --games-log`) back into the summary `tabula sim` prints, so a long run
 * played in parts (`--first`), or stopped and resumed, is counted by the same rules as one run.
 */
import type { Role } from '@tabula/engine';
import type { PlayedGame } from '@tabula/bots';
import { summarize, type GameTask, type SimResult } from './sim.js';

/** One line of a games log, as `gameRecord` writes it. */
export interface GameRecord {
  game: number;
  seed: string;
  seats: Record<Role, string>;
  winners: Role[] | null;
  reason: string | null;
  actions: number;
  decisions: Record<string, { n: number; ms: number }>;
  error?: string;
}

export interface GamesLogSummary extends SimResult {
  /** Game numbers from the lowest to the highest recorded that no line records. */
  missing: number[];
  /** Lines that recorded a game number already seen (the later line counts). */
  repeated: number;
  /** Mean decision time per bot over all its recorded decisions, in milliseconds. */
  meanDecisionMs: Record<string, number>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

function parseRecord(v: unknown): GameRecord | string {
  if (!isObject(v)) return 'not a JSON object';
  if (!isCount(v.game)) return '"game" is not a game number';
  if (typeof v.seed !== 'string') return '"seed" is not a string';
  if (!isObject(v.seats) || Object.values(v.seats).some((b) => typeof b !== 'string') || Object.keys(v.seats).length === 0) return '"seats" is not a map of roles to bot names';
  if (v.winners !== null && !(Array.isArray(v.winners) && v.winners.every((w) => typeof w === 'string' && w in (v.seats as object)))) return '"winners" is not null or a list of seated roles';
  if (v.reason !== null && typeof v.reason !== 'string') return '"reason" is not null or a string';
  if (!isCount(v.actions)) return '"actions" is not a count';
  if (!isObject(v.decisions) || Object.values(v.decisions).some((d) => !isObject(d) || !isCount(d.n) || typeof d.ms !== 'number')) return '"decisions" is not a map of bots to { n, ms }';
  if (v.error !== undefined && typeof v.error !== 'string') return '"error" is not a string';
  return v as unknown as GameRecord;
}

/** The records of a games log's text, one JSON object a line (blank lines skipped); throws naming the first bad line. */
export function parseGamesLog(text: string, name = 'games log'): GameRecord[] {
  const out: GameRecord[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(`${name}:${i + 1}: not JSON`);
    }
    const r = parseRecord(value);
    if (typeof r === 'string') throw new Error(`${name}:${i + 1}: ${r}`);
    out.push(r);
  });
  return out;
}

/** The base seed of a record's seed `${base}:${game}` (as `gameSeed` makes it). */
function baseSeed(r: GameRecord): string {
  const suffix = `:${r.game}`;
  return r.seed.endsWith(suffix) ? r.seed.slice(0, -suffix.length) : r.seed;
}

/**
 * Summarises the records of one game's run (several logs of one run may be concatenated): each game
 * number counts once (its last line), and the result is what `tabula sim` would print for those games,
 * apart from the speed (not recorded) and the decision-time percentiles (only totals are recorded).
 */
export function summarizeGamesLog(gameId: string, records: readonly GameRecord[], scenario?: string): GamesLogSummary {
  if (records.length === 0) throw new Error('the games log records no game');
  const byNumber = new Map<number, GameRecord>();
  for (const r of records) byNumber.set(r.game, r);
  const repeated = records.length - byNumber.size;
  const list = [...byNumber.values()].sort((a, b) => a.game - b.game);
  const bots = [...new Set(list.flatMap((r) => Object.values(r.seats)))];
  const tasks: GameTask[] = list.map((r) => ({ index: r.game, gameId, setup: scenario === undefined ? { seed: r.seed } : { seed: r.seed, scenario }, seats: r.seats, timeDecisions: false }));
  const results: PlayedGame[] = list.map((r) => ({
    seed: r.seed, seats: r.seats, actions: r.actions, decisionMs: {},
    outcome: r.winners === null ? null : { winners: r.winners, reason: r.reason ?? '' },
    ...(r.error !== undefined ? { error: { seed: r.seed, actionIndex: r.actions, message: r.error } } : {}),
  }));
  const first = list[0]!.game, last = list[list.length - 1]!.game;
  const summary = summarize({ game: gameId, games: list.length, first, seed: baseSeed(list[0]!), bots, workers: 1 }, tasks, results, 0);
  const missing: number[] = [];
  for (let i = first; i <= last; i++) if (!byNumber.has(i)) missing.push(i);
  const totals: Record<string, { n: number; ms: number }> = {};
  for (const r of list) {
    for (const [bot, d] of Object.entries(r.decisions)) {
      const t = (totals[bot] ??= { n: 0, ms: 0 });
      t.n += d.n;
      t.ms += d.ms;
    }
  }
  const meanDecisionMs: Record<string, number> = {};
  for (const [bot, t] of Object.entries(totals)) meanDecisionMs[bot] = t.n ? t.ms / t.n : 0;
  return { ...summary, missing, repeated, meanDecisionMs };
}
