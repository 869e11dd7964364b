/** Reports, blocks and moderation (docs/api.md "Reports, blocks and moderation"). */
import { Type, type Static } from '@sinclair/typebox';
import { MODERATION_MUTE_MINUTES, MODERATION_REASON_MAX_CHARS, REPORT_NOTE_MAX_CHARS, REPORT_REASONS } from './limits.js';

export const ReportReason = Type.Union(REPORT_REASONS.map((r) => Type.Literal(r)), { description: 'why the user or line is reported' });
export type ReportReasonT = Static<typeof ReportReason>;

export const ReportBody = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'the user reported (or send lineId)' })),
  lineId: Type.Optional(Type.Integer({ minimum: 1, description: 'a chat line reported: its writer is the user reported; the server attaches the line, its game and its neighbours from the stored chat' })),
  reason: ReportReason,
  // Raw length bound: the note is cleaned like a chat line, then must fit REPORT_NOTE_MAX_CHARS.
  note: Type.Optional(Type.String({ maxLength: REPORT_NOTE_MAX_CHARS * 4, description: `at most ${REPORT_NOTE_MAX_CHARS} characters once cleaned` })),
}, { additionalProperties: false, description: 'exactly one of name and lineId' });
export type ReportBodyT = Static<typeof ReportBody>;

export const ReportReply = Type.Object({ id: Type.Integer() });
export type ReportReplyT = Static<typeof ReportReply>;

export const BlockList = Type.Object({ blocked: Type.Array(Type.String(), { description: 'account names, by name' }) });
export type BlockListT = Static<typeof BlockList>;

export const ModerationActionKind = Type.Union([Type.Literal('dismiss'), Type.Literal('warn'), Type.Literal('mute'), Type.Literal('ban'), Type.Literal('unban')]);
export type ModerationActionKindT = Static<typeof ModerationActionKind>;

export const ModerationAction = Type.Object({
  id: Type.Integer(),
  moderator: Type.String({ description: 'who acted (account name)' }),
  target: Type.String({ description: 'whom it concerns (account name)' }),
  action: ModerationActionKind,
  reason: Type.String({ description: 'why (the moderator\'s words)' }),
  reportId: Type.Union([Type.Integer(), Type.Null()]),
  until: Type.Union([Type.Number(), Type.Null()], { description: 'mute: chat refused until then (ms)' }),
  at: Type.Number({ description: 'when (ms)' }),
});
export type ModerationActionT = Static<typeof ModerationAction>;

export const ReportedLine = Type.Object({
  id: Type.Integer(), user: Type.String(), channel: Type.String(), text: Type.String(), at: Type.Number(),
  reported: Type.Boolean({ description: 'the line the report is about' }),
});
export type ReportedLineT = Static<typeof ReportedLine>;

export const Report = Type.Object({
  id: Type.Integer(),
  reporter: Type.String(),
  target: Type.String(),
  reason: ReportReason,
  note: Type.Union([Type.String(), Type.Null()]),
  status: Type.Union([Type.Literal('open'), Type.Literal('dismissed'), Type.Literal('actioned')]),
  createdAt: Type.Number(),
  gameId: Type.Union([Type.String(), Type.Null()], { description: 'the game of the reported line' }),
  context: Type.Array(ReportedLine, { description: 'the reported line and its neighbours as stored when reported, oldest first (empty for a report of a user)' }),
  history: Type.Object({
    reports: Type.Integer({ description: 'earlier reports about the same user' }),
    actions: Type.Array(ModerationAction, { description: 'earlier moderation actions about the same user, newest first' }),
  }),
});
export type ReportT = Static<typeof Report>;

export const ModerationQueue = Type.Object({
  reports: Type.Array(Report, { description: 'open reports, oldest first' }),
  log: Type.Array(ModerationAction, { description: 'the latest moderation actions, newest first' }),
});
export type ModerationQueueT = Static<typeof ModerationQueue>;

export const ModerationBody = Type.Object({
  action: ModerationActionKind,
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'whom (or the reportId\'s user)' })),
  reportId: Type.Optional(Type.Integer({ minimum: 1, description: 'the report acted on (dismiss: required)' })),
  reason: Type.String({ minLength: 1, maxLength: MODERATION_REASON_MAX_CHARS * 4 }),
  minutes: Type.Optional(Type.Integer({ minimum: MODERATION_MUTE_MINUTES.min, maximum: MODERATION_MUTE_MINUTES.max, description: 'mute: how long' })),
}, { additionalProperties: false });
export type ModerationBodyT = Static<typeof ModerationBody>;

export const ModerationNotice = Type.Object({
  id: Type.Integer(), action: ModerationActionKind, reason: Type.String(), until: Type.Union([Type.Number(), Type.Null()]), at: Type.Number(),
});
export const Standing = Type.Object({
  moderator: Type.Boolean(),
  chatMutedUntil: Type.Union([Type.Number(), Type.Null()], { description: 'a moderator\'s mute: no chat until then (ms)' }),
  notices: Type.Array(ModerationNotice, { description: 'warnings and mutes not yet acknowledged, oldest first' }),
});
export type StandingT = Static<typeof Standing>;
export const NoticeIds = Type.Object({ ids: Type.Array(Type.Integer(), { maxItems: 100 }) }, { additionalProperties: false });
export type NoticeIdsT = Static<typeof NoticeIds>;
export const ReportParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
