import { Type, type Static } from '@sinclair/typebox';

/** JSON Schemas (TypeBox) of every route: request validation and the OpenAPI document. */

export const ErrorReply = Type.Object({
  error: Type.Object({ code: Type.String(), message: Type.String() }),
}, { $id: 'Error', description: 'Every error: a stable code and a readable message.' });

const Name = Type.String({ maxLength: 64, description: '2-32 letters, digits, "_", "." or "-"; unique ignoring case' });
const Password = Type.String({ maxLength: 1024, description: 'at least 8 characters' });
export const Credentials = Type.Object({ name: Name, password: Password }, { additionalProperties: false });
export type CredentialsT = Static<typeof Credentials>;
export const TokenReply = Type.Object({ token: Type.String(), name: Type.String() });

export const Me = Type.Object({ name: Type.String() });

export const Health = Type.Object({ ok: Type.Boolean(), version: Type.String() });

const VariantSpec = Type.Object({ key: Type.String(), default: Type.Unknown(), values: Type.Optional(Type.Array(Type.Unknown())), description: Type.Optional(Type.String()) });
export const Catalog = Type.Array(Type.Object({
  id: Type.String(),
  scenarios: Type.Array(Type.String()),
  players: Type.Object({ min: Type.Integer(), max: Type.Integer(), default: Type.Integer() }),
  roles: Type.Record(Type.String(), Type.Array(Type.String()), { description: 'roles for each player count' }),
  variants: Type.Array(VariantSpec),
  bots: Type.Array(Type.String(), { description: 'bot names a seat may be given to' }),
}));

const GameKey = Type.String({ minLength: 1, maxLength: 64 });
const RoleName = Type.String({ minLength: 1, maxLength: 64 });

export const CreateGame = Type.Object({
  game: GameKey,
  scenario: Type.Optional(Type.String({ maxLength: 64 })),
  players: Type.Optional(Type.Integer({ minimum: 1, maximum: 16 })),
  variants: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { description: 'checked against the game\'s variant list (e.g. HACSE decks)' })),
}, { additionalProperties: false });
export type CreateGameT = Static<typeof CreateGame>;
export const IdReply = Type.Object({ id: Type.String({ description: 'also the invite link: /games/<id> in the web client' }) });

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

const Seat = Type.Object({ role: Type.String(), user: Type.Union([Type.String(), Type.Null()]), bot: Type.Union([Type.String(), Type.Null()]) });
const Outcome = Type.Union([Type.Null(), Type.Object({ winners: Type.Array(Type.String()), scores: Type.Optional(Type.Record(Type.String(), Type.Number())), reason: Type.String() })]);

export const GameSummary = Type.Object({
  id: Type.String(), game: Type.String(), scenario: Type.String(), players: Type.Union([Type.Integer(), Type.Null()]),
  status: Type.String(), seats: Type.Array(Seat), version: Type.Integer(), active: Type.Array(Type.String()),
  yourRoles: Type.Array(Type.String()), yourTurn: Type.Boolean(), outcome: Outcome,
  createdAt: Type.String(), updatedAt: Type.String(),
});
export const GameList = Type.Object({ games: Type.Array(GameSummary) });

export const GameState = Type.Object({
  id: Type.String(), game: Type.String(), scenario: Type.String(), players: Type.Union([Type.Integer(), Type.Null()]),
  variants: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  status: Type.String(), seats: Type.Array(Seat), version: Type.Integer(),
  role: Type.Union([Type.String(), Type.Null()], { description: 'the seat this view is for; null = spectator' }),
  roles: Type.Array(Type.String(), { description: 'every seat the caller holds' }),
  view: Type.Unknown({ description: 'the game\'s view for `role`' }),
  actions: Type.Array(Type.Unknown(), { description: 'the caller\'s legal actions now' }),
  active: Type.Array(Type.String()), yourTurn: Type.Boolean(),
  undo: Type.Integer({ description: 'how many actions the caller may take back now' }),
  log: Type.Array(Type.Object({ seq: Type.Integer(), role: Type.Union([Type.String(), Type.Null()]), key: Type.String(), args: Type.Optional(Type.Record(Type.String(), Type.Unknown())) })),
  outcome: Outcome,
});

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
