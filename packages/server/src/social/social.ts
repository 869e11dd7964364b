import type { WebSocket } from 'ws';
import type { ClientMessageT, GameRatingsT, ProfileT, RatingHistoryT, RematchT, ServerMessageT } from '@tabula/protocol';
import { getGame } from '@tabula/games';
import { conflict, notFound, unprocessable } from '../http/errors.js';
import { nameKeyOf } from '../accounts/account-policy.js';
import type { Games } from '../games/index.js';
import type { LiveConn, LiveHub } from '../live/hub.js';
import type { GameRow, UserRow } from '../store/index.js';
import { Chat } from './chat.js';
import { Ratings } from './ratings.js';
import { Rematches } from './rematch.js';
import { Seeks } from './seeks.js';
import { LobbyHub } from './lobby.js';
import { profileGame } from './games.js';
import { refuseBlockedIn } from '../moderation/moderation.js';

type SocialMessage = Extract<ClientMessageT, { type: 'chat' | 'rematch' }>;

/** Fan-out ids of the social signals (a game's chat/rematch changed; the seeks changed). */
const SOCIAL = 'social:';
const SEEKS = 'social-seeks';

function send(ws: WebSocket, m: ServerMessageT): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(m));
}

export interface SocialOptions {
  games: Games;
  hub: LiveHub;
  /** Tells the other processes (the fan-out; a negative version marks a social signal). */
  publish: (id: string, version: number) => void;
  warn: (obj: object, msg: string) => void;
  now?: () => number;
}

/**
 * Playing people, together: chat per game and mutes, Glicko-2 ratings, rematch offers, profiles, the
 * live lobby and seeks. Its tables are migration 3 of store/schema.ts; it reaches the game socket
 * through `opened`/`message` (live/game-socket.ts) and `LiveHub.watchers`.
 */
export class Social {
  readonly chat: Chat;
  readonly ratings: Ratings;
  readonly rematches: Rematches;
  readonly seeks: Seeks;
  readonly lobby: LobbyHub;
  private readonly games: Games;
  private readonly hub: LiveHub;
  private readonly publish: SocialOptions['publish'];
  private readonly warn: SocialOptions['warn'];
  private readonly now: () => number;
  /** Per game socket: the last chat line id sent, the rematch offer and the rating change as last sent. */
  private readonly sent = new WeakMap<LiveConn, { chat: number; rematch: string; ratings: string }>();
  private timer: NodeJS.Timeout | null = null;

  constructor(o: SocialOptions) {
    this.games = o.games;
    this.hub = o.hub;
    this.publish = o.publish;
    this.warn = o.warn;
    this.now = o.now ?? Date.now;
    const store = o.games.table.store;
    const rated = async (id: string): Promise<boolean> => (await store.social.meta.ratedOf([id])).has(id);
    this.chat = new Chat(store, this.now);
    this.ratings = new Ratings(store.social, this.now);
    this.rematches = new Rematches(store.social.rematches, o.games.lobby, this.now, rated);
    this.seeks = new Seeks(store.seeks, store.social.meta, o.games, this.now, () => this.signal(SEEKS));
    this.lobby = new LobbyHub(o.games, this.seeks, this.now, o.warn);
    o.games.lobby.hooks = {
      created: async (id, body) => {
        if (body.rated || body.rematchOf) await store.social.meta.add(id, { rated: body.rated === true, rematchOf: body.rematchOf ?? null });
        // A new open game: every lobby hears of it (creating does not bump a version, so no change event).
        this.signal(id);
      },
      beforeBotSeat: async (id) => {
        if (await rated(id)) throw unprocessable('rated-people-only', 'A rated game is for people only: no bot seats.');
      },
    };
  }

  /** Every committed change of a game in this process. */
  gameChanged(row: GameRow): void {
    this.lobby.gameChanged(row.id, row);
    if (row.status === 'finished') {
      // Once written, the game's sockets hear of the rating change (pushSocial).
      void this.ratings.finished(row).then((done) => { if (done) this.signal(SOCIAL + row.id); })
        .catch((e: unknown) => this.warn({ err: e, gameId: row.id }, 'rating update failed'));
    }
  }

  /** A change announced by another process. */
  remote(id: string): void {
    if (id === SEEKS) this.lobby.seeksChanged();
    else if (id.startsWith(SOCIAL)) void this.pushSocial(id.slice(SOCIAL.length));
    else this.lobby.gameChanged(id, null);
  }

  private signal(id: string): void {
    this.publish(id, -1);
    this.remote(id);
  }

  // ---- the game socket ----

  /** A game socket opened or asked for `sync`: all of its chat, the rematch offer and (finished games) the rating change. */
  async opened(c: LiveConn): Promise<void> {
    const lines = await this.chat.lines(c.gameId, c.user);
    const rematch = await this.rematches.of(c.gameId);
    const ratings = await this.ratingsOf(c.gameId);
    this.sent.set(c, { chat: lines.at(-1)?.id ?? 0, rematch: JSON.stringify(rematch), ratings: JSON.stringify(ratings) });
    send(c.ws, { type: 'chat', whole: true, lines });
    if (rematch) send(c.ws, { type: 'rematch', rematch });
    if (ratings) send(c.ws, { type: 'ratings', ratings });
  }

  /** A finished game's rating change (null: not finished). */
  private async ratingsOf(gameId: string): Promise<GameRatingsT | null> {
    const row = await this.games.table.store.getGame(gameId);
    return row?.status === 'finished' ? this.ratings.ofGame(row) : null;
  }

