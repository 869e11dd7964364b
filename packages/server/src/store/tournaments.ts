/**
 * Tournaments (the last migration of schema.ts; tournaments/ runs them). Every change of a tournament grows its
 * `version`. A round's row is inserted once (its primary key) together with all its pairings in one transaction:
 * of processes racing to pair the same round exactly one writes it. Joining counts `entrants` under a
 * conditional update, so capacity holds across processes.
 */
import { INSERT_OUTBOX, outboxParams, type OutboxInsert } from './notify.js';
import type { SqlRunner, Statement } from './sql.js';

export type TournamentStatus = 'open' | 'running' | 'finished' | 'cancelled';

export interface TournamentRow {
  id: string; name: string; game: string; scenario: string | null; variants: Record<string, unknown> | null;
  format: 'swiss' | 'single-elimination' | 'double-elimination' | 'round-robin';
  rounds: number; tableSize: number | null; timeControl: string; rated: boolean; capMin: number; capMax: number;
  startsAt: number; allowBots: boolean; sides: 'balanced' | 'both'; organiserId: number; organiser: string;
  status: TournamentStatus; round: number; entrants: number; version: number; champion: string | null; createdAt: number; updatedAt: number;
}

export type NewTournament = Omit<TournamentRow, 'organiser' | 'status' | 'round' | 'entrants' | 'version' | 'champion' | 'updatedAt'>;

export interface TournamentPlayerRow { name: string; userId: number | null; bot: string | null; rating: number; joinedAt: number; withdrawnAt: number | null }

/** A game of a pairing: its id (chosen when paired) and the players' names in its seat order. */
export interface PairingGameRef { id: string; seats: string[] }

export interface PairingRow {
  round: number; table: number; players: string[]; bye: boolean; bracket: string | null; games: PairingGameRef[];
  points: number[] | null; gamePoints: number[] | null; result: 'done' | 'forfeit' | null;
}
export type NewPairingRow = Omit<PairingRow, 'round'>;

export interface RoundRow { round: number; pairedAt: number; deadline: number | null; finishedAt: number | null }

export interface TournamentGameLink { gameId: string; tournamentId: string; round: number; table: number; leg: number }

const num = (v: unknown): number => Number(v);

const SELECT = `SELECT t.*, u.name AS organiser FROM tournaments t JOIN users u ON u.id = t.organiser_id`;

function fromDb(r: Record<string, unknown>): TournamentRow {
  return {
    id: r.id as string, name: r.name as string, game: r.game as string, scenario: (r.scenario as string | null) ?? null,
    variants: r.variants ? (JSON.parse(r.variants as string) as Record<string, unknown>) : null,
    format: r.format as TournamentRow['format'], rounds: num(r.rounds), tableSize: r.table_size === null ? null : num(r.table_size),
    timeControl: r.time_control as string, rated: num(r.rated) === 1, capMin: num(r.cap_min), capMax: num(r.cap_max), startsAt: num(r.starts_at),
    allowBots: num(r.allow_bots) === 1, sides: r.sides as TournamentRow['sides'], organiserId: num(r.organiser_id), organiser: r.organiser as string,
    status: r.status as TournamentStatus, round: num(r.round), entrants: num(r.entrants), version: num(r.version), champion: (r.champion as string | null) ?? null,
    createdAt: num(r.created_at), updatedAt: num(r.updated_at),
  };
}

const pairingFromDb = (r: Record<string, unknown>): PairingRow => ({
  round: num(r.round), table: num(r.tbl), players: JSON.parse(r.players as string) as string[], bye: num(r.bye) === 1,
  bracket: (r.bracket as string | null) ?? null, games: JSON.parse(r.games as string) as PairingGameRef[],
  points: r.points ? (JSON.parse(r.points as string) as number[]) : null, gamePoints: r.game_points ? (JSON.parse(r.game_points as string) as number[]) : null,
  result: (r.result as PairingRow['result']) ?? null,
});

const bump = (id: string, now: number): Statement => ['UPDATE tournaments SET version = version + 1, updated_at = ? WHERE id = ?', [now, id]];

export class TournamentStore {
  constructor(private readonly x: SqlRunner) {}

