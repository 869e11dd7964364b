import { CHAT_HISTORY, CHAT_RATE, MAX_MUTES, type ChatChannelT, type ChatLineT } from '@tabula/protocol';
import { ApiError, conflict, notFound, unauthorized, unprocessable } from '../http/errors.js';
import { nameKeyOf } from '../accounts/account-policy.js';
import type { GameRow, SqlRunner, Store, UserRow } from '../store/index.js';
import { checkedChatText } from './text.js';

interface ChatDb { id: number | string; game_id: string; seq: number | string; channel: string; user_id: number | string; name: string; role: string | null; text: string; created_at: number | string }

const lineOut = (r: ChatDb): ChatLineT => ({
  id: Number(r.id), seq: Number(r.seq), channel: r.channel as ChatChannelT, user: r.name, role: r.role, text: r.text, at: Number(r.created_at),
});

/** Chat per game (players' and spectators' channels) and mutes (a user muted is never shown to the muter, in any game). */
export class Chat {
  private readonly sql: SqlRunner;

  constructor(private readonly store: Store, private readonly now: () => number) {
    this.sql = store.sql;
  }

  /**
   * Writes a line to the writer's channel at the game's current log position, unless the writer's stored lines
   * (any game, any process) in the last CHAT_RATE.windowMs already number CHAT_RATE.messages. One transaction that
   * first locks the writer's account row, so concurrent posts of one writer (in any process) are counted one after
   * the other; then one conditional insert.
   */
  async post(user: UserRow | null, row: GameRow, raw: string): Promise<ChatLineT> {
    if (!user) throw unauthorized('Sign in to chat.');
    const text = checkedChatText(raw);
    const seat = row.seats.find((s) => s.userId === user.id);
    const channel: ChatChannelT = seat ? 'players' : 'spectators';
    const now = this.now();
    const [, insert] = await this.sql.batch([
      { guard: ['UPDATE users SET created_at = created_at WHERE id = ?', [user.id]], rest: [] },
      {
        guard: [`INSERT INTO chat (game_id, seq, channel, user_id, role, text, created_at)
         SELECT ?, CAST(? AS INTEGER), ?, CAST(? AS BIGINT), ?, ?, CAST(? AS BIGINT)
         WHERE (SELECT COUNT(*) FROM chat WHERE user_id = ? AND created_at > ?) < ? RETURNING id`,
        [row.id, row.logLength, channel, user.id, seat?.role ?? null, text, now, user.id, now - CHAT_RATE.windowMs, CHAT_RATE.messages]],
        rest: [],
      },
    ]);
    const r = insert!.rows[0];
    if (!insert!.ran || !r) throw new ApiError(429, 'chat-rate-limited', `At most ${CHAT_RATE.messages} messages per ${CHAT_RATE.windowMs / 1000} seconds.`);
    return { id: Number(r.id), seq: row.logLength, channel, user: user.name, role: seat?.role ?? null, text, at: now };
  }

  /** The game's lines after `afterId` as `reader` may see them (without users the reader muted), oldest first. */
  async lines(gameId: string, reader: UserRow | null, afterId = 0): Promise<ChatLineT[]> {
    const rows = await this.sql.all<ChatDb>(
      `SELECT c.id, c.game_id, c.seq, c.channel, c.user_id, u.name, c.role, c.text, c.created_at FROM chat c JOIN users u ON u.id = c.user_id
       WHERE c.game_id = ? AND c.id > ? AND NOT EXISTS (SELECT 1 FROM mutes m WHERE m.user_id = ? AND m.muted_id = c.user_id)
       ORDER BY c.id DESC LIMIT ?`, [gameId, afterId, reader?.id ?? 0, CHAT_HISTORY]);
    return rows.reverse().map(lineOut);
  }

  private async userId(name: string): Promise<number> {
    const u = await this.store.findUserByNameKey(nameKeyOf(name));
    if (!u) throw notFound('user-not-found', `No user "${name}".`);
    return u.id;
  }

  async mute(user: UserRow | null, name: string): Promise<void> {
    if (!user) throw unauthorized();
    const id = await this.userId(name);
    if (id === user.id) throw unprocessable('mute-self', 'You cannot mute yourself.');
    const [{ n }] = await this.sql.all<{ n: number | string }>('SELECT COUNT(*) AS n FROM mutes WHERE user_id = ?', [user.id]) as [{ n: number | string }];
    if (Number(n) >= MAX_MUTES) throw conflict('too-many-mutes', `At most ${MAX_MUTES} muted users.`);
    await this.sql.run('INSERT INTO mutes (user_id, muted_id, created_at) VALUES (?, ?, ?) ON CONFLICT (user_id, muted_id) DO NOTHING', [user.id, id, this.now()]);
  }

  async unmute(user: UserRow | null, name: string): Promise<void> {
    if (!user) throw unauthorized();
    await this.sql.run('DELETE FROM mutes WHERE user_id = ? AND muted_id = ?', [user.id, await this.userId(name)]);
  }

  async muted(user: UserRow | null): Promise<string[]> {
    if (!user) throw unauthorized();
    return (await this.sql.all<{ name: string }>('SELECT u.name FROM mutes m JOIN users u ON u.id = m.muted_id WHERE m.user_id = ? ORDER BY u.name', [user.id])).map((r) => r.name);
  }
}
