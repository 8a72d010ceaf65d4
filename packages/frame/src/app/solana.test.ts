// The frame's Solana signing against transactions @solana/kit builds, signatures checked with
// kit's ed25519 verification, and the results sent to the local Solana devnet (LiteSVM).
import {
  SOLANA_TEST_ACCOUNTS,
  type SolanaDevnet,
  sendSolanaTransfer,
  startSolanaDevnet,
} from '@latchkey/devnet'
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createKeyPairSignerFromBytes,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  partiallySignTransaction,
  pipe,
  type SignatureBytes,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Transaction,
  verifySignature,
} from '@solana/kit'
import { getTransferSolInstruction, SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system'
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { base58Decode, base58Encode } from './base58.ts'
import { base64ToBytes, bytesToBase64 } from './keys.ts'
import { formatSol } from './solana/describe.ts'
import { parseWireTransaction, signWireTransaction } from './solana/wire.ts'
import {
  MAX_SIGN_MESSAGE_BYTES,
  MAX_TRANSACTIONS,
  prepareSolanaSigning,
  type SolanaPrepareContext,
  type SolanaRunContext,
} from './solana.ts'
import { generateSolanaSeed, type SolanaAccount, solanaAccountFromSeed } from './solanaKey.ts'
import { inEnglish, sayInEnglish } from './testing/inEnglish.ts'

let devnet: SolanaDevnet
let account: SolanaAccount
let context: SolanaPrepareContext
const [FUNDER, SECOND] = SOLANA_TEST_ACCOUNTS
const SOL = 1_000_000_000n
/** Any receiver for transactions that are never sent */
const RECEIVER = 'CYfYFvowub3xu49ZRcNQ9JZGJLRujxY7TyE2W9kEdUGQ'
/** A blockhash for transactions that are only parsed and signed, never sent */
const BLOCKHASH = {
  blockhash: '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi',
  lastValidBlockHeight: 1n,
}

beforeAll(async () => {
  devnet = await startSolanaDevnet({ port: 0 })
  account = await solanaAccountFromSeed(generateSolanaSeed())
  context = { address: account.address, chainId: undefined, rpcUrl: devnet.rpcUrl }
  if (!FUNDER) throw new Error('no Solana test account')
  await sendSolanaTransfer(devnet.rpcUrl, FUNDER, account.address, 10n * SOL)
})
afterAll(async () => {
  await devnet?.stop()
})

const rpc = () => createSolanaRpc(devnet.rpcUrl)

async function latestBlockhash() {
  return (await rpc().getLatestBlockhash().send()).value
}

interface TransferOptions {
  from?: string
  to?: string
  feePayer?: string
  lamports?: bigint
  version?: 0 | 'legacy'
  lifetime?: { blockhash: string; lastValidBlockHeight: bigint }
}

/** A System transfer compiled by kit, unsigned (zeroed signature slots). */
function transfer(options: TransferOptions = {}): Transaction {
  const from = address(options.from ?? account.address)
  const message = pipe(
    createTransactionMessage({ version: options.version ?? 0 }),
    (m) => setTransactionMessageFeePayer(address(options.feePayer ?? from), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash((options.lifetime ?? BLOCKHASH) as never, m),
    (m) =>
      appendTransactionMessageInstructions(
        [
          getTransferSolInstruction({
            source: createNoopSigner(from),
            destination: address(options.to ?? RECEIVER),
            amount: options.lamports ?? 1_000n,
          }),
        ],
        m,
      ),
  )
  return compileTransaction(message)
}

const wire = (transaction: Transaction) => getBase64EncodedWireTransaction(transaction) as string
const decode = (base64: string) => getTransactionDecoder().decode(base64ToBytes(base64))

async function verifies(signer: string, signature: Uint8Array, message: Uint8Array) {
  const publicKey = await getPublicKeyFromAddress(address(signer))
  return verifySignature(publicKey, signature as SignatureBytes, message)
}

function runContext(signal = new AbortController().signal): SolanaRunContext {
  return {
    account,
    signal,
    async rpc(url, method, params) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      })
      const body = (await response.json()) as { result?: unknown; error?: { message: string } }
      if (body.error) throw new Error(body.error.message)
      return body.result
    },
  }
}

