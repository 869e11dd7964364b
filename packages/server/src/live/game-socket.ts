import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { RawData, WebSocket } from 'ws';
import { MAX_FRAMES_PER_SECOND, MAX_PREAUTH_FRAMES, closeCodeOf, isClientMessage, type ClientMessageT, type GameParamsT, type ViewQueryT } from '@tabula/protocol';
import { ApiError } from '../errors.js';
import { checkDepth, isStoreOutage, storeOutage } from '../http-errors.js';
import { bearer } from '../auth.js';
import { unauthorized } from '../errors.js';
import { hashToken } from '../passwords.js';
import { send, type LiveConn, type LiveHub } from './hub.js';
import type { RateLimits } from '../routes.js';
import type { GameService } from '../service.js';

export interface LiveSocketDeps {
  service: GameService;
  hub: LiveHub;
  limits: RateLimits | false;
  /** Shared counters across processes (actions per minute), when there is Redis. */
  redis: Redis | null;
  /** Open sockets per owner in this process (false: no cap). */
  socketCap: number | false;
  /** Chat and rematch (social/social.ts): sent on open and sync; their frames handled there. */
  social?: {
    opened(c: LiveConn): Promise<void>;
    message(c: LiveConn, msg: Extract<ClientMessageT, { type: 'chat' | 'rematch' }>): Promise<number>;
  };
}

/**
 * The live socket of one game: on connect the whole state; then every change pushed (hub.ts); actions,
 * undo and resign as messages answered by an `ack` (or an `error`) carrying the message's `ref`.
 */
