/**
 * The social tables (migration 3 of schema.ts; social/ uses them): game meta (rated, rematch link, rated
 * once), chat and mutes, Glicko-2 ratings, rematch offers, and the reads of a profile. Seeks: seeks.ts.
 */
import type { Group, SqlRunner } from './sql.js';
import { notBlockedWithSql } from './moderation.js';

const num = (v: unknown): number => Number(v);

/** game_meta: which games are rated (and whether their rating was written), and which rematch made them. */
export class GameMetaStore {
  constructor(private readonly x: SqlRunner) {}

  /** Records a new game's meta (once: a second call for one game throws). */
  async add(gameId: string, meta: { rated: boolean; rematchOf: string | null }): Promise<boolean> {
    return (await this.x.run('INSERT INTO game_meta (game_id, rated, rematch_of) VALUES (?, ?, ?)', [gameId, meta.rated ? 1 : 0, meta.rematchOf])) === 1;
  }

  /** Marks a game rated unless it has meta already; returns whether this call wrote it. */
  async markRated(gameId: string): Promise<boolean> {
    return (await this.x.run('INSERT INTO game_meta (game_id, rated) VALUES (?, 1) ON CONFLICT (game_id) DO NOTHING', [gameId])) === 1;
  }

  /** Which of `ids` are rated. */
  async ratedOf(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.x.all<{ game_id: string }>(`SELECT game_id FROM game_meta WHERE rated = 1 AND game_id IN (${ids.map(() => '?').join(', ')})`, [...ids]);
    return new Set(rows.map((r) => r.game_id));
  }

  /** Whether the game is rated and its rating not yet written. */
  async toRate(gameId: string): Promise<boolean> {
    const [r] = await this.x.all<{ n: number | string }>('SELECT COUNT(*) AS n FROM game_meta WHERE game_id = ? AND rated = 1 AND rated_done = 0', [gameId]);
    return num(r?.n ?? 0) > 0;
  }
}

export interface ChatLineRow {
  id: number;
  gameId: string;
  /** The game's log length when the line was written. */
  seq: number;
  channel: string;
  userId: number;
  /** The writer's account name. */
  name: string;
  role: string | null;
  text: string;
  createdAt: number;
}

export interface NewChatLine { gameId: string; seq: number; channel: string; userId: number; role: string | null; text: string; now: number }

interface ChatDb { id: number | string; game_id: string; seq: number | string; channel: string; user_id: number | string; name: string; role: string | null; text: string; created_at: number | string }

/** Chat per game, and mutes (per user, across games). */
export class ChatStore {
  constructor(private readonly x: SqlRunner) {}

  /**
   * Writes a line unless the writer's lines of the last `rate.windowMs` (any game) already number
   * `rate.messages`: one transaction that first locks the writer's account row, so concurrent posts of one
   * writer (in any process) are counted one after the other, then one conditional insert. The new line's id,
   * or null when the rate was reached.
   */
  async post(l: NewChatLine, rate: { windowMs: number; messages: number }): Promise<number | null> {
    const [, insert] = await this.x.batch([
      { guard: ['UPDATE users SET created_at = created_at WHERE id = ?', [l.userId]], rest: [] },
      {
        guard: [`INSERT INTO chat (game_id, seq, channel, user_id, role, text, created_at)
         SELECT ?, CAST(? AS INTEGER), ?, CAST(? AS BIGINT), ?, ?, CAST(? AS BIGINT)
         WHERE (SELECT COUNT(*) FROM chat WHERE user_id = ? AND created_at > ?) < ? RETURNING id`,
        [l.gameId, l.seq, l.channel, l.userId, l.role, l.text, l.now, l.userId, l.now - rate.windowMs, rate.messages]],
        rest: [],
      },
    ]);
    const r = insert!.rows[0];
    return insert!.ran && r ? num(r.id) : null;
  }

  /** The game's newest `limit` lines after `afterId`, without users `readerId` muted, blocked or was blocked by, oldest first. */
  async lines(gameId: string, readerId: number, afterId: number, limit: number): Promise<ChatLineRow[]> {
    const rows = await this.x.all<ChatDb>(
      `SELECT c.id, c.game_id, c.seq, c.channel, c.user_id, u.name, c.role, c.text, c.created_at FROM chat c JOIN users u ON u.id = c.user_id
       WHERE c.game_id = ? AND c.id > ? AND NOT EXISTS (SELECT 1 FROM mutes m WHERE m.user_id = ? AND m.muted_id = c.user_id)
       AND ${notBlockedWithSql('c.user_id')}
       ORDER BY c.id DESC LIMIT ?`, [gameId, afterId, readerId, readerId, readerId, limit]);
    return rows.reverse().map((r) => ({
      id: num(r.id), gameId: r.game_id, seq: num(r.seq), channel: r.channel, userId: num(r.user_id), name: r.name, role: r.role, text: r.text, createdAt: num(r.created_at),
    }));
  }

