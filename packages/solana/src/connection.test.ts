// useAppKitConnection's connection against the local Solana RPC, read with web3.js's own keys
// and transactions signed by web3.js's Keypair (as an app holding a key would).
import {
  SOLANA_TEST_ACCOUNT_LAMPORTS,
  SOLANA_TEST_ACCOUNT_TOKEN_AMOUNT,
  SOLANA_TEST_ACCOUNTS,
  type SolanaDevnet,
  startSolanaDevnet,
} from '@latchkey/devnet'
import { getBase58Decoder } from '@solana/kit'
import { Keypair, PublicKey } from '@solana/web3.js'
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSolanaConnection, type SolanaConnection } from './connection.ts'
import { freshAddress } from './testing/keys.ts'
import { web3Legacy } from './testing/transfers.ts'

let devnet: SolanaDevnet
let connection: SolanaConnection
beforeAll(async () => {
  devnet = await startSolanaDevnet({ port: 0 })
  connection = createSolanaConnection(devnet.rpcUrl)
})
afterAll(() => devnet?.stop())

const holder = SOLANA_TEST_ACCOUNTS[0] as (typeof SOLANA_TEST_ACCOUNTS)[number]

/** A transfer from a funded account, signed by its web3.js Keypair; not sent yet. */
async function signedTransfer(index: number, lamports: number, options = { skipPreflight: false }) {
  const payer = SOLANA_TEST_ACCOUNTS[index]
  if (!payer) throw new Error(`no Solana test account ${index}`)
  const lifetime = await connection.getLatestBlockhash()
  const to = freshAddress()
  const transaction = await web3Legacy.build(payer.address, to, lamports, lifetime)
  transaction.sign(Keypair.fromSecretKey(payer.secretKey))
  const signature = await connection.sendRawTransaction(transaction.serialize(), options)
  return { to, lifetime, signature }
}