  async insert(t: NewTournament): Promise<void> {
    await this.x.run(`INSERT INTO tournaments (id, name, game, scenario, variants, format, rounds, table_size, time_control, rated, cap_min, cap_max, starts_at,
      allow_bots, sides, organiser_id, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?)`,
    [t.id, t.name, t.game, t.scenario, t.variants ? JSON.stringify(t.variants) : null, t.format, t.rounds, t.tableSize, t.timeControl, t.rated ? 1 : 0,
      t.capMin, t.capMax, t.startsAt, t.allowBots ? 1 : 0, t.sides, t.organiserId, t.createdAt, t.createdAt]);
  }

  async get(id: string): Promise<TournamentRow | null> {
    const r = (await this.x.all(`${SELECT} WHERE t.id = ?`, [id]))[0];
    return r ? fromDb(r) : null;
  }

  /** Tournaments in `statuses`: upcoming by start (soonest first), others newest change first. */
  async list(statuses: TournamentStatus[], limit: number): Promise<TournamentRow[]> {
    const order = statuses.includes('open') ? 't.starts_at, t.id' : 't.updated_at DESC, t.id';
    return (await this.x.all(`${SELECT} WHERE t.status IN (${statuses.map(() => '?').join(', ')}) ORDER BY ${order} LIMIT ?`, [...statuses, limit])).map(fromDb);
  }

  /** Open tournaments whose start time has come. */
  async due(now: number, limit: number): Promise<string[]> {
    return (await this.x.all<{ id: string }>(`SELECT id FROM tournaments WHERE status = 'open' AND starts_at <= ? ORDER BY starts_at LIMIT ?`, [now, limit])).map((r) => r.id);
  }

  async running(limit: number): Promise<string[]> {
    return (await this.x.all<{ id: string }>(`SELECT id FROM tournaments WHERE status = 'running' ORDER BY updated_at LIMIT ?`, [limit])).map((r) => r.id);
  }

  async unfinishedBy(organiserId: number): Promise<number> {
    return num((await this.x.all(`SELECT COUNT(*) AS n FROM tournaments WHERE organiser_id = ? AND status IN ('open', 'running')`, [organiserId]))[0]!.n);
  }

  async players(id: string): Promise<TournamentPlayerRow[]> {
    return (await this.x.all(`SELECT name, user_id, bot, rating, joined_at, withdrawn_at FROM tournament_players WHERE tournament_id = ? ORDER BY joined_at, name`, [id])).map((r) => ({
      name: r.name as string, userId: r.user_id === null ? null : num(r.user_id), bot: (r.bot as string | null) ?? null, rating: num(r.rating),
      joinedAt: num(r.joined_at), withdrawnAt: r.withdrawn_at === null ? null : num(r.withdrawn_at),
    }));
  }

  /** Adds a player while the tournament is in `statuses` and below capacity; false otherwise (or already in). */
  async join(id: string, p: Omit<TournamentPlayerRow, 'withdrawnAt'>, statuses: TournamentStatus[], now: number): Promise<boolean> {
    const [g] = await this.x.batch([{
      guard: [`UPDATE tournaments SET entrants = entrants + 1, version = version + 1, updated_at = ? WHERE id = ? AND entrants < cap_max
        AND status IN (${statuses.map(() => '?').join(', ')}) AND NOT EXISTS (SELECT 1 FROM tournament_players WHERE tournament_id = ? AND name = ?)`, [now, id, ...statuses, id, p.name]],
      rest: [['INSERT INTO tournament_players (tournament_id, name, user_id, bot, rating, joined_at) VALUES (?, ?, ?, ?, ?, ?)', [id, p.name, p.userId, p.bot, p.rating, p.joinedAt]]],
    }], { allOrNothing: true });
    return g!.ran;
  }

  /** Withdraws a player still in; false when not in (or withdrawn already). */
  async withdraw(id: string, name: string, now: number): Promise<boolean> {
    const [g] = await this.x.batch([{
      guard: ['UPDATE tournament_players SET withdrawn_at = ? WHERE tournament_id = ? AND name = ? AND withdrawn_at IS NULL', [now, id, name]],
      rest: [['UPDATE tournaments SET entrants = entrants - 1, version = version + 1, updated_at = ? WHERE id = ?', [now, id]]],
    }]);
    return g!.ran;
  }

