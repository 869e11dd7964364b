/**
 * Seeded PRNG kept inside game state as plain data.
 *
 * Algorithm: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, 32-bit, 128-bit state),
 * seeded from the seed string by cyrb128 (four 32-bit hashes of the string), then 12 discarded
 * outputs. The state is a plain `[a, b, c, d]` array of uint32 so it survives JSON.
 */
export type RngState = [number, number, number, number];

function cyrb128(str: string): RngState {
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < str.length; i++) {
    const k = str.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

export function seedRng(seed: string): RngState {
  const s = cyrb128(seed);
  for (let i = 0; i < 12; i++) nextUint32(s);
  return s;
}

/** Advances `s` in place and returns a uint32. */
export function nextUint32(s: RngState): number {
  const a0 = s[0] | 0, b0 = s[1] | 0, c0 = s[2] | 0, d0 = s[3] | 0;
  const t = (((a0 + b0) | 0) + d0) | 0; // the counter d enters before it is incremented, as in the C original
  const c = (c0 << 21) | (c0 >>> 11);
  s[0] = (b0 ^ (b0 >>> 9)) >>> 0;
  s[1] = (c0 + (c0 << 3)) >>> 0;
  s[2] = (c + t) >>> 0;
  s[3] = (d0 + 1) >>> 0;
  return t >>> 0;
}

/** Uniform integer in [0, n) without modulo bias; advances `s` in place. */
export function randInt(s: RngState, n: number): number {
  if (!(n >= 1) || n > 0x100000000 || !Number.isInteger(n)) throw new RangeError(`randInt: bad bound ${n}`);
  if (n === 0x100000000) return nextUint32(s);
  // Accept x < 2^32 - (2^32 mod n). In uint32 arithmetic (no floating-point modulo):
  // 2^32 mod n = (2^32 - n) mod n, and x < 2^32 - r  <=>  x <= 0xffffffff - r.
  const u = n >>> 0;
  const max = 0xffffffff - ((-u >>> 0) % u);
  for (;;) {
    const x = nextUint32(s);
    if (x <= max) return x % u;
  }
}

/** A die roll 1..sides. */
export function rollDie(s: RngState, sides = 6): number {
  return randInt(s, sides) + 1;
}

/** Fisher-Yates shuffle of `arr` in place. */
export function shuffleInPlace<T>(s: RngState, arr: T[]): T[] {
  for (let i = arr.length - 1; i > 0; i--) {
    const j = randInt(s, i + 1);
    const t = arr[i]!;
    arr[i] = arr[j]!;
    arr[j] = t;
  }
  return arr;
}

/** An object wrapper over an RngState, for code that holds a generator rather than a state. */
export class Rng {
  readonly state: RngState;

  constructor(seedOrState: string | RngState) {
    this.state = typeof seedOrState === 'string' ? seedRng(seedOrState) : seedOrState;
  }

  uint32(): number { return nextUint32(this.state); }
  /** Uniform float in [0, 1). */
  float(): number { return nextUint32(this.state) / 0x100000000; }
  int(n: number): number { return randInt(this.state, n); }
  die(sides = 6): number { return rollDie(this.state, sides); }
  pick<T>(arr: readonly T[]): T {
    if (arr.length === 0) throw new RangeError('pick from empty array');
    return arr[randInt(this.state, arr.length)]!;
  }
  shuffle<T>(arr: T[]): T[] { return shuffleInPlace(this.state, arr); }
  /** A fresh independent generator derived from this one. */
  fork(): Rng {
    return new Rng([nextUint32(this.state), nextUint32(this.state), nextUint32(this.state), nextUint32(this.state) | 1]);
  }
}
