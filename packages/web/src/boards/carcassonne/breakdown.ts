import type { LogLineT } from '@tabula/protocol';

/** Points per seat per feature, summed from the score lines of Carcassonne's log (the engine's own describe). */
export function carcassonneBreakdown(log: LogLineT[]): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const l of log) {
    const a = l.args;
    if (!a || typeof a.points !== 'number' || typeof a.players !== 'string' || a.points === 0) continue;
    if (!['log.score', 'log.finalScore', 'log.stable', 'log.stableClosed'].includes(l.key)) continue;
    const feature = typeof a.feature === 'string' && a.feature ? a.feature : 'flock';
    for (const p of a.players.split(', ').filter(Boolean)) {
      const row = (out[p] ??= {});
      row[feature] = (row[feature] ?? 0) + a.points;
    }
  }
  return out;
}