  /** How many users `userId` muted. */
  async muteCount(userId: number): Promise<number> {
    const [r] = await this.x.all<{ n: number | string }>('SELECT COUNT(*) AS n FROM mutes WHERE user_id = ?', [userId]);
    return num(r?.n ?? 0);
  }

  /** Returns whether the mute is new (false: muted already). */
  async mute(userId: number, mutedId: number, now: number): Promise<boolean> {
    return (await this.x.run('INSERT INTO mutes (user_id, muted_id, created_at) VALUES (?, ?, ?) ON CONFLICT (user_id, muted_id) DO NOTHING', [userId, mutedId, now])) === 1;
  }

  /** Returns whether there was such a mute. */
  async unmute(userId: number, mutedId: number): Promise<boolean> {
    return (await this.x.run('DELETE FROM mutes WHERE user_id = ? AND muted_id = ?', [userId, mutedId])) === 1;
  }

  /** The names of the users `userId` muted, by name. */
  async muted(userId: number): Promise<string[]> {
    return (await this.x.all<{ name: string }>('SELECT u.name FROM mutes m JOIN users u ON u.id = m.muted_id WHERE m.user_id = ? ORDER BY u.name', [userId])).map((r) => r.name);
  }
}

export interface Glicko { rating: number; rd: number; vol: number }

export interface RatingRow extends Glicko {
  userId: number;
  game: string;
  /** Rated games counted (0: a placeholder written before the first rating). */
  games: number;
}

interface RatingDb { user_id: number | string; game: string; rating: number | string; rd: number | string; vol: number | string; games: number | string }

const ratingFromDb = (r: RatingDb): RatingRow => ({ userId: num(r.user_id), game: r.game, rating: num(r.rating), rd: num(r.rd), vol: num(r.vol), games: num(r.games) });

const RATING_COLUMNS = 'user_id, game, rating, rd, vol, games';

/** Glicko-2 ratings per user and game. */
export class RatingStore {
  constructor(private readonly x: SqlRunner) {}

  /** The user's ratings with at least one game, by game. */
  async of(userId: number): Promise<RatingRow[]> {
    return (await this.x.all<RatingDb>(`SELECT ${RATING_COLUMNS} FROM ratings WHERE user_id = ? AND games > 0 ORDER BY game`, [userId])).map(ratingFromDb);
  }

  /** The game's rated players (deleted accounts never): established (rd at most `provisionalRd`) first, then by rating and name. */
  async leaderboard(game: string, provisionalRd: number, limit: number): Promise<(RatingRow & { name: string })[]> {
    const rows = await this.x.all<RatingDb & { name: string }>(
      `SELECT r.user_id, r.game, r.rating, r.rd, r.vol, r.games, u.name FROM ratings r JOIN users u ON u.id = r.user_id
       WHERE r.game = ? AND r.games > 0 AND u.name_key NOT LIKE '(deleted):%'
       ORDER BY CASE WHEN r.rd > ? THEN 1 ELSE 0 END, r.rating DESC, u.name LIMIT ?`, [game, provisionalRd, limit]);
    return rows.map((r) => ({ ...ratingFromDb(r), name: r.name }));
  }

  /** Each user's rating of `game`, written first as `start` with no games where missing. */
  async forPlayers(game: string, userIds: readonly number[], start: Glicko, now: number): Promise<RatingRow[]> {
    for (const u of userIds) {
      await this.x.run('INSERT INTO ratings (user_id, game, rating, rd, vol, games, updated_at) VALUES (?, ?, ?, ?, ?, 0, ?) ON CONFLICT (user_id, game) DO NOTHING', [u, game, start.rating, start.rd, start.vol, now]);
    }
    const rows = await this.x.all<RatingDb>(`SELECT ${RATING_COLUMNS} FROM ratings WHERE game = ? AND user_id IN (${userIds.map(() => '?').join(', ')})`, [game, ...userIds]);
    return rows.map(ratingFromDb);
  }