async function landed(signature: string) {
  for (let i = 0; i < 200; i++) {
    const { value } = await rpc()
      .getSignatureStatuses([signature as never])
      .send()
    if (value[0]) return value[0]
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error(`${signature} did not land`)
}

const balance = async (of: string) => (await rpc().getBalance(address(of)).send()).value

describe('the wire format', () => {
  it('reads what kit writes: signers, keys, instructions, legacy and v0', () => {
    for (const version of ['legacy', 0] as const) {
      const compiled = transfer({ version, to: SECOND?.address })
      const parsed = parseWireTransaction(base64ToBytes(wire(compiled)))
      expect(parsed.message.version).toBe(version)
      expect(parsed.signatureCount).toBe(1)
      expect(parsed.message.numRequiredSignatures).toBe(1)
      expect(parsed.message.accountKeys).toEqual([
        account.address,
        SECOND?.address,
        SYSTEM_PROGRAM_ADDRESS,
      ])
      expect(parsed.message.recentBlockhash).toBe(BLOCKHASH.blockhash)
      expect(parsed.message.instructions).toHaveLength(1)
      expect(parsed.bytes.subarray(parsed.messageAt)).toEqual(new Uint8Array(compiled.messageBytes))
    }
  })

  it('refuses malformed bytes before anything is shown', () => {
    const good = base64ToBytes(wire(transfer()))
    const cases: [Uint8Array, RegExp][] = [
      [new Uint8Array(), /truncated/],
      [good.subarray(0, good.length - 1), /truncated/],
      [new Uint8Array([...good, 0]), /trailing bytes/],
      // two signature slots for a message that needs one
      [new Uint8Array([2, ...new Uint8Array(64), ...good.subarray(1)]), /signature count/],
      // compact-u16 1 written in two bytes
      [new Uint8Array([0x81, 0x00, ...good.subarray(1)]), /non-canonical/],
    ]
    const v1 = new Uint8Array(good)
    v1[65] = 0x81
    cases.push([v1, /version 1 is not supported/])
    for (const [bytes, error] of cases) {
      expect(() => parseWireTransaction(bytes)).toThrow(error)
    }
  })

  it('formats lamports as SOL', () => {
    expect(formatSol(0n)).toBe('0')
    expect(formatSol(1n)).toBe('0.000000001')
    expect(formatSol(1_500_000_000n)).toBe('1.5')
    expect(formatSol(25n * SOL)).toBe('25')
  })
})

describe('solana_signTransaction', () => {
  it('signs a kit transfer in the fee payer slot; ed25519 verifies and the devnet accepts it', async () => {
    const to = (await generateKeyPairSigner()).address
    const compiled = transfer({ to, lamports: SOL / 4n, lifetime: await latestBlockhash() })
    const request = prepareSolanaSigning(
      'solana_signTransaction',
      { transaction: wire(compiled) },
      context,
    )
    expect(request.title).toBe('Sign transaction')
    const { transaction } = (await request.run(runContext())) as { transaction: string }
    const signed = decode(transaction)
    expect(new Uint8Array(signed.messageBytes)).toEqual(new Uint8Array(compiled.messageBytes))
    const signature = signed.signatures[address(account.address)]
    if (!signature) throw new Error('no signature')
    expect(await verifies(account.address, signature, new Uint8Array(signed.messageBytes))).toBe(
      true,
    )
    const sent = await rpc()
      .sendTransaction(transaction as never, { encoding: 'base64' })
      .send()
    expect(sent).toBe(base58Encode(signature))
    expect((await landed(sent)).err).toBeNull()
    expect(await balance(to)).toBe(SOL / 4n)
  })

  it('fills our slot when another account pays the fee, and leaves the payer its own', async () => {
    if (!SECOND) throw new Error('no second test account')
    const payer = await createKeyPairSignerFromBytes(SECOND.secretKey)
    const to = (await generateKeyPairSigner()).address
    const compiled = transfer({
      feePayer: payer.address,
      to,
      lamports: 3_000_000n,
      version: 'legacy',
      lifetime: await latestBlockhash(),
    })
    const parsed = parseWireTransaction(base64ToBytes(wire(compiled)))
    expect(parsed.message.accountKeys.slice(0, 2)).toEqual([payer.address, account.address])
    const details = inEnglish(
      prepareSolanaSigning('solana_signTransaction', { transaction: wire(compiled) }, context)
        .details,
    )
    expect(details).toContainEqual({ label: 'Fee payer', value: payer.address, mono: true })
    expect(details).toContainEqual({ label: 'Signatures', value: '2 required' })
    const signed = await signWireTransaction(parsed, account)
    // the payer's slot is still empty; ours is at index 1
    expect(signed.subarray(1, 65)).toEqual(new Uint8Array(64))
    const decoded = getTransactionDecoder().decode(signed)
    const ours = decoded.signatures[address(account.address)]
    if (!ours) throw new Error('no signature')
    expect(await verifies(account.address, ours, new Uint8Array(decoded.messageBytes))).toBe(true)
    const full = await partiallySignTransaction([payer.keyPair], decoded)
    const sent = await rpc()
      .sendTransaction(getBase64EncodedWireTransaction(full), { encoding: 'base64' })
      .send()
    expect((await landed(sent)).err).toBeNull()
    expect(await balance(to)).toBe(3_000_000n)
  })

  it('refuses a transaction our key does not sign, and params that are not a transaction', () => {
    const other = transfer({ from: SECOND?.address })
    expect(() =>
      prepareSolanaSigning('solana_signTransaction', { transaction: wire(other) }, context),
    ).toThrow('The requested account is not the connected account')
    for (const params of [
      undefined,
      [],
      { transaction: 1 },
      { transaction: '' },
      { transaction: 'not base64!' },
      { transaction: bytesToBase64(new Uint8Array([1, 2, 3])) },
    ]) {
      expect(() => prepareSolanaSigning('solana_signTransaction', params, context)).toThrow(
        /^Invalid/,
      )
    }
  })

  it('describes the transfer: fee payer, programs, amount and receiver, size, network', () => {
    const to = SECOND?.address as Address
    const encoded = wire(transfer({ to, lamports: 1_250_000_000n }))
    const request = prepareSolanaSigning(
      'solana_signTransaction',
      { transaction: encoded },
      { ...context, chainId: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1' },
    )
    expect(request.action).toBe('sign a transaction')
    expect(Object.fromEntries(inEnglish(request.details).map((d) => [d.label, d.value]))).toEqual({
      'Fee payer': account.address,
      Instructions: '1 (System Program)',
      Transfer: `1.25 SOL to ${to}`,
      Size: `${base64ToBytes(encoded).length} bytes`,
      Network: 'Solana Devnet',
      Account: account.address,
    })
  })

  it('names the well-known programs and counts what comes from lookup tables', async () => {
    // a v0 message whose receiver is loaded from a lookup table
    const table = (await generateKeyPairSigner()).address
    const to = (await generateKeyPairSigner()).address
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(address(account.address), m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(BLOCKHASH as never, m),
      (m) =>
        appendTransactionMessageInstructions(
          [
            getTransferSolInstruction({
              source: createNoopSigner(address(account.address)),
              destination: to,
              amount: 5n,
            }),
            { programAddress: TOKEN_PROGRAM_ADDRESS, accounts: [], data: new Uint8Array([9]) },
            {
              programAddress: ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
              accounts: [],
              data: new Uint8Array(),
            },
          ],
          m,
        ),
      (m) => compressTransactionMessageUsingAddressLookupTables(m, { [table]: [to] }),
    )
    const encoded = getBase64EncodedWireTransaction(compileTransaction(message))
    const details = Object.fromEntries(
      inEnglish(
        prepareSolanaSigning('solana_signTransaction', { transaction: encoded }, context).details,
      ).map((d) => [d.label, d.value]),
    )
    expect(details.Instructions).toBe(
      '3 (System Program, Token Program, Associated Token Account Program)',
    )
    expect(details.Transfer).toBe('0.000000005 SOL to an account from an address lookup table')
    expect(details['Lookup tables']).toBe('1 (1 account not shown)')
  })
})

describe('solana_signMessage', () => {
  it('signs the bytes of the base58 message; shows text, or hex', async () => {
    const text = 'Sign in to Demo\nNonce: 7'
    const request = prepareSolanaSigning(
      'solana_signMessage',
      { message: base58Encode(new TextEncoder().encode(text)), pubkey: account.address },
      context,
    )
    expect(request.title).toBe('Sign message')
    expect(request.details[0]).toEqual({ label: 'Message', value: text, block: true })
    const { signature } = (await request.run(runContext())) as { signature: string }
    const bytes = base58Decode(signature) ?? new Uint8Array()
    expect(bytes).toHaveLength(64)
    expect(await verifies(account.address, bytes, new TextEncoder().encode(text))).toBe(true)

    const raw = prepareSolanaSigning(
      'solana_signMessage',
      { message: base58Encode(new Uint8Array([0xff, 0, 0xfe])), pubkey: account.address },
      context,
    )
    expect(raw.details[0]).toEqual({
      label: 'Message (hex)',
      value: '0xff00fe',
      block: true,
      mono: true,
    })
  })

  it('refuses another pubkey, bad params, and a message that is our transaction', () => {
    const message = base58Encode(new TextEncoder().encode('hi'))
    expect(() =>
      prepareSolanaSigning('solana_signMessage', { message, pubkey: SECOND?.address }, context),
    ).toThrow('The requested account is not the connected account')
    expect(() =>
      prepareSolanaSigning(
        'solana_signMessage',
        { message: '0OIl', pubkey: account.address },
        context,
      ),
    ).toThrow('Invalid message')
    expect(() =>
      prepareSolanaSigning('solana_signMessage', { message, pubkey: 'nope' }, context),
    ).toThrow('Invalid pubkey')
    const longest = base58Encode(new Uint8Array(MAX_SIGN_MESSAGE_BYTES).fill(0xff))
    expect(
      prepareSolanaSigning(
        'solana_signMessage',
        { message: longest, pubkey: account.address },
        context,
      ).title,
    ).toBe('Sign message')
    for (const tooLong of [
      base58Encode(new Uint8Array(MAX_SIGN_MESSAGE_BYTES + 1).fill(0xff)),
      '1'.repeat(MAX_SIGN_MESSAGE_BYTES + 1),
      'z'.repeat(100_000),
    ]) {
      expect(() =>
        prepareSolanaSigning(
          'solana_signMessage',
          { message: tooLong, pubkey: account.address },
          context,
        ),
      ).toThrow(`Invalid message: longer than ${MAX_SIGN_MESSAGE_BYTES} bytes`)
    }
    const transactionMessage = new Uint8Array(transfer().messageBytes)
    expect(() =>
      prepareSolanaSigning(
        'solana_signMessage',
        { message: base58Encode(transactionMessage), pubkey: account.address },
        context,
      ),
    ).toThrow('This message is a transaction; sign it with solana_signTransaction')
  })
})

describe('solana_signAllTransactions', () => {
  it('signs each, in order, after one approval that lists them', async () => {
    const lifetime = await latestBlockhash()
    const receivers = [
      (await generateKeyPairSigner()).address,
      (await generateKeyPairSigner()).address,
    ]
    const transactions = receivers.map((to, i) =>
      wire(transfer({ to, lamports: BigInt(i + 1) * 1_000_000n, lifetime })),
    )
    const request = prepareSolanaSigning('solana_signAllTransactions', { transactions }, context)
    expect(request.title).toBe('Sign transactions')
    expect(sayInEnglish(request.action)).toBe('sign 2 transactions')
    const details = inEnglish(request.details)
    expect(details[0]).toEqual({ label: 'Transactions', value: '2' })
    expect(details[1]?.value).toContain(`Transfer: 0.001 SOL to ${receivers[0]}`)
    expect(details[2]?.value).toContain(`Transfer: 0.002 SOL to ${receivers[1]}`)
    const { transactions: signed } = (await request.run(runContext())) as {
      transactions: string[]
    }
    expect(signed).toHaveLength(2)
    for (const [i, encoded] of signed.entries()) {
      const sent = await rpc()
        .sendTransaction(encoded as never, { encoding: 'base64' })
        .send()
      expect((await landed(sent)).err).toBeNull()
      expect(await balance(receivers[i] as string)).toBe(BigInt(i + 1) * 1_000_000n)
    }
  })

  it('names the transaction that is wrong, and refuses empty or oversized batches', () => {
    const good = wire(transfer())
    const foreign = wire(transfer({ from: SECOND?.address }))
    expect(() =>
      prepareSolanaSigning(
        'solana_signAllTransactions',
        { transactions: [good, foreign] },
        context,
      ),
    ).toThrow('Transaction 2: The requested account is not the connected account')
    expect(() =>
      prepareSolanaSigning('solana_signAllTransactions', { transactions: [] }, context),
    ).toThrow('Invalid transactions')
    expect(() =>
      prepareSolanaSigning(
        'solana_signAllTransactions',
        { transactions: Array(MAX_TRANSACTIONS + 1).fill(good) },
        context,
      ),
    ).toThrow(`At most ${MAX_TRANSACTIONS} transactions at a time`)
  })
})

describe('solana_signAndSendTransaction', () => {
  it('signs, sends with base64 encoding, answers the first signature in base58', async () => {
    const to = (await generateKeyPairSigner()).address
    const compiled = transfer({ to, lamports: 7_000_000n, lifetime: await latestBlockhash() })
    const sentWith: unknown[][] = []
    const base = runContext()
    const request = prepareSolanaSigning(
      'solana_signAndSendTransaction',
      { transaction: wire(compiled), options: { skipPreflight: false, mode: 'serial' } },
      context,
    )
    expect(request.title).toBe('Send transaction')
    const { signature } = (await request.run({
      ...base,
      rpc: (url, method, params) => {
        sentWith.push([url, method, params])
        return base.rpc(url, method, params)
      },
    })) as { signature: string }
    expect(sentWith).toEqual([
      [
        devnet.rpcUrl,
        'sendTransaction',
        [expect.any(String), { skipPreflight: false, encoding: 'base64' }],
      ],
    ])
    expect((await landed(signature)).err).toBeNull()
    expect(await balance(to)).toBe(7_000_000n)
    const [sentTransaction] = (sentWith[0]?.[2] ?? []) as [string]
    const signed = decode(sentTransaction)
    expect(base58Encode(signed.signatures[address(account.address)] ?? new Uint8Array())).toBe(
      signature,
    )
  })

  it("passes the node's refusal through, and sends nothing after an abort", async () => {
    const poor = transfer({ lamports: 10_000n * SOL, lifetime: await latestBlockhash() })
    const request = prepareSolanaSigning(
      'solana_signAndSendTransaction',
      { transaction: wire(poor) },
      context,
    )
    await expect(request.run(runContext())).rejects.toThrow()
    const to = (await generateKeyPairSigner()).address
    const controller = new AbortController()
    controller.abort()
    const aborted = prepareSolanaSigning(
      'solana_signAndSendTransaction',
      { transaction: wire(transfer({ to, lifetime: await latestBlockhash() })) },
      context,
    )
    await expect(aborted.run(runContext(controller.signal))).rejects.toThrow('Request was aborted')
    expect(await balance(to)).toBe(0n)
  })

  it('needs an RPC URL and valid options', () => {
    const transaction = wire(transfer())
    expect(() =>
      prepareSolanaSigning(
        'solana_signAndSendTransaction',
        { transaction },
        { ...context, rpcUrl: undefined, chainId: 'abc' },
      ),
    ).toThrow('No RPC URL for chain abc')
    for (const options of [
      { skipPreflight: 'yes' },
      { preflightCommitment: 'max' },
      { maxRetries: -1 },
      { minContextSlot: 1.5 },
      'fast',
    ]) {
      expect(() =>
        prepareSolanaSigning('solana_signAndSendTransaction', { transaction, options }, context),
      ).toThrow(/^Invalid options/)
    }
  })
})
