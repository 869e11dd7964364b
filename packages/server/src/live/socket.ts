import type { FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { MAX_FRAMES_PER_SECOND, MAX_PREAUTH_FRAMES, closeCodeOf } from '@tabula/protocol';
import { ApiError, errorBody, unauthorized } from '../http/errors.js';
import { isStoreOutage, storeOutage } from '../http/error-handler.js';
import { bearer } from '../accounts/request-auth.js';
import { hashToken } from '../accounts/passwords.js';
import { actionKey, type ActionLimit } from '../http/action-limit.js';
import type { SignOut } from './fanout.js';
import type { UserRow } from '../store/index.js';
import type { SessionMemo } from './session-memo.js';

/** What every socket is: its owner (caps), its session (rechecks, sign-outs) and its peer. */
export interface LiveSocket {
  ws: WebSocket;
  user: UserRow | null;
  /** Whose sockets this one counts against: `user:<id>` when signed in, else `ip:<address>`. */
  owner: string;
  /** The bearer token the socket was opened with, its hash, and when its session ends unless renewed. */
  token?: string;
  tokenHash?: string;
  expiresAt?: number;
}

type Ref = string | number | null;
export interface Frame { type: string; ref?: string | number }

/** What the socket was opened with, for a kind's `open`. */
export interface Opening {
  ws: WebSocket;
  req: FastifyRequest;
  user: UserRow | null;
  /** The fields of LiveSocket, ready to spread into the kind's connection. */
  base: LiveSocket;
}

/** One kind of socket (game, user, lobby): only what its messages do. */
export interface SocketKind<C extends LiveSocket, M extends Frame> {
  name: string;
  /** A socket without a (valid) token is refused with 4401. */
  signedInOnly: boolean;
  /** The frame as one of this socket's messages (their protocol schema, unknown fields refused), else null. */
  parse(v: unknown): M | null;
  /** The text of the 400 answer to a frame that is not one of them. */
  expected: string;
  /** The connection (throws ApiError to refuse: sent, then closed with 4000 + status). */
  open(o: Opening): Promise<C>;
  /** Registered: send the first messages. */
  opened?(c: C): Promise<void>;
  /** A message other than `ping`: the version to acknowledge, or null for no `ack`. */
  message(c: C, m: M): Promise<number | null>;
  /** Whether `m` counts against the per-minute action budget. */
  isAction?(m: M): boolean;
  closed(c: C): void;
}

export interface SocketsOptions {
  auth: SessionMemo;
  /** Open sockets per owner in this process, all kinds together (false: no cap). */
  cap: number | false;
  actions: ActionLimit;
  log: (obj: object, msg: string) => void;
}

const send = (ws: WebSocket, m: object): void => { if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(m)); };
const errorFrame = (ref: Ref, e: ApiError): object => ({ type: 'error', ref, status: e.status, error: errorBody(e.code, e.message, e.rule).error });
const refOf = (v: unknown): Ref => {
  const r = typeof v === 'object' && v !== null ? (v as { ref?: unknown }).ref : undefined;
  return typeof r === 'string' || typeof r === 'number' ? r : null;
};

/**
 * Every socket of this process, whatever its kind (the frame size limit is the WebSocket server's
 * `maxPayload`, app.ts): the frame rate limit, JSON and schema
 * checks, `ping`, the token read and the session recheck, the per-owner cap, sign-outs and close codes.
 */
export class Sockets {
  private readonly open = new Map<LiveSocket, () => void>();
  private readonly perOwner = new Map<string, number>();

  constructor(private readonly o: SocketsOptions) {}

  ownerCount(owner: string): number {
    return this.perOwner.get(owner) ?? 0;
  }

  get size(): number {
    return this.open.size;
  }

  private track(c: LiveSocket, closed: () => void): void {
    this.perOwner.set(c.owner, this.ownerCount(c.owner) + 1);
    this.open.set(c, closed);
  }

  /** Forgets `c` (its kind's `closed` runs once); false when it was already gone. */
  private release(c: LiveSocket): boolean {
    const closed = this.open.get(c);
    if (!closed) return false;
    this.open.delete(c);
    const n = this.ownerCount(c.owner) - 1;
    if (n > 0) this.perOwner.set(c.owner, n);
    else this.perOwner.delete(c.owner);
    closed();
    return true;
  }

  /** Closes `c` as unauthorized (its session ended), with a 401 `error` first. */
  end(c: LiveSocket, message: string): void {
    if (!this.release(c)) return;
    send(c.ws, errorFrame(null, unauthorized(message)));
    c.ws.close(closeCodeOf(401), 'unauthorized');
  }

  /** Sessions ended (one token by its hash, or every token of an account): forget them, close their sockets here. */
  closeSessions(what: SignOut): void {
    this.o.auth.forget(what);
    for (const c of [...this.open.keys()]) {
      if (!c.token || !('userId' in what ? c.user?.id === what.userId : c.tokenHash === what.tokenHash)) continue;
      this.end(c, 'Signed out.');
    }
  }

