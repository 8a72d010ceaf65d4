import { formatMessage } from '@walletconnect/utils'
import { describe, expect, it } from 'vitest'
import { sessionFromCacao } from './siwxCacao.ts'
import { serializeSiwxMessage } from './siwxMessage.ts'

const address = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const iss = `did:pkh:eip155:31337:${address}`

describe('sessionFromCacao (one-click auth)', () => {
  it("gives a session whose message is the wallet's text, and our text of its fields is the same", () => {
    const p = {
      iss,
      domain: '127.0.0.1:5173',
      aud: 'http://127.0.0.1:5173/',
      version: '1',
      nonce: 'Abc123Def456Ghi789Jkl012',
      iat: '2026-11-22T04:00:00.000Z',
      exp: '2026-11-23T04:00:00.000Z',
      statement: 'Sign in to the Latchkey demo',
      resources: ['urn:recap:eyJhdHQiOnsiZWlwMTU1Ijp7InJlcXVlc3QvcGVyc29uYWxfc2lnbiI6W3t9XX19fQ'],
    }
    // WalletConnect's own formatter (what wallets sign), with its ReCap sentence.
    const message = formatMessage(p, iss)
    const session = sessionFromCacao({ p, s: { t: 'eip191', s: '0xsig' }, message })
    expect(session?.message).toBe(message)
    expect(session?.signature).toBe('0xsig')
    expect(session?.data).toMatchObject({
      accountAddress: address,
      chainId: 'eip155:31337',
      nonce: p.nonce,
      expirationTime: p.exp,
    })
    expect(serializeSiwxMessage(session?.data as never)).toBe(message)
  })

  it('refuses an issuer that is not a did:pkh account', () => {
    expect(
      sessionFromCacao({
        p: { iss: 'did:key:z6Mk', domain: 'a', aud: 'b', version: '1', nonce: 'n', iat: 'i' },
        s: { t: 'eip191', s: '0x' },
        message: '',
      }),
    ).toBeUndefined()
  })
})
