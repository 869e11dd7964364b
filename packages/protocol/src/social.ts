import { Type, type Static } from '@sinclair/typebox';
import { CHAT_MAX_CHARS, RATING_HISTORY_LIMIT } from './limits.js';
import type { OutcomeT, TimeControlT } from './play.js';
import type { GameTournamentT, TournamentSummaryT } from './tournaments.js';

/**
 * The social side of the wire: chat (on the game socket), rematch offers, profiles, ratings,
 * the live lobby (its own socket) and seeks (quick pairing). See docs/api.md.
 */

const Ref = Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Number()]));

export const ChatChannel = Type.Union([Type.Literal('players'), Type.Literal('spectators')], {
  description: 'players: the seated players\' channel; spectators: everyone else\'s (players may hide it)',
});
export type ChatChannelT = Static<typeof ChatChannel>;

export const ChatLine = Type.Object({
  id: Type.Integer({ description: 'increasing per server; a client keeps the lines it has by id' }),
  seq: Type.Integer({ description: 'log position when it was written: the number of actions played then (the replay shows it after that many actions)' }),
  channel: ChatChannel,
  user: Type.String({ description: 'the writer\'s account name' }),
  role: Type.Union([Type.String(), Type.Null()], { description: 'the writer\'s seat, null for a spectator' }),
  text: Type.String({ description: 'plain text (control, bidi and zero-width characters stripped); render as text, never HTML' }),
  at: Type.Number({ description: 'ms since 1970' }),
});
export type ChatLineT = Static<typeof ChatLine>;

export const ClientChat = Type.Object({
  type: Type.Literal('chat'), ref: Ref,
  text: Type.String({ minLength: 1, maxLength: CHAT_MAX_CHARS * 4, description: `at most ${CHAT_MAX_CHARS} characters once cleaned` }),
}, { additionalProperties: false, description: 'writes to the writer\'s channel: players to "players", everyone else to "spectators"; answered by an ack (version: the game\'s, unchanged)' });
export const ClientRematch = Type.Object({
  type: Type.Literal('rematch'), ref: Ref,
  op: Type.Union([Type.Literal('offer'), Type.Literal('accept'), Type.Literal('decline'), Type.Literal('cancel')]),
}, { additionalProperties: false, description: 'after the game: offer a rematch (same settings, seats rotated), accept or decline the other player\'s offer, or take back your own' });

export const ServerChat = Type.Object({
  type: Type.Literal('chat'),
  whole: Type.Boolean({ description: 'true: these are all the lines (on connect and sync); false: new lines to append' }),
  lines: Type.Array(ChatLine),
});
export type ServerChatT = Static<typeof ServerChat>;

export const Rematch = Type.Object({
  by: Type.String({ description: 'account name of who offered' }),
  status: Type.Union([Type.Literal('offered'), Type.Literal('accepted'), Type.Literal('declined'), Type.Literal('cancelled')]),
  game: Type.Union([Type.String(), Type.Null()], { description: 'the new game once accepted' }),
});
export type RematchT = Static<typeof Rematch>;
export const ServerRematch = Type.Object({
  type: Type.Literal('rematch'),
  rematch: Type.Union([Rematch, Type.Null()]),
}, { description: 'the game\'s rematch offer, pushed on connect (finished games) and whenever it changes; accepted: both pages move to `game`' });
export type ServerRematchT = Static<typeof ServerRematch>;

export const MuteBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });
export type MuteBodyT = Static<typeof MuteBody>;
export const MuteList = Type.Object({ muted: Type.Array(Type.String()) });
export type MuteListT = Static<typeof MuteList>;
export const ChatReply = Type.Object({ lines: Type.Array(ChatLine) });
export type ChatReplyT = Static<typeof ChatReply>;

export const Rating = Type.Object({
  game: Type.String(),
  rating: Type.Number(), rd: Type.Number(), vol: Type.Number(),
  games: Type.Integer({ description: 'rated games counted' }),
  provisional: Type.Boolean({ description: 'rd above PROVISIONAL_RD' }),
});
export type RatingT = Static<typeof Rating>;

export const GameRatingPlayer = Type.Object({
  role: Type.String(), user: Type.String({ description: 'the account name' }),
  before: Type.Number(), after: Type.Number(),
  weight: Type.Number({ description: 'how much the game counted: 1 in full, less for repeated games between one pair, 0 not at all' }),
});
export const GameRatings = Type.Object({
  status: Type.Union([Type.Literal('unrated'), Type.Literal('pending'), Type.Literal('rated')], {
    description: 'unrated: the game changes no rating (not rated, no result, a bot seat, or a result before every seat acted); pending: rated, not yet written; rated: `players` holds the change',
  }),
  players: Type.Array(GameRatingPlayer, { description: 'one per seat, once rated' }),
}, { description: 'what a finished game did to its players\' ratings' });
export type GameRatingsT = Static<typeof GameRatings>;
export const ServerRatings = Type.Object({
  type: Type.Literal('ratings'),
  ratings: GameRatings,
}, { description: 'a finished game\'s rating change, pushed on connect and once it is written' });
export type ServerRatingsT = Static<typeof ServerRatings>;

