import type { Role } from '@tabula/engine';
import { MAX_OPEN_GAMES_PER_ACCOUNT, OPEN_GAME_COUNTS_MS } from '@tabula/protocol';
import { catalog, getGame, type CatalogEntry } from '@tabula/games';
import { botNames } from '@tabula/bots';
import { ApiError, conflict, forbidden, notFound, unauthorized, unprocessable } from '../http/errors.js';
import { newGameId, newSeed } from '../accounts/passwords.js';
import { changeEvents } from '../notify/events.js';
import type { GameStatus, UserRow } from '../store/index.js';
import { newClock } from './clock.js';
import type { GameEvents } from './events.js';
import { validateGameOptions, type CreateGameBody } from './options.js';
import { setupOptionsOfRow, type GameTable } from './table.js';
import type { GameState, GameSummary, SeatViews } from './views.js';

/** What the social room adds to creating a game and taking a seat. */
export interface LobbyHooks {
  /** After the game's row exists (records `rated`, a rematch's origin). */
  created?(id: string, body: CreateGameBody): Promise<void>;
  /** Before a seat is given to a bot: throws to refuse (rated games are for people only). */
  beforeBotSeat?(gameId: string): Promise<void>;
  /** Before a person takes a seat: throws to refuse (blocks). */
  beforeUserSeat?(gameId: string, user: UserRow): Promise<void>;
}

export interface LobbyOptions {
  now?: () => number;
  /** Open games one account may have created at once (default MAX_OPEN_GAMES_PER_ACCOUNT; false: no cap). */
  openGamesPerAccount?: number | false;
}

/** The catalog, new games, the lists of games, and seats. */
export class Lobby {
  private readonly now: () => number;
  private readonly openGamesCap: number | false;
  /** Set by the social room (app.ts). */
  hooks: LobbyHooks = {};
  /** Counts a new game against its account's per-minute creation limit (throws 429 past it); set by app.ts. */
  creationLimit: (user: UserRow) => Promise<void> = () => Promise.resolve();

  constructor(private readonly table: GameTable, private readonly views: SeatViews, private readonly events: GameEvents, opts: LobbyOptions = {}) {
    this.now = opts.now ?? Date.now;
    this.openGamesCap = opts.openGamesPerAccount ?? MAX_OPEN_GAMES_PER_ACCOUNT;
  }

  /** The games' catalog entries, each with the bot names a seat may be given to. */
  catalog(): (CatalogEntry & { bots: string[] })[] {
    const bots = botNames();
    return catalog().map((e) => ({ ...e, bots }));
  }

  /**
   * `id`: chosen by the caller (a seek pairing records it before the game exists, for its crash recovery).
   * Every new game, rematches and seek pairings included, counts against the creation limit of `countedFor`
   * (the creator unless told: a rematch is counted for who offered it, while its creator stays the original
   * game's, who uploaded its decks). `openCap: false`: not held to the open games cap (a tournament's games).
   */
  async createGame(user: UserRow | null, body: CreateGameBody, id = newGameId(), countedFor: UserRow | null = user, opts: { openCap?: boolean } = {}): Promise<{ id: string }> {
    if (!user) throw unauthorized();
    if (countedFor) await this.creationLimit(countedFor);
    const game = getGame(body.game);
    if (!game) throw unprocessable('unknown-game', `No game "${body.game}".`);
    if (body.learning === true && body.rated === true) throw unprocessable('learning-unrated', 'A learning game (hints and the bots\' reasons) is never rated: ask for one or the other.');
    const seed = newSeed();
    const { options, roles, active } = validateGameOptions(game, body, seed);
    const scenario = options.scenario ?? game.scenarios[0]!;
    const store = this.table.store;
    return this.table.withLock(`creator:${user.id}`, async () => {
      // A tournament's games are made in its organiser's name and seated at once: they do not count.
      const cap = opts.openCap === false ? false : this.openGamesCap;
      // Games nobody joined stop counting after a while, so an account is never stuck at the cap.
      if (cap !== false && (await store.countOpenGamesBy(user.id, this.now() - OPEN_GAME_COUNTS_MS)) >= cap) {
        throw new ApiError(429, 'too-many-open-games', `You have ${cap} open games from the last ${OPEN_GAME_COUNTS_MS / 3_600_000} hours waiting for players: start some first.`);
      }
      const timeControl = body.timeControl ?? { kind: 'none' };
      const now = this.now();
      await store.createGame({
        id, game: game.id, scenario, players: options.players ?? null, variants: options.variants ?? null, seed,
        roles, activeRoles: active, createdBy: user.id, now, timeControl, clock: newClock(timeControl, roles, now),
        ...(body.learning === true ? { learning: true } : {}),
      });
      await this.hooks.created?.(id, body);
      return { id };
    });
  }

