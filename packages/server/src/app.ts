import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import websocket from '@fastify/websocket';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import helmet from '@fastify/helmet';
import { MAX_FRAME_BYTES, ErrorReply, SURFACE_LIMITS } from '@tabula/protocol';
import { ApiError, errorBody } from './http/errors.js';
import { clientErrorHandler, frameworkErrors, installErrorHandler } from './http/error-handler.js';
import { refuseNulBytes } from './http/nul-guard.js';
import { Accounts } from './accounts/accounts.js';
import { accountRoutes } from './accounts/routes.js';
import { lifeRoutes } from './accounts/life-routes.js';
import { AccountMail } from './accounts/account-mail.js';
import { Games } from './games/index.js';
import { Outages } from './games/outages.js';
import { BEAT_MS, Downtime } from './games/downtime.js';
import { gameRoutes } from './games/routes.js';
import { healthRoutes } from './http/health.js';
import { countMinute, defaultRateLimits, type RateLimits } from './http/limits.js';
import type { ReplayedGame } from './games/replay-cache.js';
import { BotRunner, type BotRunnerOptions } from './bots.js';
import { AnalysisRunner, type AnalysisRunnerOptions } from './analysis/runner.js';
import { analysisRoutes } from './analysis/routes.js';
import { HintWorker, type HintOptions } from './games/hints.js';
import { LiveHub } from './live/hub.js';
import { gameSocket } from './live/game-socket.js';
import { lobbySocket } from './live/lobby-socket.js';
import type { LiveGames } from './live/ports.js';
import { SessionMemo } from './live/session-memo.js';
import { Sockets } from './live/socket.js';
import { ActionLimit } from './http/action-limit.js';
import { LocalFanout, RedisFanout, type Fanout, type SignOut } from './live/fanout.js';
import { MemoryCounters, RedisCounters, type Counters } from './throttle.js';
import { SignInGuard } from './accounts/signin-guard.js';
import { openStore, type Store } from './store/index.js';
import { webDelivery } from './web-static.js';
import { Social } from './social/social.js';
import { socialRoutes } from './social/routes.js';
import type { ScryptCost } from './accounts/passwords.js';
import { Notifier, type NotifierOptions } from './notify/notifier.js';
import { smtpMailer } from './notify/mail.js';
import { loadGameTexts } from './notify/texts.js';
import { notifyRoutes } from './notify/routes.js';
import { pushRoutes } from './notify/push-routes.js';
import { PRESENCE_TTL_MS, UserHub, userSocket } from './live/user-socket.js';
import { Moderation } from './moderation/moderation.js';
import { moderationRoutes } from './moderation/routes.js';
import { Tournaments } from './tournaments/tournaments.js';
import { tournamentRoutes } from './tournaments/routes.js';

export { checkDepth } from './http/error-handler.js';
export { defaultRateLimits, type RateLimits } from './http/limits.js';

