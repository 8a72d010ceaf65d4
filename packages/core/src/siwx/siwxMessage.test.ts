import { createSiweMessage, parseSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { serializeSiwxMessage } from './siwxMessage.ts'

const base = {
  accountAddress: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  chainId: 'eip155:31337' as const,
  domain: '127.0.0.1:5173',
  uri: 'http://127.0.0.1:5173/',
  version: '1',
  nonce: 'a1b2c3d4e5f6a7b8',
  issuedAt: '2026-11-22T03:00:00.000Z',
}

describe('serializeSiwxMessage', () => {
  it('writes EIP-4361 exactly as viem does (a library we did not write), with every field', () => {
    const full = {
      ...base,
      statement: 'Sign in to Latchkey demo',
      expirationTime: '2026-11-23T03:00:00.000Z',
      notBefore: '2026-11-22T02:59:00.000Z',
      requestId: 'req-1',
      resources: ['https://example.com/a', 'ipfs://bafy'],
    }
    const text = serializeSiwxMessage(full)
    expect(text).toBe(
      createSiweMessage({
        address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        chainId: 31337,
        domain: full.domain,
        uri: full.uri,
        version: '1',
        nonce: full.nonce,
        issuedAt: new Date(full.issuedAt),
        expirationTime: new Date(full.expirationTime),
        notBefore: new Date(full.notBefore),
        requestId: full.requestId,
        resources: full.resources,
        statement: full.statement,
      }),
    )
    expect(parseSiweMessage(text)).toMatchObject({
      chainId: 31337,
      nonce: full.nonce,
      requestId: 'req-1',
    })
  })

  it('without optional fields too', () => {
    expect(serializeSiwxMessage(base)).toBe(
      createSiweMessage({
        address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        chainId: 31337,
        domain: base.domain,
        uri: base.uri,
        version: '1',
        nonce: base.nonce,
        issuedAt: new Date(base.issuedAt),
      }),
    )
  })

  it('writes the Solana sign-in message with the network reference and the base58 address', () => {
    const text = serializeSiwxMessage({
      ...base,
      accountAddress: '722RdWmHC5TGXBjTejzNjbc8xEiduVDLqZvoUGz6Xzbp',
      chainId: 'solana:BXGmUWuqThfFb9puWNoLLs99ZQYV6N3n',
    })
    expect(text.split('\n').slice(0, 2)).toEqual([
      '127.0.0.1:5173 wants you to sign in with your Solana account:',
      '722RdWmHC5TGXBjTejzNjbc8xEiduVDLqZvoUGz6Xzbp',
    ])
    expect(text).toContain('\nChain ID: BXGmUWuqThfFb9puWNoLLs99ZQYV6N3n\n')
  })

  it('writes the Bitcoin sign-in message with the genesis reference and the address as given', () => {
    const text = serializeSiwxMessage({
      ...base,
      accountAddress: 'bcrt1q5e4pt2y326ppsla0r3x7wz2wcjanerqfg0zdf8',
      chainId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
      statement: 'Sign in to Latchkey demo',
    })
    expect(text).toBe(
      [
        '127.0.0.1:5173 wants you to sign in with your Bitcoin account:',
        'bcrt1q5e4pt2y326ppsla0r3x7wz2wcjanerqfg0zdf8',
        '',
        'Sign in to Latchkey demo',
        '',
        `URI: ${base.uri}`,
        'Version: 1',
        'Chain ID: 0f9188f13cb7b2c71f2a335e3a4fc328',
        `Nonce: ${base.nonce}`,
        `Issued At: ${base.issuedAt}`,
      ].join('\n'),
    )
  })

  it('refuses other namespaces', () => {
    expect(() => serializeSiwxMessage({ ...base, chainId: 'cosmos:cosmoshub-4' })).toThrow(
      'Unsupported chain',
    )
  })
})
