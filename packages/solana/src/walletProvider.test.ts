// AppKit's Solana Provider on the local Solana RPC: a real Wallet Standard wallet (e2e's test
// wallet, a funded devnet key) signs; what it signs is sent and lands on the local chain.
import { isUserRejectedError } from '@latchkey/core/internal'
import { localSolana, withRpcUrl } from '@latchkey/core/networks'
import { type SolanaDevnet, startSolanaDevnet } from '@latchkey/devnet'
import { Connection, PublicKey } from '@solana/web3.js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { AnyTransaction } from './anyTransaction.ts'
import { createSolanaConnection, type SolanaConnection } from './connection.ts'
import { createSolanaEngine } from './engine.ts'
import { freshAddress, registerFundedWallet, verifiesEd25519 } from './testing/keys.ts'
import {
  kit,
  TRANSFER_KINDS,
  type TransferKind,
  web3Legacy,
  web3Versioned,
} from './testing/transfers.ts'
import type { Provider } from './walletProvider.ts'

let devnet: SolanaDevnet
let network: typeof localSolana
let connection: SolanaConnection
const cleanups: (() => void)[] = []

beforeAll(async () => {
  devnet = await startSolanaDevnet({ port: 0 })
  network = withRpcUrl(localSolana, devnet.rpcUrl)
  connection = createSolanaConnection(devnet.rpcUrl)
})
afterAll(() => devnet?.stop())
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** The engine's provider, connected to a wallet holding devnet test account `index`. */
async function connected(index: number, omitFeatures: string[] = []) {
  const funded = registerFundedWallet(devnet, index, omitFeatures)
  cleanups.push(funded.unregister)
  const engine = createSolanaEngine({ networks: [network] })
  await engine.connect(funded.connectorId, network)
  return { ...funded, engine, provider: engine.getProvider() as Provider }
}

/** A transfer of `lamports` from the owner to a fresh address, valid on the devnet now. */
async function transfer<T extends AnyTransaction>(
  kind: TransferKind<T>,
  owner: string,
  lamports: number,
) {
  const lifetime = await connection.getLatestBlockhash()
  const to = freshAddress()
  return { to, lifetime, transaction: await kind.build(owner, to, lamports, lifetime) }
}

/** Confirms by blockhash and reads the receiver's balance. */
async function landed(
  signature: string,
  lifetime: { blockhash: string; lastValidBlockHeight: number },
  to: string,
) {
  const { value } = await connection.confirmTransaction({ signature, ...lifetime })
  expect(value.err).toBeNull()
  return connection.getBalance(to)
}

describe.each(TRANSFER_KINDS as readonly TransferKind<AnyTransaction>[])(
  '$name through the provider',
  (kind) => {
    it('signTransaction gives it back signed by the wallet, as the same kind; it lands', async () => {
      const { provider, owner } = await connected(1)
      const { to, lifetime, transaction } = await transfer(kind, owner, 1_100_000)
      const signed = await provider.signTransaction(transaction)
      expect(kind.is(signed)).toBe(true)
      if (kind !== kit) expect(signed).toBe(transaction)
      const { message, signature } = kind.signatureOf(signed, owner)
      expect(signature && verifiesEd25519(message, signature, new PublicKey(owner).toBytes())).toBe(
        true,
      )
      const sent = await connection.sendRawTransaction(kind.wire(signed))
      expect(await landed(sent, lifetime, to)).toBe(1_100_000)
    })

    it('signAndSendTransaction: the wallet signs and submits; the base58 signature lands', async () => {
      const { provider, owner, test } = await connected(2)
      const { to, lifetime, transaction } = await transfer(kind, owner, 2_200_000)
      const signature = await provider.signAndSendTransaction(transaction)
      expect(test.requests.at(-1)).toEqual({ op: 'signAndSendTransaction' })
      expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
      expect(await landed(signature, lifetime, to)).toBe(2_200_000)
    })

    it('sendTransaction(tx, connection): signed by the wallet, sent through the connection', async () => {
      const { provider, owner, test } = await connected(3)
      const { to, lifetime, transaction } = await transfer(kind, owner, 3_300_000)
      const signature = await provider.sendTransaction(transaction, connection)
      expect(test.requests.at(-1)).toEqual({ op: 'signTransactions' })
      expect(await landed(signature, lifetime, to)).toBe(3_300_000)
    })
  },
)

