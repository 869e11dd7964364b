import { Type, type Static } from '@sinclair/typebox';
import { CORRESPONDENCE_DAYS, LIVE_BASE_SECONDS, LIVE_INCREMENT_SECONDS } from './limits.js';

// The shapes of play that several messages carry: a game's time control, outcome, log lines, prompt and log.

export const TimeControl = Type.Union([
  Type.Object({ kind: Type.Literal('none') }, { additionalProperties: false }),
  Type.Object({
    kind: Type.Literal('live'),
    baseSeconds: Type.Integer({ minimum: LIVE_BASE_SECONDS.min, maximum: LIVE_BASE_SECONDS.max, description: 'time per seat at the start' }),
    incrementSeconds: Type.Integer({ minimum: LIVE_INCREMENT_SECONDS.min, maximum: LIVE_INCREMENT_SECONDS.max, description: 'added to a seat\'s clock after each of its actions' }),
  }, { additionalProperties: false }),
  Type.Object({
    kind: Type.Literal('correspondence'),
    days: Type.Integer({ minimum: CORRESPONDENCE_DAYS.min, maximum: CORRESPONDENCE_DAYS.max, description: 'each seat starts with this many days; each own action adds as many again, the bank capped at twice that' }),
  }, { additionalProperties: false }),
], { description: 'chosen at creation; the server is the only clock' });
export type TimeControlT = Static<typeof TimeControl>;

const OutcomeBody = Type.Object({
  winners: Type.Array(Type.String()), scores: Type.Optional(Type.Record(Type.String(), Type.Number())),
  reason: Type.String({ description: 'the game\'s own reason, or one of the server\'s: "timeout", "resigned", "aborted", "abandoned" (claimed after a disconnect), "expired", "agreed" (a draw every seat agreed to: no winners)' }),
  by: Type.Optional(Type.String({ description: 'the seat whose timeout, resignation, abort or disconnect ended the game' })),
  unrated: Type.Optional(Type.Boolean({ description: 'true when a result came before every seat had acted: it is never rated' })),
  breakdown: Type.Optional(Type.Record(Type.String(), Type.Record(Type.String(), Type.Number()), { description: 'per seat, points per scoring feature (games that report it)' })),
});
export type OutcomeT = Static<typeof OutcomeBody>;
export const OutcomeOrNull = Type.Union([Type.Null(), OutcomeBody]);
const Args = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null(), Type.Array(Type.String())]));
export const LogLine = Type.Object({
  seq: Type.Integer({ description: 'position of the action this line describes' }),
  role: Type.Union([Type.String(), Type.Null()]),
  key: Type.String({ description: 'i18n key in the game\'s namespace' }),
  args: Type.Optional(Args),
  rule: Type.Optional(Type.String({ description: 'the section of the game\'s rules reference that drives this event, e.g. "5.41"' })),
});
export type LogLineT = Static<typeof LogLine>;
export const Prompt = Type.Object({ key: Type.String({ description: 'i18n key in the game\'s namespace' }), args: Type.Optional(Args) });
export type PromptT = Static<typeof Prompt>;

/** A game's whole log: seed, options and every (role, action); the engine's GameLog. */
export const ReplayReply = Type.Object({
  game: Type.String(), seed: Type.String(),
  options: Type.Object({ scenario: Type.Optional(Type.String()), players: Type.Optional(Type.Integer()), variants: Type.Optional(Type.Record(Type.String(), Type.Unknown())) }),
  actions: Type.Array(Type.Object({ role: Type.String(), action: Type.Unknown() })),
});
export type ReplayReplyT = Static<typeof ReplayReply>;

/** A draw offer of a running game (POST /games/:id/draw, the socket's `draw` message): shown to every seat and spectator. */
export const DrawOffer = Type.Object({
  by: Type.String({ description: 'the seat that offered' }),
  agreed: Type.Array(Type.String(), { description: 'the seats that agree so far (the offerer\'s included); once every seat agrees the game ends drawn ("agreed")' }),
  status: Type.Union([Type.Literal('open'), Type.Literal('declined')], { description: 'declined: `declinedBy` said no; shown until the next action' }),
  declinedBy: Type.Union([Type.String(), Type.Null()]),
});
export type DrawOfferT = Static<typeof DrawOffer>;
export const DrawOp = Type.Union([Type.Literal('offer'), Type.Literal('accept'), Type.Literal('decline')], {
  description: 'offer (with another seat\'s offer open: agree to it), accept, or decline (the offerer: take the offer back)',
});
export type DrawOpT = Static<typeof DrawOp>;
