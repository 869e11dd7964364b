// The lobby socket (GET /api/lobby/live): games, seeks and tournaments as the server pushes them. The lobby
// page and the tournament pages each hold one; it reconnects with backoff after retryable closes.
import type { LobbyMessageT } from '@tabula/protocol';
import { RETRYABLE_CLOSE } from '@tabula/protocol/limits';
import { getAuth } from './client.js';

function lobbyUrl(): string {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const token = getAuth()?.token;
  return `${proto}//${location.host}/api/lobby/live${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

/** Opens the lobby socket; `onMessage` gets every push (the whole lobby again after each reconnect). Returns close. */
export function connectLobby(onMessage: (m: LobbyMessageT) => void, onLive?: (live: boolean) => void): () => void {
  let ws: WebSocket | null = null, stopped = false, attempts = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const open = () => {
    const s = new WebSocket(lobbyUrl());
    ws = s;
    s.onopen = () => { attempts = 0; onLive?.(true); };
    s.onmessage = (ev) => {
      let m: LobbyMessageT;
      try { m = JSON.parse(String(ev.data)) as LobbyMessageT; } catch { return; }
      onMessage(m);
    };
    s.onclose = (ev) => {
      onLive?.(false);
      if (stopped || (ev.code >= 4000 && !RETRYABLE_CLOSE.includes(ev.code))) return;
      timer = setTimeout(open, Math.min(10_000, 500 * 2 ** attempts++));
    };
  };
  open();
  return () => { stopped = true; clearTimeout(timer); ws?.close(); };
}
