import { siwxMessageText } from '@latchkey/core/internal'
import { describe, expect, it } from 'vitest'
import { InformalMessenger } from './informalMessenger.ts'
import type { SIWXMessengerInput } from './messenger.ts'
import { EVM_CHAIN, evmSigner, SOLANA_CHAIN, solanaSigner } from './testing/signers.ts'

describe('InformalMessenger', () => {
  it("makes AppKit's message fields, the nonce from getNonce()", async () => {
    const asked: SIWXMessengerInput[] = []
    let nonces = 0
    const messenger = new InformalMessenger({
      domain: 'app.example',
      uri: 'https://app.example/login',
      statement: 'Welcome to the app',
      resources: ['https://app.example/terms'],
      expiration: 5 * 60_000,
      getNonce: async (input) => {
        asked.push(input)
        // A nonce from a server takes time: the expiry still counts from the issue time.
        await new Promise((resolve) => setTimeout(resolve, 5))
        return `nonce${++nonces}abcdefgh`
      },
      getRequestId: async () => 'request-7',
    })
    const { address } = evmSigner()
    const before = Date.now()
    const data = await messenger.createMessage({ accountAddress: address, chainId: EVM_CHAIN })
    expect(data).toEqual({
      accountAddress: address,
      chainId: EVM_CHAIN,
      domain: 'app.example',
      uri: 'https://app.example/login',
      version: '1',
      nonce: 'nonce1abcdefgh',
      statement: 'Welcome to the app',
      resources: ['https://app.example/terms'],
      requestId: 'request-7',
      issuedAt: data.issuedAt,
      expirationTime: new Date(Date.parse(data.issuedAt) + 5 * 60_000).toISOString(),
    })
    expect(Date.parse(data.issuedAt)).toBeGreaterThanOrEqual(before - 1)
    expect(Date.parse(data.issuedAt)).toBeLessThanOrEqual(Date.now())
    expect(asked).toEqual([{ accountAddress: address, chainId: EVM_CHAIN }])
    // a fresh nonce for each message
    expect((await messenger.createMessage(asked[0] as SIWXMessengerInput)).nonce).toBe(
      'nonce2abcdefgh',
    )
  })

  it('leaves out what it was not given: no statement, resources, request id or expiry', async () => {
    const messenger = new InformalMessenger({
      domain: 'app.example',
      uri: 'https://app.example',
      getNonce: async () => 'abcdefgh',
    })
    const data = await messenger.createMessage({ accountAddress: '0x01', chainId: EVM_CHAIN })
    expect(Object.keys(data).sort()).toEqual(
      ['accountAddress', 'chainId', 'domain', 'issuedAt', 'nonce', 'uri', 'version'].sort(),
    )
  })

  it('is signed as the standard text (EIP-4361, its Solana form on Solana)', async () => {
    const { address } = await solanaSigner()
    const messenger = new InformalMessenger({
      domain: 'app.example',
      uri: 'https://app.example',
      statement: 'Hello',
      getNonce: async () => 'abcdefgh',
      clearChainIdNamespace: false,
    })
    const evm = await messenger.createMessage({
      accountAddress: evmSigner().address,
      chainId: EVM_CHAIN,
    })
    expect(evm.serializedMessage).toBeUndefined()
    expect(siwxMessageText(evm)).toMatch(
      /^app\.example wants you to sign in with your Ethereum account:\n0x[0-9a-fA-F]{40}\n\nHello\n\nURI: https:\/\/app\.example\nVersion: 1\nChain ID: 1\nNonce: abcdefgh\n/,
    )
    const solana = await messenger.createMessage({ accountAddress: address, chainId: SOLANA_CHAIN })
    expect(siwxMessageText(solana)).toContain(
      `wants you to sign in with your Solana account:\n${address}\n`,
    )
  })
})
