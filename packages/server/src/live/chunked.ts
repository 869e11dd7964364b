/**
 * Runs `run` over `items` in slices of `size`, letting the event loop serve sockets between slices: for
 * periodic bulk writes (presence heartbeats) that would otherwise hold the loop for many milliseconds.
 */
export async function inChunks<T>(items: readonly T[], size: number, run: (slice: T[]) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) {
    if (i > 0) await new Promise((r) => setImmediate(r));
    await run(items.slice(i, i + size));
  }
}
