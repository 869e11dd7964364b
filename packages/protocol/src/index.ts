import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';

import { MAX_CREATE_BODY_BYTES, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, MIN_PASSWORD_SCORE, NAME_MAX_LENGTH, NAME_MIN_LENGTH } from './limits.js';

export * from './limits.js';
export * from './social.js';
export * from './analysis.js';
export * from './play.js';
export * from './moderation.js';
export * from './tournaments.js';
export type { WireShapesAreTheEngines, PlatformOutcome } from './engine-shapes.js';
import { TimeControl, OutcomeOrNull, LogLine, Prompt, ReplayReply, DrawOffer, DrawOp } from './play.js';
import { AnalysisReply } from './analysis.js';
import { CreateTournament, TournamentSummary, Tournament, TournamentList, JoinTournament, NotificationTournament } from './tournaments.js';
import { ClientChat, ClientRematch, ServerChat, ServerRematch, ServerRatings, ChatLine, Rating, LobbyGame, Profile, Leaderboard, Seek, SeekList, MuteBody, MuteList, ChatReply, GameRatings, RatingHistory, RatingHistoryQuery } from './social.js';
import { MAIL_LANGUAGES, NOTIFICATIONS_LIST_MAX, PUSH_ENDPOINT_MAX, PUSH_LABEL_MAX } from './limits.js';

/**
 * @tabula/protocol: the one wire between server and clients. JSON Schemas (TypeBox) of every REST body
 * and reply and every WebSocket message, with their static types. The server validates requests and
 * builds the OpenAPI document from them; the web client and the CLI use the types. One name per field.
 */

export const ErrorReply = Type.Object({
  error: Type.Object({ code: Type.String(), message: Type.String(), rule: Type.Optional(Type.String({ description: 'a refused action: the section of the game\'s rules reference the refusal applies, e.g. "5.41"' })) }),
}, { $id: 'Error', description: 'Every error: a stable code and a readable message.' });

const Name = Type.String({ maxLength: 64, description: `${NAME_MIN_LENGTH}-${NAME_MAX_LENGTH} letters, digits, "_", "." or "-" (after NFKC); unique ignoring case and look-alike characters` });
const Password = Type.String({ maxLength: MAX_PASSWORD_LENGTH, description: `at least ${MIN_PASSWORD_LENGTH} characters, no control characters, zxcvbn score ${MIN_PASSWORD_SCORE} or more (not guessable, not the name)` });
export const Credentials = Type.Object({ name: Name, password: Password }, { additionalProperties: false });
export type CredentialsT = Static<typeof Credentials>;
export const TokenReply = Type.Object({ token: Type.String(), name: Type.String() });

export const Me = Type.Object({ name: Type.String() });
export type MeT = Static<typeof Me>;
/** A link token of a verification or reset mail (base64url). */
export const LinkToken = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });
export type LinkTokenT = Static<typeof LinkToken>;
export const VerifyReply = Type.Object({ email: Type.String({ description: 'the address now verified' }) });
export type VerifyReplyT = Static<typeof VerifyReply>;
export const ResendReply = Type.Object({ sent: Type.Boolean({ description: 'false: the verification-mail limit of the address or the account was reached' }) });
export type ResendReplyT = Static<typeof ResendReply>;
export const ResetRequest = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  email: Type.Optional(Type.String({ minLength: 3, maxLength: 254 })),
}, { additionalProperties: false, description: 'the account name or the verified address (one of them)' });
export type ResetRequestT = Static<typeof ResetRequest>;
export const ResetConfirm = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }), password: Password }, { additionalProperties: false });
export type ResetConfirmT = Static<typeof ResetConfirm>;
export const SessionList = Type.Object({
  sessions: Type.Array(Type.Object({
    id: Type.String({ description: 'names the session (not its token)' }),
    createdAt: Type.Number({ description: 'sign-in time (ms)' }),
    seenAt: Type.Number({ description: 'last use (ms, written at most once a minute)' }),
    current: Type.Boolean({ description: 'the session of this request' }),
  })),
});
export type SessionListT = Static<typeof SessionList>;
export const SessionParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type SessionParamsT = Static<typeof SessionParams>;
export const AccountExport = Type.Object({
  account: Type.Object({ name: Type.String(), createdAt: Type.Number() }),
  games: Type.Array(Type.Object({
    id: Type.String({ description: 'the full log: GET /api/games/:id/replay once finished' }), game: Type.String(), scenario: Type.String(), role: Type.String(),
    status: Type.String(), outcome: Type.Unknown(), createdAt: Type.Number(), updatedAt: Type.Number(),
  })),
  ratings: Type.Array(Type.Object({ game: Type.String(), rating: Type.Number(), rd: Type.Number(), games: Type.Number(), updatedAt: Type.Number() })),
  ratingHistory: Type.Array(Type.Object({ gameId: Type.String(), game: Type.String(), before: Type.Number(), after: Type.Number(), weight: Type.Number(), at: Type.Number() }), { description: 'each rated game: the rating before and after, the weight it counted with' }),
  chat: Type.Array(Type.Object({ gameId: Type.String(), channel: Type.String(), text: Type.String(), createdAt: Type.Number() })),
  settings: Type.Object({ language: Type.String(), email: Type.Union([Type.String(), Type.Null()]), emailVerified: Type.Boolean(), emailOn: Type.Boolean(), browser: Type.Boolean(), webhookUrl: Type.Union([Type.String(), Type.Null()]) }),
});
export type AccountExportT = Static<typeof AccountExport>;
export const DeleteAccount = Type.Object({ password: Type.String({ maxLength: 1024 }) }, { additionalProperties: false });
export type DeleteAccountT = Static<typeof DeleteAccount>;
export const PasswordChange = Type.Object({ current: Type.String({ maxLength: 1024 }), next: Password }, { additionalProperties: false });
export type PasswordChangeT = Static<typeof PasswordChange>;
export type TokenReplyT = Static<typeof TokenReply>;

