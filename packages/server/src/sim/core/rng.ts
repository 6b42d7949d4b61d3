/**
 * The world's only source of randomness: a seeded sfc32 generator (fast, 128-bit state, good
 * statistical quality). Its state is plain data, so it is part of the world's state hash and a
 * replay from the same seed draws the same numbers.
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    // splitmix32 expands the seed into four well-mixed words.
    let s = seed >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  /** A uniformly distributed unsigned 32-bit integer. */
  nextUint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** A float in [0, 1). */
  nextFloat(): number {
    return this.nextUint32() / 4294967296;
  }

  /** An integer in [0, bound) without modulo bias; bound must be a positive integer <= 2^32. */
  nextInt(bound: number): number {
    if (!Number.isInteger(bound) || bound <= 0)
      throw new RangeError(`bound must be a positive integer, got ${bound}`);
    const limit = 4294967296 - (4294967296 % bound);
    for (;;) {
      const x = this.nextUint32();
      if (x < limit) return x % bound;
    }
  }

  /** An integer in [min, max] inclusive. */
  between(min: number, max: number): number {
    return min + this.nextInt(max - min + 1);
  }

  /** True with probability numerator/denominator. */
  chance(numerator: number, denominator: number): boolean {
    return this.nextInt(denominator) < numerator;
  }

  /** The generator state (for hashing and snapshots). */
  state(): [number, number, number, number] {
    return [this.a, this.b, this.c, this.d];
  }
}