export const RatingHistoryQuery = Type.Object({
  game: Type.String({ minLength: 1, maxLength: 64 }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: RATING_HISTORY_LIMIT.max, description: `default ${RATING_HISTORY_LIMIT.default}` })),
}, { additionalProperties: false });
export type RatingHistoryQueryT = Static<typeof RatingHistoryQuery>;
export const RatingHistory = Type.Object({
  game: Type.String(),
  entries: Type.Array(Type.Object({
    gameId: Type.String(), at: Type.String({ description: 'when it was rated (ISO date)' }),
    rating: Type.Number({ description: 'the rating after the game' }), change: Type.Number(), weight: Type.Number(),
    opponents: Type.Array(Type.String(), { description: 'the other players\' account names' }),
  }), { description: 'newest first' }),
});
export type RatingHistoryT = Static<typeof RatingHistory>;

export const LobbyGame = Type.Object({
  id: Type.String(), game: Type.String(), scenario: Type.String(), players: Type.Union([Type.Integer(), Type.Null()]),
  status: Type.String(),
  seats: Type.Array(Type.Object({ role: Type.String(), user: Type.Union([Type.String(), Type.Null()]), bot: Type.Union([Type.String(), Type.Null()]) })),
  active: Type.Array(Type.String()),
  outcome: Type.Unknown({ description: 'as in the game state; null until finished' }),
  winners: Type.Array(Type.String(), { description: 'account or bot names of the winners (finished games)' }),
  timeControl: Type.Unknown({ description: 'the TimeControl' }),
  rated: Type.Boolean(),
  createdAt: Type.String(), updatedAt: Type.String(),
  tournament: Type.Optional(Type.Object({ id: Type.String(), name: Type.String(), round: Type.Integer() }, { description: 'the tournament the game belongs to (its page: /tournaments/<id>)' })),
});
export type LobbyGameT = Omit<Static<typeof LobbyGame>, 'timeControl' | 'outcome'> & { timeControl: TimeControlT; outcome: OutcomeT | null; tournament?: GameTournamentT };

export const ProfileGame = Type.Composite([LobbyGame, Type.Object({
  roles: Type.Array(Type.String(), { description: 'the profile owner\'s seats' }),
  result: Type.Union([Type.Literal('won'), Type.Literal('lost'), Type.Literal('none'), Type.Null()], { description: 'the owner\'s result (none: no winner); null while playing' }),
})]);
export type ProfileGameT = LobbyGameT & { roles: string[]; result: 'won' | 'lost' | 'none' | null };

export const Profile = Type.Object({
  name: Type.String(),
  since: Type.String({ description: 'account created (ISO date)' }),
  stats: Type.Array(Type.Object({ game: Type.String(), played: Type.Integer(), won: Type.Integer() }), { description: 'finished games per game id (aborted and expired games do not count)' }),
  ratings: Type.Array(Rating),
  current: Type.Array(ProfileGame),
  finished: Type.Array(ProfileGame, { description: 'the newest 50' }),
});
export type ProfileT = Omit<Static<typeof Profile>, 'current' | 'finished'> & { current: ProfileGameT[]; finished: ProfileGameT[] };

export const NameParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 64 }) });
export type NameParamsT = Static<typeof NameParams>;
export const GameIdParams = Type.Object({ game: Type.String({ minLength: 1, maxLength: 64 }) });
export type GameIdParamsT = Static<typeof GameIdParams>;

export const Leaderboard = Type.Object({
  game: Type.String(),
  players: Type.Array(Type.Object({ name: Type.String(), rating: Type.Number(), rd: Type.Number(), games: Type.Integer(), provisional: Type.Boolean() })),
}, { description: 'highest rating first; provisional ratings are listed after the established ones' });
export type LeaderboardT = Static<typeof Leaderboard>;

export const Seek = Type.Object({
  id: Type.String(), user: Type.String(), game: Type.String(), scenario: Type.String(),
  timeControl: Type.Unknown({ description: 'the TimeControl' }), rated: Type.Boolean(),
  status: Type.Union([Type.Literal('open'), Type.Literal('paired'), Type.Literal('cancelled'), Type.Literal('expired')]),
  gameId: Type.Union([Type.String(), Type.Null()], { description: 'the game made when paired' }),
  createdAt: Type.String(), expiresAt: Type.String(),
});
export type SeekT = Omit<Static<typeof Seek>, 'timeControl'> & { timeControl: TimeControlT };
export const SeekList = Type.Object({ seeks: Type.Array(Seek) });
export type SeekListT = Omit<Static<typeof SeekList>, 'seeks'> & { seeks: SeekT[] };
export const SeekParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type SeekParamsT = Static<typeof SeekParams>;

/** Pushed on the lobby socket GET /api/lobby/live. */
export type LobbyMessageT =
  | { type: 'lobby'; games: LobbyGameT[]; seeks: SeekT[]; tournaments: TournamentSummaryT[] }
  | { type: 'tournament'; tournament: TournamentSummaryT }
  | { type: 'game'; game: LobbyGameT }
  | { type: 'seeks'; seeks: SeekT[] }
  | { type: 'paired'; seek: string; game: string }
  | { type: 'error'; status: number; error: { code: string; message: string } };