export const Health = Type.Object({
  ok: Type.Boolean(), version: Type.String(),
  store: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')], { description: 'whether the database answered within 1 s' }),
});
export type HealthT = Static<typeof Health>;

const VariantSpec = Type.Object({ key: Type.String(), default: Type.Unknown(), values: Type.Optional(Type.Array(Type.Unknown())), description: Type.Optional(Type.String()), scenarios: Type.Optional(Type.Array(Type.String(), { description: 'offered only with these scenarios' })) });
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


export const SeekBody = Type.Object({
  game: Type.String({ minLength: 1, maxLength: 64 }),
  scenario: Type.Optional(Type.String({ maxLength: 64 })),
  timeControl: Type.Optional(TimeControl),
  rated: Type.Optional(Type.Boolean()),
}, { additionalProperties: false, description: 'any opponent for this game, scenario, time control and rated-ness (two players)' });
export type SeekBodyT = Static<typeof SeekBody>;

export const Clock = Type.Object({
  control: TimeControl,
  remaining: Type.Record(Type.String(), Type.Number(), { description: 'milliseconds left per seat at `at` (bot seats are never charged)' }),
  running: Type.Array(Type.String(), { description: 'the seats whose time is running: every human seat still to act' }),
  at: Type.Number({ description: 'server time (ms since 1970) the numbers are for; a client counts the running seats down from when it received them' }),
  firstMove: Type.Optional(Type.Record(Type.String(), Type.Number(), { description: 'running seats that have not made their first action: when (server time) the game is aborted unless they act; their bank is not charged meanwhile' })),
}, { description: 'the game\'s clocks; absent when the game has no time control' });
export type ClockT = Static<typeof Clock>;

export const CreateGame = Type.Object({
  game: GameKey,
  timeControl: Type.Optional(TimeControl),
  scenario: Type.Optional(Type.String({ maxLength: 64 })),
  players: Type.Optional(Type.Integer({ minimum: 1, maximum: 16 })),
  variants: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { description: 'checked against the game\'s variant list (e.g. HACSE decks)' })),
  rated: Type.Optional(Type.Boolean({ description: 'updates the players\' Glicko-2 ratings when it ends; people only (no bot seats)' })),
  learning: Type.Optional(Type.Boolean({ description: 'a learning game: one person against bots, with hints (POST /games/:id/hint) and the bots\' reasons; never rated' })),
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

