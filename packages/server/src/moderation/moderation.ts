import {
  MAX_BLOCKS, MODERATION_REASON_MAX_CHARS, REPORT_CONTEXT_LINES, REPORT_NOTE_MAX_CHARS,
  type ModerationActionT, type ModerationBodyT, type ModerationQueueT, type ReportBodyT, type ReportT, type StandingT,
} from '@tabula/protocol';
import { ApiError, conflict, forbidden, notFound, unprocessable } from '../http/errors.js';
import { nameKeyOf } from '../accounts/account-policy.js';
import type { Games } from '../games/index.js';
import type { ActionRow, GameRow, ReportRow, Store, UserRow } from '../store/index.js';
import type { SignOut } from '../live/fanout.js';
import { cleanChatText } from '../social/text.js';

/** Open reports listed in the queue at most, and log lines shown. */
const QUEUE_SIZE = 100;
const LOG_SIZE = 50;
const HISTORY_SIZE = 10;

const actionOut = (a: ActionRow): ModerationActionT => ({
  id: a.id, moderator: a.moderator, target: a.target, action: a.action, reason: a.reason, reportId: a.reportId, until: a.until, at: a.at,
});

/** Cleaned like a chat line; at most `max` characters; empty is null. */
function cleanedText(raw: string | undefined, max: number, code: string): string | null {
  if (raw === undefined) return null;
  const text = cleanChatText(raw);
  const n = [...text].length;
  if (n > max) throw unprocessable(code, `At most ${max} characters (this has ${n}).`);
  return n === 0 ? null : text;
}

export interface ModerationOptions {
  store: Store;
  games: Games;
  now: () => number;
  /** Sessions ended (a ban): close their sockets here and in every other process. */
  signedOut: (what: SignOut) => void;
  /** The user's standing changed (a warning or mute): tell their user sockets. */
  standingChanged: (userId: number) => void;
  warn: (obj: object, msg: string) => void;
}

/**
 * Keeping people safe from each other: blocks (no chat either way, no invitations, no joining each other's
 * open games, no seek pairing), reports of users and chat lines, and the moderators' queue and actions
 * (dismiss, warn, mute for a time, ban, unban), each logged. A moderator is made with `tabula moderator grant`.
 */
export class Moderation {
  constructor(private readonly o: ModerationOptions) {}

  private get stored() {
    return this.o.store.moderation;
  }

  private async userNamed(name: string): Promise<UserRow> {
    const u = await this.o.store.findUserByNameKey(nameKeyOf(name));
    if (!u) throw notFound('user-not-found', `No user "${name}".`);
    return { id: u.id, name: u.name };
  }

  // ---- blocks ----

  async block(user: UserRow, name: string): Promise<void> {
    const other = await this.userNamed(name);
    if (other.id === user.id) throw unprocessable('block-self', 'You cannot block yourself.');
    if ((await this.stored.blockCount(user.id)) >= MAX_BLOCKS) throw conflict('too-many-blocks', `At most ${MAX_BLOCKS} blocked users.`);
    await this.stored.block(user.id, other.id, this.o.now());
  }

  async unblock(user: UserRow, name: string): Promise<void> {
    await this.stored.unblock(user.id, (await this.userNamed(name)).id);
  }

  blocked(user: UserRow): Promise<string[]> {
    return this.stored.blocked(user.id);
  }

  /** Throws 403 "blocked" when either user blocked the other (invitations, seats). */
  async refuseBlocked(a: number, b: number, what: string): Promise<void> {
    if (a !== b && (await this.stored.eitherBlocked(a, b))) throw forbidden('blocked', `${what}: one of you blocked the other.`);
  }

  /** Before a person takes a seat in an open game: refused when they and its creator or a seated player blocked each other. */
  async beforeSeat(gameId: string, user: UserRow): Promise<void> {
    const row = await this.o.store.getGame(gameId);
    if (row) await refuseBlockedIn(this.o.store, row, user.id, 'You cannot join this game: you and a player in it blocked each other.');
  }