export const serverVersion: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export interface ServerOptions {
  /** `sqlite:PATH` (default `sqlite:./data/tabula.db`), `sqlite::memory:` or `postgres://...`. */
  db?: string;
  /** An already open store (tests); `db` is then ignored. */
  store?: Store;
  /** `redis://...`: fan out changes to other server processes. */
  redis?: string;
  /** The built web client to serve (default: packages/web/dist next to this package); null: none. */
  webDist?: string | null;
  /** Fastify/pino logger options; false for none. Default: pino at `logLevel`. */
  logger?: FastifyServerOptions['logger'];
  /** The default logger's level (default 'info'); each request is logged at 'debug'. */
  logLevel?: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
  /** Where the default logger writes (default standard output; tests). */
  logStream?: NodeJS.WritableStream;
  scrypt?: ScryptCost;
  bots?: BotRunnerOptions;
  /** Post-game analyses (analysis.ts); the worker imports `bots.modules` too. */
  analysis?: AnalysisRunnerOptions;
  /** Hints of learning games (games/hints.ts); the worker imports `bots.modules` too. */
  hints?: HintOptions;
  rateLimits?: RateLimits | false;
  /** Largest request body in bytes (default 64 KiB; creating a game: MAX_CREATE_BODY_BYTES). */
  bodyLimit?: number;
  cacheSize?: number;
  /**
   * Open WebSockets per signed-in account, or per IP address for anonymous spectators, in one
   * process (default 64; false: no cap). One more is refused with 429 "too-many-sockets".
   */
  socketsPerOwner?: number | false;
  /** A session token stops working this long after sign-in (default 30 days). */
  sessionTtlMs?: number;
  /** The server's clock (tests); default Date.now. */
  now?: () => number;
  /** How often this process looks for timeouts due and open games to expire, in ms (default 1000; false: never, tests call service.sweep()). */
  sweepMs?: number | false;
  /** How often this process records its heartbeat for the downtime credit (games/downtime.ts), in ms (default BEAT_MS; false: never, for tests that count store calls). */
  beatMs?: number | false;
  /** `smtp://user:pass@host:port` (or smtps://): send notification mail; absent: no mail. */
  smtp?: string;
  /** The From of notification mail (default "Tabula <tabula@HOST>", HOST from `publicUrl`). */
  mailFrom?: string;
  /** Where links in mail and webhooks point (default: the address the server listens on). */
  publicUrl?: string;
  /** Let webhooks call loopback, private and link-local addresses (tests, closed networks). */
  allowPrivateWebhooks?: boolean;
  /** Outbox worker timing (tests); `worker: false` leaves the outbox undrained in this process. */
  notify?: Pick<NotifierOptions, 'backoffMs' | 'leaseMs' | 'pollMs'> & { worker?: boolean };
  /** ... and this long after its last use (default 7 days). */
  sessionIdleMs?: number;
  /** Open games one account may have created at once (default MAX_OPEN_GAMES_PER_ACCOUNT; false: no cap). */
  openGamesPerAccount?: number | false;
  /** Fault tests only: called at points of a tournament round's pairing (tournaments/tournaments.ts). */
  tournamentFault?: (point: 'paired' | 'game-made') => void;
}

/**
 * The URL as logged: the value of every query parameter whose name, once percent-decoded, mentions
 * a token is replaced (so `?tok%65n=` is redacted as well as `?token=`).
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const parts = url.slice(q + 1).split('&').map((part) => {
    const eq = part.indexOf('=');
    const rawKey = eq < 0 ? part : part.slice(0, eq);
    let key = rawKey;
    try { key = decodeURIComponent(rawKey.replace(/\+/g, ' ')); } catch { key = rawKey; }
    return /token|auth|pass/i.test(key) || /token|auth|pass/i.test(rawKey) ? `${rawKey}=[redacted]` : part;
  });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

/**
 * Security headers of every reply (issue 19). The built web client loads only its own scripts, styles
 * and assets and talks to its own origin (HTTP and WebSocket); it sets styles through the DOM, which
 * a style-src without 'unsafe-inline' allows.
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'", ...auditScriptHashes()],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'upgrade-insecure-requests': null,
};

/**
 * Accessibility audits inject axe-core (a devDependency) into the served pages as an inline script, which
 * this CSP forbids. Where axe-core is installed (development, CI), exactly its bundle is allowed by hash,
 * as it is and as playwright's addScriptTag({ path }) injects it (with a sourceURL line); in a production
 * install without dev dependencies nothing is added. No other inline script is ever allowed.
 */
function auditScriptHashes(): string[] {
  let path: string;
  try {
    path = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  } catch {
    return [];
  }
  const source = readFileSync(path, 'utf8');
  const hash = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  return [hash(source), hash(`${source}\n//# sourceURL=${path}`)];
}