export const GameSummary = Type.Object({
  id: Type.String(), game: Type.String(), scenario: Type.String(), players: Type.Union([Type.Integer(), Type.Null()]),
  status: Type.String(), seats: Type.Array(Seat), version: Type.Integer(), active: Type.Array(Type.String()),
  yourRoles: Type.Array(Type.String()), yourTurn: Type.Boolean(), outcome: OutcomeOrNull,
  timeControl: TimeControl,
  learning: Type.Boolean({ description: 'a learning game: one person against bots, hints on, never rated' }),
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
  outcome: OutcomeOrNull,
  clock: Type.Optional(Clock),
  abortable: Type.Boolean({ description: 'the caller may abort the game now (no winner): fewer than 2 actions played' }),
  away: Type.Record(Type.String(), Type.Number(), { description: 'live games: per other human seat not connected, milliseconds since its player was last connected (a claim is allowed from 120000)' }),
  drawOffer: Type.Union([DrawOffer, Type.Null()], { description: 'the running game\'s draw offer (null: none); an action of a seat that has not agreed ends it' }),
  learning: Type.Boolean({ description: 'a learning game: one person against bots, hints on (POST /games/:id/hint), never rated' }),
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

/** POST /games/:id/preview: what a candidate action leads to, judged on a world the caller cannot tell from the real one. */
export const PreviewBody = Type.Object({ action: Type.Unknown(), role: Type.Optional(RoleName) }, { additionalProperties: false });
export type PreviewBodyT = Static<typeof PreviewBody>;
export const PreviewReply = Type.Object({
  risk: Type.Union([Type.Literal('loses'), Type.Literal('may-lose'), Type.Literal('draw'), Type.Null()], {
    description: 'the action ends the game at once with the caller not winning (loses, draw) or may do so (may-lose), judged on worlds re-dealt for the caller (what it cannot see, the dice included, redrawn); null: no such risk, or no legal action avoids it',
  }),
});
export type PreviewReplyT = Static<typeof PreviewReply>;

/** POST /games/:id/why: "Why can't I?" for a thing on the board (an area, block, tile spot "x,y", card or unit). */
export const WhyBody = Type.Object({
  target: Type.Object({
    kind: Type.Union([Type.Literal('area'), Type.Literal('block'), Type.Literal('spot'), Type.Literal('card'), Type.Literal('unit')]),
    id: Type.String({ minLength: 1, maxLength: 64, description: 'the game\'s id of the thing, as the view names it' }),
  }, { additionalProperties: false }),
  role: Type.Optional(RoleName),
}, { additionalProperties: false });
export type WhyBodyT = Static<typeof WhyBody>;
export const WhyReply = Type.Object({
  reason: Type.Union([Type.Null(), Type.Object({
    code: Type.String({ description: 'the game\'s refusal code: its text is the game\'s i18n key "rule.<code>"' }),
    message: Type.String(),
    rule: Type.Optional(Type.String({ description: 'the section of the game\'s rules reference' })),
    args: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])),
  })], { description: 'why nothing can be done with the target now (the engine\'s `whyNot`); null when a legal action involves it or the game has no reason to give' }),
});
export type WhyReplyT = Static<typeof WhyReply>;

/** The bot's reason for a move, told to one seat (ExplainReply's `reason`). */
const BotReason = Type.Object({
  key: Type.String({ description: 'the game\'s i18n key of the reason, "bot.<reason>"' }),
  args: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), { description: 'ids (blocks, areas, cards: shown by name) and numbers; only what the caller\'s seat may see' }),
});
/** POST /games/:id/explain: learning mode, why a bot seat played one action of the log, told to the caller's seat. */
export const ExplainBody = Type.Object({
  at: Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'the action\'s position in the game\'s log (0 = the first)' }),
  role: Type.Optional(RoleName),
}, { additionalProperties: false });
export type ExplainBodyT = Static<typeof ExplainBody>;
export const ExplainReply = Type.Object({
  role: Type.Union([Type.Null(), Type.String()], { description: 'the bot seat that played the action; null when a person played it' }),
  reason: Type.Union([Type.Null(), BotReason], { description: 'the bot\'s reason, built from its own evaluation of the move; null when a person played the action' }),
});
export type ExplainReplyT = Static<typeof ExplainReply>;
/** POST /games/:id/hint: what the bot would play for the caller's seat now (learning games only). */
export const HintBody = Type.Object({ role: Type.Optional(RoleName) }, { additionalProperties: false });
export type HintBodyT = Static<typeof HintBody>;
export const HintReply = Type.Object({
  version: Type.Integer({ description: 'the game\'s version the hint is for' }),
  action: Type.Unknown({ description: 'one of the caller\'s legal actions now, as listed in `actions`' }),
  reason: Type.Union([Type.Null(), BotReason], { description: 'why the bot would play it, naming only what the caller may see; null: no reason' }),
});
export type HintReplyT = Static<typeof HintReply>;

