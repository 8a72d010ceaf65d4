// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { IMAGE_PRELOAD_TIMEOUT_MS } from '../constants.ts'
import { preloadImage } from './preloadImage.ts'

/** jsdom's own image element, kept so a test can fire its real load/error events. */
function recordImages() {
  const created: HTMLImageElement[] = []
  const JsdomImage = window.Image
  vi.stubGlobal(
    'Image',
    class extends JsdomImage {
      constructor() {
        super()
        created.push(this)
      }
    },
  )
  return created
}

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('preloadImage (§9 image preload timeout 2 s)', () => {
  it('the timeout is 2 s', () => {
    expect(IMAGE_PRELOAD_TIMEOUT_MS).toBe(2000)
  })

  it('resolves on load', async () => {
    const created = recordImages()
    const done = preloadImage('http://127.0.0.1:1/a.png')
    expect(created[0]?.src).toBe('http://127.0.0.1:1/a.png')
    created[0]?.dispatchEvent(new Event('load'))
    await expect(done).resolves.toBeUndefined()
  })

  it('resolves, never rejects, on error', async () => {
    const created = recordImages()
    const done = preloadImage('http://127.0.0.1:1/b.png')
    created[0]?.dispatchEvent(new Event('error'))
    await expect(done).resolves.toBeUndefined()
  })

  it('resolves after 2 s when the image neither loads nor fails', async () => {
    vi.useFakeTimers()
    recordImages()
    let settled = false
    void preloadImage('http://127.0.0.1:1/slow.png').then(() => {
      settled = true
    })
    await vi.advanceTimersByTimeAsync(IMAGE_PRELOAD_TIMEOUT_MS - 1)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(settled).toBe(true)
  })

  it('takes a shorter timeout', async () => {
    vi.useFakeTimers()
    recordImages()
    let settled = false
    void preloadImage('http://127.0.0.1:1/slow.png', { timeoutMs: 50 }).then(() => {
      settled = true
    })
    await vi.advanceTimersByTimeAsync(50)
    expect(settled).toBe(true)
  })

  it('a load after the timeout changes nothing', async () => {
    vi.useFakeTimers()
    const created = recordImages()
    const done = preloadImage('http://127.0.0.1:1/c.png')
    await vi.advanceTimersByTimeAsync(IMAGE_PRELOAD_TIMEOUT_MS)
    await expect(done).resolves.toBeUndefined()
    expect(() => created[0]?.dispatchEvent(new Event('load'))).not.toThrow()
  })

  it('resolves at once without Image (no DOM) or without a URL', async () => {
    vi.stubGlobal('Image', undefined)
    await expect(preloadImage('http://127.0.0.1:1/a.png')).resolves.toBeUndefined()
    vi.unstubAllGlobals()
    const created = recordImages()
    await expect(preloadImage('')).resolves.toBeUndefined()
    expect(created).toHaveLength(0)
  })
})
