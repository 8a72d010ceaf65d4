/** sfc32: a small, fast, seeded PRNG; the same seed gives the same run. */
export class Rng {
  #a: number
  #b: number
  #c: number
  #d: number

  constructor(seed: number) {
    this.#a = 0x9e3779b9
    this.#b = 0x243f6a88
    this.#c = 0xb7e15162
    this.#d = seed >>> 0
    for (let i = 0; i < 15; i++) this.next()
  }

  /** A float in [0, 1) */
  next(): number {
    this.#a >>>= 0
    this.#b >>>= 0
    this.#c >>>= 0
    this.#d >>>= 0
    const t = (this.#a + this.#b + this.#d) >>> 0
    this.#d = (this.#d + 1) >>> 0
    this.#a = this.#b ^ (this.#b >>> 9)
    this.#b = (this.#c + (this.#c << 3)) >>> 0
    this.#c = (this.#c << 21) | (this.#c >>> 11)
    this.#c = (this.#c + t) >>> 0
    return t / 4_294_967_296
  }

  /** An integer in [min, max] */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T
  }
}
