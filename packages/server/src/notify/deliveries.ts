/**
 * Deliveries in flight: each runs on its own, so a slow destination delays only its own next
 * deliveries (one at a time per destination, in order), never another user's or the in-app channel.
 */
export class Deliveries {
  private readonly tails = new Map<string, Promise<void>>();
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly max: number) {}

  /** How many more may be started now. */
  get room(): number {
    return Math.max(0, this.max - this.running.size);
  }

  /** Runs `task` after the earlier deliveries to `destination` (a task never rejects: it handles its own failure). */
  start(destination: string, task: () => Promise<void>): void {
    const before = this.tails.get(destination) ?? Promise.resolve();
    const run = before.then(task).catch(() => undefined);
    this.tails.set(destination, run);
    this.running.add(run);
    void run.finally(() => {
      this.running.delete(run);
      if (this.tails.get(destination) === run) this.tails.delete(destination);
    });
  }

  /** Resolves when every delivery started so far has ended. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
