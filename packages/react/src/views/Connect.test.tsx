import { describe, expect, it } from 'vitest'
import { walletRows } from './Connect.tsx'

const connector = (id: string, name: string) =>
  ({ id, name, type: 'ANNOUNCED', chain: 'eip155', rdns: id }) as const

describe('walletRows (Connect: injected wallets first, then recent)', () => {
  it('lists installed wallets first, tagging the recent ones', () => {
    const rows = walletRows(
      [connector('io.metamask', 'MetaMask'), connector('com.rabby', 'Rabby')],
      [{ id: 'com.rabby', name: 'Rabby' }],
    )
    expect(rows.map((r) => [r.id, r.installed, r.recent])).toEqual([
      ['io.metamask', true, false],
      ['com.rabby', true, true],
    ])
  })

  it('adds recent wallets that are not installed after the installed ones, once each', () => {
    const rows = walletRows(
      [connector('io.metamask', 'MetaMask')],
      [
        { id: 'io.metamask', name: 'MetaMask' },
        { id: 'app.phantom', name: 'Phantom' },
      ],
    )
    expect(rows.map((r) => [r.id, r.installed])).toEqual([
      ['io.metamask', true],
      ['app.phantom', false],
    ])
  })
})
