import { describe, expect, it } from 'vitest'
import type { AccountState } from '../appkitState.ts'
import { connectorStatus } from './connectorStatus.ts'

const account = (over: Partial<AccountState>): AccountState => ({
  status: 'connected',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  namespace: 'eip155',
  connectorId: 'io.metamask',
  balanceLoading: false,
  connections: {
    eip155: {
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      chainId: 1,
      connectorId: 'io.metamask',
    },
    solana: {
      address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
      chainId: 'x',
      connectorId: 'ws:Phantom',
    },
  },
  ...over,
})

describe('connectorStatus (§3 Connector status)', () => {
  it('active for the active namespace, connected for another namespace, else disconnected', () => {
    expect(connectorStatus('io.metamask', account({}))).toBe('active')
    expect(connectorStatus('ws:Phantom', account({}))).toBe('connected')
    expect(connectorStatus('com.rabby', account({}))).toBe('disconnected')
  })

  it('connecting while the modal connects through it; nothing is connected when disconnected', () => {
    expect(connectorStatus('io.metamask', account({ status: 'connecting' }))).toBe('connecting')
    expect(connectorStatus('io.metamask', account({ status: 'reconnecting' }))).toBe('connecting')
    expect(connectorStatus('ws:Phantom', account({ status: 'disconnected' }))).toBe('disconnected')
    expect(connectorStatus('io.metamask', account({ status: 'disconnected' }))).toBe('disconnected')
  })
})
