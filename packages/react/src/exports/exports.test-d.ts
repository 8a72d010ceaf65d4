import {
  type Account,
  type AppKitNetwork,
  type CaipAddress,
  type CaipNetwork,
  type CaipNetworkId,
  type ConnectorStatus,
  type useAppKit,
  useAppKitAccount,
} from '@latchkey/react'
import type { CaipNetwork as NetworksCaipNetwork } from '@latchkey/react/networks'
import { solanaDevnet, solanaTestnet } from '@latchkey/react/networks'
import { describe, expectTypeOf, it } from 'vitest'

describe('the types an app imports from @latchkey/react', () => {
  it('names networks and CAIP ids as AppKit does', () => {
    expectTypeOf<AppKitNetwork>().toEqualTypeOf<CaipNetwork>()
    expectTypeOf<NetworksCaipNetwork>().toEqualTypeOf<CaipNetwork>()
    expectTypeOf(solanaDevnet).toEqualTypeOf<CaipNetwork>()
    expectTypeOf(solanaTestnet.caipNetworkId).toEqualTypeOf<CaipNetworkId>()
    expectTypeOf<'eip155:1:0xabc'>().toExtend<CaipAddress>()
    // @ts-expect-error a CAIP-2 id has a namespace
    const bad: CaipNetworkId = '1'
    void bad
  })

  it("has AppKit's hook signatures", () => {
    expectTypeOf<ReturnType<ReturnType<typeof useAppKit>['open']>>().toEqualTypeOf<Promise<void>>()
    expectTypeOf(useAppKitAccount)
      .parameter(0)
      .toEqualTypeOf<
        | { namespace?: 'eip155' | 'solana' | 'polkadot' | 'bip122' | 'cosmos' | 'sui' | 'stacks' }
        | undefined
      >()
  })

  it('describes accounts and connector states (§3)', () => {
    expectTypeOf<Account['type']>().toEqualTypeOf<'eoa' | 'smartAccount'>()
    expectTypeOf<ConnectorStatus>().toEqualTypeOf<
      'connected' | 'active' | 'disconnected' | 'connecting'
    >()
  })
})