  async list(user: UserRow | null, status: GameStatus, mine: boolean, limit: number): Promise<GameSummary[]> {
    if (mine && !user) throw unauthorized();
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new ApiError(400, 'bad-request', 'limit must be an integer from 1 to 200.');
    const store = this.table.store;
    const rows = await store.listGames({ status, limit, ...(mine && user ? { userId: user.id } : {}) });
    if (user && status === 'active' && !mine) {
      // Make sure the caller's own games are listed even when older than the newest `limit`.
      const own = await store.listGames({ status, limit, userId: user.id });
      const seen = new Set(rows.map((r) => r.id));
      for (const r of own) if (!seen.has(r.id)) rows.push(r);
    }
    const out = rows.map((r) => this.views.summary(r, user));
    // Your turn first, then the most recently changed.
    out.sort((a, b) => Number(b.yourTurn) - Number(a.yourTurn) || b.updatedAt.localeCompare(a.updatedAt));
    return out.slice(0, limit);
  }

  /**
   * `assigned`: the seat is given by a pairing (a tournament round), not chosen, so a block between its players does
   * not refuse it (chat between them stays blocked); a round must be able to seat everyone it paired.
   */
  async takeSeat(user: UserRow | null, id: string, role: Role, bot?: string, assigned = false): Promise<GameState> {
    if (!user) throw unauthorized();
    const row0 = await this.table.loadRow(id);
    if (bot !== undefined) {
      if (!botNames().includes(bot)) throw unprocessable('unknown-bot', `No bot "${bot}" (${botNames().join(', ')}).`);
      const seated = row0.seats.some((s) => s.userId === user.id);
      if (row0.createdBy !== user.id && !seated) throw forbidden('not-allowed', 'Only the game\'s creator or a seated player may give a seat to a bot.');
      await this.hooks.beforeBotSeat?.(id);
    } else {
      // A learning game is one person against bots: every other seat goes to a bot.
      if (row0.learning && row0.seats.some((s) => s.userId !== null && s.userId !== user.id)) {
        throw conflict('learning-game', 'This is a learning game: its other seats are for bots only.');
      }
      if (!assigned) await this.hooks.beforeUserSeat?.(id, user);
    }
    const game = this.table.gameOf(row0);
    const active = game.active(game.setup(setupOptionsOfRow(row0)));
    const r = await this.table.store.takeSeat(id, role, bot !== undefined ? { bot } : { userId: user.id }, active, this.now(),
      (g) => changeEvents(g, { status: 'open', activeRoles: [] }, g, user.id));
    if (!r.ok) {
      if (r.reason === 'missing') throw notFound('game-not-found', `No game "${id}".`);
      if (r.reason === 'no-role') throw unprocessable('unknown-role', `This game has no seat "${role}" (${row0.seats.map((s) => s.role).join(', ')}).`);
      if (r.reason === 'not-open') throw conflict('game-not-open', 'The game has already started.');
      throw conflict('seat-taken', `The seat "${role}" is taken.`);
    }
    this.events.changed(r.game);
    const rg = await this.table.sync(r.game);
    return this.views.stateFor(r.game, rg, user, bot === undefined ? role : undefined);
  }
}
