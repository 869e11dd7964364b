import type { WebSocket } from 'ws';
import type { UserRow } from '../store/index.js';
import type { LiveSocket, SocketKind } from './socket.js';
import { parsePing, type PingMessage } from './user-socket.js';

/** The live lobby (social/lobby.ts): sends the lobby to a new socket and pushes its changes. */
export interface LobbyFeed {
  add(ws: WebSocket, user: UserRow | null): Promise<void>;
}

/** GET /api/lobby/live: anonymous allowed (`?token=` to be told of your pairings); the client sends only `ping`. */
export function lobbySocket(lobby: LobbyFeed): SocketKind<LiveSocket, PingMessage> {
  return {
    name: 'lobby',
    signedInOnly: false,
    parse: parsePing,
    expected: 'This socket accepts only { type: "ping", ref? }.',
    open: ({ base }) => Promise.resolve(base),
    opened: (c) => lobby.add(c.ws, c.user),
    message: () => Promise.resolve(null),
    closed: () => undefined,
  };
}
