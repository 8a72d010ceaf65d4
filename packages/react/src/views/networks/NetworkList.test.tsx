import { localChainA, localChainB } from '@latchkey/core/networks'
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderWithAppKit } from '../../testing/renderWithAppKit.tsx'
import { NetworkList } from './NetworkList.tsx'

afterEach(cleanup)

describe('NetworkList', () => {
  it("shows the app's chainImages by chain id, and no image where it gives none", () => {
    const appKit = renderWithAppKit(<NetworkList />, [localChainA, localChainB], {
      chainImages: { 31337: '/icons/a.png', 31338: 'javascript:alert(1)' },
    })
    appKit.destroy()
    const a = screen.getByTestId(`network-${localChainA.caipNetworkId}`)
    const b = screen.getByTestId(`network-${localChainB.caipNetworkId}`)
    expect(a.querySelector('img')?.getAttribute('src')).toBe('/icons/a.png')
    expect(b.querySelector('img')).toBeNull()
    expect(b.textContent).toContain(localChainB.name)
  })
})
