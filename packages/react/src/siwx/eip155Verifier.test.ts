import { MemoryStorage } from '@latchkey/core/internal'
import { defineChain } from '@latchkey/core/networks'
import { type AnvilInstance, findFreePort, startAnvil } from '@latchkey/devnet'
import { createTestClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAppKit } from '../createAppKit.ts'
import { EIP155Verifier } from './eip155Verifier.ts'
import { evmSigner, messageData, signedSession } from './testing/signers.ts'

const verifier = new EIP155Verifier()

describe('EIP155Verifier, externally owned accounts (no request)', () => {
  it("accepts the account's EIP-191 signature of the message", async () => {
    expect(await verifier.verify(await signedSession(evmSigner()))).toBe(true)
  })

  it('refuses a tampered message', async () => {
    const session = await signedSession(evmSigner())
    const message = session.message.replace('Nonce1234567890a', 'Nonce1234567890b')
    expect(await verifier.verify({ ...session, message })).toBe(false)
  })

  it("refuses another key's signature", async () => {
    const session = await signedSession(evmSigner())
    const { signature } = await signedSession(evmSigner(), session.data)
    expect(await verifier.verify({ ...session, signature })).toBe(false)
  })

  it('refuses a session for another account than the signing one', async () => {
    const session = await signedSession(evmSigner(), messageData(evmSigner()))
    expect(await verifier.verify(session)).toBe(false)
  })

  it('refuses a signature that is not hex, or an address that is not one', async () => {
    const session = await signedSession(evmSigner())
    expect(await verifier.verify({ ...session, signature: 'not-hex' })).toBe(false)
    expect(await verifier.verify({ ...session, signature: '0x1234' })).toBe(false)
    const data = { ...session.data, accountAddress: 'vitalik.eth' }
    expect(await verifier.verify({ ...session, data })).toBe(false)
  })
})

// EIP-1271 wallets as runtime bytecode: isValidSignature answers the magic value, or zero.
const ACCEPTING_1271 = '0x631626ba7e60e01b60005260206000f3'
const REFUSING_1271 = '0x630000000060e01b60005260206000f3'
const WALLET = '0x00000000000000000000000000000000000a1271'
const REFUSING_WALLET = '0x00000000000000000000000000000000000b1271'
const CHAIN_ID = 31_999

describe('EIP155Verifier, contract accounts (EIP-1271) through the chain', () => {
  let anvil: AnvilInstance

  beforeAll(async () => {
    anvil = await startAnvil({ port: await findFreePort(), chainId: CHAIN_ID })
    const test = createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) })
    await test.setCode({ address: WALLET, bytecode: ACCEPTING_1271 })
    await test.setCode({ address: REFUSING_WALLET, bytecode: REFUSING_1271 })
  }, 60_000)
  afterAll(() => anvil?.stop())

  /** A session of `wallet` on the anvil chain, signed by one of its owners' keys. */
  const contractSession = (wallet: string) =>
    signedSession(
      evmSigner(`eip155:${CHAIN_ID}`),
      messageData({ address: wallet, chainId: `eip155:${CHAIN_ID}` }),
    )

  // Before any createAppKit: the window's instance would name an RPC for the chain.
  it('refuses a contract account when no RPC is known, or the node does not answer', async () => {
    const session = await contractSession(WALLET)
    expect(await new EIP155Verifier().verify(session)).toBe(false)
    const down = new EIP155Verifier({ rpcUrls: { [CHAIN_ID]: 'http://127.0.0.1:1' } })
    expect(await down.verify(session)).toBe(false)
  })
  it("asks the chain given in rpcUrls, and takes the contract's answer", async () => {
    const withRpc = new EIP155Verifier({ rpcUrls: { [CHAIN_ID]: anvil.rpcUrl } })
    expect(await withRpc.verify(await contractSession(WALLET))).toBe(true)
    expect(await withRpc.verify(await contractSession(REFUSING_WALLET))).toBe(false)
  })

  it("asks the chain of the app's network of that id (createAppKit's networks)", async () => {
    const network = defineChain({
      id: CHAIN_ID,
      name: 'Anvil',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    })
    const appKit = createAppKit({
      networks: [network],
      projectId: 'p',
      storage: new MemoryStorage(),
      apiUrl: 'http://127.0.0.1:1',
    })
    try {
      expect(await new EIP155Verifier().verify(await contractSession(WALLET))).toBe(true)
    } finally {
      appKit.destroy()
    }
  })
})