  /** Before the start a withdrawal simply leaves: the row goes. */
  async leave(id: string, name: string, now: number): Promise<boolean> {
    const [g] = await this.x.batch([{
      guard: [`DELETE FROM tournament_players WHERE tournament_id = ? AND name = ? AND withdrawn_at IS NULL
        AND EXISTS (SELECT 1 FROM tournaments WHERE id = ? AND status = 'open')`, [id, name, id]],
      rest: [['UPDATE tournaments SET entrants = entrants - 1, version = version + 1, updated_at = ? WHERE id = ?', [now, id]]],
    }]);
    return g!.ran;
  }

  /** Moves the status `from` -> `to` (exactly one caller succeeds); `rounds` set when given. */
  async setStatus(id: string, from: TournamentStatus, to: TournamentStatus, now: number, rounds?: number): Promise<boolean> {
    return (await this.x.run(`UPDATE tournaments SET status = ?, version = version + 1, updated_at = ?${rounds !== undefined ? ', rounds = ?' : ''} WHERE id = ? AND status = ?`,
      [to, now, ...(rounds !== undefined ? [rounds] : []), id, from])) === 1;
  }

  async touch(id: string, now: number): Promise<void> {
    const [sql, params] = bump(id, now);
    await this.x.run(sql, params);
  }

