/**
 * FNV-1a 32-bit hashing of a stream of numbers and strings: the per-tick state hash used by the
 * determinism test and replays. Order matters; callers feed state in a canonical order.
 */
export class StateHasher {
  private h = 0x811c9dc5;

  num(n: number): this {
    // Integers are hashed exactly; other numbers through their shortest decimal form.
    if (Number.isInteger(n) && Math.abs(n) < 2 ** 31) {
      this.byte(n & 0xff)
        .byte((n >>> 8) & 0xff)
        .byte((n >>> 16) & 0xff)
        .byte((n >>> 24) & 0xff);
    } else {
      this.str(String(n));
    }
    return this;
  }

  str(s: string): this {
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      this.byte(c & 0xff).byte(c >>> 8);
    }
    return this.byte(0);
  }

  bool(b: boolean): this {
    return this.byte(b ? 1 : 0);
  }

  private byte(b: number): this {
    this.h ^= b;
    this.h = Math.imul(this.h, 0x01000193) >>> 0;
    return this;
  }

  digest(): number {
    return this.h >>> 0;
  }
}