  /** A `chat` or `rematch` frame; returns the game's version (unchanged) for the ack. */
  async message(c: LiveConn, msg: SocialMessage): Promise<number> {
    const row = await this.games.table.store.getGame(c.gameId);
    if (!row) throw notFound('game-not-found', `No game "${c.gameId}".`);
    if (msg.type === 'chat') await this.chat.post(c.user, row, msg.text);
    else {
      // A rematch is an invitation: not between players who blocked each other.
      if (c.user && (msg.op === 'offer' || msg.op === 'accept')) await refuseBlockedIn(this.games.table.store, row, c.user.id, 'No rematch: one of you blocked the other.');
      await this.rematches.act(c.user, row, msg.op);
    }
    this.signal(SOCIAL + c.gameId);
    return row.version;
  }

  /** Pushes each socket of this process on `gameId` its new chat lines and a changed rematch offer. */
  private async pushSocial(gameId: string): Promise<void> {
    try {
      const conns = this.hub.watchers(gameId);
      if (conns.length === 0) return;
      const rematch: RematchT | null = await this.rematches.of(gameId);
      const rematchKey = JSON.stringify(rematch);
      const ratings = await this.ratingsOf(gameId);
      const ratingsKey = JSON.stringify(ratings);
      for (const c of conns) {
        const s = this.sent.get(c);
        if (!s) continue;
        const lines = await this.chat.lines(gameId, c.user, s.chat);
        if (lines.length) {
          s.chat = lines.at(-1)!.id;
          send(c.ws, { type: 'chat', whole: false, lines });
        }
        if (s.rematch !== rematchKey) {
          s.rematch = rematchKey;
          send(c.ws, { type: 'rematch', rematch });
        }
        if (ratings && s.ratings !== ratingsKey) {
          s.ratings = ratingsKey;
          send(c.ws, { type: 'ratings', ratings });
        }
      }
    } catch (e) {
      this.warn({ err: e, gameId }, 'social push failed');
    }
  }

  // ---- reads for the REST routes ----

  async profile(name: string): Promise<ProfileT> {
    const u = await this.games.table.store.findUserByNameKey(nameKeyOf(name));
    if (!u) throw notFound('user-not-found', `No user "${name}".`);
    const store = this.games.table.store;
    const created = await store.social.profiles.since(u.id);
    const done = await store.social.profiles.finishedSeats(u.id);
    // Per game id: games with a result (aborted and expired ones do not count), and those where one of the user's seats won.
    const stats = new Map<string, { played: Set<string>; won: Set<string> }>();
    for (const r of done) {
      const o = r.outcome;
      if (!o || o.reason === 'aborted' || o.reason === 'expired') continue;
      let e = stats.get(r.game);
      if (!e) stats.set(r.game, (e = { played: new Set(), won: new Set() }));
      e.played.add(r.gameId);
      if (o.winners.includes(r.role)) e.won.add(r.gameId);
    }
    const current = [...(await store.listGames({ status: 'active', userId: u.id, limit: 50 })), ...(await store.listGames({ status: 'open', userId: u.id, limit: 50 }))];
    const finished = await store.listGames({ status: 'finished', userId: u.id, limit: 50 });
    const rated = await store.social.meta.ratedOf([...current, ...finished].map((r) => r.id));
    return {
      name: u.name, since: new Date(created!).toISOString(),
      stats: [...stats].map(([game, e]) => ({ game, played: e.played.size, won: e.won.size })).sort((a, b) => a.game.localeCompare(b.game)),
      ratings: await this.ratings.of(u.id),
      current: current.map((r) => profileGame(this.games.views, r, rated.has(r.id), u.id)),
      finished: finished.map((r) => profileGame(this.games.views, r, rated.has(r.id), u.id)),
    };
  }

  /** A finished game's rating change (REST: the same as the socket's `ratings` message). */
  async gameRatings(gameId: string): Promise<GameRatingsT> {
    const row = await this.games.table.store.getGame(gameId);
    if (!row) throw notFound('game-not-found', `No game "${gameId}".`);
    if (row.status !== 'finished') throw conflict('game-not-finished', 'The game is not over.');
    return this.ratings.ofGame(row);
  }

  /** A user's rating after each of their newest rated games of `game`. */
  async ratingHistory(name: string, game: string, limit: number): Promise<RatingHistoryT> {
    if (!getGame(game)) throw notFound('unknown-game', `No game "${game}".`);
    const u = await this.games.table.store.findUserByNameKey(nameKeyOf(name));
    if (!u) throw notFound('user-not-found', `No user "${name}".`);
    return this.ratings.history(u.id, game, limit);
  }

  async leaderboard(game: string): Promise<{ game: string; players: Awaited<ReturnType<Ratings['leaderboard']>> }> {
    if (!getGame(game)) throw notFound('unknown-game', `No game "${game}".`);
    return { game, players: await this.ratings.leaderboard(game, 100) };
  }

  /** A game's chat as `reader` may read it (the replay shows each line after `seq` actions). */
  async chatOf(gameId: string, reader: UserRow | null): Promise<{ lines: Awaited<ReturnType<Chat['lines']>> }> {
    if (!(await this.games.table.store.getGame(gameId))) throw notFound('game-not-found', `No game "${gameId}".`);
    return { lines: await this.chat.lines(gameId, reader) };
  }

  // ---- seeks' upkeep ----

  /** Every few seconds: expire old seeks, recover pairings a crash left half done, and pair any compatible ones left. */
  start(everyMs = 5000): void {
    let busy = false;
    this.timer = setInterval(() => {
      if (busy) return;
      busy = true;
      this.seeks.expire().then(() => this.seeks.recover()).then(() => this.seeks.pairAll()).catch((e: unknown) => this.warn({ err: e }, 'seek sweep failed')).finally(() => { busy = false; });
    }, everyMs);
    this.timer.unref();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.lobby.closeAll();
  }
}