  /**
   * Writes round `round` with its pairings, the games' links and the round's notifications in one transaction,
   * unless that round exists already: true for exactly one caller.
   */
  async pairRound(id: string, round: number, pairings: NewPairingRow[], deadline: number | null, notes: OutboxInsert[], now: number): Promise<boolean> {
    const rest: Statement[] = [];
    for (const p of pairings) {
      rest.push(['INSERT INTO tournament_pairings (tournament_id, round, tbl, players, bye, bracket, games, points, game_points, result) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [id, round, p.table, JSON.stringify(p.players), p.bye ? 1 : 0, p.bracket, JSON.stringify(p.games), p.points ? JSON.stringify(p.points) : null,
          p.gamePoints ? JSON.stringify(p.gamePoints) : null, p.result]]);
      p.games.forEach((g, leg) => rest.push(['INSERT INTO tournament_games (game_id, tournament_id, round, tbl, leg) VALUES (?, ?, ?, ?, ?)', [g.id, id, round, p.table, leg]]));
    }
    rest.push(['UPDATE tournaments SET round = ?, version = version + 1, updated_at = ? WHERE id = ?', [round, now, id]]);
    for (const n of notes) rest.push([INSERT_OUTBOX, outboxParams(n, now)]);
    const [g] = await this.x.batch([{
      guard: [`INSERT INTO tournament_rounds (tournament_id, round, paired_at, deadline) SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM tournaments WHERE id = ? AND status = 'running')
        ON CONFLICT DO NOTHING`, [id, round, now, deadline, id]],
      rest,
    }], { allOrNothing: true });
    return g!.ran;
  }

  async rounds(id: string): Promise<RoundRow[]> {
    return (await this.x.all('SELECT round, paired_at, deadline, finished_at FROM tournament_rounds WHERE tournament_id = ? ORDER BY round', [id])).map((r) => ({
      round: num(r.round), pairedAt: num(r.paired_at), deadline: r.deadline === null ? null : num(r.deadline), finishedAt: r.finished_at === null ? null : num(r.finished_at),
    }));
  }

  async pairings(id: string): Promise<PairingRow[]> {
    return (await this.x.all('SELECT * FROM tournament_pairings WHERE tournament_id = ? ORDER BY round, tbl', [id])).map(pairingFromDb);
  }

  async link(gameId: string): Promise<TournamentGameLink | null> {
    const r = (await this.x.all('SELECT game_id, tournament_id, round, tbl, leg FROM tournament_games WHERE game_id = ?', [gameId]))[0];
    return r ? { gameId: r.game_id as string, tournamentId: r.tournament_id as string, round: num(r.round), table: num(r.tbl), leg: num(r.leg) } : null;
  }

  /** The tournament (id, name, round) of each of these games that belongs to one. */
  async linksOf(gameIds: string[]): Promise<Map<string, { id: string; name: string; round: number }>> {
    const out = new Map<string, { id: string; name: string; round: number }>();
    if (gameIds.length === 0) return out;
    const rows = await this.x.all(`SELECT g.game_id, g.round, t.id, t.name FROM tournament_games g JOIN tournaments t ON t.id = g.tournament_id
      WHERE g.game_id IN (${gameIds.map(() => '?').join(', ')})`, gameIds);
    for (const r of rows) out.set(r.game_id as string, { id: r.id as string, name: r.name as string, round: num(r.round) });
    return out;
  }

  /** Records a pairing's result once (true for exactly one caller); cooling-off rows for forfeits in the same transaction. */
  async decide(id: string, round: number, table: number, points: number[], gamePoints: number[] | null, result: 'done' | 'forfeit',
    cooloffs: { userId: number; until: number }[], now: number): Promise<boolean> {
    const [g] = await this.x.batch([{
      guard: ['UPDATE tournament_pairings SET points = ?, game_points = ?, result = ? WHERE tournament_id = ? AND round = ? AND tbl = ? AND points IS NULL',
        [JSON.stringify(points), gamePoints ? JSON.stringify(gamePoints) : null, result, id, round, table]],
      rest: [
        bump(id, now),
        ...cooloffs.map((c): Statement => [`INSERT INTO tournament_cooloffs (user_id, until_at) VALUES (?, ?)
          ON CONFLICT (user_id) DO UPDATE SET until_at = CASE WHEN excluded.until_at > tournament_cooloffs.until_at THEN excluded.until_at ELSE tournament_cooloffs.until_at END`, [c.userId, c.until]]),
      ],
    }]);
    return g!.ran;
  }

  /** Marks the round finished (once). */
  async finishRound(id: string, round: number, now: number): Promise<boolean> {
    return (await this.x.run('UPDATE tournament_rounds SET finished_at = ? WHERE tournament_id = ? AND round = ? AND finished_at IS NULL', [now, id, round])) === 1;
  }

  /** running -> finished with its champion and the players' notifications (once). */
  async finish(id: string, champion: string | null, notes: OutboxInsert[], now: number): Promise<boolean> {
    const [g] = await this.x.batch([{
      guard: [`UPDATE tournaments SET status = 'finished', champion = ?, version = version + 1, updated_at = ? WHERE id = ? AND status = 'running'`, [champion, now, id]],
      rest: notes.map((n): Statement => [INSERT_OUTBOX, outboxParams(n, now)]),
    }]);
    return g!.ran;
  }

  /** When the user may join tournaments again after a forfeit (null: now). */
  async cooloffUntil(userId: number, now: number): Promise<number | null> {
    const r = (await this.x.all('SELECT until_at FROM tournament_cooloffs WHERE user_id = ? AND until_at > ?', [userId, now]))[0];
    return r ? num(r.until_at) : null;
  }

  /** Status, outcome and seat roles (in seat order) of these games. */
  async gameStates(ids: string[]): Promise<Map<string, { status: string; outcome: { winners: string[] } | null; roles: string[] }>> {
    const out = new Map<string, { status: string; outcome: { winners: string[] } | null; roles: string[] }>();
    if (ids.length === 0) return out;
    const marks = ids.map(() => '?').join(', ');
    for (const r of await this.x.all(`SELECT id, status, outcome FROM games WHERE id IN (${marks})`, ids)) {
      out.set(r.id as string, { status: r.status as string, outcome: r.outcome ? (JSON.parse(r.outcome as string) as { winners: string[] }) : null, roles: [] });
    }
    for (const r of await this.x.all(`SELECT game_id, seat, role FROM seats WHERE game_id IN (${marks}) ORDER BY game_id, seat`, ids)) out.get(r.game_id as string)?.roles.push(r.role as string);
    return out;
  }

  /** The user's rating in `game` (the start rating when none). */
  async rating(userId: number, game: string, fallback: number): Promise<number> {
    const r = (await this.x.all('SELECT rating FROM ratings WHERE user_id = ? AND game = ?', [userId, game]))[0];
    return r ? num(r.rating) : fallback;
  }
}