export interface TabulaServer {
  app: FastifyInstance;
  accounts: Accounts;
  games: Games;
  social: Social;
  moderation: Moderation;
  hub: LiveHub;
  bots: BotRunner;
  analysis: AnalysisRunner;
  store: Store;
  notifier: Notifier;
  /** Verification and reset mails. */
  accountMail: AccountMail;
  users: UserHub;
  tournaments: Tournaments;
  listen(port: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

/** Fan-out ids of a user's standing change (the user's id follows). */
const STANDING = 'standing:';
/** Fan-out ids of tournament changes (version -1): every process's lobby sockets hear of them. */
const TOURNAMENT = 'tournament:';

export function defaultWebDist(): string {
  return fileURLToPath(new URL('../../web/dist', import.meta.url));
}

/** Builds (does not start) a Tabula server. */
export async function createServer(opts: ServerOptions = {}): Promise<TabulaServer> {
  const bodyLimit = opts.bodyLimit ?? MAX_FRAME_BYTES;
  const app = Fastify({
    logger: opts.logger === undefined ? {
      level: opts.logLevel ?? 'info',
      // WebSocket clients send their token in the query string: never log it.
      serializers: { req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }) },
      ...(opts.logStream ? { stream: opts.logStream } : {}),
    } : opts.logger,
    bodyLimit,
    // Requests are logged at debug (below): a club host's log keeps warnings and errors readable.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: false,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, useDefaults: true, allErrors: false } },
    return503OnClosing: false,
    clientErrorHandler,
    frameworkErrors,
  });
  // Response schemas document the API; serialisation is plain JSON (a view is any JSON).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  const warn = (obj: object, msg: string): void => app.log.warn(obj, msg);
  const now = opts.now ?? Date.now;
  // Every store call is watched: while the store cannot be reached, nobody's clock is charged.
  const outages = new Outages(now);
  const store = outages.watch(opts.store ?? (await openStore(opts.db ?? 'sqlite:./data/tabula.db', { backgroundCheckpoints: true })));
  // Nor for the time no server process ran (a crash or restart): recorded and loaded by `listen`, before serving.
  const downtime = new Downtime(store.sql, outages, now);
  const accounts = new Accounts({
    store, scrypt: opts.scrypt, now,
    ...(opts.sessionTtlMs !== undefined ? { sessionTtlMs: opts.sessionTtlMs } : {}),
    ...(opts.sessionIdleMs !== undefined ? { sessionIdleMs: opts.sessionIdleMs } : {}),
  });
  const games = new Games({
    store, cacheSize: opts.cacheSize, warn, now, credit: outages.credit,
    ...(opts.openGamesPerAccount !== undefined ? { openGamesPerAccount: opts.openGamesPerAccount } : {}),
  });
  // What the live room uses of the games room.
  const liveGames: LiveGames<ReplayedGame> = {
    snapshot: (id) => games.table.current(id), sync: (row) => games.table.sync(row), stateFor: (...a) => games.views.stateFor(...a),
    touchAll: (seen) => games.timeouts.touchAll(seen), actVersion: (...a) => games.commands.actVersion(...a),
    undo: (...a) => games.commands.undo(...a), resign: (...a) => games.commands.resign(...a),
    abort: (...a) => games.commands.abort(...a), claim: (...a) => games.commands.claim(...a), draw: (...a) => games.commands.draw(...a),
  };
  // Sockets check sessions from a memo of a few seconds; sign-outs (signedOut, the fan-out) clear it.
  const sessions = new SessionMemo(accounts);
  const hub = new LiveHub(liveGames, sessions, warn);
  games.views.connected = (gameId, userId) => hub.isConnected(gameId, userId);
  const bots = new BotRunner(games, { ...opts.bots, warn });
  const analysis = new AnalysisRunner(games, { modules: opts.bots?.modules ?? [], ...opts.analysis, warn });
  const hints = new HintWorker({ modules: opts.bots?.modules ?? [], ...opts.hints, warn });
  games.commands.hints = hints;
  let fanout: Fanout = new LocalFanout();
  if (opts.redis) fanout = await RedisFanout.open(opts.redis, (e) => app.log.warn({ err: e }, 'redis error'));
  const limits = opts.rateLimits === undefined ? defaultRateLimits : opts.rateLimits;
  // With Redis, limits count across every server process; without, per process.
  const sharedRedis = fanout.redis;
  const counters: Counters = sharedRedis ? new RedisCounters(sharedRedis) : new MemoryCounters();
  // One per-minute budget of actions per account (signed out: address), HTTP and sockets together.
  const actionLimit = new ActionLimit(counters, limits ? limits.actions : false);
  const sockets = new Sockets({ auth: sessions, cap: opts.socketsPerOwner === undefined ? 64 : opts.socketsPerOwner, actions: actionLimit, log: warn });
  hub.endSocket = (c, message) => sockets.end(c, message);
  // Every new game (created, a rematch, a seek) counts against its account's per-minute creation limit.
  if (limits) games.lobby.creationLimit = (user) => countMinute(counters, `create:u:${user.id}`, limits.games, 'new games');
  // Draw offers (REST and socket alike) count against their account's per-minute limit.
  if (limits) games.commands.drawOfferLimit = (user) => countMinute(counters, `drawOffers:u:${user.id}`, SURFACE_LIMITS.drawOffers.perAccount, 'draw offers');
  // Chat, ratings, rematch, profiles, the live lobby and seeks (social/); its signals ride the fan-out with version -1.
  const social = new Social({ games, hub, publish: (id, v) => fanout.publish(id, v), warn, now });

