import { localSolana } from '@latchkey/core/networks'
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  getTransactionEncoder,
  type Instruction,
  type KeyPairSigner,
  pipe,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SOLANA_TEST_ACCOUNTS } from './accounts.ts'
import {
  LAMPORTS_PER_SIGNATURE,
  SOLANA_CAIP_NETWORK_ID,
  SOLANA_GENESIS_HASH,
  SOLANA_TEST_ACCOUNT_LAMPORTS,
  SOLANA_TEST_ACCOUNT_TOKEN_AMOUNT,
} from './constants.ts'
import { type SolanaDevnet, startSolanaDevnet } from './devnet.ts'
import { associatedTokenAddress } from './genesis.ts'

let devnet: SolanaDevnet
let rpc: Rpc<SolanaRpcApi>
const signers: KeyPairSigner[] = []

beforeAll(async () => {
  devnet = await startSolanaDevnet({ port: 0 })
  rpc = createSolanaRpc(devnet.rpcUrl)
  for (const account of SOLANA_TEST_ACCOUNTS) {
    signers.push(await createKeyPairSignerFromBytes(account.secretKey))
  }
})

afterAll(async () => {
  await devnet?.stop()
})

function signer(index: number): KeyPairSigner {
  const found = signers[index]
  if (!found) throw new Error(`no test account ${index}`)
  return found
}

interface RpcReply {
  result?: unknown
  error?: { code: number; message: string; data?: Record<string, unknown> }
}

