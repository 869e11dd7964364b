/**
 * Tournaments (docs/api.md "Tournaments"): formats, creation, standings, rounds, brackets. Against the brief's
 * contract: a tournament's standings are `standings` (its `players` stays the count of the summary), their type is
 * `TournamentStandingT` (moderation owns `StandingT`); additions: summary `allowBots`, `sides`, `tableSize`;
 * standing `eliminated`, `tieBreaks.tablePoints`; round `deadline`; `champion`; `you.canWithdraw`, `canCancel`,
 * `coolingOffUntil`; `GET /api/games/:id/tournament` and lobby games' `tournament` for the board's link back.
 */
import { Type, type Static } from '@sinclair/typebox';
import { TimeControl, type TimeControlT } from './play.js';
import { TOURNAMENT_CAPACITY, TOURNAMENT_NAME_MAX, TOURNAMENT_ROUNDS, TOURNAMENT_TABLE_SIZE, TOURNAMENT_LIST_LIMIT } from './limits.js';

export const TournamentFormat = Type.Union([
  Type.Literal('swiss'), Type.Literal('single-elimination'), Type.Literal('double-elimination'), Type.Literal('round-robin'),
], { description: 'swiss: a set number of rounds paired by score then rating; elimination: seeded by rating, byes to the top seeds; round-robin: everyone meets everyone (2-10 players)' });
export type TournamentFormatT = Static<typeof TournamentFormat>;

export const TournamentStatus = Type.Union([Type.Literal('open'), Type.Literal('running'), Type.Literal('finished'), Type.Literal('cancelled')]);
export type TournamentStatusT = Static<typeof TournamentStatus>;

export const TournamentSides = Type.Union([Type.Literal('balanced'), Type.Literal('both')], {
  description: 'balanced: one game per pairing, each player\'s sides alternate over the rounds (counts differ by at most 1 where pairing allows); both: every pairing is a two-game match, one game on each side, scored together. Default: balanced for swiss and round-robin, both for elimination',
});
export type TournamentSidesT = Static<typeof TournamentSides>;

export const Capacity = Type.Object({
  min: Type.Integer({ minimum: TOURNAMENT_CAPACITY.min, maximum: TOURNAMENT_CAPACITY.max }),
  max: Type.Integer({ minimum: TOURNAMENT_CAPACITY.min, maximum: TOURNAMENT_CAPACITY.max }),
}, { additionalProperties: false, description: `players: the tournament is cancelled when fewer than min joined at its start; at most max join (${TOURNAMENT_CAPACITY.min}-${TOURNAMENT_CAPACITY.max})` });
export type CapacityT = Static<typeof Capacity>;

export const CreateTournament = Type.Object({
  name: Type.String({ minLength: 1, maxLength: TOURNAMENT_NAME_MAX * 4, description: `at most ${TOURNAMENT_NAME_MAX} characters once cleaned` }),
  game: Type.String({ minLength: 1, maxLength: 64 }),
  scenario: Type.Optional(Type.String({ maxLength: 64 })),
  variants: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { description: 'checked against the game\'s variant list, as for a game' })),
  format: TournamentFormat,
  rounds: Type.Optional(Type.Integer({ minimum: TOURNAMENT_ROUNDS.min, maximum: TOURNAMENT_ROUNDS.max, description: 'swiss only (required there); other formats derive it' })),
  tableSize: Type.Optional(Type.Integer({ minimum: TOURNAMENT_TABLE_SIZE.min, maximum: TOURNAMENT_TABLE_SIZE.max, description: 'games of 3-5 players (Carcassonne): players per table; swiss only (tables by score)' })),
  timeControl: TimeControl,
  rated: Type.Boolean(),
  capacity: Capacity,
  startsAt: Type.String({ minLength: 10, maxLength: 40, description: 'ISO date-time, in the future (at most 60 days ahead)' }),
  allowBots: Type.Optional(Type.Boolean({ description: 'bots may be entered by the organiser (default false); never in rated tournaments' })),
  sides: Type.Optional(TournamentSides),
}, { additionalProperties: false });
export type CreateTournamentT = Static<typeof CreateTournament>;