  // ---- reports ----

  /** A report of a user, or of a chat line (its game and neighbours attached from the stored chat). */
  async report(user: UserRow, body: ReportBodyT): Promise<{ id: number }> {
    if ((body.name === undefined) === (body.lineId === undefined)) throw new ApiError(400, 'bad-request', 'Send either the name or the lineId.');
    const note = cleanedText(body.note, REPORT_NOTE_MAX_CHARS, 'note-too-long');
    let target: UserRow;
    let lineId = 0, gameId: string | null = null;
    let context: Awaited<ReturnType<typeof this.stored.chatAround>> = [];
    if (body.lineId !== undefined) {
      const line = await this.stored.chatLine(body.lineId);
      if (!line) throw notFound('line-not-found', 'No such chat line.');
      target = { id: line.userId, name: line.user };
      lineId = line.id;
      gameId = line.gameId;
      context = await this.stored.chatAround(line.gameId, line.id, REPORT_CONTEXT_LINES);
    } else {
      target = await this.userNamed(body.name!);
    }
    if (target.id === user.id) throw unprocessable('report-self', 'You cannot report yourself.');
    const id = await this.stored.addReport({ reporterId: user.id, targetId: target.id, lineId, gameId, reason: body.reason, note, context, now: this.o.now() });
    if (id === null) throw conflict('already-reported', 'You already reported this; a moderator will look at it.');
    return { id };
  }

  // ---- moderators ----

  async requireModerator(user: UserRow): Promise<void> {
    if (!(await this.stored.standing(user.id)).moderator) throw forbidden('not-moderator', 'Only moderators may do this.');
  }

  private async reportOut(r: ReportRow): Promise<ReportT> {
    const actions = await this.stored.actions(HISTORY_SIZE, r.targetId);
    return {
      id: r.id, reporter: r.reporter, target: r.target, reason: r.reason as ReportT['reason'], note: r.note, status: r.status, createdAt: r.createdAt, gameId: r.gameId,
      context: r.context.map((l) => ({ ...l, reported: l.id === r.lineId })),
      history: { reports: await this.stored.reportsBefore(r.targetId, r.id), actions: actions.map(actionOut) },
    };
  }

  async queue(mod: UserRow): Promise<ModerationQueueT> {
    await this.requireModerator(mod);
    const open = await this.stored.openReports(QUEUE_SIZE);
    const reports: ReportT[] = [];
    for (const r of open) reports.push(await this.reportOut(r));
    return { reports, log: (await this.stored.actions(LOG_SIZE)).map(actionOut) };
  }

  /** A moderator's action, logged; a ban also ends the user's sessions, seeks and open games (docs/api.md). */
  async act(mod: UserRow, body: ModerationBodyT): Promise<ModerationActionT> {
    await this.requireModerator(mod);
    const reason = cleanedText(body.reason, MODERATION_REASON_MAX_CHARS, 'reason-too-long');
    if (reason === null) throw unprocessable('reason-missing', 'Say why.');
    const report = body.reportId !== undefined ? await this.stored.report(body.reportId) : null;
    if (body.reportId !== undefined && !report) throw notFound('report-not-found', 'No such report.');
    if (body.action === 'dismiss' && !report) throw new ApiError(400, 'bad-request', 'Dismiss needs the reportId.');
    if (body.action === 'mute' && body.minutes === undefined) throw new ApiError(400, 'bad-request', 'A mute needs minutes.');
    const target = body.name !== undefined ? await this.userNamed(body.name) : report ? { id: report.targetId, name: report.target } : null;
    if (!target) throw new ApiError(400, 'bad-request', 'Send the name or the reportId.');
    if (report && report.targetId !== target.id) throw unprocessable('report-mismatch', 'The report is about someone else.');
    if (target.id === mod.id && body.action !== 'dismiss') throw unprocessable('moderate-self', 'You cannot act on your own account.');
    const now = this.o.now();
    const until = body.action === 'mute' ? now + body.minutes! * 60_000 : null;
    const id = await this.stored.act({ moderatorId: mod.id, targetId: target.id, action: body.action, reason, reportId: report?.id ?? null, until, now });
    if (id === null) throw conflict('report-closed', 'The report is closed already.');
    if (body.action === 'ban') await this.afterBan(target);
    if (body.action === 'warn' || body.action === 'mute') this.o.standingChanged(target.id);
    return { id, moderator: mod.name, target: target.name, action: body.action, reason, reportId: report?.id ?? null, until, at: now };
  }

