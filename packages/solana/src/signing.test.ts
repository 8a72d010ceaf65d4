import { defineNetwork, solana } from '@latchkey/core/networks'
import { createSolanaTestWallet, generateSecretKey } from '@latchkey/e2e/solanaWallet'
import { blockhash, getBase58Decoder } from '@solana/kit'
import type { WalletAccount } from '@wallet-standard/base'
import { describe, expect, it } from 'vitest'
import type { Session } from './session.ts'
import { chainOf, signatureOf, signTransactions } from './signing.ts'
import { buildTransferTransaction } from './transfer.ts'

const local = defineNetwork({
  id: 'LocaL1111111111111111111111111111',
  chainNamespace: 'solana',
  name: 'Local',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
})

async function session(chain: string[], network: Session['network']): Promise<Session> {
  const test = createSolanaTestWallet({ secretKey: generateSecretKey(), rpcUrl: '', chain })
  const connect = test.wallet.features['standard:connect'] as {
    connect(): Promise<{ accounts: WalletAccount[] }>
  }
  const [account] = (await connect.connect()).accounts
  return { wallet: test.wallet, connectorId: 'ws:x', account: account as WalletAccount, network }
}

describe('wallet signing', () => {
  it('names the chain the way the wallet lists it', async () => {
    expect(chainOf(await session(['solana:mainnet'], solana))).toBe('solana:mainnet')
    expect(chainOf(await session([solana.caipNetworkId], solana))).toBe(solana.caipNetworkId)
    expect(chainOf(await session([local.caipNetworkId], local))).toBe(local.caipNetworkId)
    // No configured network fits: the account's own chain
    expect(chainOf(await session(['solana:devnet'], undefined))).toBe('solana:devnet')
  })

  it("reads the fee payer's signature off a signed wire transaction", async () => {
    const s = await session([local.caipNetworkId], local)
    const to = getBase58Decoder().decode(generateSecretKey().slice(32))
    const wire = await buildTransferTransaction(
      { from: s.account.address, to, amount: 1n },
      {
        blockhash: blockhash('EtWTRABZaYq6iMfeYKouRu166VU2xqa1EtWTRABZaYq'),
        lastValidBlockHeight: 1n,
      },
    )
    const [signed] = await signTransactions(s, [wire])
    const signature = signatureOf(signed as Uint8Array)
    // The signature is the first 64 bytes after the one-byte signature count
    expect(signature).toBe(getBase58Decoder().decode((signed as Uint8Array).slice(1, 65)))
    expect(() => signatureOf(wire)).toThrow()
  })
})