export const TournamentListQuery = Type.Object({
  status: Type.Optional(Type.Union([Type.Literal('upcoming'), Type.Literal('running'), Type.Literal('finished')], { default: 'upcoming' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: TOURNAMENT_LIST_LIMIT.max, default: TOURNAMENT_LIST_LIMIT.default })),
}, { additionalProperties: false });
export type TournamentListQueryT = Static<typeof TournamentListQuery>;

export const TournamentParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) });
export type TournamentParamsT = Static<typeof TournamentParams>;

export const JoinTournament = Type.Object({
  bot: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'the organiser enters this bot instead of joining (allowBots tournaments)' })),
}, { additionalProperties: false });
export type JoinTournamentT = Static<typeof JoinTournament>;

export const TournamentSummary = Type.Object({
  id: Type.String(), name: Type.String(), game: Type.String(), scenario: Type.Optional(Type.String()),
  format: TournamentFormat, status: TournamentStatus,
  startsAt: Type.String({ description: 'ISO date-time' }),
  players: Type.Integer({ description: 'joined and not withdrawn' }),
  capacity: Capacity,
  rounds: Type.Integer({ description: 'rounds planned (elimination and round robin: known once started; 0 before)' }),
  round: Type.Integer({ description: 'the round being played (0 before the start)' }),
  organiser: Type.String({ description: 'account name' }),
  timeControl: Type.Unknown({ description: 'the TimeControl of its games' }),
  rated: Type.Boolean(),
  allowBots: Type.Boolean(),
  sides: TournamentSides,
  tableSize: Type.Optional(Type.Integer()),
  version: Type.Integer({ description: 'grows on every change; a page refetches the tournament when it grows' }),
});
export type TournamentSummaryT = Omit<Static<typeof TournamentSummary>, 'timeControl'> & { timeControl: TimeControlT };

export const TournamentStanding = Type.Object({
  rank: Type.Integer({ description: '1-based; equal standings (score and tie-breaks) share a rank' }),
  name: Type.String({ description: 'account or bot name' }),
  rating: Type.Number({ description: 'the rating the player was seeded with' }),
  score: Type.Number({ description: 'win 1, draw 0.5, loss 0, bye 1 (Carcassonne tables: see docs/api.md)' }),
  tieBreaks: Type.Object({
    buchholz: Type.Optional(Type.Number({ description: 'sum of the opponents\' scores (a bye counts nothing)' })),
    sonnebornBerger: Type.Optional(Type.Number({ description: 'sum of the scores of opponents beaten plus half those drawn' })),
    tablePoints: Type.Optional(Type.Number({ description: 'tables of 3-5: the game points scored, summed' })),
  }),
  played: Type.Integer({ description: 'games (pairings) played, byes not counted' }),
  withdrawn: Type.Boolean(),
  eliminated: Type.Optional(Type.Boolean({ description: 'elimination formats: out' })),
  bot: Type.Optional(Type.Boolean()),
});
export type TournamentStandingT = Static<typeof TournamentStanding>;

export const PairingGame = Type.Object({
  id: Type.String({ description: 'the game (spectate at /games/<id>)' }),
  status: Type.String({ description: 'the game\'s status: open, active, finished, ...' }),
  winners: Type.Optional(Type.Array(Type.String(), { description: 'names of the winners once finished' })),
  sides: Type.Optional(Type.Record(Type.String(), Type.String(), { description: 'player name -> the seat (side) they play' })),
});
export type PairingGameT = Static<typeof PairingGame>;

export const Pairing = Type.Object({
  table: Type.Integer({ description: '1-based within the round' }),
  players: Type.Array(Type.String(), { description: 'names, in seat order of the first game' }),
  bye: Type.Optional(Type.Boolean({ description: 'a bye: one player, no game, scored as a win' })),
  games: Type.Array(PairingGame),
  points: Type.Array(Type.Number(), { description: 'per player (same order): the tournament points this pairing gave; zeros until done' }),
  result: Type.Optional(Type.Union([Type.Literal('done'), Type.Literal('forfeit')], { description: 'absent while playing; forfeit: decided by a forfeit (a player did not start, withdrew, or the round deadline passed)' })),
});
export type PairingT = Static<typeof Pairing>;

