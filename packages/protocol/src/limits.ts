/**
 * Numbers of the wire that clients need at run time, without the schemas (the web client imports only
 * this module's values and the index's types, so no schema code reaches the browser).
 */

/** Largest WebSocket frame accepted, in bytes. */
export const MAX_FRAME_BYTES = 64 * 1024;
/** Messages one socket may send per second before it is answered 429. */
export const MAX_FRAMES_PER_SECOND = 50;

/** Close codes of the live socket: 4000 + an HTTP status. */
export const closeCodeOf = (status: number): number => 4000 + status;
/** Closes after which a client reconnects (with backoff); others (4401 signed out, 4403, 4404) are final. */
export const RETRYABLE_CLOSE: readonly number[] = [1001, 1006, 1011, 1012, 1013, 4408, 4429, 4500, 4503];

// ---- time control (docs/api.md "Time control") ----

/** Live (Fischer) clocks: base time per seat in seconds, and the increment added after each own action. */
export const LIVE_BASE_SECONDS = { min: 15, max: 3 * 60 * 60 } as const;
export const LIVE_INCREMENT_SECONDS = { min: 0, max: 60 } as const;
/** The presets offered in the web client: [base minutes, increment seconds]. */
export const LIVE_PRESETS: readonly (readonly [number, number])[] = [[5, 3], [10, 5], [20, 10]];
/** Correspondence: days per move; a seat's bank never exceeds CORRESPONDENCE_CAP_FACTOR times that. */
export const CORRESPONDENCE_DAYS = { min: 1, max: 14 } as const;
export const CORRESPONDENCE_PRESETS: readonly number[] = [1, 3, 7];
export const CORRESPONDENCE_CAP_FACTOR = 2;
/** A seat disconnected this long from a live game lets an opponent claim the win. */
export const CLAIM_AFTER_DISCONNECT_MS = 2 * 60 * 1000;
/**
 * A seat's time is not charged before its first action; if that action does not come within this window
 * (from when the seat is first to act, or from the last action before it) the game is aborted, unrated.
 */
export const FIRST_MOVE_WINDOW_MS = { live: 30_000, correspondence: 24 * 60 * 60 * 1000 } as const;
/** An open game nobody joined is ended ("expired") after this long. */
export const OPEN_GAME_EXPIRY_MS = 14 * 24 * 60 * 60 * 1000;
/** A game may be aborted (no winner) while its log holds fewer actions than this. */
export const ABORT_BEFORE_ACTIONS = 2;

// ---- social: chat, ratings, seeks (docs/api.md "Chat", "Ratings", "Seeks") ----

/** Longest chat message, in characters (after stripping control, bidi and zero-width characters). */
export const CHAT_MAX_CHARS = 500;
/** Combining marks kept on one character of a chat message (more are dropped: stacked marks draw over other lines). */
export const CHAT_MAX_MARKS_PER_CHAR = 4;
/** Chat messages one account may send per window, across all games; one more is answered 429 "chat-rate-limited". */
export const CHAT_RATE = { messages: 5, windowMs: 10_000 } as const;
/** Messages of one game read back on connect (the newest). */
export const CHAT_HISTORY = 500;
/** Users one account may mute. */
export const MAX_MUTES = 500;
/** Glicko-2 start values and the system constant (tau). */
export const GLICKO = { rating: 1500, rd: 350, vol: 0.06, tau: 0.5 } as const;
/**
 * Repeated rated games between the same two accounts (same game kind) within `windowMs` count less: the n-th
 * such game (1-based, this one included) moves the ratings by `weights[n - 1]` of a full game, and not at all
 * past the list (docs/api.md "Ratings").
 */
export const RATING_REPEAT = { windowMs: 24 * 60 * 60 * 1000, weights: [1, 1, 1, 0.5, 0.25] } as const;
/** Entries of a rating history one request may read (and the default). */
export const RATING_HISTORY_LIMIT = { max: 200, default: 50 } as const;
/** A rating whose deviation is above this is provisional (shown with a "?"). */
export const PROVISIONAL_RD = 110;
/** An open seek is withdrawn after this long: live time controls (and none), and correspondence. */
export const SEEK_TTL_MS = { live: 30 * 60 * 1000, correspondence: 7 * 24 * 60 * 60 * 1000 } as const;
/** Open seeks one account may hold at once. */
export const MAX_SEEKS_PER_USER = 5;
// ---- reports, blocks and moderation (docs/api.md "Reports, blocks and moderation") ----

