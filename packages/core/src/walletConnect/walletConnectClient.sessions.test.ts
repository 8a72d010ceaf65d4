// The WalletConnect client with more than one session on the relay: only the current session's
// events, updates and end reach the app (a session paired before and not ended stays silent).
// Our real relay and Reown's WalletKit (testing/walletConnectRelay.ts).
import { describe, expect, it } from 'vitest'
import { useRealRelay } from '../testing/walletConnectRelay.ts'
import type { SessionChange } from './walletConnectClient.ts'

const { client, pairedClient } = useRealRelay()
const CHAIN_A = 'eip155:31337'

describe('two sessions, one current', () => {
  it("the earlier session's events and end are not the app's; the current one's are", async () => {
    const app = await client()
    const earlier = await pairedClient(app)
    const current = await pairedClient(app)
    expect(app.session()?.topic).toBe(current.session.topic)
    const seen: SessionChange[] = []
    app.onSession((change) => seen.push(change))

    await earlier.mobile.emit(
      'accountsChanged',
      ['0x2222222222222222222222222222222222222222'],
      CHAIN_A,
    )
    await earlier.mobile.disconnectAll()
    await current.mobile.emit('chainChanged', '0x7a69', CHAIN_A)
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1)
    expect(seen).toEqual([
      { type: 'event', name: 'chainChanged', data: '0x7a69', caipNetworkId: CHAIN_A },
    ])
    expect(app.session()?.topic).toBe(current.session.topic)

    await current.mobile.disconnectAll()
    await expect.poll(() => seen.at(-1), { timeout: 10_000 }).toEqual({ type: 'deleted' })
    expect(app.session()).toBeUndefined()
  })
})
