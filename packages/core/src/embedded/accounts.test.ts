import { describe, expect, it } from 'vitest'
import type { AccountState } from '../appkitState.ts'
import { accountsOf } from './accounts.ts'

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SOL = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

const connected = (over: Partial<AccountState> = {}): AccountState => ({
  status: 'connected',
  address: EVM,
  namespace: 'eip155',
  balanceLoading: false,
  connections: {
    solana: { address: SOL, chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
    eip155: { address: EVM, chainId: 31337 },
  },
  ...over,
})

describe('accountsOf (§3 Account)', () => {
  it('lists every connected namespace, the active one first; Solana carries its public key', () => {
    expect(accountsOf(connected())).toEqual([
      { namespace: 'eip155', address: EVM, type: 'eoa' },
      { namespace: 'solana', address: SOL, type: 'eoa', publicKey: SOL },
    ])
    expect(
      accountsOf(connected({ namespace: 'solana', address: SOL })).map((a) => a.namespace),
    ).toEqual(['solana', 'eip155'])
  })

  it("takes the embedded wallet's word for a smart account", () => {
    const user = {
      address: EVM,
      chainId: 31337,
      smartAccountDeployed: true,
      accounts: [{ address: EVM.toLowerCase(), type: 'SMART_ACCOUNT' as const }],
    }
    expect(accountsOf(connected({ connections: undefined }), user)).toEqual([
      { namespace: 'eip155', address: EVM, type: 'smartAccount' },
    ])
  })

  it('is empty unless connected', () => {
    expect(accountsOf(connected({ status: 'reconnecting' }))).toEqual([])
    expect(accountsOf({ status: 'disconnected', balanceLoading: false })).toEqual([])
  })
})
