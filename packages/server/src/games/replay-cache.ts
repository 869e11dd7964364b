import type { ReplayedGame } from '@tabula/engine';

export { ReplayedGame, replayGame, describeFor, SPECTATOR } from '@tabula/engine';

/** A small LRU of replayed games. */
export class ReplayCache {
  private readonly map = new Map<string, ReplayedGame>();
  constructor(private readonly capacity: number) {}

  get(id: string): ReplayedGame | undefined {
    const g = this.map.get(id);
    if (g) {
      this.map.delete(id);
      this.map.set(id, g);
    }
    return g;
  }

  set(id: string, g: ReplayedGame): void {
    this.map.delete(id);
    this.map.set(id, g);
    while (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as string);
  }

  delete(id: string): void {
    this.map.delete(id);
  }

  get size(): number {
    return this.map.size;
  }
}
