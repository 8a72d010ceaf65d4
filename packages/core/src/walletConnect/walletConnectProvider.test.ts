import type { SessionTypes } from '@walletconnect/types'
import { describe, expect, it } from 'vitest'
import { peerWallet } from './walletConnectClient.ts'
import { accountsOn, approvedChains } from './walletConnectProvider.ts'

function session(eip155: Partial<SessionTypes.Namespace> | undefined, icons: string[] = []) {
  return {
    namespaces: eip155 ? { eip155: { accounts: [], methods: [], events: [], ...eip155 } } : {},
    peer: { publicKey: 'k', metadata: { name: 'Rainbow', description: '', url: '', icons } },
  } as unknown as SessionTypes.Struct
}

const A = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const B = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'

describe('approvedChains', () => {
  it('is the session’s chains and those of its accounts, once each', () => {
    expect(
      approvedChains(
        session({ chains: ['eip155:1'], accounts: [`eip155:1:${A}`, `eip155:10:${A}`] }),
      ),
    ).toEqual(['eip155:1', 'eip155:10'])
  })

  it('is empty without a session or an EVM namespace', () => {
    expect(approvedChains(undefined)).toEqual([])
    expect(approvedChains(session(undefined))).toEqual([])
  })
})

describe('accountsOn', () => {
  it('lists the addresses on one chain, in the session’s order, without repeats', () => {
    const s = session({
      accounts: [`eip155:1:${A}`, `eip155:10:${B}`, `eip155:1:${B}`, `eip155:1:${A}`],
    })
    expect(accountsOn(s, 'eip155:1')).toEqual([A, B])
    expect(accountsOn(s, 'eip155:10')).toEqual([B])
    expect(accountsOn(s, 'eip155:137')).toEqual([])
  })

  it('is empty without a session or an EVM namespace', () => {
    expect(accountsOn(undefined, 'eip155:1')).toEqual([])
    expect(accountsOn(session(undefined), 'eip155:1')).toEqual([])
  })

  it('does not confuse chain 1 with chain 10', () => {
    expect(accountsOn(session({ accounts: [`eip155:10:${A}`] }), 'eip155:1')).toEqual([])
  })
})

describe('peerWallet', () => {
  it('names the wallet and keeps only an https or data icon', () => {
    expect(peerWallet(session({}, ['http://x/i.png', 'https://r.app/i.png']))).toEqual({
      name: 'Rainbow',
      icon: 'https://r.app/i.png',
    })
    expect(peerWallet(session({}, ['javascript:alert(1)']))).toEqual({ name: 'Rainbow' })
  })
})
