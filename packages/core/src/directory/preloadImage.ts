import { IMAGE_PRELOAD_TIMEOUT_MS } from '../constants.ts'

interface PreloadTimers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

interface LoadableImage {
  src: string
  addEventListener(type: 'load' | 'error', listener: () => void): void
  removeEventListener(type: 'load' | 'error', listener: () => void): void
}

/**
 * Warms the browser's image cache. Resolves (never rejects) on load, on error, or after
 * `timeoutMs` (§9 image preload timeout 2 s), so a slow image never holds up a list. Without a
 * DOM (`Image` undefined: server, tests) it resolves at once.
 */
export function preloadImage(
  url: string,
  options: { timeoutMs?: number; timers?: Partial<PreloadTimers> } = {},
): Promise<void> {
  const ImageConstructor = (globalThis as { Image?: new () => LoadableImage }).Image
  if (typeof ImageConstructor !== 'function' || !url) return Promise.resolve()
  // Looked up per call, so fake timers installed after import apply.
  const setTimer = options.timers?.setTimeout ?? ((cb, ms) => globalThis.setTimeout(cb, ms))
  const clearTimer =
    options.timers?.clearTimeout ??
    ((handle) => globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]))

  return new Promise((resolve) => {
    let image: LoadableImage
    try {
      image = new ImageConstructor()
    } catch {
      resolve()
      return
    }
    const done = () => {
      clearTimer(timer)
      image.removeEventListener('load', done)
      image.removeEventListener('error', done)
      resolve()
    }
    const timer = setTimer(done, options.timeoutMs ?? IMAGE_PRELOAD_TIMEOUT_MS)
    image.addEventListener('load', done)
    image.addEventListener('error', done)
    image.src = url
  })
}
