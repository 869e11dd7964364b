// Reports, blocks, the moderators' queue, and the account's standing (moderator, chat mute, notices): a small
// shared store that App reads on sign-in and again whenever the user socket says the standing changed.
import { useEffect, useState } from 'react';
import type { BlockListT, ModerationActionT, ModerationBodyT, ModerationQueueT, ReportBodyT, ReportReplyT, StandingT } from '@tabula/protocol';
import { getAuth, onAuthChange, request } from './client.js';

export type { ModerationActionT as ModerationAction, ReportT as Report, ReportReasonT as ReportReason, StandingT as Standing } from '@tabula/protocol';

export const moderationApi = {
  report: (body: ReportBodyT) => request<ReportReplyT>('POST', '/reports', body),
  blocked: () => request<BlockListT>('GET', '/blocks'),
  block: (name: string) => request<BlockListT>('POST', '/blocks', { name }),
  unblock: (name: string) => request<BlockListT>('DELETE', `/blocks/${encodeURIComponent(name)}`),
  queue: () => request<ModerationQueueT>('GET', '/moderation/reports'),
  act: (body: ModerationBodyT) => request<ModerationActionT>('POST', '/moderation/actions', body),
  standing: () => request<StandingT>('GET', '/me/standing'),
  noticesRead: (ids: number[]) => request<null>('POST', '/me/notices/read', { ids }),
};

let standing: StandingT | null = null;
const listeners = new Set<() => void>();
const publish = (s: StandingT | null): void => { standing = s; for (const f of listeners) f(); };

/** Reads the account's standing again (signed out: none). */
export function refreshStanding(): void {
  if (!getAuth()) { publish(null); return; }
  moderationApi.standing().then(publish, () => undefined);
}
onAuthChange(refreshStanding);

/** The account's standing, kept current. */
export function useStanding(): StandingT | null {
  const [s, setS] = useState(standing);
  useEffect(() => {
    const f = () => setS(standing);
    listeners.add(f);
    f();
    return () => { listeners.delete(f); };
  }, []);
  return s;
}
