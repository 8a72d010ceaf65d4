import type { CaipAddress } from '@latchkey/core/internal'
import { MemoryStorage } from '@latchkey/core/internal'
import { localChainA, localChainB } from '@latchkey/core/networks'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AppKitProvider } from './context.tsx'
import { createAppKit } from './createAppKit.ts'
import {
  type FetchBalanceResult,
  useAppKitActivity,
  useAppKitBalance,
  useAppKitTokens,
} from './hooks.ts'
import { renderWithAppKit } from './testing/renderWithAppKit.tsx'

afterEach(cleanup)

const ADDRESS = '0x1111111111111111111111111111111111111111'

function Probe() {
  const balance = useAppKitTokens()
  const activity = useAppKitActivity()
  return (
    <output>
      {`${balance.tokens.length}|${balance.totalValue}|${balance.error ?? '-'}|${activity.transactions.length}|${activity.next ?? '-'}`}
    </output>
  )
}

describe('useAppKitTokens / useAppKitActivity', () => {
  it('refresh when the account connects (refused service → errors), clear on disconnect', async () => {
    const appKit = createAppKit({
      networks: [localChainA, localChainB],
      projectId: 'p',
      storage: new MemoryStorage(),
      apiUrl: 'http://127.0.0.1:1',
    })
    await appKit.preload()
    render(
      <AppKitProvider instance={appKit}>
        <Probe />
      </AppKitProvider>,
    )
    expect(screen.getByRole('status').textContent).toBe('0|0|-|0|-')
    act(() => {
      appKit.core.stores.account.setState({
        status: 'connected',
        address: ADDRESS,
        caipAddress: `eip155:31337:${ADDRESS}` as CaipAddress,
        namespace: 'eip155',
      })
    })
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('0|0|Token Balance Unavailable|0|-'),
    )
    act(() => {
      appKit.core.stores.account.setState({ status: 'disconnected', address: undefined })
    })
    expect(screen.getByRole('status').textContent).toBe('0|0|-|0|-')
    appKit.destroy()
    appKit.core.toast.hide()
  })
})

let fetchBalance: (() => Promise<FetchBalanceResult>) | undefined
function BalanceProbe() {
  fetchBalance = useAppKitBalance().fetchBalance
  return null
}

describe("useAppKitBalance().fetchBalance (AppKit's shape)", () => {
  it('says why there is no balance: no account, then the service refused', async () => {
    const appKit = renderWithAppKit(<BalanceProbe />)
    expect(await fetchBalance?.()).toEqual({
      data: undefined,
      error: 'No account connected',
      isSuccess: false,
      isError: true,
    })
    act(() => {
      appKit.core.stores.account.setState({
        status: 'connected',
        address: ADDRESS,
        caipAddress: `eip155:31337:${ADDRESS}` as CaipAddress,
        namespace: 'eip155',
      })
    })
    let result: FetchBalanceResult | undefined
    await act(async () => {
      result = await fetchBalance?.()
    })
    expect(result).toMatchObject({ isError: true, error: 'Token Balance Unavailable' })
    appKit.destroy()
    appKit.core.toast.hide()
  })
})
