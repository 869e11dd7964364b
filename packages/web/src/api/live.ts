// The live channel: GET /api/games/:id/live as a WebSocket, the one way the page learns a game's state
// and sends its moves. Browsers cannot set an Authorization header on a WebSocket, so the token travels
// as ?token=. Every push carries the version; an older one than shown is dropped, and a push whose log
// starts past what the page holds (a gap) makes the page ask for the whole state again (`sync`).
// Reconnects with backoff after retryable closes.

import type { ChatLineT, ClientMessageT, GameRatingsT, GameStateT, RematchT, ServerMessageT } from '@tabula/protocol';
import { RETRYABLE_CLOSE } from '@tabula/protocol/limits';
import { mergeState } from '@tabula/protocol/merge';
import { getAuth } from './client.js';

export type LiveStatus = 'connecting' | 'open' | 'closed';

/** A failed message: the server's status and code (4xx: the move was refused; 0: the socket closed first). */
export class LiveError extends Error {
  /** A refused action: the rule the engine names for it. */
  readonly rule?: string;
  constructor(readonly status: number, readonly code: string, message: string, rule?: string) {
    super(message);
    this.name = 'LiveError';
    if (rule !== undefined) this.rule = rule;
  }
}

type Outgoing = Exclude<ClientMessageT, { type: 'ping' | 'sync' }>;
type OutgoingBody = Outgoing extends infer M ? (M extends Outgoing ? Omit<M, 'ref'> : never) : never;

export interface LiveGame {
  /** Sends an action, undo or resign; resolves with the version it produced once that state is shown. */
  send(msg: OutgoingBody): Promise<number>;
  close(): void;
}

export function liveUrl(gameId: string): string {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const token = getAuth()?.token;
  return `${proto}//${location.host}/api/games/${encodeURIComponent(gameId)}/live${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

export function connectLive(gameId: string, h: {
  onState(s: GameStateT): void;
  onStatus?(s: LiveStatus): void;
  /** A refusal of the socket itself (e.g. 4404 no such game): final. */
  onFatal?(e: LiveError): void;
  /** Chat lines: all of them (`whole`: on connect and sync) or new ones to append. */
  onChat?(lines: ChatLineT[], whole: boolean): void;
  /** The game's rematch offer changed. */
  onRematch?(r: RematchT | null): void;
  /** A finished game's rating change (on connect, and once written). */
  onRatings?(r: GameRatingsT): void;
}): LiveGame {
  let ws: WebSocket | null = null;
  let stopped = false;
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let shown: GameStateT | null = null;
  let nextRef = 1;
  const pending = new Map<number, { resolve: (v: number) => void; reject: (e: LiveError) => void; version?: number }>();

  const settle = () => {
    // An ack resolves once the state of its version is shown (the ack may come before its push).
    for (const [ref, p] of pending) if (p.version !== undefined && shown && shown.version >= p.version) { pending.delete(ref); p.resolve(p.version); }
  };
  const raw = (m: ClientMessageT) => { if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(m)); };

  const onMessage = (m: ServerMessageT) => {
    if (m.type === 'state') {
      const { type: _t, ...state } = m;
      const merged = mergeState(shown, state);
      if (merged === 'gap') return raw({ type: 'sync' });
      if (merged === 'stale') return;
      shown = merged;
      h.onState(merged);
      settle();
    } else if (m.type === 'chat') {
      h.onChat?.(m.lines, m.whole);
    } else if (m.type === 'rematch') {
      h.onRematch?.(m.rematch);
    } else if (m.type === 'ratings') {
      h.onRatings?.(m.ratings);
    } else if (m.type === 'ack') {
      const p = typeof m.ref === 'number' ? pending.get(m.ref) : undefined;
      if (p) { p.version = m.version; settle(); }
    } else if (m.type === 'error') {
      const p = typeof m.ref === 'number' ? pending.get(m.ref) : undefined;
      const err = new LiveError(m.status, m.error.code, m.error.message, m.error.rule);
      if (p && typeof m.ref === 'number') { pending.delete(m.ref); p.reject(err); }
      else if (!shown) h.onFatal?.(err);
    }
  };

  const open = () => {
    if (stopped) return;
    h.onStatus?.('connecting');
    const socket = new WebSocket(liveUrl(gameId));
    ws = socket;
    socket.onopen = () => { attempts = 0; h.onStatus?.('open'); };
    socket.onmessage = (ev) => {
      try { onMessage(JSON.parse(String(ev.data)) as ServerMessageT); } catch { /* ignore malformed frames */ }
    };
    socket.onclose = (ev) => {
      if (ws === socket) ws = null;
      for (const [ref, p] of pending) if (p.version === undefined) { pending.delete(ref); p.reject(new LiveError(0, 'disconnected', 'The connection closed before the server answered.')); }
      if (stopped) return;
      h.onStatus?.('closed');
      if (!RETRYABLE_CLOSE.includes(ev.code) && ev.code >= 4000) { h.onFatal?.(new LiveError(ev.code - 4000, ev.reason || 'closed', ev.reason || 'closed')); return; }
      const delay = Math.min(10_000, 500 * 2 ** attempts++);
      timer = setTimeout(open, delay);
    };
    socket.onerror = () => { try { socket.close(); } catch { /* ignore */ } };
  };
  open();
  const onOnline = () => { if (!ws && timer) { clearTimeout(timer); open(); } };
  window.addEventListener('online', onOnline);
  return {
    send(msg) {
      return new Promise<number>((resolve, reject) => {
        if (!ws || ws.readyState !== WebSocket.OPEN) { reject(new LiveError(0, 'disconnected', 'Not connected: wait a moment and try again.')); return; }
        const ref = nextRef++;
        pending.set(ref, { resolve, reject });
        raw({ ...msg, ref } as ClientMessageT);
      });
    },
    close() {
      stopped = true;
      window.removeEventListener('online', onOnline);
      if (timer) clearTimeout(timer);
      ws?.close();
    },
  };
}
