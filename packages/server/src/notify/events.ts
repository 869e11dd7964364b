/**
 * Which notifications a committed change causes (pure: rows for the outbox, written in the change's
 * own transaction). "Your turn" goes to each person whose seat became active, "game over" to each
 * seated person, never to the one whose own action caused it; bots get nothing.
 */
import type { Role } from '@tabula/engine';
import type { GameRow, OutboxInsert } from '../store/index.js';
import type { EventPayload } from './texts.js';

type Before = Pick<GameRow, 'status' | 'activeRoles'>;
type After = Pick<GameRow, 'status' | 'activeRoles' | 'outcome'>;

/** The payload for `userId` in `row`: the game and the other seats' names. */
export function payloadFor(row: GameRow, userId: number, extra: Partial<EventPayload> = {}): EventPayload {
  const opponents = [...new Set(row.seats.filter((s) => s.userId !== userId).map((s) => s.userName ?? s.bot).filter((n): n is string => n !== null))];
  return { game: row.game, scenario: row.scenario, opponents, by: null, won: null, ...extra };
}

function humans(row: GameRow, roles?: Role[]): number[] {
  return [...new Set(row.seats.filter((s) => s.userId !== null && (!roles || roles.includes(s.role))).map((s) => s.userId!))];
}

/** Outbox rows for a change of `row` from `before` to `after`, made by `actor` (null: the server, e.g. a timeout). */
export function changeEvents(row: GameRow, before: Before, after: After, actor: number | null): OutboxInsert[] {
  if (after.status === 'finished') {
    if (before.status === 'finished') return [];
    const winners = after.outcome?.winners ?? [];
    return humans(row).filter((u) => u !== actor).map((userId) => {
      const mine = row.seats.filter((s) => s.userId === userId).map((s) => s.role);
      const won = winners.length === 0 ? null : mine.some((r) => winners.includes(r));
      return { userId, gameId: row.id, kind: 'game-over', payload: { ...payloadFor(row, userId, { by: after.outcome?.reason ?? null, won }) } };
    });
  }
  if (after.status !== 'active') return [];
  const wasActive = before.status === 'active' ? before.activeRoles : [];
  const fresh = after.activeRoles.filter((r) => !wasActive.includes(r));
  return humans(row, fresh).filter((u) => u !== actor).map((userId) => ({ userId, gameId: row.id, kind: 'your-turn', payload: { ...payloadFor(row, userId) } }));
}
