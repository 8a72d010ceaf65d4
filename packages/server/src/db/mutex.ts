/** A FIFO lock: `acquire()` resolves with a release function once every earlier holder let go. */
export class Mutex {
  #tail: Promise<void> = Promise.resolve()

  acquire(): Promise<() => void> {
    let release!: () => void
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    const acquired = this.#tail.then(() => release)
    this.#tail = this.#tail.then(() => released)
    return acquired
  }
}
