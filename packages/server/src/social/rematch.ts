import { randomBytes } from 'node:crypto';
import type { RematchT } from '@tabula/protocol';
import { conflict, forbidden, unauthorized } from '../http/errors.js';
import type { Lobby } from '../games/lobby.js';
import type { GameRow, SqlRunner, UserRow } from '../store/index.js';

interface RematchDb { game_id: string; offered_by: number | string; name: string; status: string; new_game: string | null }

/** The seats of the next game: seat i goes to whoever sat at seat i + 1 (two seats: swapped). */
export function rotatedSeats<T>(seats: T[]): T[] {
  return seats.map((_, i) => seats[(i + 1) % seats.length]!);
}

/**
 * Rematch offers of finished games: one per game; the other player accepts (a new game with the same
 * settings and seats rotated, made exactly once: a conditional update claims the offer first) or declines.
 */
export class Rematches {
  constructor(private readonly sql: SqlRunner, private readonly lobby: Lobby, private readonly now: () => number,
    private readonly rated: (id: string) => Promise<boolean>) {}

  async of(gameId: string): Promise<RematchT | null> {
    const [r] = await this.sql.all<RematchDb>('SELECT r.game_id, r.offered_by, u.name, r.status, r.new_game FROM rematches r JOIN users u ON u.id = r.offered_by WHERE r.game_id = ?', [gameId]);
    if (!r) return null;
    const status = r.status === 'accepting' ? 'offered' : r.status as RematchT['status'];
    return { by: r.name, status, game: r.new_game };
  }

  async act(user: UserRow | null, row: GameRow, op: 'offer' | 'accept' | 'decline' | 'cancel'): Promise<void> {
    if (!user) throw unauthorized();
    if (!row.seats.some((s) => s.userId === user.id)) throw forbidden('not-your-seat', 'Only the players may offer or answer a rematch.');
    if (row.status !== 'finished') throw conflict('game-not-finished', 'A rematch can be offered once the game is over.');
    const now = this.now();
    const [cur] = await this.sql.all<RematchDb>('SELECT r.game_id, r.offered_by, u.name, r.status, r.new_game FROM rematches r JOIN users u ON u.id = r.offered_by WHERE r.game_id = ?', [row.id]);
    const byMe = cur !== undefined && Number(cur.offered_by) === user.id;
    if (op === 'offer') {
      if (row.seats.every((s) => s.userId === user.id || s.userId === null)) throw conflict('no-opponent', 'A rematch needs another player.');
      if (cur && (cur.status === 'offered' || cur.status === 'accepting' || cur.status === 'accepted')) throw conflict('rematch-pending', cur.status === 'accepted' ? 'The rematch was accepted already.' : 'A rematch is already offered.');
      const n = cur
        ? await this.sql.run(`UPDATE rematches SET offered_by = ?, status = 'offered', token = NULL, new_game = NULL, updated_at = ? WHERE game_id = ? AND status IN ('declined', 'cancelled')`, [user.id, now, row.id])
        : await this.sql.run(`INSERT INTO rematches (game_id, offered_by, status, updated_at) VALUES (?, ?, 'offered', ?) ON CONFLICT (game_id) DO NOTHING`, [row.id, user.id, now]);
      if (n !== 1) throw conflict('rematch-pending', 'A rematch is already offered.');
      return;
    }
    if (!cur || cur.status !== 'offered') throw conflict('no-rematch-offer', 'There is no open rematch offer.');
    if (op === 'cancel') {
      if (!byMe) throw forbidden('not-your-offer', 'Only who offered may take the offer back.');
      await this.sql.run(`UPDATE rematches SET status = 'cancelled', updated_at = ? WHERE game_id = ? AND status = 'offered'`, [now, row.id]);
      return;
    }
    if (byMe) throw forbidden('own-offer', 'The other player answers your offer.');
    if (op === 'decline') {
      await this.sql.run(`UPDATE rematches SET status = 'declined', updated_at = ? WHERE game_id = ? AND status = 'offered'`, [now, row.id]);
      return;
    }
    const token = randomBytes(12).toString('hex');
    if ((await this.sql.run(`UPDATE rematches SET status = 'accepting', token = ?, updated_at = ? WHERE game_id = ? AND status = 'offered'`, [token, now, row.id])) !== 1) {
      throw conflict('no-rematch-offer', 'The offer was answered already.');
    }
    try {
      const id = await this.start(row, Number(cur.offered_by));
      await this.sql.run(`UPDATE rematches SET status = 'accepted', new_game = ?, updated_at = ? WHERE game_id = ? AND token = ?`, [id, this.now(), row.id, token]);
    } catch (e) {
      await this.sql.run(`UPDATE rematches SET status = 'offered', token = NULL WHERE game_id = ? AND token = ?`, [row.id, token]);
      throw e;
    }
  }

  /** Creates the next game (same game, scenario, players, variants, time control, rated) and seats everyone rotated. */
  private async start(row: GameRow, creatorId: number): Promise<string> {
    const creator = row.seats.find((s) => s.userId === creatorId)!;
    const creatorUser: UserRow = { id: creatorId, name: creator.userName ?? '' };
    const { id } = await this.lobby.createGame(creatorUser, {
      game: row.game, scenario: row.scenario, ...(row.players !== null ? { players: row.players } : {}), ...(row.variants ? { variants: row.variants } : {}),
      timeControl: row.timeControl, rated: await this.rated(row.id), rematchOf: row.id,
    });
    const next = rotatedSeats(row.seats);
    // People first, then bots (a bot may start to play once the last seat fills).
    const order = row.seats.map((s, i) => ({ role: s.role, who: next[i]! })).sort((a, b) => Number(a.who.bot !== null) - Number(b.who.bot !== null));
    for (const { role, who } of order) {
      if (who.userId !== null) await this.lobby.takeSeat({ id: who.userId, name: who.userName ?? '' }, id, role);
      else if (who.bot !== null) await this.lobby.takeSeat(creatorUser, id, role, who.bot);
    }
    return id;
  }
}