  /**
   * After a ban is stored (sessions ended, seeks cancelled): its sockets close; the open games the user created or
   * sits in end ("aborted"); running games without a clock are resigned for them now. Running games with a clock
   * are left to run: the user cannot act, so their clock runs out at their next deadline.
   */
  private async afterBan(user: UserRow): Promise<void> {
    this.o.signedOut({ userId: user.id });
    const { games } = this.o;
    for (const id of await this.stored.openGamesOf(user.id)) {
      await games.table.withLock(id, async () => {
        const row = await games.table.store.getGame(id);
        if (row?.status === 'open') await games.writes.finish(row, { winners: [], reason: 'aborted' });
      }).catch((e: unknown) => this.o.warn({ err: e, gameId: id }, 'ending a banned player\'s open game failed'));
    }
    for (const row of await games.table.store.listGames({ status: 'active', userId: user.id, limit: 200 })) {
      if (row.timeControl.kind !== 'none') continue;
      const role = row.seats.find((s) => s.userId === user.id)?.role;
      if (role) await games.commands.resign(user, row.id, role).catch((e: unknown) => this.o.warn({ err: e, gameId: row.id }, 'resigning a banned player\'s game failed'));
    }
  }

  // ---- the user's own standing ----

  async standing(user: UserRow): Promise<StandingT> {
    const s = await this.stored.standing(user.id);
    const now = this.o.now();
    return {
      moderator: s.moderator,
      chatMutedUntil: s.chatMutedUntil !== null && s.chatMutedUntil > now ? s.chatMutedUntil : null,
      notices: (await this.stored.notices(user.id)).map((a) => ({ id: a.id, action: a.action, reason: a.reason, until: a.until, at: a.at })),
    };
  }

  async noticesSeen(user: UserRow, ids: number[]): Promise<void> {
    await this.stored.noticesSeen(user.id, ids, this.o.now());
  }

}

/** Throws 403 "blocked" when `userId` and the game's creator or one of its seated players blocked each other. */
export async function refuseBlockedIn(store: Store, row: GameRow, userId: number, message: string): Promise<void> {
  const others = new Set([row.createdBy, ...row.seats.map((s) => s.userId).filter((id): id is number => id !== null)]);
  others.delete(userId);
  if ((await store.moderation.blockedAmong(userId, [...others])).size > 0) throw forbidden('blocked', message);
}

/** Throws 403 "chat-muted" while a moderator's mute of the user lasts (social/chat.ts asks before each line). */
export async function refuseMutedChat(store: Store, userId: number, now: number): Promise<void> {
  const until = (await store.moderation.standing(userId)).chatMutedUntil;
  if (until !== null && until > now) throw new ApiError(403, 'chat-muted', `A moderator muted you: you cannot chat until ${new Date(until).toISOString()}.`);
}

/** `tabula moderator grant|revoke NAME`: sets the role on the store directly (no server needed). */
export async function setModerator(store: Store, name: string, on: boolean): Promise<{ name: string; changed: boolean }> {
  const u = await store.findUserByNameKey(nameKeyOf(name));
  if (!u) throw notFound('user-not-found', `No user "${name}".`);
  return { name: u.name, changed: await store.moderation.setModerator(u.id, on) };
}

/** Whether an account is banned (sign-in refuses it). */
export async function refuseBanned(store: Store, userId: number): Promise<void> {
  if ((await store.moderation.standing(userId)).bannedAt !== null) throw forbidden('banned', 'This account is banned.');
}
