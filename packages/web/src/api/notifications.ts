// Notifications: the REST calls (list, mark-read, settings) and the per-user socket GET /api/live?token=,
// which pushes the unread count and each new notification; it reconnects with backoff like the game socket.
import type { NotificationListT, NotificationT, NotifySettingsPatchT, NotifySettingsT, UserServerMessageT } from '@tabula/protocol';
import { RETRYABLE_CLOSE } from '@tabula/protocol/limits';
import { getAuth, request, setAuth } from './client.js';

export type { NotificationT as AppNotification, NotifySettingsT as NotifySettings } from '@tabula/protocol';

export const notificationsApi = {
  list: () => request<NotificationListT>('GET', '/notifications?limit=30'),
  markRead: (ids?: number[]) => request<{ unread: number }>('POST', '/notifications/read', ids ? { ids } : {}),
  settings: () => request<NotifySettingsT>('GET', '/notifications/settings'),
  patch: (body: NotifySettingsPatchT) => request<NotifySettingsT>('PATCH', '/notifications/settings', body),
};

export interface UserLive { close(): void }

/** The game page on screen (OnlineGame), told to the server over the user socket: it makes no "your turn" for it. */
let watched: string | null = null;
let watchSocket: WebSocket | null = null;
const onScreen = (): string | null => (typeof document !== 'undefined' && document.hidden ? null : watched);
let lastSent: string | null | undefined;
function sendWatch(force = false): void {
  const gameId = onScreen();
  if (!watchSocket || watchSocket.readyState !== WebSocket.OPEN || (!force && gameId === lastSent)) return;
  lastSent = gameId;
  watchSocket.send(JSON.stringify({ type: 'watch', gameId }));
}
if (typeof document !== 'undefined') document.addEventListener('visibilitychange', () => sendWatch());

/** Sets (or clears, null) the game on this page's screen. */
export function setWatching(gameId: string | null): void {
  watched = gameId;
  sendWatch();
}

export function connectUserLive(h: { onUnread(n: number): void; onNotification(n: NotificationT): void; onStanding?(): void }): UserLive {
  let ws: WebSocket | null = null;
  let stopped = false;
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const open = () => {
    const token = getAuth()?.token;
    if (stopped || !token) return;
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(`${proto}//${location.host}/api/live?token=${encodeURIComponent(token)}`);
    ws = socket;
    socket.onopen = () => { attempts = 0; watchSocket = socket; sendWatch(true); };
    socket.onmessage = (ev) => {
      let m: UserServerMessageT;
      try { m = JSON.parse(String(ev.data)) as UserServerMessageT; } catch { return; }
      if (m.type === 'unread') h.onUnread(m.count);
      else if (m.type === 'notification') h.onNotification(m.notification);
      else if (m.type === 'standing') h.onStanding?.();
    };
    socket.onclose = (ev) => {
      if (ws === socket) ws = null;
      if (watchSocket === socket) watchSocket = null;
      // Signed out by the server (a ban, a sign-out elsewhere): this page is signed out too, unless it signed in again meanwhile.
      if (ev.code === 4401 && getAuth()?.token === token) setAuth(null);
      if (stopped || (ev.code >= 4000 && !RETRYABLE_CLOSE.includes(ev.code))) return;
      timer = setTimeout(open, Math.min(30_000, 1000 * 2 ** attempts++));
    };
    socket.onerror = () => { try { socket.close(); } catch { /* ignore */ } };
  };
  open();
  return {
    close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      ws?.close();
    },
  };
}
