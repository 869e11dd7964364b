import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';

import { MAX_CREATE_BODY_BYTES, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, MIN_PASSWORD_SCORE, NAME_MAX_LENGTH, NAME_MIN_LENGTH } from './limits.js';

export * from './limits.js';

/**
 * @tabula/protocol: the one wire between server and clients. JSON Schemas (TypeBox) of every REST body
 * and reply and every WebSocket message, with their static types. The server validates requests and
 * builds the OpenAPI document from them; the web client and the CLI use the types. One name per field.
 */

export const ErrorReply = Type.Object({
  error: Type.Object({ code: Type.String(), message: Type.String() }),
}, { $id: 'Error', description: 'Every error: a stable code and a readable message.' });

const Name = Type.String({ maxLength: 64, description: `${NAME_MIN_LENGTH}-${NAME_MAX_LENGTH} letters, digits, "_", "." or "-" (after NFKC); unique ignoring case and look-alike characters` });
const Password = Type.String({ maxLength: MAX_PASSWORD_LENGTH, description: `at least ${MIN_PASSWORD_LENGTH} characters, no control characters, zxcvbn score ${MIN_PASSWORD_SCORE} or more (not guessable, not the name)` });
export const Credentials = Type.Object({ name: Name, password: Password }, { additionalProperties: false });
export type CredentialsT = Static<typeof Credentials>;
export const TokenReply = Type.Object({ token: Type.String(), name: Type.String() });

export const Me = Type.Object({ name: Type.String() });
export type MeT = Static<typeof Me>;
export type TokenReplyT = Static<typeof TokenReply>;

export const Health = Type.Object({ ok: Type.Boolean(), version: Type.String() });
export type HealthT = Static<typeof Health>;

const VariantSpec = Type.Object({ key: Type.String(), default: Type.Unknown(), values: Type.Optional(Type.Array(Type.Unknown())), description: Type.Optional(Type.String()) });
export const Catalog = Type.Array(Type.Object({
  id: Type.String(),
  scenarios: Type.Array(Type.String()),
  players: Type.Object({ min: Type.Integer(), max: Type.Integer(), default: Type.Integer() }),
  roles: Type.Record(Type.String(), Type.Array(Type.String()), { description: 'roles for each player count' }),
  variants: Type.Array(VariantSpec),
  bots: Type.Array(Type.String(), { description: 'bot names a seat may be given to' }),
}));
export type CatalogT = Static<typeof Catalog>;
export type CatalogEntryT = CatalogT[number];
export type VariantSpecT = Static<typeof VariantSpec>;

const GameKey = Type.String({ minLength: 1, maxLength: 64 });
const RoleName = Type.String({ minLength: 1, maxLength: 64 });

export const CreateGame = Type.Object({
  game: GameKey,
  scenario: Type.Optional(Type.String({ maxLength: 64 })),
  players: Type.Optional(Type.Integer({ minimum: 1, maximum: 16 })),
  variants: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { description: 'checked against the game\'s variant list (e.g. HACSE decks)' })),
}, { additionalProperties: false, description: `at most ${MAX_CREATE_BODY_BYTES} bytes; variants bounded (see limits)` });
export type CreateGameT = Static<typeof CreateGame>;
export const IdReply = Type.Object({ id: Type.String({ description: 'also the invite link: /games/<id> in the web client' }) });
export type IdReplyT = Static<typeof IdReply>;

export const GameParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type GameParamsT = Static<typeof GameParams>;

export const ListQuery = Type.Object({
  status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('active'), Type.Literal('finished')], { default: 'open' })),
  mine: Type.Optional(Type.Boolean({ description: 'only games where the caller holds a seat' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
}, { additionalProperties: false });
export type ListQueryT = Static<typeof ListQuery>;

export const ViewQuery = Type.Object({
  role: Type.Optional(RoleName),
  token: Type.Optional(Type.String({ maxLength: 200, description: 'bearer token (WebSocket clients cannot set headers)' })),
});
export type ViewQueryT = Static<typeof ViewQuery>;

export const Seat = Type.Object({
  role: Type.String(),
  user: Type.Union([Type.String(), Type.Null()], { description: 'account name of the player, or null' }),
  bot: Type.Union([Type.String(), Type.Null()], { description: 'bot name, or null' }),
});
export type SeatT = Static<typeof Seat>;
const OutcomeBody = Type.Object({ winners: Type.Array(Type.String()), scores: Type.Optional(Type.Record(Type.String(), Type.Number())), reason: Type.String() });
export type OutcomeT = Static<typeof OutcomeBody>;
const Outcome = Type.Union([Type.Null(), OutcomeBody]);
const Args = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]));
export const LogLine = Type.Object({
  seq: Type.Integer({ description: 'position of the action this line describes' }),
  role: Type.Union([Type.String(), Type.Null()]),
  key: Type.String({ description: 'i18n key in the game\'s namespace' }),
  args: Type.Optional(Args),
});
export type LogLineT = Static<typeof LogLine>;
export const Prompt = Type.Object({ key: Type.String({ description: 'i18n key in the game\'s namespace' }), args: Type.Optional(Args) });
export type PromptT = Static<typeof Prompt>;

export const GameSummary = Type.Object({
  id: Type.String(), game: Type.String(), scenario: Type.String(), players: Type.Union([Type.Integer(), Type.Null()]),
  status: Type.String(), seats: Type.Array(Seat), version: Type.Integer(), active: Type.Array(Type.String()),
  yourRoles: Type.Array(Type.String()), yourTurn: Type.Boolean(), outcome: Outcome,
  createdAt: Type.String(), updatedAt: Type.String(),
});
export type GameSummaryT = Static<typeof GameSummary>;
export const GameList = Type.Object({ games: Type.Array(GameSummary) });
export type GameListT = Static<typeof GameList>;