  /** Rated games of `game` in which both `a` and `b` played, rated after `since`. */
  async pairGames(game: string, a: number, b: number, since: number): Promise<number> {
    const [r] = await this.x.all<{ n: number | string }>(
      `SELECT COUNT(*) AS n FROM rating_history h JOIN rating_history o ON o.game_id = h.game_id AND o.user_id = ?
       WHERE h.user_id = ? AND h.game = ? AND h.created_at > ?`, [b, a, game, since]);
    return num(r?.n ?? 0);
  }

  /**
   * Rates game `gameId` once: its "rated" mark, every player's new values and their history rows in one
   * transaction, each player's row only if it still counts `games` (what was read); else nothing is written.
   * Returns whether it was written (false: rated meanwhile, or a player's rating changed since it was read).
   */
  async rate(gameId: string, game: string, players: readonly RatedPlayer[], now: number): Promise<boolean> {
    const writes: Group[] = [
      { guard: ['UPDATE game_meta SET rated_done = 1 WHERE game_id = ? AND rated = 1 AND rated_done = 0', [gameId]], rest: [] },
      ...players.map((p): Group => ({
        guard: ['UPDATE ratings SET rating = ?, rd = ?, vol = ?, games = games + 1, updated_at = ? WHERE user_id = ? AND game = ? AND games = ?',
          [p.after.rating, p.after.rd, p.after.vol, now, p.userId, game, p.games]],
        rest: [['INSERT INTO rating_history (game_id, user_id, game, rating_before, rating, rd, weight, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
          [gameId, p.userId, game, p.before, p.after.rating, p.after.rd, p.weight, now]]],
      })),
    ];
    return (await this.x.batch(writes, { allOrNothing: true }))[0]!.ran;
  }

  /** What game `gameId` did to each player's rating (empty: not rated). */
  async ofGame(gameId: string): Promise<{ userId: number; name: string; before: number; after: number; weight: number }[]> {
    const rows = await this.x.all<{ user_id: number | string; name: string; rating_before: number | string; rating: number | string; weight: number | string }>(
      'SELECT h.user_id, u.name, h.rating_before, h.rating, h.weight FROM rating_history h JOIN users u ON u.id = h.user_id WHERE h.game_id = ?', [gameId]);
    return rows.map((r) => ({ userId: num(r.user_id), name: r.name, before: num(r.rating_before), after: num(r.rating), weight: num(r.weight) }));
  }

  /** The user's newest `limit` rated games of `game`, newest first, each with the other players' names. */
  async history(userId: number, game: string, limit: number): Promise<RatingHistoryRow[]> {
    const rows = await this.x.all<{ game_id: string; rating_before: number | string; rating: number | string; weight: number | string; created_at: number | string }>(
      'SELECT game_id, rating_before, rating, weight, created_at FROM rating_history WHERE user_id = ? AND game = ? ORDER BY created_at DESC, game_id DESC LIMIT ?', [userId, game, limit]);
    if (rows.length === 0) return [];
    const others = await this.x.all<{ game_id: string; name: string }>(
      `SELECT s.game_id, u.name FROM seats s JOIN users u ON u.id = s.user_id WHERE s.game_id IN (${rows.map(() => '?').join(', ')}) AND s.user_id <> ? ORDER BY s.seat`,
      [...rows.map((r) => r.game_id), userId]);
    return rows.map((r) => ({
      gameId: r.game_id, before: num(r.rating_before), after: num(r.rating), weight: num(r.weight), at: num(r.created_at),
      opponents: others.filter((o) => o.game_id === r.game_id).map((o) => o.name),
    }));
  }
}

/** A player's part of one rated game: the values read (`games`, `before`), the new ones and the weight used. */
export interface RatedPlayer { userId: number; games: number; before: number; after: Glicko; weight: number }

export interface RatingHistoryRow { gameId: string; before: number; after: number; weight: number; at: number; opponents: string[] }

export type RematchStatus = 'offered' | 'accepting' | 'accepted' | 'declined' | 'cancelled';

export interface RematchRow {
  gameId: string;
  offeredBy: number;
  /** The offerer's account name. */
  offeredByName: string;
  status: RematchStatus;
  /** The next game, once accepted. */
  newGame: string | null;
}

interface RematchDb { game_id: string; offered_by: number | string; name: string; status: string; new_game: string | null }

/**
 * Rematch offers, one per finished game: offered -> accepting (claimed under a token while the next game is
 * made) -> accepted; or declined / cancelled (and then offered again). Each change says whether it happened.
 */