export const UndoBody = Type.Object({ version: Type.Integer({ minimum: 0 }), role: Type.Optional(RoleName) }, { additionalProperties: false });
export type UndoBodyT = Static<typeof UndoBody>;

export const ResignBody = Type.Union([Type.Object({ role: Type.Optional(RoleName) }, { additionalProperties: false }), Type.Null()]);
export type ResignBodyT = Static<typeof ResignBody>;
/** POST /games/:id/draw: offer, accept or decline a draw (the socket's `draw` message carries the same fields). */
export const DrawBody = Type.Object({ op: DrawOp, role: Type.Optional(RoleName) }, { additionalProperties: false });
export type DrawBodyT = Static<typeof DrawBody>;
/** POST /games/:id/abort and /games/:id/claim take the same body as resign. */
export const AbortBody = ResignBody;
export const ClaimBody = ResignBody;

export type ErrorReplyT = Static<typeof ErrorReply>;

// ---- the live socket: GET /api/games/:id/live ----


const Ref = Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Number()], { description: 'echoed in the ack or error that answers this message' }));
const Version = Type.Integer({ minimum: 0, description: 'the game version the client acts on' });

export const ClientAction = Type.Object({ type: Type.Literal('action'), ref: Ref, version: Version, action: Type.Unknown(), role: Type.Optional(RoleName) }, { additionalProperties: false });
export const ClientUndo = Type.Object({ type: Type.Literal('undo'), ref: Ref, version: Version, role: Type.Optional(RoleName) }, { additionalProperties: false });
export const ClientResign = Type.Object({ type: Type.Literal('resign'), ref: Ref, role: Type.Optional(RoleName) }, { additionalProperties: false });
export const ClientPing = Type.Object({ type: Type.Literal('ping'), ref: Ref }, { additionalProperties: false });
export const ClientSync = Type.Object({ type: Type.Literal('sync'), ref: Ref }, { additionalProperties: false, description: 'asks for the whole state again (after a gap in versions or log positions)' });
export const ClientAbort = Type.Object({ type: Type.Literal('abort'), ref: Ref, role: Type.Optional(RoleName) }, { additionalProperties: false, description: 'ends the game with no winner while fewer than 2 actions were played' });
export const ClientClaim = Type.Object({ type: Type.Literal('claim'), ref: Ref, role: Type.Optional(RoleName) }, { additionalProperties: false, description: 'claims the win over seats disconnected from a live game for 2 minutes' });
export const ClientDraw = Type.Object({ type: Type.Literal('draw'), ref: Ref, op: DrawOp, role: Type.Optional(RoleName) }, { additionalProperties: false, description: 'offers, accepts or declines a draw (as POST /games/:id/draw)' });
export const ClientMessage = Type.Union([ClientAction, ClientUndo, ClientResign, ClientAbort, ClientClaim, ClientDraw, ClientPing, ClientSync, ClientChat, ClientRematch]);
export type ClientMessageT = Static<typeof ClientMessage>;
export type ClientMessageType = ClientMessageT['type'];

export const ServerState = Type.Composite([Type.Object({ type: Type.Literal('state') }), GameState], { description: 'the game as this socket\'s reader may see it; pushed on connect, on `sync` and after every change' });
export const ServerAck = Type.Object({ type: Type.Literal('ack'), ref: Type.Union([Type.String(), Type.Number(), Type.Null()]), version: Type.Integer({ description: 'the version the message produced; its state push follows or has come' }) });
export const ServerError = Type.Object({
  type: Type.Literal('error'), ref: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Null()])), status: Type.Integer(),
  error: Type.Object({ code: Type.String(), message: Type.String(), rule: Type.Optional(Type.String({ description: 'a refused action: the section of the game\'s rules reference the refusal applies, e.g. "5.41"' })) }),
});
export const ServerPong = Type.Object({ type: Type.Literal('pong'), ref: Type.Union([Type.String(), Type.Number(), Type.Null()]) });
export const ServerMessage = Type.Union([ServerState, ServerAck, ServerError, ServerPong, ServerChat, ServerRematch, ServerRatings]);
export type ServerStateT = Static<typeof ServerState>;
export type ServerAckT = Static<typeof ServerAck>;
export type ServerErrorT = Static<typeof ServerError>;
export type ServerMessageT = Static<typeof ServerMessage>;

