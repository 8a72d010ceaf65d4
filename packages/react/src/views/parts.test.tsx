import { act, cleanup, fireEvent, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Logo } from './parts.tsx'

afterEach(cleanup)

describe('Logo', () => {
  it('shows the image while it loads', () => {
    const { container } = render(<Logo name="MetaMask" src="/img/metamask.svg" />)
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/img/metamask.svg')
    expect(container.querySelector('[data-initial]')).toBeNull()
  })

  it('without an image: the initial', () => {
    const { container } = render(<Logo name="lUSD" className="lk-token-icon" />)
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('[data-initial]')?.getAttribute('data-initial')).toBe('L')
    expect(container.firstElementChild?.className).toContain('lk-token-icon')
  })

  it('an image that fails (a 404) gives way to the initial; a new image is tried again', () => {
    const { container, rerender } = render(<Logo name="Anvil" src="/img/missing.svg" />)
    const img = container.querySelector('img')
    if (!img) throw new Error('no img')
    fireEvent.error(img)
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('[data-initial]')?.getAttribute('data-initial')).toBe('A')
    rerender(<Logo name="Anvil" src="/img/other.svg" />)
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/img/other.svg')
  })

  it('an image still loading after 2 s (the §9 preload timeout) shows the initial until it loads', () => {
    vi.useFakeTimers()
    try {
      const { container } = render(<Logo name="Slow" src="/img/slow.svg" />)
      const img = container.querySelector('img') as HTMLImageElement
      act(() => vi.advanceTimersByTime(1999))
      expect(img.hidden).toBe(false)
      expect(container.querySelector('[data-initial]')).toBeNull()
      act(() => vi.advanceTimersByTime(1))
      const initial = container.querySelector('[data-initial]')
      expect(initial?.getAttribute('data-initial')).toBe('S')
      expect(initial?.getAttribute('aria-hidden')).toBe('true')
      // Still loading, out of sight: once in, it takes the initial's place.
      expect(container.querySelector('img')).toBe(img)
      expect(img.hidden).toBe(true)
      fireEvent.load(img)
      expect(img.hidden).toBe(false)
      expect(container.querySelector('[data-initial]')).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })

  it('a slow image that then fails stays the initial', () => {
    vi.useFakeTimers()
    try {
      const { container } = render(<Logo name="Slow" src="/img/slow.svg" />)
      act(() => vi.advanceTimersByTime(2000))
      fireEvent.error(container.querySelector('img') as HTMLImageElement)
      expect(container.querySelector('img')).toBeNull()
      expect(container.querySelector('[data-initial]')?.getAttribute('data-initial')).toBe('S')
    } finally {
      vi.useRealTimers()
    }
  })

  it('an image loaded within 2 s stays', () => {
    vi.useFakeTimers()
    try {
      const { container } = render(<Logo name="Fast" src="/img/fast.svg" />)
      const img = container.querySelector('img') as HTMLImageElement
      Object.defineProperties(img, { complete: { value: true }, naturalWidth: { value: 32 } })
      act(() => vi.advanceTimersByTime(5000))
      expect(container.querySelector('img')).toBe(img)
    } finally {
      vi.useRealTimers()
    }
  })
})
