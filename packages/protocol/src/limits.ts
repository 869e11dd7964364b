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
