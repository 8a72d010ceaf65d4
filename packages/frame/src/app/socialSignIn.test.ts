import { verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { signInRefusal, signSignIn } from './socialSignIn.ts'

const ORIGIN = 'http://127.0.0.1:5173'
const template = {
  chainId: 'eip155:31337',
  domain: '127.0.0.1:5173',
  uri: 'http://127.0.0.1:5173/',
  version: '1',
  nonce: 'abcdefgh12345678',
  issuedAt: '2026-11-24T20:00:00.000Z',
  statement: 'Sign in to the Latchkey demo',
}
const account = privateKeyToAccount(
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
)

describe('the sign-in signed with a social login (§4)', () => {
  it('signs the standard text of the page’s message with the new account', async () => {
    expect(signInRefusal(template, ORIGIN)).toBeUndefined()
    const signed = await signSignIn(template, account)
    expect(signed.siwxMessage).toEqual({ ...template, accountAddress: account.address })
    expect(signed.message).toBe(
      `127.0.0.1:5173 wants you to sign in with your Ethereum account:\n${account.address}\n\nSign in to the Latchkey demo\n\nURI: http://127.0.0.1:5173/\nVersion: 1\nChain ID: 31337\nNonce: abcdefgh12345678\nIssued At: 2026-11-24T20:00:00.000Z`,
    )
    expect(
      await verifyMessage({
        address: account.address,
        message: signed.message,
        signature: signed.signature as `0x${string}`,
      }),
    ).toBe(true)
  })

  it('signs only for the page that embeds it, and only on an EVM chain', () => {
    expect(signInRefusal({ ...template, domain: 'evil.example' }, ORIGIN)).toMatch(/domain/)
    expect(signInRefusal({ ...template, uri: 'https://evil.example/' }, ORIGIN)).toMatch(/uri/)
    expect(signInRefusal({ ...template, uri: 'not a url' }, ORIGIN)).toMatch(/uri/)
    expect(
      signInRefusal({ ...template, chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }, ORIGIN),
    ).toMatch(/not EVM/)
  })
})
