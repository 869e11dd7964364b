import { isClientMessage, type ClientMessageT, type GameParamsT, type ViewQueryT } from '@tabula/protocol';
import { ApiError } from '../http/errors.js';
import { checkDepth } from '../http/error-handler.js';
import { send, type LiveConn, type LiveHub } from './hub.js';
import type { LiveGames, LiveReplay } from './ports.js';
import type { SocketKind } from './socket.js';

/** Chat and rematch (social/social.ts): sent on open and sync; their frames handled there. */
export interface GameSocketSocial {
  opened(c: LiveConn): Promise<void>;
  message(c: LiveConn, msg: Extract<ClientMessageT, { type: 'chat' | 'rematch' }>): Promise<number>;
}

/**
 * The live socket of one game: on connect the whole state; then every change pushed (hub.ts); actions,
 * undo, resign, abort, claim and draw offers as messages answered by an `ack` (or an `error`) carrying the message's `ref`.
 */
export function gameSocket<R extends LiveReplay>(games: LiveGames<R>, hub: LiveHub<R>, social?: GameSocketSocial): SocketKind<LiveConn, ClientMessageT> {
  return {
    name: 'game',
    signedInOnly: false,
    parse: (v) => (isClientMessage(v) ? v : null),
    expected: 'A message is { type: "action" | "undo" | "resign" | "abort" | "claim" | "draw" | "ping" | "sync" | "chat" | "rematch", ref?, version?, action?, role?, text?, op? } with fields of the right types.',
    async open({ req, user, base }) {
      const { params, query } = req as typeof req & { params: GameParamsT; query: ViewQueryT };
      const { row } = await games.snapshot(params.id);
      const role = query.role;
      if (role !== undefined && !row.seats.some((s) => s.role === role && user !== null && s.userId === user.id)) {
        throw new ApiError(403, 'not-your-seat', `You do not hold the seat "${role}".`);
      }
      return { ...base, gameId: params.id, liveClock: row.timeControl.kind === 'live', ...(role !== undefined ? { role } : {}) };
    },
    async opened(c) {
      hub.add(c);
      await hub.sendCurrent(c);
      await social?.opened(c);
    },
    isAction: (m) => m.type !== 'sync',
    async message(c, msg) {
      switch (msg.type) {
        case 'ping': send(c.ws, { type: 'pong', ref: msg.ref ?? null }); return null;
        case 'sync': await hub.sendCurrent(c); await social?.opened(c); return null;
        case 'chat':
        case 'rematch':
          if (!social) throw new ApiError(404, 'not-found', 'Chat is not enabled on this server.');
          return social.message(c, msg);
        case 'action':
          checkDepth(msg.action);
          return games.actVersion(c.user, c.gameId, msg.version, msg.action, msg.role);
        case 'undo': return (await games.undo(c.user, c.gameId, msg.version, msg.role)).version;
        case 'resign': return (await games.resign(c.user, c.gameId, msg.role)).version;
        case 'abort': return (await games.abort(c.user, c.gameId, msg.role)).version;
        case 'claim': return (await games.claim(c.user, c.gameId, msg.role)).version;
        case 'draw': return (await games.draw(c.user, c.gameId, msg.op, msg.role)).version;
      }
    },
    closed: (c) => hub.remove(c),
  };
}