  // Notifications: the outbox worker, the per-user sockets, and who counts as connected (no mail then).
  const users = new UserHub(store.notify, warn);
  let publicUrl = opts.publicUrl?.replace(/\/+$/, '') ?? '';
  await loadGameTexts();
  const mailer = opts.smtp ? smtpMailer(opts.smtp, opts.mailFrom ?? `Tabula <tabula@${opts.publicUrl ? new URL(opts.publicUrl).hostname : 'localhost'}>`) : null;
  // Verification and reset mails (accounts/); notification mail only goes to verified addresses.
  const accountMail = new AccountMail({ store, mailer, publicUrl: () => publicUrl, now, warn });
  const notifier = new Notifier({
    store, now, warn, publicUrl: () => publicUrl, allowPrivateWebhooks: opts.allowPrivateWebhooks === true,
    mailer,
    connected: async (userId) => users.has(userId) || hub.hasUser(userId)
      || (store.kind === 'postgres' && Date.now() - ((await store.notify.liveAt(userId)) ?? -Infinity) < PRESENCE_TTL_MS),
    onNotification: (n) => users.deliver(n),
    onScreen: (userId, gameId) => users.watching(userId, gameId),
    ...opts.notify,
  });

  // Tournaments: a finished game of one settles its pairing and, the round done, pairs the next (off the action's path).
  const tournaments = new Tournaments({
    store, games, now, warn: (err, msg) => warn({ err }, msg), notified: () => notifier.kick(),
    ...(opts.tournamentFault ? { fault: opts.tournamentFault } : {}),
    changed: (id) => { social.lobby.tournamentChanged(id); fanout.publish(`${TOURNAMENT}${id}`, -1); },
  });
  // A tournament game's seats are its pairing's: an abort ends it (a forfeit), never reopens it.
  games.writes.reopenable = async (row) => (await store.tournaments.link(row.id)) === null;
  social.lobby.tournaments = {
    listed: async () => [...await tournaments.list('upcoming', 50), ...await tournaments.list('running', 50)],
    summary: (id) => tournaments.summary(id),
  };