describe('Solana connection (the web3.js Connection subset AppKit apps use)', () => {
  it('names its endpoint and reads at "confirmed" unless told', () => {
    expect(connection.rpcEndpoint).toBe(devnet.rpcUrl)
    expect(connection.commitment).toBe('confirmed')
    expect(createSolanaConnection(devnet.rpcUrl, { commitment: 'finalized' }).commitment).toBe(
      'finalized',
    )
  })

  it('getBalance: lamports as a number, for a web3.js PublicKey or base58 text', async () => {
    const expected = Number(SOLANA_TEST_ACCOUNT_LAMPORTS)
    expect(await connection.getBalance(new PublicKey(holder.address))).toBe(expected)
    expect(await connection.getBalance(holder.address, 'finalized')).toBe(expected)
    expect(await connection.getBalance(holder.address, { commitment: 'max' })).toBe(expected)
    expect(await connection.getBalance(freshAddress())).toBe(0)
  })

  it('getLatestBlockhash and getAccountInfo in web3.js shapes; an unknown account is null', async () => {
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
    expect(new PublicKey(blockhash).toBytes()).toHaveLength(32)
    expect(Number.isSafeInteger(lastValidBlockHeight)).toBe(true)
    const mint = await connection.getAccountInfo(new PublicKey(devnet.mint))
    expect(mint?.owner.toBase58()).toBe(TOKEN_PROGRAM_ADDRESS)
    expect(mint?.owner.equals(new PublicKey(TOKEN_PROGRAM_ADDRESS))).toBe(true)
    // An SPL mint is 82 bytes; byte 44 is its decimals.
    expect(mint?.data).toHaveLength(82)
    expect(mint?.data[44]).toBe(devnet.tokenDecimals)
    expect(mint).toMatchObject({ executable: false, lamports: expect.any(Number) })
    expect(await connection.getAccountInfo(freshAddress())).toBeNull()
  })

  it('getParsedTokenAccountsByOwner by mint or by program: the jsonParsed token account', async () => {
    const owner = new PublicKey(holder.address)
    const byMint = await connection.getParsedTokenAccountsByOwner(owner, {
      mint: new PublicKey(devnet.mint),
    })
    const byProgram = await connection.getParsedTokenAccountsByOwner(owner, {
      programId: new PublicKey(TOKEN_PROGRAM_ADDRESS),
    })
    expect(byMint.value).toHaveLength(1)
    const [account] = byMint.value
    expect(account?.account.owner.toBase58()).toBe(TOKEN_PROGRAM_ADDRESS)
    expect(account?.account.data).toMatchObject({
      program: 'spl-token',
      parsed: {
        type: 'account',
        info: {
          mint: devnet.mint,
          owner: holder.address,
          tokenAmount: {
            amount: String(SOLANA_TEST_ACCOUNT_TOKEN_AMOUNT),
            decimals: devnet.tokenDecimals,
          },
        },
      },
      space: 165,
    })
    expect(byProgram.value.map((a) => a.pubkey.toBase58())).toEqual([account?.pubkey.toBase58()])
    expect(byMint.context.slot).toEqual(expect.any(Number))
  })

  it('sendRawTransaction, getSignatureStatus and confirmTransaction: the transfer lands', async () => {
    const { to, lifetime, signature } = await signedTransfer(1, 1_500_000)
    const confirmed = await connection.confirmTransaction({ signature, ...lifetime })
    expect(confirmed.value.err).toBeNull()
    expect((await connection.confirmTransaction(signature, 'finalized')).value.err).toBeNull()
    const { value: status } = await connection.getSignatureStatus(signature)
    expect(status).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    expect(status?.slot).toEqual(expect.any(Number))
    expect(await connection.getBalance(to)).toBe(1_500_000)
    const { value } = await connection.getSignatureStatuses([signature, signature])
    expect(value).toEqual([status, status])
  })

  it('confirmTransaction resolves with the error of a transaction that failed on chain', async () => {
    // Too little for a new account's rent: sent without preflight, it lands and fails.
    const { signature, lifetime } = await signedTransfer(2, 1, { skipPreflight: true })
    const { value } = await connection.confirmTransaction({ signature, ...lifetime })
    // Numbers as web3.js gives them, so that apps can JSON.stringify the error.
    expect(JSON.stringify(value.err)).toBe('{"InsufficientFundsForRent":{"account_index":1}}')
  })

  it('confirmTransaction gives up past lastValidBlockHeight, and when aborted', async () => {
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
    // A signature that never landed.
    const signature = getBase58Decoder().decode(new Uint8Array(64).fill(7))
    const { value } = await connection.getSignatureStatus(signature)
    expect(value).toBeNull()
    await expect(
      connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight: 0 }),
    ).rejects.toThrow(`Signature ${signature} has expired: block height exceeded.`)
    const abortSignal = AbortSignal.abort(new Error('stop waiting'))
    await expect(
      connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight, abortSignal }),
    ).rejects.toThrow('stop waiting')
  })

  it("passes the RPC's refusal through (a transaction the node cannot pay for)", async () => {
    const error = await signedTransfer(3, 1).catch((e: unknown) => e)
    expect(error).toMatchObject({ message: 'Transaction simulation failed' })
  })

  it('answers -32602 for what it cannot read, naming the method and what it expects', async () => {
    const invalid = (message: string) => ({ code: -32602, message })
    const key = 'a public key (base58 text or an object with toBase58())'
    await expect(connection.getBalance('not-a-key')).rejects.toMatchObject(
      invalid(`getBalance expects ${key}`),
    )
    await expect(connection.getAccountInfo({} as never)).rejects.toMatchObject(
      invalid(`getAccountInfo expects ${key}`),
    )
    await expect(
      connection.getParsedTokenAccountsByOwner(holder.address, {} as never),
    ).rejects.toMatchObject(
      invalid('getParsedTokenAccountsByOwner expects a filter { mint } or { programId }'),
    )
    await expect(connection.sendRawTransaction('AQID' as never)).rejects.toMatchObject(
      invalid('sendRawTransaction expects a signed wire transaction as a Uint8Array'),
    )
    await expect(connection.getSignatureStatus('nope')).rejects.toMatchObject(
      invalid('getSignatureStatus expects a transaction signature (base58)'),
    )
    await expect(connection.confirmTransaction(undefined as never)).rejects.toMatchObject(
      invalid('confirmTransaction expects a transaction signature (base58)'),
    )
  })
})
