import { localChainA, withRpcUrl } from '@latchkey/core/networks'
import { type Devnet, findFreePort, startDevnet } from '@latchkey/devnet'
import { getBlockNumber } from '@wagmi/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createWagmiConfig } from './config.ts'

let devnet: Devnet
let rpcUrl: string
/** The network as the app lists it, its RPC URL somewhere nothing answers */
const unreachable = withRpcUrl(localChainA, 'http://127.0.0.1:1')

beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 31337, port: await findFreePort() }] })
  rpcUrl = devnet.chains[0]?.rpcUrl ?? ''
})
afterAll(() => devnet?.stop())

const blockNumber = (customRpcUrls?: Record<string, { url: string }[]>) =>
  getBlockNumber(
    createWagmiConfig({
      networks: [unreachable],
      projectId: 'p',
      customRpcUrls,
      storage: null as never,
    }),
    { chainId: 31337 },
  )

describe('WagmiAdapter customRpcUrls (AppKit option)', () => {
  it("reads the chain through the app's custom RPC URL", async () => {
    await expect(blockNumber({ 'eip155:31337': [{ url: rpcUrl }] })).resolves.toBeTypeOf('bigint')
  })

  it('falls back to the next custom URL when the first does not answer', async () => {
    const urls = [{ url: 'http://127.0.0.1:1' }, { url: rpcUrl }]
    await expect(blockNumber({ 'eip155:31337': urls })).resolves.toBeTypeOf('bigint')
  })

  it('ignores entries that are not http(s) and uses the network URL without any', async () => {
    await expect(blockNumber({ 'eip155:31337': [{ url: 'javascript:x' }] })).rejects.toThrow()
    await expect(blockNumber()).rejects.toThrow()
  })
})
