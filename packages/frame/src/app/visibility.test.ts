import { describe, expect, it } from 'vitest'
import { manualClock } from './testing/clock.ts'
import { fakeObserver } from './testing/visibility.ts'
import { createVisibilityGuard } from './visibility.ts'

// jsdom is not needed: the card is any element whose place the guard can read.
const card = (box = { x: 0, y: 0, width: 320, height: 400 }) =>
  ({ getBoundingClientRect: () => box }) as unknown as Element

function setup(tracksVisibility = true, initiallyVisible = true) {
  const clock = manualClock()
  const observer = fakeObserver(initiallyVisible)
  const changes: boolean[] = []
  const guard = createVisibilityGuard({
    observer: observer.factory,
    tracksVisibility,
    now: clock.now,
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
    onChange: (ready) => changes.push(ready),
  })
  return { clock, observer, changes, guard }
}

describe('the approval card visibility guard', () => {
  it('is ready only once the card has been visible (IntersectionObserver v2) for 500 ms', () => {
    const { clock, observer, changes, guard } = setup()
    guard.watch(card())
    expect(observer.options()).toMatchObject({ trackVisibility: true, delay: 100 })
    expect(guard.tracksVisibility).toBe(true)
    clock.advance(499)
    expect(guard.ready()).toBe(false)
    clock.advance(1)
    expect(guard.ready()).toBe(true)
    expect(changes).toEqual([true])
  })

  it('never gets ready while the browser says the card is not visible (faded, covered)', () => {
    const { clock, guard } = setup(true, false)
    guard.watch(card())
    clock.advance(5_000)
    expect(guard.ready()).toBe(false)
  })

  it('starts the 500 ms again when the card is hidden, moves, or the page is hidden', () => {
    const { clock, observer, changes, guard } = setup()
    guard.watch(card())
    clock.advance(600)
    expect(guard.ready()).toBe(true)

    observer.report(false)
    expect(guard.ready()).toBe(false)
    observer.report(true)
    clock.advance(400)
    expect(guard.ready()).toBe(false)
    clock.advance(100)
    expect(guard.ready()).toBe(true)

    observer.report(true, { x: 40 })
    expect(guard.ready()).toBe(false)
    clock.advance(500)
    expect(guard.ready()).toBe(true)

    guard.pageVisible(false)
    clock.advance(1_000)
    expect(guard.ready()).toBe(false)
    guard.pageVisible(true)
    clock.advance(500)
    expect(guard.ready()).toBe(true)

    guard.restart()
    expect(guard.ready()).toBe(false)
    expect(changes).toEqual([true, false, true, false, true, false, true, false])
  })

  it('a move the observer does not report is seen when asked, and restarts the clock', () => {
    const { clock, guard } = setup()
    const box = { x: 0, y: 0, width: 320, height: 400 }
    guard.watch(card(box))
    clock.advance(600)
    box.y = 120
    expect(guard.ready()).toBe(false)
    clock.advance(500)
    expect(guard.ready()).toBe(true)
  })

  it('without IntersectionObserver v2, intersecting the viewport stands in for visible', () => {
    const { clock, observer, guard } = setup(false)
    guard.watch(card())
    expect(guard.tracksVisibility).toBe(false)
    expect(observer.options()).not.toHaveProperty('trackVisibility')
    clock.advance(500)
    expect(guard.ready()).toBe(true)
    observer.report(false)
    expect(guard.ready()).toBe(false)
  })

  it('without any IntersectionObserver, only the clock and the page visibility count', () => {
    const clock = manualClock()
    const guard = createVisibilityGuard({
      observer: undefined,
      now: clock.now,
      setTimer: clock.setTimer,
      clearTimer: clock.clearTimer,
    })
    guard.watch(card())
    expect(guard.tracksVisibility).toBe(false)
    clock.advance(500)
    expect(guard.ready()).toBe(true)
  })
})