describe('AppKit Solana Provider', () => {
  it('publicKey is the connected account, one object per account; undefined once disconnected', async () => {
    const { provider, owner, engine } = await connected(4)
    const key = provider.publicKey
    expect(key?.toBase58()).toBe(owner)
    expect(String(key)).toBe(owner)
    expect(new PublicKey(key?.toBytes() ?? []).equals(new PublicKey(owner))).toBe(true)
    expect(key?.equals(new PublicKey(owner))).toBe(true)
    expect(provider.publicKey).toBe(key)
    await engine.disconnect()
    expect(provider.publicKey).toBeUndefined()
  })

  it('signMessage: the ed25519 signature of the bytes by the public key', async () => {
    const { provider } = await connected(4)
    const message = new TextEncoder().encode('Sign in to Latchkey')
    const signature = await provider.signMessage(message)
    expect(signature).toHaveLength(64)
    expect(
      verifiesEd25519(message, signature, provider.publicKey?.toBytes() ?? new Uint8Array()),
    ).toBe(true)
  })

  it('signAllTransactions: every kind in one wallet request, in order, each its own kind', async () => {
    const { provider, owner, test } = await connected(5)
    const legacy = await transfer(web3Legacy, owner, 1_010_000)
    const versioned = await transfer(web3Versioned, owner, 1_020_000)
    const compiled = await transfer(kit, owner, 1_030_000)
    const before = test.requests.length
    type Signed = [
      typeof legacy.transaction,
      typeof versioned.transaction,
      typeof compiled.transaction,
    ]
    const signed = await provider.signAllTransactions<Signed>([
      legacy.transaction,
      versioned.transaction,
      compiled.transaction,
    ])
    expect(test.requests.slice(before)).toEqual([{ op: 'signTransactions' }])
    expect([web3Legacy.is(signed[0]), web3Versioned.is(signed[1]), kit.is(signed[2])]).toEqual([
      true,
      true,
      true,
    ])
    const signatures = await Promise.all([
      connection.sendRawTransaction(web3Legacy.wire(signed[0])),
      connection.sendRawTransaction(web3Versioned.wire(signed[1])),
      connection.sendRawTransaction(kit.wire(signed[2])),
    ])
    const sent = [legacy, versioned, compiled]
    const balances = await Promise.all(
      sent.map((t, i) => landed(signatures[i] as string, t.lifetime, t.to)),
    )
    expect(balances).toEqual([1_010_000, 1_020_000, 1_030_000])
  })

  it("sendTransaction takes @solana/web3.js's own Connection too", async () => {
    const { provider, owner } = await connected(6)
    const { to, lifetime, transaction } = await transfer(web3Legacy, owner, 4_400_000)
    const web3Connection = new Connection(devnet.rpcUrl, 'confirmed')
    const signature = await provider.sendTransaction(transaction, web3Connection)
    expect(await landed(signature, lifetime, to)).toBe(4_400_000)
  })

  it("a sign-only wallet's signAndSendTransaction is signed, then sent through the network's RPC", async () => {
    const { provider, owner, test } = await connected(7, ['solana:signAndSendTransaction'])
    const { to, lifetime, transaction } = await transfer(web3Versioned, owner, 5_500_000)
    const signature = await provider.signAndSendTransaction(transaction, {
      preflightCommitment: 'singleGossip',
    })
    expect(test.requests.at(-1)).toEqual({ op: 'signTransactions' })
    expect(await landed(signature, lifetime, to)).toBe(5_500_000)
  })

  it("keeps the wallet's rejection, so isUserRejectedError recognises it", async () => {
    const { provider, owner, test } = await connected(8)
    const { transaction } = await transfer(web3Legacy, owner, 1)
    test.rejectNext('sign')
    const error = await provider.signTransaction(transaction).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 4001 })
    expect(isUserRejectedError(error)).toBe(true)
  })
})

describe('AppKit Solana Provider: bad input and no connection', () => {
  const EXPECTED =
    'expects a @solana/web3.js Transaction or VersionedTransaction, or a @solana/kit Transaction'

  it('answers -32602 with what each method expects, never a TypeError', async () => {
    const { provider, owner } = await connected(9)
    const { transaction } = await transfer(web3Legacy, owner, 1)
    for (const junk of [undefined, null, 'AQID', new Uint8Array(3), { signatures: [] }]) {
      await expect(provider.signTransaction(junk as never)).rejects.toMatchObject({
        code: -32602,
        message: `signTransaction ${EXPECTED}`,
      })
    }
    await expect(provider.signAndSendTransaction({} as never)).rejects.toMatchObject({
      code: -32602,
      message: `signAndSendTransaction ${EXPECTED}`,
    })
    await expect(provider.signAllTransactions([])).rejects.toMatchObject({
      code: -32602,
      message: 'signAllTransactions expects a non-empty array of transactions',
    })
    await expect(provider.signAllTransactions([transaction, 7 as never])).rejects.toMatchObject({
      code: -32602,
      message: `signAllTransactions ${EXPECTED}`,
    })
    await expect(provider.signMessage('hello' as never)).rejects.toMatchObject({
      code: -32602,
      message: 'signMessage expects the message as a Uint8Array',
    })
    await expect(provider.sendTransaction(transaction, {} as never)).rejects.toMatchObject({
      code: -32602,
      message: 'sendTransaction expects a connection with sendRawTransaction (useAppKitConnection)',
    })
  })

  it('passes on why web3.js cannot serialize a transaction (no blockhash)', async () => {
    const { provider, owner } = await connected(9)
    const { transaction } = await transfer(web3Legacy, owner, 1)
    transaction.recentBlockhash = undefined
    await expect(provider.signTransaction(transaction)).rejects.toMatchObject({
      code: -32602,
      message:
        'signTransaction could not serialize the transaction: Transaction recentBlockhash required',
    })
  })

  it('answers 4100 while nothing is connected, and 4200 for a feature the wallet lacks', async () => {
    const { provider, owner, engine } = await connected(9, ['solana:signMessage'])
    const { transaction } = await transfer(kit, owner, 1)
    await expect(provider.signMessage(new Uint8Array([1]))).rejects.toMatchObject({ code: 4200 })
    await engine.disconnect()
    const notConnected = { code: 4100, message: 'Please call connect() before request()' }
    await expect(provider.signMessage(new Uint8Array([1]))).rejects.toMatchObject(notConnected)
    await expect(provider.signTransaction(transaction)).rejects.toMatchObject(notConnected)
    await expect(provider.signAllTransactions([transaction])).rejects.toMatchObject(notConnected)
    await expect(provider.signAndSendTransaction(transaction)).rejects.toMatchObject(notConnected)
    await expect(provider.sendTransaction(transaction, connection)).rejects.toMatchObject(
      notConnected,
    )
  })
})
