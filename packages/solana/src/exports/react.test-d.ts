// The names and types an AppKit Solana app reads from @reown/appkit-adapter-solana/react
// (docs/migrating.md "Solana"), with @solana/web3.js's and @solana/kit's own types.
import type { useAppKitProvider } from '@latchkey/react'
import type { Connection, Provider, useAppKitConnection } from '@latchkey/solana/react'
import type { Transaction as KitTransaction } from '@solana/kit'
import type {
  PublicKey,
  SendOptions,
  Transaction,
  VersionedTransaction,
  Connection as Web3Connection,
} from '@solana/web3.js'
import { describe, expectTypeOf, it } from 'vitest'

describe("AppKit's Solana API", () => {
  it('useAppKitProvider<Provider>("solana") and useAppKitConnection()', () => {
    type WalletProvider = ReturnType<typeof useAppKitProvider<Provider>>['walletProvider']
    expectTypeOf<WalletProvider>().toEqualTypeOf<Provider | undefined>()
    expectTypeOf<ReturnType<typeof useAppKitConnection>>().toEqualTypeOf<{
      connection: Connection | undefined
    }>()
  })

  it('Provider: each transaction method gives back the kind it was given', () => {
    const provider = {} as Provider
    expectTypeOf(provider.signTransaction({} as Transaction)).resolves.toEqualTypeOf<Transaction>()
    expectTypeOf(
      provider.signTransaction({} as VersionedTransaction),
    ).resolves.toEqualTypeOf<VersionedTransaction>()
    expectTypeOf(
      provider.signTransaction({} as KitTransaction),
    ).resolves.toEqualTypeOf<KitTransaction>()
    expectTypeOf(provider.signAllTransactions([] as Transaction[])).resolves.toEqualTypeOf<
      Transaction[]
    >()
    expectTypeOf(provider.signMessage).returns.resolves.toEqualTypeOf<Uint8Array>()
    expectTypeOf(provider.signAndSendTransaction).returns.resolves.toEqualTypeOf<string>()
    expectTypeOf(provider.publicKey?.toBase58()).toEqualTypeOf<string | undefined>()
  })

  it("sendTransaction takes our connection or web3.js's, with web3.js's SendOptions", () => {
    const provider = {} as Provider
    expectTypeOf(provider.sendTransaction).toBeCallableWith(
      {} as VersionedTransaction,
      {} as Connection,
      {} as SendOptions,
    )
    expectTypeOf(provider.sendTransaction).toBeCallableWith({} as Transaction, {} as Web3Connection)
    expectTypeOf(provider.sendTransaction).returns.resolves.toEqualTypeOf<string>()
  })

  it('the connection takes web3.js keys and answers in web3.js shapes', () => {
    const connection = {} as Connection
    expectTypeOf(connection.getBalance).toBeCallableWith({} as PublicKey, 'confirmed')
    expectTypeOf(connection.getBalance).returns.resolves.toEqualTypeOf<number>()
    expectTypeOf(connection.getParsedTokenAccountsByOwner).toBeCallableWith({} as PublicKey, {
      mint: {} as PublicKey,
    })
    expectTypeOf(connection.sendRawTransaction).toBeCallableWith(
      ({} as Transaction).serialize(),
      {} as SendOptions,
    )
    expectTypeOf(connection.getLatestBlockhash).returns.resolves.toEqualTypeOf<{
      blockhash: string
      lastValidBlockHeight: number
    }>()
  })
})
