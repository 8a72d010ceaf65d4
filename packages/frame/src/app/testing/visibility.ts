// Test support: an IntersectionObserver v2 stand-in that the tests drive by hand.
import type { Observer, ObserverFactory, VisibilityEntry } from '../visibility.ts'

const BOX = { x: 0, y: 0, width: 320, height: 400 }

export interface FakeObserver {
  factory: ObserverFactory
  /** What the guard asked the observer for */
  options(): Parameters<ObserverFactory>[1] | undefined
  /** Delivers one entry: visible or not, at a place (default the same place as before) */
  report(isVisible: boolean, box?: Partial<typeof BOX>): void
}

export function fakeObserver(initiallyVisible = true): FakeObserver {
  let callback: ((entries: readonly VisibilityEntry[]) => void) | undefined
  let given: Parameters<ObserverFactory>[1] | undefined
  let box = BOX
  const entry = (isVisible: boolean): VisibilityEntry => ({
    isIntersecting: isVisible,
    isVisible,
    boundingClientRect: box,
    intersectionRect: isVisible ? box : { x: 0, y: 0, width: 0, height: 0 },
  })
  return {
    factory(cb, options): Observer {
      callback = cb
      given = options
      return {
        observe: () => cb([entry(initiallyVisible)]),
        disconnect: () => {
          callback = undefined
        },
      }
    },
    options: () => given,
    report(isVisible, at) {
      box = { ...box, ...at }
      callback?.([entry(isVisible)])
    },
  }
}