/** Why a user or a chat line is reported. */
export const REPORT_REASONS = ['abuse', 'spam', 'cheating', 'name', 'other'] as const;
/** Longest note of a report, in characters (cleaned as a chat line is). */
export const REPORT_NOTE_MAX_CHARS = 500;
/** Chat lines of the same game kept before and after a reported line (read from the stored chat). */
export const REPORT_CONTEXT_LINES = 3;
/** Users one account may block. */
export const MAX_BLOCKS = 500;
/** A moderator's chat mute: from one minute to 30 days. */
export const MODERATION_MUTE_MINUTES = { min: 1, max: 30 * 24 * 60 } as const;
/** Longest reason a moderator writes for an action, in characters. */
export const MODERATION_REASON_MAX_CHARS = 500;
// ---- notifications (docs/api.md "Notifications") ----

/** The events that notify a player. */
export const NOTIFICATION_KINDS = ['your-turn', 'game-over', 'invited', 'time-low', 'tournament-round', 'tournament-finished'] as const;
/** At most one email per game and user in this window. */
export const MAIL_PER_GAME_WINDOW_MS = 60 * 60 * 1000;
/** A webhook is disabled after this many failed calls in a row. */
export const WEBHOOK_MAX_FAILURES = 5;
/** A webhook call fails when the receiver has not answered 2xx within this long. */
export const WEBHOOK_TIMEOUT_MS = 5000;
/** An outbox delivery is given up after this many attempts (backoff doubling from 2 s, at most 1 h apart). */
export const OUTBOX_MAX_ATTEMPTS = 8;
/** Web Push: devices (subscriptions) one account may have; the longest endpoint URL and device label accepted. */
export const PUSH_MAX_SUBSCRIPTIONS = 10;
export const PUSH_ENDPOINT_MAX = 1024;
export const PUSH_LABEL_MAX = 80;
/** How long the push service keeps an undelivered message (seconds): a turn notice older than a day is stale. */
export const PUSH_TTL_S = 24 * 60 * 60;
/** The in-app list keeps (and lists) at most this many notifications per user. */
export const NOTIFICATIONS_LIST_MAX = 100;
/** "Time running low": correspondence seats at 24 h left (6 h for 1-day games); live seats at a fifth of the base time. */
export const TIME_LOW_CORRESPONDENCE_MS = 24 * 60 * 60 * 1000;
export const TIME_LOW_CORRESPONDENCE_SHORT_MS = 6 * 60 * 60 * 1000;
export const TIME_LOW_LIVE_FRACTION = 0.2;
/** Languages the server writes email in (the web client's UI languages). */
export const MAIL_LANGUAGES = ['en', 'de', 'es', 'zh-Hans'] as const;
// ---- accounts (issue 19) ----

/** Account names: this many characters (after NFKC), letters, digits, "_", "." or "-". */
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 32;
/** Passwords: at least this many characters, at most MAX_PASSWORD_LENGTH, no control characters. */
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 1024;
/** Least zxcvbn strength score (0-4) a new password must reach. */
export const MIN_PASSWORD_SCORE = 3;
/** The score is that of the first this many characters (zxcvbn's cost grows fast with length). */
export const PASSWORD_JUDGED_LENGTH = 128;

/** Sign-ins (right or wrong) per address per minute. */
export const SIGN_INS_PER_MINUTE_PER_ADDRESS = 30;
/** Failed sign-ins per address (any names) in SIGN_IN_WINDOW_MS before that address must wait out the window. */
export const FAILED_SIGN_INS_PER_ADDRESS = 30;
/** Failed sign-ins of one name that cost nothing; from then on each further one doubles a wait. */
export const FREE_FAILED_SIGN_INS = 5;
/** The first wait of a name after its free failures, in ms (then doubled per failure, up to the maximum). */
export const SIGN_IN_BACKOFF_MS = 1000;
export const SIGN_IN_BACKOFF_MAX_MS = 15 * 60 * 1000;
/** Failures are forgotten this long after the last one. */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

// ---- sessions ----

/** A session ends this long after the sign-in that started it, however much it is used. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** A session ends after this long unused; every use renews it (sliding). */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** A used session's last-seen time is written at most this often. */
export const SESSION_TOUCH_MS = 60 * 1000;
// ---- account mail (verification, reset) ----

/** A verification or reset link works this long, once. */
export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Verification mails per address (all accounts together) and per account in ACCOUNT_MAIL_WINDOW_MS; more are not sent (the answer does not say). */
export const VERIFY_MAILS_PER_ADDRESS = 3;
export const VERIFY_MAILS_PER_ACCOUNT = 5;
/** Reset mails per account in ACCOUNT_MAIL_WINDOW_MS. */
export const RESET_MAILS_PER_ACCOUNT = 3;
export const ACCOUNT_MAIL_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Frames a live socket may send before it is authenticated (more: closed with 4429). */
export const MAX_PREAUTH_FRAMES = 16;

// ---- games ----

