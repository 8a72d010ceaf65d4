// @vitest-environment jsdom
import type { EIP6963ProviderDetail } from 'mipd'
import { afterEach, describe, expect, it } from 'vitest'
import { toConnectors, watchInjectedConnectors } from './discovery.ts'

const provider = { request: async () => null }
const detail = (rdns: string, name: string, uuid: string = crypto.randomUUID()) =>
  ({
    info: { rdns, name, uuid, icon: 'data:image/svg+xml,<svg/>' },
    provider,
  }) as unknown as EIP6963ProviderDetail

function announce(d: EIP6963ProviderDetail) {
  window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: d }))
}

describe('EIP-6963 discovery', () => {
  const stops: (() => void)[] = []
  afterEach(() => {
    for (const stop of stops.splice(0)) stop()
  })

  it('lists each announced wallet once, none hidden, with its rdns as id', () => {
    const connectors = toConnectors([
      detail('io.metamask', 'MetaMask'),
      detail('io.metamask', 'MetaMask'),
      detail('com.rabby', 'Rabby'),
    ])
    expect(connectors.map((c) => [c.id, c.name, c.type, c.chain])).toEqual([
      ['io.metamask', 'MetaMask', 'ANNOUNCED', 'eip155'],
      ['com.rabby', 'Rabby', 'ANNOUNCED', 'eip155'],
    ])
    // §3 Connector.provider: the wallet's own EIP-1193 provider, as announced
    expect(connectors[0]?.provider).toBe(provider)
  })

  it('ignores announcements without an rdns and never trusts a non-image icon', () => {
    const bad = [
      { info: { name: 'No rdns', uuid: '1' }, provider },
      { info: { rdns: 'x.y', name: '', uuid: '2', icon: 'javascript:alert(1)' }, provider },
    ] as unknown as EIP6963ProviderDetail[]
    const connectors = toConnectors(bad)
    expect(connectors).toHaveLength(1)
    expect(connectors[0]).toMatchObject({ id: 'x.y', name: 'x.y', imageUrl: undefined })
  })

  it('follows real announce events, including wallets announced later', () => {
    let seen: string[] = []
    stops.push(watchInjectedConnectors((list) => (seen = list.map((c) => c.id))))
    announce(detail('io.metamask', 'MetaMask', 'a'))
    announce(detail('io.metamask', 'MetaMask', 'a'))
    announce(detail('com.rabby', 'Rabby', 'b'))
    expect(seen).toEqual(['io.metamask', 'com.rabby'])
  })
})
