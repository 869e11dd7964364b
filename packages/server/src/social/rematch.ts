import { randomBytes } from 'node:crypto';
import type { RematchT } from '@tabula/protocol';
import { conflict, forbidden, unauthorized } from '../http/errors.js';
import type { Lobby } from '../games/lobby.js';
import type { GameRow, UserRow } from '../store/index.js';
import type { RematchStore } from '../store/social.js';

/** An offer answered (or taken back) between reading it and changing it. */
const answered = (): Error => conflict('no-rematch-offer', 'The offer was answered already.');

/** The seats of the next game: seat i goes to whoever sat at seat i + 1 (two seats: swapped). */
export function rotatedSeats<T>(seats: T[]): T[] {
  return seats.map((_, i) => seats[(i + 1) % seats.length]!);
}

/**
 * Rematch offers of finished games: one per game; the other player accepts (a new game with the same
 * settings and seats rotated, made exactly once: a conditional update claims the offer first) or declines.
 */
export class Rematches {
  constructor(private readonly stored: RematchStore, private readonly lobby: Lobby, private readonly now: () => number,
    private readonly rated: (id: string) => Promise<boolean>) {}

  async of(gameId: string): Promise<RematchT | null> {
    const r = await this.stored.get(gameId);
    if (!r) return null;
    const status = r.status === 'accepting' ? 'offered' : r.status;
    return { by: r.offeredByName, status, game: r.newGame };
  }

  async act(user: UserRow | null, row: GameRow, op: 'offer' | 'accept' | 'decline' | 'cancel'): Promise<void> {
    if (!user) throw unauthorized();
    if (!row.seats.some((s) => s.userId === user.id)) throw forbidden('not-your-seat', 'Only the players may offer or answer a rematch.');
    if (row.status !== 'finished') throw conflict('game-not-finished', 'A rematch can be offered once the game is over.');
    const now = this.now();
    const cur = await this.stored.get(row.id);
    const byMe = cur !== null && cur.offeredBy === user.id;
    if (op === 'offer') {
      if (row.seats.every((s) => s.userId === user.id || s.userId === null)) throw conflict('no-opponent', 'A rematch needs another player.');
      if (cur && (cur.status === 'offered' || cur.status === 'accepting' || cur.status === 'accepted')) throw conflict('rematch-pending', cur.status === 'accepted' ? 'The rematch was accepted already.' : 'A rematch is already offered.');
      const made = cur ? await this.stored.offerAgain(row.id, user.id, now) : await this.stored.offer(row.id, user.id, now);
      if (!made) throw conflict('rematch-pending', 'A rematch is already offered.');
      return;
    }
    if (!cur || cur.status !== 'offered') throw conflict('no-rematch-offer', 'There is no open rematch offer.');
    if (op === 'cancel') {
      if (!byMe) throw forbidden('not-your-offer', 'Only who offered may take the offer back.');
      if (!(await this.stored.close(row.id, 'cancelled', now))) throw answered();
      return;
    }
    if (byMe) throw forbidden('own-offer', 'The other player answers your offer.');
    if (op === 'decline') {
      if (!(await this.stored.close(row.id, 'declined', now))) throw answered();
      return;
    }
    const token = randomBytes(12).toString('hex');
    if (!(await this.stored.claim(row.id, token, now))) throw answered();
    try {
      const id = await this.start(row, { id: cur.offeredBy, name: cur.offeredByName });
      await this.stored.accepted(row.id, token, id, this.now());
    } catch (e) {
      await this.stored.unclaim(row.id, token);
      throw e;
    }
  }

  /**
   * Creates the next game (same game, scenario, players, variants, time control, rated) and seats everyone
   * rotated. Its creator is the original game's (who uploaded its decks keeps the credit); it counts against
   * the creation limit of who offered it.
   */
  private async start(row: GameRow, offeredBy: UserRow): Promise<string> {
    const creatorUser: UserRow = { id: row.createdBy, name: row.creatorName ?? '' };
    const { id } = await this.lobby.createGame(creatorUser, {
      game: row.game, scenario: row.scenario, ...(row.players !== null ? { players: row.players } : {}), ...(row.variants ? { variants: row.variants } : {}),
      timeControl: row.timeControl, rated: await this.rated(row.id), rematchOf: row.id,
    }, undefined, offeredBy);
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
