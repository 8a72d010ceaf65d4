import { isUserRejectedError } from '@latchkey/core/internal'
import { defineNetwork } from '@latchkey/core/networks'
import { createSolanaTestWallet, generateSecretKey } from '@latchkey/e2e/solanaWallet'
import {
  blockhash,
  createSolanaRpc,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
} from '@solana/kit'
import type { WalletAccount } from '@wallet-standard/base'
import { describe, expect, it } from 'vitest'
import { createSolanaProvider } from './provider.ts'
import type { Session } from './session.ts'
import { verifiesEd25519 } from './testing/keys.ts'
import { buildTransferTransaction } from './transfer.ts'
import { connectorIdOf } from './wallets.ts'

const network = defineNetwork({
  id: 'LocaL1111111111111111111111111111',
  chainNamespace: 'solana',
  name: 'Local',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
})
const lifetime = {
  blockhash: blockhash('EtWTRABZaYq6iMfeYKouRu166VU2xqa1EtWTRABZaYq'),
  lastValidBlockHeight: 100n,
}
const b58 = getBase58Decoder()

async function connected(omitFeatures: string[] = []) {
  const secretKey = generateSecretKey()
  const test = createSolanaTestWallet({
    secretKey,
    rpcUrl: 'http://127.0.0.1:1',
    chain: network.caipNetworkId,
    omitFeatures,
  })
  const connect = test.wallet.features['standard:connect'] as {
    connect(): Promise<{ accounts: WalletAccount[] }>
  }
  const [account] = (await connect.connect()).accounts
  if (!account) throw new Error('no account')
  const session: Session = {
    wallet: test.wallet,
    connectorId: connectorIdOf(test.wallet),
    account,
    network,
  }
  const provider = createSolanaProvider({
    session: () => session,
    rpc: () => createSolanaRpc(network.rpcUrls.default.http[0] as string),
  })
  return { test, provider, publicKey: secretKey.slice(32), address: account.address }
}

describe('Solana provider (WalletConnect Solana RPC over Wallet Standard)', () => {
  it('solana_signMessage: base58 or bytes in, the base58 ed25519 signature out', async () => {
    const { provider, publicKey, address } = await connected()
    const message = new TextEncoder().encode('Sign in to Latchkey')
    const fromText = (await provider.request({
      method: 'solana_signMessage',
      params: { message: b58.decode(message), pubkey: address },
    })) as { signature: string }
    expect(
      verifiesEd25519(
        message,
        getBase58Encoder().encode(fromText.signature) as Uint8Array,
        publicKey,
      ),
    ).toBe(true)
    const fromBytes = (await provider.request({
      method: 'solana_signMessage',
      params: { message },
    })) as { signature: string }
    expect(fromBytes.signature).toBe(fromText.signature)
  })

  it('solana_signTransaction: base64 wire in, the signed wire and fee payer signature out', async () => {
    const { provider, publicKey, address } = await connected()
    const to = b58.decode(generateSecretKey().slice(32))
    const wire = await buildTransferTransaction({ from: address, to, amount: 5n }, lifetime)
    const result = (await provider.request({
      method: 'solana_signTransaction',
      params: { transaction: getBase64Decoder().decode(wire) },
    })) as { signature: string; transaction: string }
    const signed = getTransactionDecoder().decode(getBase64Encoder().encode(result.transaction))
    const signature = signed.signatures[address as keyof typeof signed.signatures]
    expect(signature && b58.decode(signature)).toBe(result.signature)
    expect(
      verifiesEd25519(new Uint8Array(signed.messageBytes), signature as Uint8Array, publicKey),
    ).toBe(true)
  })

  it('solana_signAllTransactions: every transaction signed, in order, in one wallet request', async () => {
    const { provider, test, address } = await connected()
    const to = b58.decode(generateSecretKey().slice(32))
    const wires = await Promise.all(
      [1n, 2n, 3n].map((amount) =>
        buildTransferTransaction({ from: address, to, amount }, lifetime),
      ),
    )
    const before = test.requests.length
    const { transactions } = (await provider.request({
      method: 'solana_signAllTransactions',
      params: { transactions: wires.map((w) => getBase64Decoder().decode(w)) },
    })) as { transactions: string[] }
    expect(test.requests.slice(before)).toEqual([{ op: 'signTransactions' }])
    expect(transactions).toHaveLength(3)
    transactions.forEach((t, i) => {
      const decoded = getTransactionDecoder().decode(getBase64Encoder().encode(t))
      expect(decoded.messageBytes).toEqual(
        getTransactionDecoder().decode(wires[i] as Uint8Array).messageBytes,
      )
      expect(decoded.signatures[address as keyof typeof decoded.signatures]).not.toBeNull()
    })
  })

  it("keeps the wallet's rejection, so isUserRejectedError recognises it", async () => {
    const { provider, test } = await connected()
    test.rejectNext('sign')
    const error = await provider
      .request({ method: 'solana_signMessage', params: { message: 'StV1DL6CwTryKyV' } })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(isUserRejectedError(error)).toBe(true)
  })

  it('answers 4200 for an unknown method and for a feature the wallet lacks', async () => {
    const { provider } = await connected(['solana:signMessage'])
    await expect(provider.request({ method: 'eth_sendTransaction' })).rejects.toMatchObject({
      code: 4200,
    })
    await expect(
      provider.request({ method: 'solana_signMessage', params: { message: 'StV1DL6CwTryKyV' } }),
    ).rejects.toMatchObject({ code: 4200 })
  })

  it('answers -32602 for malformed params and 4100 for another signer', async () => {
    const { provider } = await connected()
    await expect(
      provider.request({ method: 'solana_signMessage', params: { message: 'O0l' } }),
    ).rejects.toMatchObject({ code: -32602 })
    await expect(
      provider.request({ method: 'solana_signTransaction', params: {} }),
    ).rejects.toMatchObject({ code: -32602 })
    await expect(
      provider.request({ method: 'solana_signAllTransactions', params: { transactions: [] } }),
    ).rejects.toMatchObject({ code: -32602 })
    await expect(
      provider.request({
        method: 'solana_signMessage',
        params: { message: 'StV1DL6CwTryKyV', pubkey: '11111111111111111111111111111111' },
      }),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it('answers 4100 while nothing is connected', async () => {
    const provider = createSolanaProvider({
      session: () => undefined,
      rpc: () => createSolanaRpc('http://127.0.0.1:1'),
    })
    await expect(
      provider.request({ method: 'solana_signMessage', params: { message: 'StV1DL6CwTryKyV' } }),
    ).rejects.toMatchObject({ code: 4100, message: 'Please call connect() before request()' })
  })
})