/** A raw JSON-RPC call, for shapes and errors kit would hide. */
async function call(method: string, params: unknown[] = []): Promise<RpcReply> {
  const response = await fetch(devnet.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  expect(response.status).toBe(200)
  return (await response.json()) as RpcReply
}

async function signedTransaction(
  payer: KeyPairSigner,
  instructions: Instruction[],
  options: { version?: 'legacy' | 0; blockhash?: string } = {},
) {
  const { value: latest } = await rpc.getLatestBlockhash().send()
  const lifetime = options.blockhash
    ? { blockhash: options.blockhash as typeof latest.blockhash, lastValidBlockHeight: 0n }
    : latest
  const message = pipe(
    createTransactionMessage({ version: options.version ?? 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return signTransactionMessageWithSigners(message)
}

async function waitForStatus(signature: Signature) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    if (value[0]) return value[0]
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`${signature} did not land`)
}

async function send(
  payer: KeyPairSigner,
  instructions: Instruction[],
  options: { version?: 'legacy' | 0; skipPreflight?: boolean } = {},
) {
  const transaction = await signedTransaction(payer, instructions, options)
  const signature = await rpc
    .sendTransaction(getBase64EncodedWireTransaction(transaction), {
      encoding: 'base64',
      skipPreflight: options.skipPreflight ?? false,
    })
    .send()
  expect(signature).toBe(getSignatureFromTransaction(transaction))
  return { signature, status: await waitForStatus(signature) }
}

function transferSol(from: KeyPairSigner, to: Address, lamports: bigint) {
  return getTransferSolInstruction({ source: from, destination: to, amount: lamports })
}

async function balance(of: Address): Promise<bigint> {
  return (await rpc.getBalance(of).send()).value
}

describe('the Solana devnet', () => {
  it('answers as a chain with the fixed genesis hash that localSolana is derived from', async () => {
    expect(await rpc.getGenesisHash().send()).toBe(SOLANA_GENESIS_HASH)
    expect(devnet.genesisHash).toBe(SOLANA_GENESIS_HASH)
    expect(devnet.caipNetworkId).toBe(`solana:${SOLANA_GENESIS_HASH.slice(0, 32)}`)
    expect(SOLANA_CAIP_NETWORK_ID).toBe(devnet.caipNetworkId)
    expect(localSolana.caipNetworkId).toBe(devnet.caipNetworkId)
    expect(await rpc.getHealth().send()).toBe('ok')
    const version = await rpc.getVersion().send()
    expect(version['solana-core']).toMatch(/^\d+\.\d+\.\d+$/)
    expect(typeof version['feature-set']).toBe('number')
  })

  it('funds ten accounts with 100 SOL and 1,000 lUSD in their associated token accounts', async () => {
    expect(SOLANA_TEST_ACCOUNTS).toHaveLength(10)
    for (const account of [SOLANA_TEST_ACCOUNTS[0], SOLANA_TEST_ACCOUNTS[9]]) {
      if (!account) throw new Error('missing test account')
      expect(await balance(address(account.address))).toBe(SOLANA_TEST_ACCOUNT_LAMPORTS)
      const ata = await associatedTokenAddress(account.address, devnet.mint)
      const { value } = await rpc.getTokenAccountBalance(address(ata)).send()
      expect(value).toEqual({
        amount: SOLANA_TEST_ACCOUNT_TOKEN_AMOUNT.toString(),
        decimals: 6,
        uiAmount: 1000,
        uiAmountString: '1000',
      })
    }
    const { value: supply } = await rpc.getTokenSupply(address(devnet.mint)).send()
    expect(supply.amount).toBe((SOLANA_TEST_ACCOUNT_TOKEN_AMOUNT * 10n).toString())
    expect(devnet.tokenDecimals).toBe(6)
  })

  it('moves SOL: the receiver gets the amount, the sender pays it and 5,000 lamports', async () => {
    const receiver = (await generateKeyPairSigner()).address
    const before = await balance(signer(1).address)
    const slotBefore = await rpc.getSlot().send()

    const { status } = await send(signer(1), [transferSol(signer(1), receiver, 1_500_000_000n)])

    expect(status.err).toBeNull()
    expect(status.confirmationStatus).toBe('finalized')
    expect(status.slot).toBe(slotBefore)
    expect(await rpc.getSlot().send()).toBe(slotBefore + 1n)
    expect(await balance(receiver)).toBe(1_500_000_000n)
    expect(await balance(signer(1).address)).toBe(before - 1_500_000_000n - LAMPORTS_PER_SIGNATURE)
  })

  it('lands the same transfer twice: each gets a fresh blockhash, so a new signature', async () => {
    const receiver = (await generateKeyPairSigner()).address
    const first = await send(signer(2), [transferSol(signer(2), receiver, 1_000_000n)])
    const second = await send(signer(2), [transferSol(signer(2), receiver, 1_000_000n)])
    expect(first.signature).not.toBe(second.signature)
    expect(await balance(receiver)).toBe(2_000_000n)
  })

  it('accepts legacy transactions in base58, the default encoding', async () => {
    const receiver = (await generateKeyPairSigner()).address
    const transaction = await signedTransaction(
      signer(2),
      [transferSol(signer(2), receiver, 7_000_000n)],
      { version: 'legacy' },
    )
    const wire = getBase58Decoder().decode(getTransactionEncoder().encode(transaction))
    const reply = await call('sendTransaction', [wire])
    expect(reply.result).toBe(getSignatureFromTransaction(transaction))
    expect(await balance(receiver)).toBe(7_000_000n)
  })

  it('accepts a transaction whose blockhash is older than the latest but still recent', async () => {
    const { value: older } = await rpc.getLatestBlockhash().send()
    await send(signer(3), [
      transferSol(signer(3), (await generateKeyPairSigner()).address, 1_000_000n),
    ])
    const { value: latest } = await rpc.getLatestBlockhash().send()
    expect(latest.blockhash).not.toBe(older.blockhash)
    expect((await rpc.isBlockhashValid(older.blockhash).send()).value).toBe(true)
    expect(latest.lastValidBlockHeight).toBe((await rpc.getBlockHeight().send()) + 150n)

    const receiver = (await generateKeyPairSigner()).address
    const transaction = await signedTransaction(
      signer(3),
      [transferSol(signer(3), receiver, 3_000_000n)],
      {
        blockhash: older.blockhash,
      },
    )
    await rpc
      .sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' })
      .send()
    expect(await balance(receiver)).toBe(3_000_000n)
  })

  it('moves lUSD to a new holder, creating its associated token account idempotently', async () => {
    const sender = signer(4)
    const receiver = (await generateKeyPairSigner()).address
    const mint = address(devnet.mint)
    const [source] = await findAssociatedTokenPda({
      owner: sender.address,
      mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const [destination] = await findAssociatedTokenPda({
      owner: receiver,
      mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const instructions = async () => [
      await getCreateAssociatedTokenIdempotentInstructionAsync({
        payer: sender,
        owner: receiver,
        mint,
      }),
      getTransferCheckedInstruction({
        source,
        mint,
        destination,
        authority: sender,
        amount: 12_500_000n,
        decimals: 6,
      }),
    ]

    const first = await send(sender, await instructions())
    const again = await send(sender, await instructions())

    expect(first.status.err).toBeNull()
    expect(again.status.err).toBeNull()
    const { value } = await rpc
      .getTokenAccountsByOwner(receiver, { mint }, { encoding: 'jsonParsed' })
      .send()
    expect(value).toHaveLength(1)
    expect(value[0]?.pubkey).toBe(destination)
    expect(value[0]?.account.owner).toBe(TOKEN_PROGRAM_ADDRESS)
    expect(value[0]?.account.data).toEqual({
      program: 'spl-token',
      space: 165n,
      parsed: {
        type: 'account',
        info: {
          isNative: false,
          mint,
          owner: receiver,
          state: 'initialized',
          tokenAmount: {
            amount: '25000000',
            decimals: 6,
            uiAmount: 25,
            uiAmountString: '25',
          },
        },
      },
    })
    const byProgram = await rpc
      .getTokenAccountsByOwner(
        sender.address,
        { programId: TOKEN_PROGRAM_ADDRESS },
        {
          encoding: 'jsonParsed',
        },
      )
      .send()
    expect(
      byProgram.value.map((item) => item.account.data.parsed.info.tokenAmount.uiAmountString),
    ).toEqual(['975'])
  })

  it('refuses a failing transfer in preflight with the logs, like Agave (-32002)', async () => {
    const payer = signer(5)
    const before = await balance(payer.address)
    const transaction = await signedTransaction(payer, [
      transferSol(payer, (await generateKeyPairSigner()).address, 1_000_000n * 10n ** 9n),
    ])
    const reply = await call('sendTransaction', [
      getBase64EncodedWireTransaction(transaction),
      { encoding: 'base64' },
    ])
    expect(reply.error?.code).toBe(-32002)
    expect(reply.error?.message).toBe(
      'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
    )
    expect(reply.error?.data?.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(reply.error?.data?.logs).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Transfer: insufficient lamports/)]),
    )
    expect(await balance(payer.address)).toBe(before)
    const status = await rpc.getSignatureStatuses([getSignatureFromTransaction(transaction)]).send()
    expect(status.value).toEqual([null])
  })

  it('lands a failing transfer sent with skipPreflight: the fee is paid, the status has the error', async () => {
    const payer = signer(5)
    const before = await balance(payer.address)
    const { status } = await send(
      payer,
      [transferSol(payer, (await generateKeyPairSigner()).address, 1_000_000n * 10n ** 9n)],
      { skipPreflight: true },
    )
    expect(status.err).toEqual({ InstructionError: [0n, { Custom: 1n }] })
    expect(await balance(payer.address)).toBe(before - LAMPORTS_PER_SIGNATURE)
  })

  it('refuses a bad signature (-32003), an unknown blockhash and a duplicate (-32002)', async () => {
    const payer = signer(6)
    const receiver = (await generateKeyPairSigner()).address
    const good = await signedTransaction(payer, [transferSol(payer, receiver, 1_000_000n)])
    const forged = { ...good, signatures: { [payer.address]: new Uint8Array(64).fill(9) } }
    const wire = (tx: typeof good) => getBase64EncodedWireTransaction(tx)

    const badSignature = await call('sendTransaction', [
      wire(forged as unknown as typeof good),
      { encoding: 'base64' },
    ])
    expect(badSignature.error).toEqual({
      code: -32003,
      message: 'Transaction signature verification failure',
    })

    const stale = await signedTransaction(payer, [transferSol(payer, receiver, 1n)], {
      blockhash: '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi',
    })
    const unknownBlockhash = await call('sendTransaction', [wire(stale), { encoding: 'base64' }])
    expect(unknownBlockhash.error?.code).toBe(-32002)
    expect(unknownBlockhash.error?.message).toBe(
      'Transaction simulation failed: Blockhash not found',
    )
    expect(unknownBlockhash.error?.data?.err).toBe('BlockhashNotFound')

    await rpc.sendTransaction(wire(good), { encoding: 'base64' }).send()
    const duplicate = await call('sendTransaction', [wire(good), { encoding: 'base64' }])
    expect(duplicate.error?.message).toBe(
      'Transaction simulation failed: This transaction has already been processed',
    )
    expect(duplicate.error?.data?.err).toBe('AlreadyProcessed')
    expect(await balance(receiver)).toBe(1_000_000n)
  })

  it('simulates without committing, unsigned too, and can replace the blockhash', async () => {
    const payer = signer(7)
    const receiver = (await generateKeyPairSigner()).address
    const transaction = await signedTransaction(payer, [transferSol(payer, receiver, 5_000_000n)])
    const wire = getBase64EncodedWireTransaction(transaction)

    const simulated = await rpc
      .simulateTransaction(wire, {
        encoding: 'base64',
        sigVerify: true,
        accounts: { addresses: [receiver], encoding: 'base64' },
      })
      .send()
    expect(simulated.value.err).toBeNull()
    expect(simulated.value.logs).toContain('Program 11111111111111111111111111111111 success')
    expect(simulated.value.accounts?.[0]?.lamports).toBe(5_000_000n)
    expect(await balance(receiver)).toBe(0n)

    const unsigned = compileTransaction(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(payer, m),
        (m) =>
          setTransactionMessageLifetimeUsingBlockhash(
            {
              blockhash: '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi' as never,
              lastValidBlockHeight: 0n,
            },
            m,
          ),
        (m) => appendTransactionMessageInstructions([transferSol(payer, receiver, 1_000_000n)], m),
      ),
    )
    const unsignedWire = getBase64EncodedWireTransaction(unsigned)
    const stale = await call('simulateTransaction', [unsignedWire, { encoding: 'base64' }])
    expect((stale.result as { value: { err: unknown } }).value.err).toBe('BlockhashNotFound')
    const replaced = await call('simulateTransaction', [
      unsignedWire,
      { encoding: 'base64', replaceRecentBlockhash: true },
    ])
    const value = (replaced.result as { value: Record<string, unknown> }).value
    expect(value.err).toBeNull()
    const { value: latest } = await rpc.getLatestBlockhash().send()
    expect(value.replacementBlockhash).toEqual({
      blockhash: latest.blockhash,
      lastValidBlockHeight: Number(latest.lastValidBlockHeight),
    })
  })

  it('prices a message at 5,000 lamports per signature', async () => {
    const transaction = await signedTransaction(signer(8), [
      transferSol(signer(8), (await generateKeyPairSigner()).address, 1n),
    ])
    const fee = await call('getFeeForMessage', [
      Buffer.from(transaction.messageBytes).toString('base64'),
    ])
    expect((fee.result as { value: number }).value).toBe(5000)
  })

  it('charges the prioritization fee of a compute-unit price, and getTransaction reports it', async () => {
    const payer = signer(8)
    const computeBudget = address('ComputeBudget111111111111111111111111111111')
    const data = (discriminator: number, value: bigint, bytes: number) => {
      const out = new Uint8Array(1 + bytes)
      out[0] = discriminator
      for (let i = 0; i < bytes; i++) out[1 + i] = Number((value >> BigInt(8 * i)) & 0xffn)
      return out
    }
    const before = await balance(payer.address)
    const { signature } = await send(payer, [
      { programAddress: computeBudget, data: data(2, 10_000n, 4) },
      { programAddress: computeBudget, data: data(3, 1_000_000n, 8) },
      transferSol(payer, signer(7).address, 1_000_000n),
    ])
    // 5,000 per signature + 10,000 units × 1,000,000 micro-lamports
    const fee = 5_000n + 10_000n
    expect(await balance(payer.address)).toBe(before - 1_000_000n - fee)
    const transaction = await rpc
      .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 })
      .send()
    expect(transaction?.meta?.fee).toBe(fee)
  })

  it('airdrops from the faucet as a real transaction', async () => {
    const receiver = (await generateKeyPairSigner()).address
    const signature = await rpc.requestAirdrop(receiver, 2_000_000_000n as never).send()
    const status = await waitForStatus(signature)
    expect(status.err).toBeNull()
    expect(await balance(receiver)).toBe(2_000_000_000n)
  })

  it('keeps history: signatures newest first with limit and before, and each transaction', async () => {
    const payer = signer(9)
    const receiver = (await generateKeyPairSigner()).address
    const sent: string[] = []
    for (const lamports of [1_000_000n, 2_000_000n, 3_000_000n]) {
      sent.push((await send(payer, [transferSol(payer, receiver, lamports)])).signature)
    }

    const all = await rpc.getSignaturesForAddress(receiver).send()
    expect(all.map((item) => item.signature)).toEqual([...sent].reverse())
    expect(all[0]).toMatchObject({ err: null, memo: null, confirmationStatus: 'finalized' })
    expect(typeof all[0]?.blockTime).toBe('bigint')
    const page = await rpc
      .getSignaturesForAddress(receiver, { limit: 1, before: sent[2] as Signature })
      .send()
    expect(page.map((item) => item.signature)).toEqual([sent[1]])

    const transaction = await rpc
      .getTransaction(sent[1] as Signature, { maxSupportedTransactionVersion: 0, encoding: 'json' })
      .send()
    expect(transaction?.version).toBe(0)
    expect(transaction?.meta?.err).toBeNull()
    expect(transaction?.meta?.fee).toBe(5000n)
    expect(transaction?.transaction.message.accountKeys).toEqual([
      payer.address,
      receiver,
      '11111111111111111111111111111111',
    ])
    expect(transaction?.meta?.preBalances[1]).toBe(1_000_000n)
    expect(transaction?.meta?.postBalances[1]).toBe(3_000_000n)
    const [preBalance = 0n, postBalance = 0n] = [
      transaction?.meta?.preBalances[0],
      transaction?.meta?.postBalances[0],
    ]
    expect(preBalance - postBalance).toBe(2_000_000n + 5_000n)

    const legacy = await call('getTransaction', [sent[1]])
    expect(legacy.error?.code).toBe(-32015)
    expect(
      await rpc
        .getTransaction(
          '1111111111111111111111111111111111111111111111111111111111111111' as Signature,
          { encoding: 'json', maxSupportedTransactionVersion: 0 },
        )
        .send(),
    ).toBeNull()
  })

  it('records token balances before and after a token transfer', async () => {
    const sender = signer(0)
    const mint = address(devnet.mint)
    const [source] = await findAssociatedTokenPda({
      owner: sender.address,
      mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const [destination] = await findAssociatedTokenPda({
      owner: signer(9).address,
      mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const { signature } = await send(sender, [
      getTransferCheckedInstruction({
        source,
        mint,
        destination,
        authority: sender,
        amount: 500_000n,
        decimals: 6,
      }),
    ])
    const reply = await call('getTransaction', [
      signature,
      { maxSupportedTransactionVersion: 0, encoding: 'jsonParsed' },
    ])
    const { meta, transaction } = reply.result as {
      meta: { preTokenBalances: unknown[]; postTokenBalances: unknown[] }
      transaction: { message: { accountKeys: { pubkey: string; signer: boolean }[] } }
    }
    const indexOf = (key: string) =>
      transaction.message.accountKeys.findIndex((entry) => entry.pubkey === key)
    expect(transaction.message.accountKeys[0]).toMatchObject({
      pubkey: sender.address,
      signer: true,
      writable: true,
      source: 'transaction',
    })
    expect(meta.postTokenBalances).toEqual(
      expect.arrayContaining([
        {
          accountIndex: indexOf(destination),
          mint,
          owner: signer(9).address,
          programId: TOKEN_PROGRAM_ADDRESS,
          uiTokenAmount: {
            amount: '1000500000',
            decimals: 6,
            uiAmount: 1000.5,
            uiAmountString: '1000.5',
          },
        },
      ]),
    )
    expect(meta.preTokenBalances).toHaveLength(2)
  })
})