export function liveSocketHandler(deps: LiveSocketDeps): (socket: WebSocket, req: FastifyRequest<{ Params: GameParamsT; Querystring: ViewQueryT }>) => void {
  const { service, hub, limits, redis, socketCap } = deps;
  // Moves over WebSockets count against the same per-account limit (per minute) as HTTP ones: in
  // Redis (all processes) when there is one, else in this process.
  const wsActions = new Map<number, { start: number; n: number }>();
  const actionAllowed = async (userId: number): Promise<boolean> => {
    if (!limits) return true;
    const now = Date.now();
    if (redis) {
      const key = `tabula:rl:ws:${userId}:${Math.floor(now / 60_000)}`;
      try {
        const [[, n]] = (await redis.multi().incr(key).expire(key, 120).exec()) as [[Error | null, number], unknown];
        return n <= limits.actions;
      } catch {
        // Redis down: fall back to this process's count rather than refuse every move.
      }
    }
    if (wsActions.size > 10_000) for (const [k, v] of wsActions) if (now - v.start >= 60_000) wsActions.delete(k);
    let e = wsActions.get(userId);
    if (!e || now - e.start >= 60_000) wsActions.set(userId, (e = { start: now, n: 0 }));
    return ++e.n <= limits.actions;
  };

  return (socket, req) => {
    const queue: RawData[] = [];
    let conn: LiveConn | null = null;
    let token: string | null = null;
    let badHeader = false;
    try {
      token = bearer(req, true);
    } catch {
      badHeader = true;
    }
    let closed = false;
    let window = Date.now(), count = 0;
    const fail = (ref: ClientMessageT['ref'] | null, e: ApiError): void =>
      send(socket, { type: 'error', ref: ref ?? null, status: e.status, error: { code: e.code, message: e.message } });

    const play = async (c: LiveConn, msg: ClientMessageT): Promise<number | null> => {
      switch (msg.type) {
        case 'ping': send(socket, { type: 'pong', ref: msg.ref ?? null }); return null;
        case 'sync': await hub.sendCurrent(c); await deps.social?.opened(c); return null;
        case 'chat':
        case 'rematch':
          if (!deps.social) throw new ApiError(404, 'not-found', 'Chat is not enabled on this server.');
          return deps.social.message(c, msg);
        case 'action':
          checkDepth(msg.action);
          return service.actVersion(c.user, c.gameId, msg.version, msg.action, msg.role);
        case 'undo': return (await service.undo(c.user, c.gameId, msg.version, msg.role)).version;
        case 'resign': return (await service.resign(c.user, c.gameId, msg.role)).version;
        case 'abort': return (await service.abort(c.user, c.gameId, msg.role)).version;
        case 'claim': return (await service.claim(c.user, c.gameId, msg.role)).version;
      }
    };

    /** Every frame is answered; nothing a frame triggers (a database outage included) escapes as a rejection. */
    const handle = (raw: RawData): Promise<void> => handleFrame(raw).catch((e: unknown) => {
      if (isStoreOutage(e)) return fail(null, storeOutage());
      req.log.error({ err: e }, 'live frame failed');
      fail(null, new ApiError(500, 'internal', 'The message could not be handled.'));
    });
    const handleFrame = async (raw: RawData): Promise<void> => {
      const c = conn;
      if (!c) return;
      const now = Date.now();
      if (now - window > 1000) { window = now; count = 0; }
      if (++count > MAX_FRAMES_PER_SECOND) return fail(null, new ApiError(429, 'rate-limited', 'Too many messages.'));
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString());
      } catch {
        return fail(null, new ApiError(400, 'bad-json', 'Send one JSON object per message.'));
      }
      const ref = typeof parsed === 'object' && parsed !== null && typeof (parsed as { ref?: unknown }).ref !== 'object' ? ((parsed as { ref?: string | number }).ref ?? null) : null;
      if (!isClientMessage(parsed)) {
        return fail(typeof ref === 'string' || typeof ref === 'number' ? ref : null, new ApiError(400, 'bad-request', 'A message is { type: "action" | "undo" | "resign" | "abort" | "claim" | "ping" | "sync" | "chat" | "rematch", ref?, version?, action?, role?, text?, op? } with fields of the right types.'));
      }
      const msg = parsed;
      try {
        if (msg.type !== 'ping' && token !== null && c.user !== null) {
          // The token may have been revoked since the socket opened: check it again before acting.
          const current = await service.authenticate(token);
          if (!current) {
            fail(msg.ref ?? null, new ApiError(401, 'unauthorized', 'Unknown or expired token: sign in again.'));
            socket.close(closeCodeOf(401), 'unauthorized');
            return;
          }
        }
        if (msg.type !== 'ping' && msg.type !== 'sync' && c.user !== null && !(await actionAllowed(c.user.id))) {
          return fail(msg.ref ?? null, new ApiError(429, 'rate-limited', 'Too many actions: retry in a minute.'));
        }
        const version = await play(c, msg);
        if (version !== null) send(socket, { type: 'ack', ref: msg.ref ?? null, version });
      } catch (e) {
        if (e instanceof ApiError) fail(msg.ref ?? null, e);
        else if (isStoreOutage(e)) fail(msg.ref ?? null, storeOutage());
        else {
          req.log.error({ err: e }, 'live message failed');
          fail(msg.ref ?? null, new ApiError(500, 'internal', 'The message could not be handled.'));
        }
      }
    };

    socket.on('message', (raw: RawData) => {
      if (conn) void handle(raw);
      else if (queue.length < MAX_PREAUTH_FRAMES) queue.push(raw);
      else {
        // Frames before the socket is ready are kept up to a bound; a client flooding them is cut off.
        queue.length = 0;
        fail(null, new ApiError(429, 'rate-limited', `At most ${MAX_PREAUTH_FRAMES} messages before the first state.`));
        socket.close(closeCodeOf(429), 'rate-limited');
      }
    });
    socket.on('close', () => {
      closed = true;
      if (conn) hub.remove(conn);
    });
    socket.on('error', () => undefined);
    void (async () => {
      try {
        if (badHeader) throw unauthorized('Send "Authorization: Bearer <token>".');
        const session = token === null ? null : await service.session(token);
        if (token !== null && !session) throw unauthorized('Unknown or expired token: sign in again.');
        const user = session?.user ?? null;
        const { row } = await service.snapshot(req.params.id);
        const role = req.query.role;
        if (role !== undefined && !row.seats.some((s) => s.role === role && user !== null && s.userId === user.id)) {
          throw new ApiError(403, 'not-your-seat', `You do not hold the seat "${role}".`);
        }
        if (closed) return;
        const owner = user ? `user:${user.id}` : `ip:${req.ip}`;
        if (socketCap !== false && hub.ownerCount(owner) >= socketCap) {
          throw new ApiError(429, 'too-many-sockets', `At most ${socketCap} live connections at once: close some tabs.`);
        }
        conn = { ws: socket, gameId: req.params.id, user, owner, liveClock: row.timeControl.kind === 'live', ...(role !== undefined ? { role } : {}), ...(token !== null && session ? { token, tokenHash: hashToken(token), expiresAt: session.expiresAt } : {}) };
        hub.add(conn);
        await hub.sendCurrent(conn);
        await deps.social?.opened(conn);
        for (const raw of queue.splice(0)) void handle(raw);
      } catch (e) {
        // A store outage closes with 4503, which clients retry with backoff; refusals (4403, 4404) are final.
        const err = e instanceof ApiError ? e : isStoreOutage(e) ? storeOutage() : new ApiError(500, 'internal', 'Could not open the live view.');
        if (!(e instanceof ApiError) && !isStoreOutage(e)) req.log.error({ err: e }, 'live socket failed to open');
        fail(null, err);
        socket.close(closeCodeOf(err.status), err.code);
      }
    })();
  };
}