export class RematchStore {
  constructor(private readonly x: SqlRunner) {}

  async get(gameId: string): Promise<RematchRow | null> {
    const [r] = await this.x.all<RematchDb>('SELECT r.game_id, r.offered_by, u.name, r.status, r.new_game FROM rematches r JOIN users u ON u.id = r.offered_by WHERE r.game_id = ?', [gameId]);
    return r ? { gameId: r.game_id, offeredBy: num(r.offered_by), offeredByName: r.name, status: r.status as RematchStatus, newGame: r.new_game } : null;
  }

  /** The first offer of a game (false: the game has one). */
  async offer(gameId: string, userId: number, now: number): Promise<boolean> {
    return (await this.x.run(`INSERT INTO rematches (game_id, offered_by, status, updated_at) VALUES (?, ?, 'offered', ?) ON CONFLICT (game_id) DO NOTHING`, [gameId, userId, now])) === 1;
  }

  /** A new offer after a declined or cancelled one (false: the offer is in another state). */
  async offerAgain(gameId: string, userId: number, now: number): Promise<boolean> {
    return (await this.x.run(`UPDATE rematches SET offered_by = ?, status = 'offered', token = NULL, new_game = NULL, updated_at = ? WHERE game_id = ? AND status IN ('declined', 'cancelled')`,
      [userId, now, gameId])) === 1;
  }

  /** Closes an open offer (false: it was not open). */
  async close(gameId: string, status: 'declined' | 'cancelled', now: number): Promise<boolean> {
    return (await this.x.run('UPDATE rematches SET status = ?, updated_at = ? WHERE game_id = ? AND status = ?', [status, now, gameId, 'offered'])) === 1;
  }

  /** Claims an open offer for accepting under `token`: true for exactly one claimer. */
  async claim(gameId: string, token: string, now: number): Promise<boolean> {
    return (await this.x.run(`UPDATE rematches SET status = 'accepting', token = ?, updated_at = ? WHERE game_id = ? AND status = 'offered'`, [token, now, gameId])) === 1;
  }

  /** The claimed offer is accepted: `newGame` was made. */
  async accepted(gameId: string, token: string, newGame: string, now: number): Promise<boolean> {
    return (await this.x.run(`UPDATE rematches SET status = 'accepted', new_game = ?, updated_at = ? WHERE game_id = ? AND token = ?`, [newGame, now, gameId, token])) === 1;
  }

  /** The claimed offer is open again (making the next game failed). */
  async unclaim(gameId: string, token: string): Promise<boolean> {
    return (await this.x.run(`UPDATE rematches SET status = 'offered', token = NULL WHERE game_id = ? AND token = ?`, [gameId, token])) === 1;
  }
}

/** A finished game the user held a seat in (one row per seat). */
export interface FinishedSeatRow { gameId: string; game: string; role: string; outcome: { winners: string[]; reason: string } | null }

/** What a profile reads besides games and ratings. */
export class ProfileStore {
  constructor(private readonly x: SqlRunner) {}

  /** When the user signed up (null: no such user). */
  async since(userId: number): Promise<number | null> {
    const [r] = await this.x.all<{ created_at: number | string }>('SELECT created_at FROM users WHERE id = ?', [userId]);
    return r ? num(r.created_at) : null;
  }

  async finishedSeats(userId: number): Promise<FinishedSeatRow[]> {
    const rows = await this.x.all<{ id: string; game: string; outcome: string | null; role: string }>(
      `SELECT g.id, g.game, g.outcome, s.role FROM seats s JOIN games g ON g.id = s.game_id WHERE s.user_id = ? AND g.status = 'finished'`, [userId]);
    return rows.map((r) => ({ gameId: r.id, game: r.game, role: r.role, outcome: r.outcome ? (JSON.parse(r.outcome) as FinishedSeatRow['outcome']) : null }));
  }
}

/** The social tables, one narrow store per feature. */
export class SocialStore {
  readonly meta: GameMetaStore;
  readonly chat: ChatStore;
  readonly ratings: RatingStore;
  readonly rematches: RematchStore;
  readonly profiles: ProfileStore;

  constructor(x: SqlRunner) {
    this.meta = new GameMetaStore(x);
    this.chat = new ChatStore(x);
    this.ratings = new RatingStore(x);
    this.rematches = new RematchStore(x);
    this.profiles = new ProfileStore(x);
  }
}
