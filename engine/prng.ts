// Seeded pseudo-random number generator for everything in the engine that must be
// random yet reproducible (tie order among equal ratings, drawn groupings, simulated
// results). sfc32 is small, fast and passes PractRand; its whole state is four
// 32-bit words, so it is stored as plain JSON with a tournament and resumes exactly
// where it stopped after a round trip through the database.

/** The complete generator state: four unsigned 32-bit integers. JSON-safe. */
export interface PrngState {
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly d: number;
}

/**
 * Hashes a seed (string or number) into a starting state. cyrb128 spreads even
 * short, similar seeds ("1", "2") over unrelated states.
 */
export function seedPrng(seed: string | number): PrngState {
  const text = String(seed);
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
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
  const prng = new Prng({ a: h1 >>> 0, b: h2 >>> 0, c: h3 >>> 0, d: h4 >>> 0 });
  // The first outputs of sfc32 still echo the seed; discard them.
  for (let i = 0; i < 15; i++) prng.nextU32();
  return prng.state;
}

/**
 * A generator resumed from a stored state. It mutates only itself; read `state`
 * afterwards and store it so the next decision continues the same sequence.
 */
export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(state: PrngState) {
    this.a = state.a >>> 0;
    this.b = state.b >>> 0;
    this.c = state.c >>> 0;
    this.d = state.d >>> 0;
  }

  static fromSeed(seed: string | number): Prng {
    return new Prng(seedPrng(seed));
  }

  get state(): PrngState {
    return { a: this.a, b: this.b, c: this.c, d: this.d };
  }

  /** Next unsigned 32-bit integer. */
  nextU32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    return t >>> 0;
  }

  /** Uniform float in [0, 1). */
  float(): number {
    return this.nextU32() / 4294967296;
  }

  /** Uniform integer in [0, n). Rejection sampling keeps it exactly uniform. */
  int(n: number): number {
    if (!Number.isInteger(n) || n <= 0 || n > 4294967296) throw new RangeError(`int(n) needs 1 <= n <= 2^32, got ${n}`);
    const limit = 4294967296 - (4294967296 % n);
    let x = this.nextU32();
    while (x >= limit) x = this.nextU32();
    return x % n;
  }

  /** A shuffled copy (Fisher-Yates); the input is left alone. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  }
}
