import { type AnvilInstance, findFreePort, startAnvil, TEST_ACCOUNTS } from '@latchkey/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localChainA, localChainB, withRpcUrl } from '../networks.ts'
import { evmSession, scriptedWallet, WC_ACCOUNT } from '../testing/walletConnectWallet.ts'
import { createWalletConnectProvider } from './walletConnectProvider.ts'

// Reads go to the chain's own node (anvil, from packages/devnet); what needs the wallet goes over
// the session.

let anvil: AnvilInstance
let chainA: typeof localChainA
const FUNDED = TEST_ACCOUNTS[0].address

beforeAll(async () => {
  anvil = await startAnvil({ port: await findFreePort(), chainId: 31337 })
  chainA = withRpcUrl(localChainA, anvil.rpcUrl)
})
afterAll(async () => {
  await anvil?.stop()
})

function setup(methods: string[] = ['personal_sign', 'eth_sendTransaction']) {
  const wallet = scriptedWallet(
    evmSession({
      chains: [chainA.caipNetworkId, localChainB.caipNetworkId],
      accounts: [`${chainA.caipNetworkId}:${WC_ACCOUNT}`],
      methods,
    }),
  )
  // Chain B is approved but has no RPC URL the app knows.
  const chainB = withRpcUrl(localChainB, '')
  const provider = createWalletConnectProvider(wallet.client, [chainA, chainB])
  return { wallet, provider }
}

describe('WalletConnect provider: reads from the chain, the rest from the wallet', () => {
  it('a read is answered by the chain, without the wallet', async () => {
    const { provider, wallet } = setup()
    const balance = await provider.request({ method: 'eth_getBalance', params: [FUNDED, 'latest'] })
    expect(BigInt(balance as string)).toBeGreaterThan(0n)
    expect(await provider.request({ method: 'eth_blockNumber' })).toMatch(/^0x[0-9a-f]+$/)
    expect(wallet.requests).toEqual([])
  })

  it("the chain's refusal reaches the caller with its code", async () => {
    const { provider } = setup()
    await expect(
      provider.request({ method: 'eth_getBalance', params: ['not an address', 'latest'] }),
    ).rejects.toMatchObject({ code: expect.any(Number), message: expect.any(String) })
    await expect(provider.request({ method: 'no_suchMethod' })).rejects.toMatchObject({
      code: -32601,
    })
  })

  it('a chain without an RPC URL cannot be read', async () => {
    const { provider } = setup()
    await provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x7a6a' }],
    })
    await expect(provider.request({ method: 'eth_blockNumber' })).rejects.toMatchObject({
      code: 4901,
      message: 'No RPC URL for eip155:31338',
    })
  })

  it('a chain the app does not list cannot be read either', async () => {
    const wallet = scriptedWallet(evmSession({ accounts: [`eip155:10:${WC_ACCOUNT}`] }))
    const provider = createWalletConnectProvider(wallet.client, [chainA])
    await expect(provider.request({ method: 'eth_blockNumber' })).rejects.toMatchObject({
      code: 4901,
      message: 'No RPC URL for eip155:10',
    })
  })

  it('only the wallet methods by their whole name go to the wallet; a name merely like one is read', async () => {
    const { provider, wallet } = setup(['personal_sign', 'eth_sign', 'wallet_getCapabilities'])
    for (const method of ['custom_personal_sign', 'eth_signer', 'x_wallet_getCapabilities']) {
      await expect(provider.request({ method, params: [] })).rejects.toMatchObject({
        code: -32601,
      })
    }
    expect(wallet.requests).toEqual([])
  })

  it("signing and sending go to the wallet, on the session's chain, with the wallet's answer", async () => {
    const { provider, wallet } = setup()
    wallet.answerWith((method) => (method === 'personal_sign' ? '0xsig' : '0xhash'))
    expect(await provider.request({ method: 'personal_sign', params: ['0x68', WC_ACCOUNT] })).toBe(
      '0xsig',
    )
    const tx = { from: WC_ACCOUNT, to: FUNDED, value: '0x1' }
    expect(await provider.request({ method: 'eth_sendTransaction', params: [tx] })).toBe('0xhash')
    expect(wallet.requests).toEqual([
      { method: 'personal_sign', params: ['0x68', WC_ACCOUNT], caipNetworkId: 'eip155:31337' },
      { method: 'eth_sendTransaction', params: [tx], caipNetworkId: 'eip155:31337' },
    ])
  })

  it('a wallet method the session did not approve is refused without asking it', async () => {
    const { provider, wallet } = setup(['personal_sign'])
    for (const method of ['eth_signTypedData_v4', 'wallet_getCapabilities', 'eth_sign']) {
      await expect(provider.request({ method, params: [] })).rejects.toMatchObject({
        code: 4200,
        message: `The wallet has not approved ${method}`,
      })
    }
    // §8's text for the batch status a wallet did not approve
    await expect(
      provider.request({ method: 'wallet_getCallsStatus', params: [`0x${'1'.repeat(64)}`] }),
    ).rejects.toMatchObject({
      code: 4200,
      message: 'Fetching call status not approved by the wallet.',
    })
    expect(wallet.requests).toEqual([])
  })
})
