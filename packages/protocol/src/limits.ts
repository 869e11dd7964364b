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
/** Largest body of POST /api/games, in bytes. */
export const MAX_CREATE_BODY_BYTES = 32 * 1024;
/** Bounds of `variants` (options, uploaded decks included): JSON size, string length, list length, keys per object, depth. */
export const MAX_OPTIONS_BYTES = 16 * 1024;
export const MAX_OPTION_STRING = 128;
export const MAX_OPTION_ITEMS = 100;
export const MAX_OPTION_KEYS = 32;
export const MAX_OPTION_DEPTH = 6;
