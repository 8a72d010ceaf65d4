// Test support only: nothing in the library imports this module.
import { vi } from 'vitest'
import type { ChainNamespace } from '../caip.ts'
import type { AccountSnapshot, AdapterEngine, ChainAdapter } from '../connection/adapter.ts'

/**
 * An adapter whose engine answers as the test scripts it (the wallets behind the real adapters
 * are tested in @latchkey/evm and @latchkey/solana): connect gives `snapshot`, the balance is
 * 1 ETH until the test changes it.
 */
export function scriptedAdapter(snapshot: AccountSnapshot, namespace: ChainNamespace = 'eip155') {
  const engine = {
    connect: vi.fn(async (_connectorId: string, _network?: unknown) => snapshot),
    reconnect: vi.fn(async (_connectorId: string) => false),
    disconnect: vi.fn(async () => {}),
    switchNetwork: vi.fn(async () => {}),
    getBalance: vi.fn(async () => ({ value: 10n ** 18n, decimals: 18, symbol: 'ETH' })),
    watchAccount: vi.fn((_onChange: (account: AccountSnapshot) => void) => () => {}),
    getProvider: vi.fn(() => undefined),
    sendTransfer: vi.fn(async () => '0xhash'),
    signMessage: vi.fn(async () => '0xsignature'),
  } satisfies AdapterEngine
  const adapter: ChainAdapter = {
    namespace,
    watchConnectors: () => () => {},
    load: vi.fn(async () => engine),
  }
  return { adapter, engine }
}