// ---- notifications: REST /api/notifications/* and the per-user socket GET /api/live ----

export const NotificationKind = Type.Union([Type.Literal('your-turn'), Type.Literal('game-over'), Type.Literal('invited'), Type.Literal('time-low'), Type.Literal('tournament-round'), Type.Literal('tournament-finished')]);
export type NotificationKindT = Static<typeof NotificationKind>;
export const Notification = Type.Object({
  id: Type.Integer(),
  kind: NotificationKind,
  gameId: Type.Union([Type.String(), Type.Null()]),
  game: Type.Union([Type.String(), Type.Null()], { description: 'the game\'s id in the catalog (e.g. "hammer")' }),
  scenario: Type.Union([Type.String(), Type.Null()]),
  opponents: Type.Array(Type.String(), { description: 'the other players\' names (bots by bot name)' }),
  by: Type.Union([Type.String(), Type.Null()], { description: 'invited: who invited; game-over: the outcome reason' }),
  won: Type.Union([Type.Boolean(), Type.Null()], { description: 'game-over: whether the recipient is among the winners' }),
  tournament: Type.Optional(NotificationTournament),
  createdAt: Type.String(),
  read: Type.Boolean(),
});
export type NotificationT = Static<typeof Notification>;
export const NotificationList = Type.Object({ notifications: Type.Array(Notification), unread: Type.Integer() });
export type NotificationListT = Static<typeof NotificationList>;
export const NotificationListQuery = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: NOTIFICATIONS_LIST_MAX, default: 50 })) }, { additionalProperties: false });
export type NotificationListQueryT = Static<typeof NotificationListQuery>;
export const MarkRead = Type.Object({
  ids: Type.Optional(Type.Array(Type.Integer(), { maxItems: NOTIFICATIONS_LIST_MAX, description: 'absent: every notification' })),
}, { additionalProperties: false });
export type MarkReadT = Static<typeof MarkRead>;
export const UnreadReply = Type.Object({ unread: Type.Integer() });

const Lang = Type.Union(MAIL_LANGUAGES.map((l) => Type.Literal(l)), { description: 'the UI language; email is written in it' });
export const NotifySettings = Type.Object({
  language: Lang,
  browser: Type.Boolean({ description: 'show browser notifications while the tab is hidden (the page asks the browser\'s permission)' }),
  email: Type.Union([Type.String({ maxLength: 254 }), Type.Null()], { description: 'address for mail (null: none)' }),
  emailOn: Type.Boolean({ description: 'send mail (off after an unsubscribe link was followed)' }),
  emailVerified: Type.Boolean({ description: 'whether the address was verified through the link mailed to it; nothing but that link is mailed before' }),
  webhookUrl: Type.Union([Type.String({ maxLength: 2048 }), Type.Null()]),
  webhookFormat: Type.Union([Type.Literal('discord'), Type.Literal('json')]),
  webhookSecret: Type.Union([Type.String(), Type.Null()], { description: 'HMAC-SHA256 key of the X-Tabula-Signature header (made when a URL is set)' }),
  webhookDisabled: Type.Boolean({ description: 'true after 5 failed calls in a row; setting the URL again enables it' }),
  mailAvailable: Type.Boolean({ description: 'whether this server is configured to send mail (--smtp)' }),
});
export type NotifySettingsT = Static<typeof NotifySettings>;
export const NotifySettingsPatch = Type.Partial(Type.Object({
  language: Lang,
  browser: Type.Boolean(),
  email: Type.Union([Type.String({ maxLength: 254 }), Type.Null()]),
  emailOn: Type.Boolean(),
  webhookUrl: Type.Union([Type.String({ maxLength: 2048 }), Type.Null()]),
  webhookFormat: Type.Union([Type.Literal('discord'), Type.Literal('json')]),
}), { additionalProperties: false });
export type NotifySettingsPatchT = Static<typeof NotifySettingsPatch>;
/** Web Push (a subscription per device: the browser's PushSubscription JSON plus a label the player recognises). */
export const PushKey = Type.Object({ publicKey: Type.String({ description: 'the server\'s VAPID public key (base64url, uncompressed P-256 point): the applicationServerKey of pushManager.subscribe' }) });
export const PushSubscribeBody = Type.Object({
  endpoint: Type.String({ minLength: 8, maxLength: PUSH_ENDPOINT_MAX, description: 'the push service URL (https)' }),
  keys: Type.Object({
    p256dh: Type.String({ minLength: 80, maxLength: 100, pattern: '^[A-Za-z0-9_-]+=*$', description: 'the device\'s P-256 public key (base64url, 65 bytes)' }),
    auth: Type.String({ minLength: 16, maxLength: 32, pattern: '^[A-Za-z0-9_-]+=*$', description: 'the auth secret (base64url, 16 bytes)' }),
  }, { additionalProperties: false }),
  expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  label: Type.Optional(Type.String({ maxLength: PUSH_LABEL_MAX, description: 'how Settings names the device (e.g. "Firefox on Android")' })),
}, { additionalProperties: false });
export type PushSubscribeBodyT = Static<typeof PushSubscribeBody>;
export const PushSubscriptionOut = Type.Object({
  id: Type.String(),
  label: Type.String(),
  service: Type.String({ description: 'the push service\'s host name' }),
  createdAt: Type.String({ format: 'date-time' }),
});
export type PushSubscriptionOutT = Static<typeof PushSubscriptionOut>;
export const PushSubscriptionList = Type.Object({ subscriptions: Type.Array(PushSubscriptionOut) });
export const PushSubscriptionParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 40 }) });
export type PushSubscriptionParamsT = Static<typeof PushSubscriptionParams>;
export const InviteBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });
export type InviteBodyT = Static<typeof InviteBody>;
export const UnsubscribeQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
export type UnsubscribeQueryT = Static<typeof UnsubscribeQuery>;

