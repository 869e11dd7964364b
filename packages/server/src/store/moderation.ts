/**
 * Blocks, reports, standing (moderator role, chat mute, ban) and the moderation log (the last migration
 * of schema.ts "moderation"; moderation/ uses them).
 */
import type { Statement, SqlRunner } from './sql.js';

const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export interface Standing { moderator: boolean; chatMutedUntil: number | null; bannedAt: number | null }

/** A chat line as a report keeps it (the writer by name, as stored when reported). */
export interface ContextLine { id: number; user: string; channel: string; text: string; at: number }

export interface NewReport {
  reporterId: number;
  targetId: number;
  /** The reported chat line's id (0: a report of the user). */
  lineId: number;
  gameId: string | null;
  reason: string;
  note: string | null;
  context: ContextLine[];
  now: number;
}

export type ReportStatus = 'open' | 'dismissed' | 'actioned';

export interface ReportRow {
  id: number; reporter: string; targetId: number; target: string; lineId: number; gameId: string | null;
  reason: string; note: string | null; context: ContextLine[]; status: ReportStatus; createdAt: number;
}

export type ActionKind = 'dismiss' | 'warn' | 'mute' | 'ban' | 'unban';

export interface ActionRow {
  id: number; moderator: string; target: string; targetId: number; action: ActionKind; reason: string;
  reportId: number | null; until: number | null; at: number;
}

export interface NewAction {
  moderatorId: number; targetId: number; action: ActionKind; reason: string; reportId: number | null; until: number | null; now: number;
}

interface ReportDb {
  id: number | string; reporter: string; target_id: number | string; target: string; line_id: number | string; game_id: string | null;
  reason: string; note: string | null; context: string; status: string; created_at: number | string;
}
interface ActionDb {
  id: number | string; moderator: string; target: string; target_id: number | string; action: string; reason: string;
  report_id: number | string | null; until_at: number | string | null; created_at: number | string;
}

const REPORT_SELECT = `SELECT r.id, ru.name AS reporter, r.target_id, tu.name AS target, r.line_id, r.game_id, r.reason, r.note, r.context, r.status, r.created_at
  FROM reports r JOIN users ru ON ru.id = r.reporter_id JOIN users tu ON tu.id = r.target_id`;
const ACTION_SELECT = `SELECT l.id, mu.name AS moderator, tu.name AS target, l.target_id, l.action, l.reason, l.report_id, l.until_at, l.created_at
  FROM moderation_log l JOIN users mu ON mu.id = l.moderator_id JOIN users tu ON tu.id = l.target_id`;

const reportFromDb = (r: ReportDb): ReportRow => ({
  id: num(r.id), reporter: r.reporter, targetId: num(r.target_id), target: r.target, lineId: num(r.line_id), gameId: r.game_id,
  reason: r.reason, note: r.note, context: JSON.parse(r.context) as ContextLine[], status: r.status as ReportStatus, createdAt: num(r.created_at),
});
const actionFromDb = (r: ActionDb): ActionRow => ({
  id: num(r.id), moderator: r.moderator, target: r.target, targetId: num(r.target_id), action: r.action as ActionKind, reason: r.reason,
  reportId: numOrNull(r.report_id), until: numOrNull(r.until_at), at: num(r.created_at),
});

/**
 * SQL true when the user in `column` neither blocked nor was blocked by the user given twice as `?, ?` (one set
 * per query, not a look-up per row: both index paths of `blocks` serve it).
 */
export const notBlockedWithSql = (column: string): string =>
  `${column} NOT IN (SELECT blocked_id FROM blocks WHERE user_id = ? UNION SELECT user_id FROM blocks WHERE blocked_id = ?)`;

/** SQL true when either of two users blocked the other (`a` and `b` are column expressions or `?`). */
export const eitherBlockedSql = (a: string, b: string): string =>
  `EXISTS (SELECT 1 FROM blocks bl WHERE (bl.user_id = ${a} AND bl.blocked_id = ${b}) OR (bl.user_id = ${b} AND bl.blocked_id = ${a}))`;

export class ModerationStore {
  constructor(private readonly x: SqlRunner) {}

  // ---- blocks ----

  /** Returns whether the block is new. */
  async block(userId: number, blockedId: number, now: number): Promise<boolean> {
    return (await this.x.run('INSERT INTO blocks (user_id, blocked_id, created_at) VALUES (?, ?, ?) ON CONFLICT (user_id, blocked_id) DO NOTHING', [userId, blockedId, now])) === 1;
  }

  async unblock(userId: number, blockedId: number): Promise<boolean> {
    return (await this.x.run('DELETE FROM blocks WHERE user_id = ? AND blocked_id = ?', [userId, blockedId])) === 1;
  }

