// The live channel: GET /api/games/:id/live as a WebSocket. Browsers cannot set an Authorization
// header on a WebSocket, so the token travels as ?token= (and as the first message, for servers
// that read it there). Reconnects with backoff; after every (re)connect the caller resyncs.

import { getAuth } from './client.js';

export interface LiveUpdate { version: number; view: unknown; actions: unknown[]; log: unknown[]; [k: string]: unknown }
export type LiveStatus = 'connecting' | 'open' | 'closed';

export interface LiveHandlers {
  onUpdate(u: LiveUpdate): void;
  /** Called after each successful (re)connect: fetch the full game again to resync. */
  onOpen(reconnected: boolean): void;
  onStatus?(s: LiveStatus): void;
}

export function liveUrl(gameId: string): string {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const token = getAuth()?.token;
  return `${proto}//${location.host}/api/games/${encodeURIComponent(gameId)}/live${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

export function connectLive(gameId: string, h: LiveHandlers): () => void {
  let ws: WebSocket | null = null;
  let stopped = false;
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let everOpened = false;

  const open = () => {
    if (stopped) return;
    h.onStatus?.('connecting');
    ws = new WebSocket(liveUrl(gameId));
    ws.onopen = () => {
      attempts = 0;
      h.onStatus?.('open');
      h.onOpen(everOpened);
      everOpened = true;
    };
    ws.onmessage = (ev) => {
      try {
        const data = JSON.parse(String(ev.data)) as Record<string, unknown>;
        const u = (data.type === 'update' && data.data ? data.data : data) as LiveUpdate;
        if (u && typeof u === 'object' && 'version' in u) h.onUpdate(u);
      } catch { /* ignore malformed frames */ }
    };
    ws.onclose = (ev) => {
      ws = null;
      if (stopped) return;
      h.onStatus?.('closed');
      // 4400-4499: the server refused this viewer or game (4000 + HTTP status): retrying will not help.
      if (ev.code >= 4400 && ev.code < 4500) return;
      const delay = Math.min(10_000, 500 * 2 ** attempts++);
      timer = setTimeout(open, delay);
    };
    ws.onerror = () => { try { ws?.close(); } catch { /* ignore */ } };
  };
  open();
  const onOnline = () => { if (!ws && timer) { clearTimeout(timer); open(); } };
  window.addEventListener('online', onOnline);
  return () => {
    stopped = true;
    window.removeEventListener('online', onOnline);
    if (timer) clearTimeout(timer);
    ws?.close();
  };
}
