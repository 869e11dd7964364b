import type { LobbyGameT, ProfileGameT } from '@tabula/protocol';
import type { SeatViews } from '../games/views.js';
import type { GameRow, SqlRunner } from '../store/index.js';

/** Which of `ids` are rated (game_meta). */
export async function ratedOf(sql: SqlRunner, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await sql.all<{ game_id: string }>(`SELECT game_id FROM game_meta WHERE rated = 1 AND game_id IN (${ids.map(() => '?').join(', ')})`, ids);
  return new Set(rows.map((r) => r.game_id));
}

/** A game as the lobby and profiles list it: the summary's public fields, winners by name, rated. */
export function lobbyGame(views: SeatViews, row: GameRow, rated: boolean): LobbyGameT {
  const s = views.summary(row, null);
  const winners = row.outcome ? row.seats.filter((x) => row.outcome!.winners.includes(x.role)).map((x) => x.userName ?? x.bot ?? x.role) : [];
  return {
    id: s.id, game: s.game, scenario: s.scenario, players: s.players, status: s.status, seats: s.seats, active: s.active,
    outcome: s.outcome, winners, timeControl: s.timeControl, rated, createdAt: s.createdAt, updatedAt: s.updatedAt,
  };
}

export function profileGame(views: SeatViews, row: GameRow, rated: boolean, userId: number): ProfileGameT {
  const roles = row.seats.filter((s) => s.userId === userId).map((s) => s.role);
  const o = row.status === 'finished' ? row.outcome : null;
  const result = !o ? null : o.winners.length === 0 ? 'none' : roles.some((r) => o.winners.includes(r)) ? 'won' : 'lost';
  return { ...lobbyGame(views, row, rated), roles, result };
}