  // Every reaction to a committed change of a game, in this process and (through the fan-out) in the others.
  games.events.on(({ gameId, version, row }) => {
    hub.changed(gameId, row);
    fanout.publish(gameId, version);
    bots.notify(row);
    social.gameChanged(row);
    notifier.kick();
    if (row.status === 'finished') void tournaments.gameChanged(row).catch((e: unknown) => warn({ err: e }, 'tournament result failed'));
  });
  fanout.subscribe((id) => {
    if (id.startsWith(STANDING)) return users.standingChanged(Number(id.slice(STANDING.length)));
    if (id.startsWith(TOURNAMENT)) return social.lobby.tournamentChanged(id.slice(TOURNAMENT.length));
    hub.changed(id);
    social.remote(id);
  });
  fanout.onReconnect(() => hub.resyncAll());
  fanout.subscribeSignOut((what) => sockets.closeSessions(what));
  const signedOut = (what: SignOut): void => {
    sockets.closeSessions(what);
    fanout.publishSignOut(what);
  };
  // Blocks, reports and moderators' actions; a standing change reaches the user's sockets in every process.
  const moderation = new Moderation({
    store, games, now, signedOut, warn,
    standingChanged: (userId) => { users.standingChanged(userId); fanout.publish(`${STANDING}${userId}`, -1); },
  });
  games.lobby.hooks.beforeUserSeat = (id, user) => moderation.beforeSeat(id, user);