  async blockCount(userId: number): Promise<number> {
    const [r] = await this.x.all<{ n: number | string }>('SELECT COUNT(*) AS n FROM blocks WHERE user_id = ?', [userId]);
    return num(r?.n ?? 0);
  }

  /** The names of the users `userId` blocked, by name. */
  async blocked(userId: number): Promise<string[]> {
    return (await this.x.all<{ name: string }>('SELECT u.name FROM blocks b JOIN users u ON u.id = b.blocked_id WHERE b.user_id = ? ORDER BY u.name', [userId])).map((r) => r.name);
  }

  /** Whether `a` blocked `b` or `b` blocked `a`. */
  async eitherBlocked(a: number, b: number): Promise<boolean> {
    return (await this.x.all(`SELECT 1 AS x WHERE ${eitherBlockedSql('?', '?')}`, [a, b, b, a])).length > 0;
  }

  /** Which of `others` `userId` blocked or is blocked by. */
  async blockedAmong(userId: number, others: readonly number[]): Promise<Set<number>> {
    if (others.length === 0) return new Set();
    const marks = others.map(() => '?').join(', ');
    const rows = await this.x.all<{ id: number | string }>(
      `SELECT blocked_id AS id FROM blocks WHERE user_id = ? AND blocked_id IN (${marks}) UNION SELECT user_id AS id FROM blocks WHERE blocked_id = ? AND user_id IN (${marks})`,
      [userId, ...others, userId, ...others]);
    return new Set(rows.map((r) => num(r.id)));
  }

  // ---- standing ----

  async standing(userId: number): Promise<Standing> {
    const [r] = await this.x.all<{ moderator: number | string; chat_muted_until: number | string | null; banned_at: number | string | null }>(
      'SELECT moderator, chat_muted_until, banned_at FROM standing WHERE user_id = ?', [userId]);
    return r ? { moderator: num(r.moderator) === 1, chatMutedUntil: numOrNull(r.chat_muted_until), bannedAt: numOrNull(r.banned_at) } : { moderator: false, chatMutedUntil: null, bannedAt: null };
  }

  /** Grants or revokes the moderator role; returns whether it changed. */
  async setModerator(userId: number, on: boolean): Promise<boolean> {
    const before = (await this.standing(userId)).moderator;
    await this.x.run('INSERT INTO standing (user_id, moderator) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET moderator = excluded.moderator', [userId, on ? 1 : 0]);
    return before !== on;
  }

  // ---- reports ----

  /** The chat line `lineId` with its game and writer, or null. */
  async chatLine(lineId: number): Promise<(ContextLine & { gameId: string; userId: number }) | null> {
    const [r] = await this.x.all<{ id: number | string; game_id: string; user_id: number | string; name: string; channel: string; text: string; created_at: number | string }>(
      'SELECT c.id, c.game_id, c.user_id, u.name, c.channel, c.text, c.created_at FROM chat c JOIN users u ON u.id = c.user_id WHERE c.id = ?', [lineId]);
    return r ? { id: num(r.id), gameId: r.game_id, userId: num(r.user_id), user: r.name, channel: r.channel, text: r.text, at: num(r.created_at) } : null;
  }

  /** Line `lineId` of game `gameId` with up to `around` lines before and after it, oldest first. */
  async chatAround(gameId: string, lineId: number, around: number): Promise<ContextLine[]> {
    const sel = 'SELECT c.id, u.name, c.channel, c.text, c.created_at FROM chat c JOIN users u ON u.id = c.user_id WHERE c.game_id = ? AND ';
    type Db = { id: number | string; name: string; channel: string; text: string; created_at: number | string };
    const before = await this.x.all<Db>(`${sel}c.id < ? ORDER BY c.id DESC LIMIT ?`, [gameId, lineId, around]);
    const from = await this.x.all<Db>(`${sel}c.id >= ? ORDER BY c.id LIMIT ?`, [gameId, lineId, around + 1]);
    return [...before.reverse(), ...from].map((r) => ({ id: num(r.id), user: r.name, channel: r.channel, text: r.text, at: num(r.created_at) }));
  }

  /** Records a report unless the reporter has an open one about the same user and line: its id, or null. */
  async addReport(r: NewReport): Promise<number | null> {
    const rows = await this.x.all<{ id: number | string }>(
      `INSERT INTO reports (reporter_id, target_id, line_id, game_id, reason, note, context, status, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'open', ?) ON CONFLICT DO NOTHING RETURNING id`,
      [r.reporterId, r.targetId, r.lineId, r.gameId, r.reason, r.note, JSON.stringify(r.context), r.now]);
    return rows[0] ? num(rows[0].id) : null;
  }

