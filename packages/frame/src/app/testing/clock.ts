// Test support: a clock and timers the test moves by hand.

export interface ManualClock {
  now(): number
  setTimer(run: () => void, ms: number): unknown
  clearTimer(timer: unknown): void
  /** Moves time on, running the timers that fall due */
  advance(ms: number): void
}

export function manualClock(): ManualClock {
  let time = 0
  let next = 0
  const timers = new Map<number, { at: number; run: () => void }>()
  return {
    now: () => time,
    setTimer(run, ms) {
      const id = next++
      timers.set(id, { at: time + ms, run })
      return id
    },
    clearTimer(timer) {
      timers.delete(timer as number)
    },
    advance(ms) {
      const end = time + ms
      for (;;) {
        const due = [...timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0]
        if (!due) break
        timers.delete(due[0])
        time = due[1].at
        due[1].run()
      }
      time = end
    },
  }
}
