import { localChainA, localChainB } from '@latchkey/core/networks'
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderWithAppKit } from '../../testing/renderWithAppKit.tsx'
import { NetworkList } from './NetworkList.tsx'

afterEach(cleanup)

describe('NetworkList', () => {
  it("shows the app's chainImages by chain id, else (none, or an unsafe one) the directory's", async () => {
    renderWithAppKit(<NetworkList />, [localChainA, localChainB], {
      chainImages: { 31337: '/icons/a.png', 31338: 'javascript:alert(1)' },
    })
    const a = screen.getByTestId(`network-${localChainA.caipNetworkId}`)
    const b = screen.getByTestId(`network-${localChainB.caipNetworkId}`)
    expect(a.querySelector('img')?.getAttribute('src')).toBe('/icons/a.png')
    expect(b.querySelector('[data-initial]')?.getAttribute('data-initial')).toBe('L')
    await waitFor(() =>
      expect(b.querySelector('img')?.getAttribute('src')).toContain(
        `/public/getAssetImage/${encodeURIComponent(localChainB.caipNetworkId)}`,
      ),
    )
    expect(b.querySelector('img')?.getAttribute('alt')).toBe('')
    expect(b.textContent).toContain(localChainB.name)
  })
})
