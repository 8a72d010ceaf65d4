import { MemoryStorage } from '@latchkey/core/memoryStorage'
import { localChainA, localChainB } from '@latchkey/core/networks'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AppKitProvider } from './context'
import { createAppKit } from './createAppKit'
import { useAppKitAccount, useAppKitNetwork, useAppKitState } from './hooks'

afterEach(cleanup)

function Probe() {
  const account = useAppKitAccount()
  const network = useAppKitNetwork()
  const state = useAppKitState()
  return (
    <output>
      {`${account.status}|${network.caipNetworkId}|${state.open ? 'open' : 'closed'}`}
    </output>
  )
}

describe('hooks', () => {
  it('follow the instance given by AppKitProvider, not another one on the page', async () => {
    const kv = new MemoryStorage()
    const mine = createAppKit({ networks: [localChainA, localChainB], projectId: 'p', storage: kv })
    const other = createAppKit({ networks: [localChainA], projectId: 'p', storage: kv })
    render(
      <AppKitProvider instance={mine}>
        <Probe />
      </AppKitProvider>,
    )
    expect(screen.getByRole('status').textContent).toBe('disconnected|eip155:31337|closed')
    await act(async () => {
      await mine.switchNetwork(localChainB)
      mine.open({ view: 'Networks' })
      other.close()
    })
    expect(screen.getByRole('status').textContent).toBe('disconnected|eip155:31338|open')
  })
})