  async report(id: number): Promise<ReportRow | null> {
    const [r] = await this.x.all<ReportDb>(`${REPORT_SELECT} WHERE r.id = ?`, [id]);
    return r ? reportFromDb(r) : null;
  }

  /** Open reports, oldest first. */
  async openReports(limit: number): Promise<ReportRow[]> {
    return (await this.x.all<ReportDb>(`${REPORT_SELECT} WHERE r.status = 'open' ORDER BY r.id LIMIT ?`, [limit])).map(reportFromDb);
  }

  /** How many reports about `targetId` came before report `beforeId`. */
  async reportsBefore(targetId: number, beforeId: number): Promise<number> {
    const [r] = await this.x.all<{ n: number | string }>('SELECT COUNT(*) AS n FROM reports WHERE target_id = ? AND id < ?', [targetId, beforeId]);
    return num(r?.n ?? 0);
  }

  // ---- the log ----

  /** The newest `limit` actions (about `targetId` only, if given), newest first. */
  async actions(limit: number, targetId?: number): Promise<ActionRow[]> {
    const rows = targetId === undefined
      ? await this.x.all<ActionDb>(`${ACTION_SELECT} ORDER BY l.id DESC LIMIT ?`, [limit])
      : await this.x.all<ActionDb>(`${ACTION_SELECT} WHERE l.target_id = ? ORDER BY l.id DESC LIMIT ?`, [targetId, limit]);
    return rows.map(actionFromDb);
  }

  /**
   * Logs an action and applies it in one transaction. dismiss: closes its report. warn: closes the user's open
   * reports. mute: also sets the chat mute's end. ban: also marks the account banned, ends its sessions and
   * cancels its open seeks. unban: clears the ban. Returns the log row's id; null when a dismissed report was
   * not open (nothing written).
   */
  async act(a: NewAction): Promise<number | null> {
    const log: Statement = [`INSERT INTO moderation_log (moderator_id, target_id, action, reason, report_id, until_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      [a.moderatorId, a.targetId, a.action, a.reason, a.reportId, a.until, a.now]];
    const standing = (set: string, value: unknown): Statement => [
      `INSERT INTO standing (user_id, ${set}) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET ${set} = excluded.${set}`, [a.targetId, value]];
    const closeAll: Statement = [`UPDATE reports SET status = 'actioned', closed_at = ? WHERE target_id = ? AND status = 'open'`, [a.now, a.targetId]];
    const rest: Statement[] = [];
    if (a.action === 'dismiss') {
      const [, logged] = await this.x.batch([
        { guard: [`UPDATE reports SET status = 'dismissed', closed_at = ? WHERE id = ? AND status = 'open'`, [a.now, a.reportId]], rest: [] },
        { guard: log, rest: [] },
      ], { allOrNothing: true });
      return logged!.ran ? num(logged!.rows[0]!.id) : null;
    }
    if (a.action === 'mute') rest.push(standing('chat_muted_until', a.until));
    if (a.action === 'ban') {
      rest.push(standing('banned_at', a.now), ['DELETE FROM sessions WHERE user_id = ?', [a.targetId]],
        ["UPDATE seeks SET status = 'cancelled', updated_at = ? WHERE user_id = ? AND status = 'open'", [a.now, a.targetId]]);
    }
    if (a.action === 'unban') rest.push(standing('banned_at', null));
    if (a.action !== 'unban') rest.push(closeAll);
    const [logged] = await this.x.batch([{ guard: log, rest }]);
    return num(logged!.rows[0]!.id);
  }

  /** Open games the user created or holds a seat in (a ban ends them). */
  async openGamesOf(userId: number): Promise<string[]> {
    return (await this.x.all<{ id: string }>(
      "SELECT g.id FROM games g WHERE g.status = 'open' AND (g.created_by = ? OR EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = ?))", [userId, userId])).map((r) => r.id);
  }

  // ---- notices (warnings and mutes, shown to their user once) ----

  async notices(userId: number): Promise<ActionRow[]> {
    return (await this.x.all<ActionDb>(`${ACTION_SELECT} WHERE l.target_id = ? AND l.action IN ('warn', 'mute') AND l.seen_at IS NULL ORDER BY l.id LIMIT 20`, [userId])).map(actionFromDb);
  }

  async noticesSeen(userId: number, ids: readonly number[], now: number): Promise<void> {
    if (ids.length === 0) return;
    await this.x.run(`UPDATE moderation_log SET seen_at = ? WHERE target_id = ? AND seen_at IS NULL AND id IN (${ids.map(() => '?').join(', ')})`, [now, userId, ...ids]);
  }
}