export const GameState = Type.Object({
  id: Type.String(), game: Type.String(), scenario: Type.String(), players: Type.Union([Type.Integer(), Type.Null()]),
  variants: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  createdBy: Type.Union([Type.String(), Type.Null()], { description: 'account name of the game\'s creator, who chose its options and uploaded its decks' }),
  status: Type.String(), seats: Type.Array(Seat), version: Type.Integer(),
  role: Type.Union([Type.String(), Type.Null()], { description: 'the seat this view is for; null = spectator' }),
  roles: Type.Array(Type.String(), { description: 'every seat the caller holds' }),
  view: Type.Unknown({ description: 'the game\'s view for `role`' }),
  actions: Type.Array(Type.Unknown(), { description: 'the caller\'s legal actions now' }),
  active: Type.Array(Type.String()), yourTurn: Type.Boolean(),
  undo: Type.Integer({ description: 'how many actions the caller may take back now' }),
  prompt: Type.Union([Prompt, Type.Null()], { description: 'what the caller is asked to do now (null unless it is their turn)' }),
  length: Type.Integer({ description: 'actions in the log' }),
  logFrom: Type.Integer({ description: '`log` holds the lines of actions from this position on (0: the whole log); a client keeps its lines before it' }),
  log: Type.Array(LogLine),
  outcome: Outcome,
});
export type GameStateT = Static<typeof GameState>;

export const SeatBody = Type.Object({ role: RoleName, bot: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) }, { additionalProperties: false });
export type SeatBodyT = Static<typeof SeatBody>;

export const ActionBody = Type.Object({
  version: Type.Integer({ minimum: 0 }),
  action: Type.Unknown({ description: 'one of the caller\'s legal actions, as listed in `actions`' }),
  role: Type.Optional(RoleName),
}, { additionalProperties: false });
export type ActionBodyT = Static<typeof ActionBody>;

export const UndoBody = Type.Object({ version: Type.Integer({ minimum: 0 }), role: Type.Optional(RoleName) }, { additionalProperties: false });
export type UndoBodyT = Static<typeof UndoBody>;

export const ResignBody = Type.Union([Type.Object({ role: Type.Optional(RoleName) }, { additionalProperties: false }), Type.Null()]);
export type ResignBodyT = Static<typeof ResignBody>;

export const ReplayReply = Type.Object({
  game: Type.String(), seed: Type.String(),
  options: Type.Object({ scenario: Type.Optional(Type.String()), players: Type.Optional(Type.Integer()), variants: Type.Optional(Type.Record(Type.String(), Type.Unknown())) }),
  actions: Type.Array(Type.Object({ role: Type.String(), action: Type.Unknown() })),
});
export type ReplayReplyT = Static<typeof ReplayReply>;
export type ErrorReplyT = Static<typeof ErrorReply>;

// ---- the live socket: GET /api/games/:id/live ----


const Ref = Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Number()], { description: 'echoed in the ack or error that answers this message' }));
const Version = Type.Integer({ minimum: 0, description: 'the game version the client acts on' });

export const ClientAction = Type.Object({ type: Type.Literal('action'), ref: Ref, version: Version, action: Type.Unknown(), role: Type.Optional(RoleName) });
export const ClientUndo = Type.Object({ type: Type.Literal('undo'), ref: Ref, version: Version, role: Type.Optional(RoleName) });
export const ClientResign = Type.Object({ type: Type.Literal('resign'), ref: Ref, role: Type.Optional(RoleName) });
export const ClientPing = Type.Object({ type: Type.Literal('ping'), ref: Ref });
export const ClientSync = Type.Object({ type: Type.Literal('sync'), ref: Ref }, { description: 'asks for the whole state again (after a gap in versions or log positions)' });
export const ClientMessage = Type.Union([ClientAction, ClientUndo, ClientResign, ClientPing, ClientSync]);
export type ClientMessageT = Static<typeof ClientMessage>;
export type ClientMessageType = ClientMessageT['type'];

export const ServerState = Type.Composite([Type.Object({ type: Type.Literal('state') }), GameState], { description: 'the game as this socket\'s reader may see it; pushed on connect, on `sync` and after every change' });
export const ServerAck = Type.Object({ type: Type.Literal('ack'), ref: Type.Union([Type.String(), Type.Number(), Type.Null()]), version: Type.Integer({ description: 'the version the message produced; its state push follows or has come' }) });
export const ServerError = Type.Object({
  type: Type.Literal('error'), ref: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Null()])), status: Type.Integer(),
  error: Type.Object({ code: Type.String(), message: Type.String() }),
});
export const ServerPong = Type.Object({ type: Type.Literal('pong'), ref: Type.Union([Type.String(), Type.Number(), Type.Null()]) });
export const ServerMessage = Type.Union([ServerState, ServerAck, ServerError, ServerPong]);
export type ServerStateT = Static<typeof ServerState>;
export type ServerAckT = Static<typeof ServerAck>;
export type ServerErrorT = Static<typeof ServerError>;
export type ServerMessageT = Static<typeof ServerMessage>;

const clientMessage = TypeCompiler.Compile(ClientMessage);
/** Whether a parsed frame is one of the messages a client may send (fields, types and sizes). */
export const isClientMessage = (v: unknown): v is ClientMessageT => clientMessage.Check(v);

/** Every schema by name (the OpenAPI document's components). */
export const schemas: Record<string, TSchema> = {
  ErrorReply, Credentials, TokenReply, Me, Health, Catalog, CreateGame, IdReply, GameSummary, GameList, GameState,
  SeatBody, ActionBody, UndoBody, ResignBody, ReplayReply, ClientMessage, ServerMessage,
};
