import type { GameTournamentT, LobbyGameT, ProfileGameT } from '@tabula/protocol';
import type { SeatViews } from '../games/views.js';
import type { GameRow, SqlRunner } from '../store/index.js';
import { GameMetaStore } from '../store/social.js';

/**
 * Which of `ids` are rated: `store.social.meta.ratedOf` for a caller that holds only the store's runner
 * (social/lobby.ts, until it moves to live/ and reads `store.social.meta` itself).
 */
export function ratedOf(sql: SqlRunner, ids: string[]): Promise<Set<string>> {
  return new GameMetaStore(sql).ratedOf(ids);
}

/** A game as the lobby and profiles list it: the summary's public fields, winners by name, rated. */
/** `tournament`: the tournament (id, name, round) the game belongs to, if any (the board page links back). */
export function lobbyGame(views: SeatViews, row: GameRow, rated: boolean, tournament?: GameTournamentT): LobbyGameT {
  const s = views.summary(row, null);
  const winners = row.outcome ? row.seats.filter((x) => row.outcome!.winners.includes(x.role)).map((x) => x.userName ?? x.bot ?? x.role) : [];
  return {
    id: s.id, game: s.game, scenario: s.scenario, players: s.players, status: s.status, seats: s.seats, active: s.active,
    outcome: s.outcome, winners, timeControl: s.timeControl, rated, createdAt: s.createdAt, updatedAt: s.updatedAt,
    ...(tournament ? { tournament } : {}),
  };
}

export function profileGame(views: SeatViews, row: GameRow, rated: boolean, userId: number): ProfileGameT {
  const roles = row.seats.filter((s) => s.userId === userId).map((s) => s.role);
  const o = row.status === 'finished' ? row.outcome : null;
  const result = !o ? null : o.winners.length === 0 ? 'none' : roles.some((r) => o.winners.includes(r)) ? 'won' : 'lost';
  return { ...lobbyGame(views, row, rated), roles, result };
}