/** Games one account may create per minute, and one address (all accounts) per minute. */
export const GAMES_PER_MINUTE_PER_ACCOUNT = 10;
export const GAMES_PER_MINUTE_PER_ADDRESS = 30;
/** Open (not yet started) games one account may have created at once. */
export const MAX_OPEN_GAMES_PER_ACCOUNT = 10;
/** An open game counts against that cap for this long after its creation. */
export const OPEN_GAME_COUNTS_MS = 24 * 60 * 60 * 1000;
/**
 * Requests per minute to each surface that does work for its caller (posting and cancelling seeks pushes to
 * every lobby; a webhook URL is a DNS lookup; a profile is several queries), per signed-in account and per
 * address; one more is answered 429 "rate-limited".
 */
export const SURFACE_LIMITS = {
  seeks: { perAccount: 20, perAddress: 60 },
  settings: { perAccount: 20, perAddress: 60 },
  lookups: { perAccount: 60, perAddress: 120 },
  mutes: { perAccount: 30, perAddress: 60 },
  invitations: { perAccount: 30, perAddress: 60 },
  seats: { perAccount: 20, perAddress: 60 },
  aborts: { perAccount: 5, perAddress: 20 },
  analyses: { perAccount: 10, perAddress: 30 },
  // The web client asks before each online move (six re-dealt worlds on the server): generous, but bounded.
  previews: { perAccount: 600, perAddress: 1200 },
  // "Why can't I?" asked by pointing at the board: one engine call, cheap, but bounded like previews.
  whys: { perAccount: 600, perAddress: 1200 },
  // Learning games: a hint is a bot search (about 250 ms of a worker) asked on each of the player's turns.
  hints: { perAccount: 120, perAddress: 240 },
  resets: { perAccount: 5, perAddress: 10 },
  // Each draw offer is shown to every seat and spectator (and bots answer it): a few a minute are plenty.
  drawOffers: { perAccount: 5, perAddress: 20 },
  // A report is read by a person (a moderator): few per minute; blocks write and change what others can do.
  reports: { perAccount: 5, perAddress: 20 },
  blocks: { perAccount: 30, perAddress: 60 },
  // Creating a tournament: an organiser's list grows and every lobby hears of it.
  tournaments: { perAccount: 5, perAddress: 20 },
  // Joining and withdrawing push the tournament to every lobby.
  tournamentEntries: { perAccount: 30, perAddress: 60 },
} as const;
export type Surface = keyof typeof SURFACE_LIMITS;
/** Analyses one account may have queued or running at once (`429 too-many-analyses`). */
export const ANALYSES_PENDING_PER_ACCOUNT = 2;
/** Largest body of POST /api/games, in bytes. */
export const MAX_CREATE_BODY_BYTES = 32 * 1024;
/** A body refused with 413 is read (and discarded) before the answer when it declares at most this many bytes, for at most DRAIN_REFUSED_BODY_MS. */
export const DRAIN_REFUSED_BODY_MAX_BYTES = 4 * 1024 * 1024;
export const DRAIN_REFUSED_BODY_MS = 5000;
/** Bounds of `variants` (options, uploaded decks included): JSON size, string length, list length, keys per object, depth. */
export const MAX_OPTIONS_BYTES = 16 * 1024;
export const MAX_OPTION_STRING = 128;
export const MAX_OPTION_ITEMS = 100;
export const MAX_OPTION_KEYS = 32;
export const MAX_OPTION_DEPTH = 6;
// ---- tournaments (docs/api.md "Tournaments") ----

/** Players of one tournament (capacity.min and capacity.max lie within this). */
export const TOURNAMENT_CAPACITY = { min: 2, max: 64 } as const;
/** Round robin: at most this many players (everyone meets everyone). */
export const ROUND_ROBIN_MAX_PLAYERS = 10;
/** Swiss rounds. */
export const TOURNAMENT_ROUNDS = { min: 1, max: 15 } as const;
/** Players per table of a 3-5 player game (Carcassonne). */
export const TOURNAMENT_TABLE_SIZE = { min: 3, max: 5 } as const;
/** Longest tournament name, in characters (cleaned as a chat line is). */
export const TOURNAMENT_NAME_MAX = 80;
/** Tournaments not yet finished (open or running) one organiser may have at once. */
export const MAX_OPEN_TOURNAMENTS_PER_ORGANISER = 2;
/** startsAt at most this far ahead. */
export const TOURNAMENT_START_AHEAD_MS = 60 * 24 * 60 * 60 * 1000;
/** A player who forfeited a tournament game may not join another tournament for this long (409 cooling-off). */
export const TOURNAMENT_COOLING_OFF_MS = 24 * 60 * 60 * 1000;
/** Correspondence rounds: games not started this long after the round began are forfeits (per day of the time control). */
export const TOURNAMENT_ROUND_DEADLINE_DAYS_FACTOR = 2;
/** Tournaments one list request returns (and the default). */
export const TOURNAMENT_LIST_LIMIT = { max: 100, default: 50 } as const;
