import { cleanup, fireEvent, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
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
})
