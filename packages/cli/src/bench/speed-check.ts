/**
 * Playout speed against the figures recorded in docs/benchmarks.md: `tabula bench` reads the table a
 * section wrote last time, compares each row's games/s with this run's, and reports every row that
 * fell by more than the limit (10%) on the terminal and in the section it writes.
 */
import { parseSections } from './sections.js';

/** A fall larger than this share of the recorded figure is reported. */
export const SPEED_FALL_LIMIT = 0.1;

/** One row's speed now against the recorded one. */
export interface SpeedComparison {
  /** The row's key: its leading label cells joined by " / " (e.g. "carcassonne / 2p base"). */
  key: string;
  recorded: number;
  now: number;
  /** now / recorded - 1 (negative: slower). */
  change: number;
  /** True when the fall is larger than the limit. */
  fell: boolean;
}

function cells(line: string): string[] {
  return line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());
}

/**
 * The games/s figures of the first table in section `title` of a benchmarks file, by row key (the
 * row's first `keyColumns` cells joined by " / "). The figure's column is the first whose header
 * matches `column` (default: starts with "games/s") and is not the range. Empty when the section or
 * the column is absent.
 */
export function recordedSpeeds(markdown: string, title: string, keyColumns = 2, column = /^games\/s\b/): Map<string, number> {
  const out = new Map<string, number>();
  const body = parseSections(markdown).get(title);
  if (body === undefined) return out;
  const lines = body.split('\n');
  const headAt = lines.findIndex((l) => l.trimStart().startsWith('|'));
  if (headAt < 0) return out;
  const head = cells(lines[headAt]!);
  const col = head.findIndex((h) => column.test(h) && !/range/.test(h));
  if (col < 0) return out;
  for (let i = headAt + 2; i < lines.length && lines[i]!.trimStart().startsWith('|'); i++) {
    const row = cells(lines[i]!);
    const value = Number(row[col]?.replace(/[, ]/g, ''));
    if (!Number.isFinite(value) || value <= 0) continue;
    out.set(row.slice(0, keyColumns).join(' / '), value);
  }
  return out;
}

/** Each measured row that has a recorded figure, against it; `fell` when it is more than `limit` slower. */
export function compareSpeeds(recorded: ReadonlyMap<string, number>, now: readonly { key: string; gamesPerSecond: number }[], limit = SPEED_FALL_LIMIT): SpeedComparison[] {
  const out: SpeedComparison[] = [];
  for (const r of now) {
    const before = recorded.get(r.key);
    if (before === undefined) continue;
    const change = r.gamesPerSecond / before - 1;
    out.push({ key: r.key, recorded: before, now: r.gamesPerSecond, change, fell: change < -limit });
  }
  return out;
}

const percent = (x: number): string => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}%`;

/** One warning line per row that fell (what `tabula bench` prints at the end of its run); `recorded` says where the figures come from. */
export function speedWarnings(comparisons: readonly SpeedComparison[], recorded = 'an earlier run', limit = SPEED_FALL_LIMIT, unit = 'games/s'): string[] {
  return comparisons.filter((c) => c.fell).map((c) => `WARNING: ${c.key} plays ${c.now.toFixed(1)} ${unit}, ${percent(c.change)} against the ${c.recorded} recorded in docs/benchmarks.md (${recorded}): a fall of more than ${Math.round(100 * limit)}%`);
}

/** The paragraph a section carries about its comparison with the figures it replaced. */
export function speedReport(comparisons: readonly SpeedComparison[], recorded: string, limit = SPEED_FALL_LIMIT, unit = 'games/s'): string {
  if (comparisons.length === 0) return 'No recorded figures to compare with (first run of this table).';
  const fell = comparisons.filter((c) => c.fell);
  const kept = comparisons.filter((c) => !c.fell).map((c) => `${c.key} ${percent(c.change)}`).join(', ');
  const limitText = `${Math.round(100 * limit)}%`;
  if (fell.length === 0) return `Against the figures this run replaced (${recorded}) no row fell more than ${limitText}: ${kept}.`;
  return `**Slower than recorded** (a fall of more than ${limitText} against the figures this run replaced, ${recorded}): ${fell.map((c) => `${c.key} ${c.now.toFixed(1)} ${unit} against ${c.recorded} (${percent(c.change)})`).join('; ')}.${kept ? ` The other rows: ${kept}.` : ''}`;
}

/** Where and when the section's previous figures were taken, from its "Command:" line (or "an earlier run"). */
export function recordedOn(markdown: string, title: string): string {
  const body = parseSections(markdown).get(title);
  // To the line's last parenthesis: the machine's name may hold its own, as in "Intel(R) Xeon(R)".
  const m = body?.match(/^Command: .*?\(run by .*? on (\d{4}-\d{2}-\d{2}.*)\)\s*$/m);
  return m ? `recorded on ${m[1]}` : 'an earlier run';
}
