import type { NotificationKindT, NotificationT } from '@tabula/protocol';
import type { NotificationRow } from '../store/index.js';
import type { EventPayload } from './texts.js';

/** A notification as the wire carries it (REST list and the user socket). */
export function notificationOut(n: NotificationRow): NotificationT {
  const p = n.payload as Partial<EventPayload>;
  return {
    id: n.id, kind: n.kind as NotificationKindT, gameId: n.gameId, game: p.game ?? null, scenario: p.scenario ?? null,
    opponents: Array.isArray(p.opponents) ? p.opponents : [], by: p.by ?? null, won: p.won ?? null,
    ...(p.tournament ? { tournament: p.tournament } : {}),
    createdAt: new Date(n.createdAt).toISOString(), read: n.readAt !== null,
  };
}
