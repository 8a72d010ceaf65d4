// @vitest-environment jsdom
import { createAppKitCore, MemoryStorage } from '@latchkey/core/internal'
import { localChainA } from '@latchkey/core/networks'
import type { EIP6963ProviderDetail } from 'mipd'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LazyWagmiAdapter } from './lazyAdapter.ts'

const provider = { request: async () => null }
const announce = (rdns: string, name: string) =>
  window.dispatchEvent(
    new CustomEvent('eip6963:announceProvider', {
      detail: {
        info: { rdns, name, uuid: crypto.randomUUID(), icon: 'data:image/svg+xml,<svg/>' },
        provider,
      } as unknown as EIP6963ProviderDetail,
    }),
  )

const cores: ReturnType<typeof createAppKitCore>[] = []
// No services run here: the setup alerts (APKT003/009) their absence raises, possibly after a
// test has ended, are expected, so console.error stays quiet for the whole file.
vi.spyOn(console, 'error').mockImplementation(() => {})
afterEach(() => {
  for (const core of cores.splice(0)) core.destroy()
})

async function start(coinbasePreference?: unknown) {
  const core = createAppKitCore({
    networks: [localChainA],
    projectId: 'p',
    storage: new MemoryStorage(),
    apiUrl: 'http://127.0.0.1:1',
    adapters: [new LazyWagmiAdapter({ networks: [localChainA], projectId: 'p' })],
    coinbasePreference: coinbasePreference as never,
  })
  cores.push(core)
  core.start()
  announce('com.coinbase.wallet', 'Coinbase Wallet')
  announce('io.metamask', 'MetaMask')
  const ids = core.stores.connectors.getState().list.map((c) => c.id)
  // Lets the service calls fail here, inside the test, not after it.
  await vi.waitFor(() =>
    expect(core.stores.alerts.getState().alerts.map((a) => a.code)).toContain('APKT003'),
  )
  return ids
}

describe('coinbasePreference (§3, default all)', () => {
  it("offers the Coinbase Wallet extension under 'all' (the default) and 'eoaOnly'", async () => {
    expect(await start()).toEqual(['com.coinbase.wallet', 'io.metamask'])
    expect(await start('eoaOnly')).toEqual(['com.coinbase.wallet', 'io.metamask'])
  })

  it("'smartWalletOnly' lists no Coinbase extension; an unknown value warns and means 'all'", async () => {
    expect(await start('smartWalletOnly')).toEqual(['io.metamask'])
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(await start('smartOnly')).toEqual(['com.coinbase.wallet', 'io.metamask'])
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('coinbasePreference must be one of'))
    warn.mockRestore()
  })
})
