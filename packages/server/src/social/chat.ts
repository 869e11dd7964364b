import { CHAT_HISTORY, CHAT_RATE, MAX_MUTES, type ChatChannelT, type ChatLineT } from '@tabula/protocol';
import { ApiError, conflict, notFound, unauthorized, unprocessable } from '../http/errors.js';
import { nameKeyOf } from '../accounts/account-policy.js';
import type { ChatLineRow, GameRow, Store, UserRow } from '../store/index.js';
import { checkedChatText } from './text.js';
import { refuseMutedChat } from '../moderation/moderation.js';

const lineOut = (r: ChatLineRow): ChatLineT => ({
  id: r.id, seq: r.seq, channel: r.channel as ChatChannelT, user: r.name, role: r.role, text: r.text, at: r.createdAt,
});

/** Chat per game (players' and spectators' channels) and mutes (a user muted is never shown to the muter, in any game). */
export class Chat {
  constructor(private readonly store: Store, private readonly now: () => number) {}

  private get stored() {
    return this.store.social.chat;
  }

  /**
   * Writes a line to the writer's channel at the game's current log position, unless the writer's stored lines
   * (any game, any process) in the last CHAT_RATE.windowMs already number CHAT_RATE.messages (counted under a lock
   * of the writer's account: store/social.ts `ChatStore.post`).
   */
  async post(user: UserRow | null, row: GameRow, raw: string): Promise<ChatLineT> {
    if (!user) throw unauthorized('Sign in to chat.');
    const text = checkedChatText(raw);
    await refuseMutedChat(this.store, user.id, this.now());
    const seat = row.seats.find((s) => s.userId === user.id);
    const channel: ChatChannelT = seat ? 'players' : 'spectators';
    const now = this.now();
    const id = await this.stored.post({ gameId: row.id, seq: row.logLength, channel, userId: user.id, role: seat?.role ?? null, text, now }, CHAT_RATE);
    if (id === null) throw new ApiError(429, 'chat-rate-limited', `At most ${CHAT_RATE.messages} messages per ${CHAT_RATE.windowMs / 1000} seconds.`);
    return { id, seq: row.logLength, channel, user: user.name, role: seat?.role ?? null, text, at: now };
  }

  /** The game's lines after `afterId` as `reader` may see them (without users the reader muted), oldest first. */
  async lines(gameId: string, reader: UserRow | null, afterId = 0): Promise<ChatLineT[]> {
    return (await this.stored.lines(gameId, reader?.id ?? 0, afterId, CHAT_HISTORY)).map(lineOut);
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
    if ((await this.stored.muteCount(user.id)) >= MAX_MUTES) throw conflict('too-many-mutes', `At most ${MAX_MUTES} muted users.`);
    await this.stored.mute(user.id, id, this.now());
  }

  async unmute(user: UserRow | null, name: string): Promise<void> {
    if (!user) throw unauthorized();
    await this.stored.unmute(user.id, await this.userId(name));
  }

  async muted(user: UserRow | null): Promise<string[]> {
    if (!user) throw unauthorized();
    return this.stored.muted(user.id);
  }
}
