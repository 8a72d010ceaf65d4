import { MemoryStorage } from '@latchkey/core/internal'
import { localChainA, localChainB } from '@latchkey/core/networks'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AppKitProvider } from './context.tsx'
import { useAppKit, useAppKitNetwork } from './hooks.ts'

afterEach(cleanup)

const seen = new Set<unknown>()
function Probe() {
  const network = useAppKitNetwork()
  seen.add(useAppKit().open)
  return <output>{network.caipNetworkId}</output>
}

describe('AppKitProvider with createAppKit options (AppKit’s provider)', () => {
  it('creates its instance once, from the options of its first render', () => {
    const storage = new MemoryStorage()
    const tree = (networks: readonly [typeof localChainA, ...(typeof localChainA)[]]) => (
      <AppKitProvider
        networks={networks}
        projectId="p"
        storage={storage}
        apiUrl="http://127.0.0.1:1"
      >
        <Probe />
      </AppKitProvider>
    )
    const { rerender } = render(tree([localChainB, localChainA]))
    expect(screen.getByRole('status').textContent).toBe('eip155:31338')
    rerender(tree([localChainA]))
    expect(screen.getByRole('status').textContent).toBe('eip155:31338')
    expect(seen.size).toBe(1)
  })
})