  /** Shutting down: closes every socket without the kinds' `closed` (no presence writes to a closing store). */
  closeAll(): void {
    for (const c of this.open.keys()) c.ws.close(1001, 'server shutting down');
    this.open.clear();
    this.perOwner.clear();
  }

  /** The route handler of one kind of socket. */
  handler<C extends LiveSocket, M extends Frame>(kind: SocketKind<C, M>): (ws: WebSocket, req: FastifyRequest) => void {
    return (ws, req) => {
      const queue: RawData[] = [];
      let conn: C | null = null;
      let closed = false;
      let window = Date.now(), count = 0;
      const fail = (ref: Ref, e: ApiError): void => send(ws, errorFrame(ref, e));
      const refuse = (e: ApiError): void => {
        fail(null, e);
        ws.close(closeCodeOf(e.status), e.code);
      };

      const frame = async (c: C, raw: RawData): Promise<void> => {
        const now = Date.now();
        if (now - window > 1000) { window = now; count = 0; }
        if (++count > MAX_FRAMES_PER_SECOND) return fail(null, new ApiError(429, 'rate-limited', 'Too many messages.'));
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw.toString());
        } catch {
          return fail(null, new ApiError(400, 'bad-json', 'Send one JSON object per message.'));
        }
        const msg = kind.parse(parsed);
        if (!msg) return fail(refOf(parsed), new ApiError(400, 'bad-request', kind.expected));
        const ref = msg.ref ?? null;
        if (msg.type === 'ping') return send(ws, { type: 'pong', ref });
        try {
          if (c.token !== undefined) {
            const s = await this.o.auth.session(c.token);
            if (!s) {
              // The token was revoked since the socket opened: nothing more is done for it.
              fail(ref, unauthorized('Unknown or expired token: sign in again.'));
              this.release(c);
              ws.close(closeCodeOf(401), 'unauthorized');
              return;
            }
            c.expiresAt = s.expiresAt;
          }
          if (kind.isAction?.(msg)) await this.o.actions.take(actionKey(c.user?.id ?? null, req.ip));
          const version = await kind.message(c, msg);
          if (version !== null) send(ws, { type: 'ack', ref, version });
        } catch (e) {
          if (e instanceof ApiError) fail(ref, e);
          else if (isStoreOutage(e)) fail(ref, storeOutage());
          else {
            this.o.log({ err: e, socket: kind.name }, 'socket message failed');
            fail(ref, new ApiError(500, 'internal', 'The message could not be handled.'));
          }
        }
      };
      // Every frame is answered; nothing it triggers escapes as a rejection.
      const handle = (c: C, raw: RawData): void => void frame(c, raw).catch((e: unknown) => {
        if (isStoreOutage(e)) return fail(null, storeOutage());
        this.o.log({ err: e, socket: kind.name }, 'socket frame failed');
        fail(null, new ApiError(500, 'internal', 'The message could not be handled.'));
      });

      ws.on('message', (raw: RawData) => {
        if (conn) handle(conn, raw);
        else if (queue.length < MAX_PREAUTH_FRAMES) queue.push(raw);
        else {
          // Frames before the socket is ready are kept up to a bound; a client flooding them is cut off.
          queue.length = 0;
          refuse(new ApiError(429, 'rate-limited', `At most ${MAX_PREAUTH_FRAMES} messages before the first state.`));
        }
      });
      ws.on('close', () => {
        closed = true;
        if (conn) this.release(conn);
      });
      ws.on('error', () => undefined);

      void (async () => {
        try {
          let token: string | null;
          try {
            token = bearer(req, true);
          } catch {
            throw unauthorized('Send "Authorization: Bearer <token>".');
          }
          const session = token === null ? null : await this.o.auth.session(token);
          if (token !== null && !session) throw unauthorized('Unknown or expired token: sign in again.');
          if (!session && kind.signedInOnly) throw unauthorized('Sign in: add ?token=<token>.');
          const user = session?.user ?? null;
          const owner = user ? `user:${user.id}` : `ip:${req.ip}`;
          const base: LiveSocket = { ws, user, owner, ...(token !== null && session ? { token, tokenHash: hashToken(token), expiresAt: session.expiresAt } : {}) };
          const c = await kind.open({ ws, req, user, base });
          if (closed) return;
          if (this.o.cap !== false && this.ownerCount(owner) >= this.o.cap) {
            throw new ApiError(429, 'too-many-sockets', `At most ${this.o.cap} live connections at once: close some tabs.`);
          }
          conn = c;
          this.track(c, () => kind.closed(c));
          await kind.opened?.(c);
          for (const raw of queue.splice(0)) handle(c, raw);
        } catch (e) {
          // A store outage closes with 4503, which clients retry with backoff; refusals (4401, 4403, 4404) are final.
          const err = e instanceof ApiError ? e : isStoreOutage(e) ? storeOutage() : new ApiError(500, 'internal', 'Could not open the socket.');
          if (!(e instanceof ApiError) && !isStoreOutage(e)) this.o.log({ err: e, socket: kind.name }, 'socket failed to open');
          if (conn) this.release(conn);
          refuse(err);
        }
      })();
    };
  }
}