/** Messages of GET /api/live (the per-user socket; the client sends `ping` and `watch`). */
export const UserNotification = Type.Object({ type: Type.Literal('notification'), notification: Notification }, { description: 'a new notification' });
export const UserUnread = Type.Object({ type: Type.Literal('unread'), count: Type.Integer() }, { description: 'the unread count: on connect and whenever it changes' });
export const UserStanding = Type.Object({ type: Type.Literal('standing') }, { description: 'the account\'s standing changed (a moderator\'s warning or mute): read GET /api/me/standing' });
export const UserServerMessage = Type.Union([UserNotification, UserUnread, UserStanding, ServerPong]);
export type UserServerMessageT = Static<typeof UserServerMessage>;
export const UserWatch = Type.Object({
  type: Type.Literal('watch'), ref: Ref, gameId: Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()]),
}, { additionalProperties: false, description: 'the game on this client\'s screen (null: none): no "your turn" notification is made for it' });
export const UserClientMessage = Type.Union([ClientPing, UserWatch]);
export type UserClientMessageT = Static<typeof UserClientMessage>;

const clientMessage = TypeCompiler.Compile(ClientMessage);
/** Whether a parsed frame is one of the messages a client may send (fields, types and sizes). */
export const isClientMessage = (v: unknown): v is ClientMessageT => clientMessage.Check(v);
const clientPing = TypeCompiler.Compile(ClientPing);
/** Whether a parsed frame is a `ping`, the one message of the lobby socket. */
export const isClientPing = (v: unknown): v is Static<typeof ClientPing> => clientPing.Check(v);
const userClientMessage = TypeCompiler.Compile(UserClientMessage);
/** Whether a parsed frame is a message of the per-user socket: `ping` or `watch`. */
export const isUserClientMessage = (v: unknown): v is UserClientMessageT => userClientMessage.Check(v);

/** Every schema by name (the OpenAPI document's components). */
export const schemas: Record<string, TSchema> = {
  ErrorReply, Credentials, TokenReply, Me, Health, Catalog, TimeControl, CreateGame, IdReply, GameSummary, GameList, GameState,
  SeatBody, ActionBody, PreviewBody, PreviewReply, WhyBody, WhyReply, ExplainBody, ExplainReply, HintBody, HintReply, UndoBody, ResignBody, DrawBody, DrawOffer, ReplayReply, ClientMessage, ServerMessage,
  ChatLine, ChatReply, MuteBody, MuteList, Rating, LobbyGame, Profile, Leaderboard, SeekBody, Seek, SeekList, GameRatings, RatingHistory, RatingHistoryQuery,
  Notification, NotificationList, NotifySettings, NotifySettingsPatch, UserServerMessage, UserClientMessage, AnalysisReply,
  CreateTournament, TournamentSummary, Tournament, TournamentList, JoinTournament,
};