  app.addHook('onRequest', (req, _reply, done) => {
    req.log.debug({ req }, 'incoming request');
    done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    req.log.debug({ res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
  installErrorHandler(app);
  refuseNulBytes(app);
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    // The API is read by the page's own origin only; other sites may not embed or read it.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Tabula API', version: serverVersion, description: 'Accounts, lobby and play. Errors are `{ error: { code, message } }` with a 4xx status. Schemas: @tabula/protocol.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await app.register(rateLimit, {
    global: false,
    ...(sharedRedis ? { redis: sharedRedis, nameSpace: 'tabula:rl:', skipOnError: true } : {}),
    errorResponseBuilder: (_req, ctx) => new ApiError(429, 'rate-limited', `Too many requests: retry in ${ctx.after}.`),
  });
  await app.register(websocket, {
    options: { maxPayload: bodyLimit },
    // A client's broken or oversized frame is its own fault: a warning without a stack, not an error.
    errorHandler: (err: Error & { code?: string }, socket, req) => {
      if (typeof err.code === 'string' && err.code.startsWith('WS_ERR_')) req.log.warn({ code: err.code, reason: err.message }, 'websocket frame refused');
      else req.log.error({ err }, 'websocket failed');
      socket.terminate();
    },
  });
  app.addSchema(ErrorReply);

  // The web client: static files with SPA fallback, or a page saying how to build it.
  const webDist = opts.webDist === undefined ? defaultWebDist() : opts.webDist;
  const haveWeb = webDist !== null && existsSync(join(webDist, 'index.html')) && statSync(webDist).isDirectory();
  await app.register(webDelivery, { webDist: haveWeb ? resolve(webDist) : null });

  const liveSocket = sockets.handler(gameSocket(liveGames, hub, social));
  await app.register(notifyRoutes({
    store, accounts, notifier, users, allowPrivateWebhooks: opts.allowPrivateWebhooks === true, counters: limits ? counters : null,
    userLive: sockets.handler(userSocket(users, (id) => hub.hasUser(id))), accountMail,
  }), { prefix: '/api' });
  await app.register(pushRoutes({ store, accounts, notifier, allowPrivateWebhooks: opts.allowPrivateWebhooks === true, counters: limits ? counters : null }), { prefix: '/api' });
  const signInGuard = limits ? new SignInGuard(counters) : null;
  await app.register(healthRoutes(store, serverVersion, () => app.swagger()), { prefix: '/api' });
  await app.register(accountRoutes({ accounts, limits, signInGuard, signedOut }), { prefix: '/api' });
  await app.register(lifeRoutes({ accounts, mail: accountMail, store, signedOut, counters: limits ? counters : null }), { prefix: '/api' });
  await app.register(gameRoutes({ games, accounts, limits, counters, liveSocket, actionLimit }), { prefix: '/api' });
  await app.register(socialRoutes(accounts, social, limits ? counters : null, sockets.handler(lobbySocket(social.lobby))), { prefix: '/api' });
  await app.register(analysisRoutes(accounts, analysis, limits ? counters : null), { prefix: '/api' });
  await app.register(moderationRoutes(accounts, moderation, limits ? counters : null), { prefix: '/api' });
  await app.register(tournamentRoutes(accounts, tournaments, limits ? counters : null), { prefix: '/api' });

  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0]!;
    if (path.startsWith('/api/') || path === '/api' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send(errorBody('not-found', `No route ${req.method} ${path}.`));
    }
    if (haveWeb) return reply.type('text/html').sendFile('index.html');
    return reply.code(path === '/' ? 200 : 404).type('text/html; charset=utf-8').send(noWebPage);
  });

  const timers: NodeJS.Timeout[] = [];
  return {
    app, accounts, games, hub, bots, analysis, store, social, moderation, notifier, accountMail, users, tournaments,
    async listen(port: number, host = '127.0.0.1'): Promise<string> {
      await downtime.start();
      const addr = await app.listen({ port, host });
      await bots.resumeAll();
      analysis.start();
      // Every process sweeps; the version check makes exactly one of them flag each timeout.
      const sweepMs = opts.sweepMs === undefined ? 1000 : opts.sweepMs;
      if (sweepMs !== false) {
        let sweeping = false;
        timers.push(setInterval(() => {
          if (sweeping) return;
          sweeping = true;
          games.timeouts.sweep().catch((e: unknown) => app.log.warn({ err: e }, 'clock sweep failed')).finally(() => { sweeping = false; });
        }, sweepMs));
        // Tournaments: starts at startsAt, games missing after a crash, rounds whose last result was missed.
        let touring = false;
        timers.push(setInterval(() => {
          if (touring) return;
          touring = true;
          tournaments.sweep().catch((e: unknown) => app.log.warn({ err: e }, 'tournament sweep failed')).finally(() => { touring = false; });
        }, Math.max(sweepMs, 1000)));
      }
      timers.push(setInterval(() => void hub.heartbeat(), 30_000));
      const beatMs = opts.beatMs === undefined ? BEAT_MS : opts.beatMs;
      if (beatMs !== false) timers.push(setInterval(() => void downtime.beat().catch((e: unknown) => app.log.warn({ err: e }, 'server beat failed')), beatMs));
      if (sweepMs !== false) social.start();
      if (!publicUrl) publicUrl = addr;
      if (opts.notify?.worker !== false) notifier.start();
      timers.push(setInterval(() => void users.heartbeat(hub.userIds()).catch(() => undefined), 30_000));
      // Notifications another process's worker made for users connected here.
      if (store.kind === 'postgres') timers.push(setInterval(() => void users.poll().catch(() => undefined), 1000));
      for (const t of timers) t.unref();
      return addr;
    },
    async close(): Promise<void> {
      for (const t of timers.splice(0)) clearInterval(t);
      sockets.closeAll();
      hub.clear();
      social.close();
      users.clear();
      await accountMail.idle();
      await notifier.stop();
      await bots.close();
      await analysis.close();
      await hints.close();
      await app.close();
      await fanout.close();
      // A stop counts as downtime from here on (not from the last beat).
      await downtime.beat().catch(() => undefined);
      await store.close();
    },
  };
}

const noWebPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tabula</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto">
<h1>Tabula server is running</h1>
<p>The web client has not been built yet. Build it with <code>npm run build</code> (it writes <code>packages/web/dist</code>) and restart <code>tabula serve</code>.</p>
<p>The API is under <a href="/api/health"><code>/api</code></a>; its OpenAPI description is at <a href="/api/docs"><code>/api/docs</code></a>.</p>
</body></html>
`;