export const Round = Type.Object({
  number: Type.Integer(),
  status: Type.Union([Type.Literal('playing'), Type.Literal('finished')]),
  deadline: Type.Optional(Type.String({ description: 'correspondence: games not started by then are forfeits (ISO)' })),
  pairings: Type.Array(Pairing),
});
export type RoundT = Static<typeof Round>;

export const BracketMatch = Type.Object({
  players: Type.Array(Type.Union([Type.String(), Type.Null()]), { description: 'two names; null: not known yet, or a bye' }),
  winner: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  round: Type.Optional(Type.Integer({ description: 'the tournament round it was played in' })),
  table: Type.Optional(Type.Integer({ description: 'its pairing\'s table in that round' })),
});
export type BracketMatchT = Static<typeof BracketMatch>;
export const BracketRound = Type.Object({ matches: Type.Array(BracketMatch) });
export type BracketRoundT = Static<typeof BracketRound>;
export const Bracket = Type.Object({
  winners: Type.Array(BracketRound, { description: 'the winners\' (main) bracket, first round first' }),
  losers: Type.Optional(Type.Array(BracketRound, { description: 'double elimination: the losers\' bracket' })),
  final: Type.Optional(Type.Object({ matches: BracketRound.properties.matches }, { description: 'double elimination: the grand final (a second match when the losers\' bracket winner wins the first)' })),
});
export type BracketT = Static<typeof Bracket>;

export const TournamentYou = Type.Object({
  joined: Type.Boolean(), withdrawn: Type.Boolean(),
  canJoin: Type.Boolean(), canWithdraw: Type.Boolean(), canStart: Type.Boolean(), canCancel: Type.Boolean(),
  coolingOffUntil: Type.Optional(Type.String({ description: 'after a forfeit: no joining before this (ISO)' })),
});
export type TournamentYouT = Static<typeof TournamentYou>;

export const Tournament = Type.Composite([TournamentSummary, Type.Object({
  standings: Type.Array(TournamentStanding, { description: 'ordered by rank' }),
  roundsPlayed: Type.Array(Round),
  bracket: Type.Optional(Bracket),
  champion: Type.Optional(Type.String({ description: 'finished: the winner' })),
  you: Type.Optional(TournamentYou),
})]);
export type TournamentT = TournamentSummaryT & {
  standings: TournamentStandingT[]; roundsPlayed: RoundT[]; bracket?: BracketT; champion?: string; you?: TournamentYouT;
};
export const TournamentList = Type.Object({ tournaments: Type.Array(TournamentSummary) });
export type TournamentListT = { tournaments: TournamentSummaryT[] };

/** What a game of a tournament carries in its lobby and game views (the board page links back). */
export const GameTournament = Type.Object({ id: Type.String(), name: Type.String(), round: Type.Integer() });
export type GameTournamentT = Static<typeof GameTournament>;

/** tournament-round and tournament-finished notifications: which tournament (gameId: the recipient's game of the round). */
export const NotificationTournament = Type.Object({
  id: Type.String(), name: Type.String(), round: Type.Integer(),
  rank: Type.Optional(Type.Integer({ description: 'tournament-finished: the recipient\'s final rank' })),
  players: Type.Optional(Type.Integer({ description: 'tournament-finished: how many players were ranked' })),
}, { description: 'tournament-round: "Round {round} of {name} has started: your game against {opponents}"; tournament-finished: "{name} has finished: you placed {rank} of {players}"' });
export type NotificationTournamentT = Static<typeof NotificationTournament>;
/** GET /api/games/:id/tournament. */
export const GameTournamentReply = Type.Object({ tournament: Type.Union([GameTournament, Type.Null()]) });
export type GameTournamentReplyT = Static<typeof GameTournamentReply>;
