import { createPrivateKey, sign } from 'node:crypto'
import { getBase58Decoder, getTransactionDecoder, getTransactionEncoder } from '@solana/kit'
import {
  type Call,
  type HeldRequest,
  type RequestKind,
  type SolanaWalletOptions,
  USER_REJECTED,
  type WalletError,
} from './types'

const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')

interface Decision {
  kind: RequestKind
  /** Told when the request this decision answers arrives */
  arrived?: () => void
  settle: Promise<WalletError | undefined>
}

/** The Node side: the key, the visitor's decisions, and the RPC. */
export function createBackend(options: SolanaWalletOptions) {
  if (options.secretKey.length !== 64) throw new Error('secretKey must be 64 bytes')
  const seed = options.secretKey.slice(0, 32)
  const publicKey = options.secretKey.slice(32)
  const key = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  })
  const address = getBase58Decoder().decode(publicKey)
  const account = { address, publicKey: Buffer.from(publicKey).toString('base64') }
  const chains = typeof options.chain === 'string' ? [options.chain] : [...options.chain]
  const requests: { op: string; silent?: boolean }[] = []
  const decisions: Decision[] = []
  let authorized = false

  async function decide(kind: RequestKind) {
    const index = decisions.findIndex((d) => d.kind === kind)
    if (index < 0) return
    const [decision] = decisions.splice(index, 1)
    decision?.arrived?.()
    const refusal = await decision?.settle
    if (refusal) throw refusal
  }

  function requireAuthorized() {
    if (!authorized) throw { code: 4100, message: 'The dapp is not connected' }
  }

  function signBytes(bytes: Uint8Array): Buffer {
    return sign(null, bytes, key)
  }

  function signTransaction(base64: string): { wire: string; signature: Buffer } {
    const transaction = getTransactionDecoder().decode(Buffer.from(base64, 'base64'))
    if (!(address in transaction.signatures)) {
      throw { code: -32602, message: `${address} is not a signer of the transaction` }
    }
    const signature = signBytes(new Uint8Array(transaction.messageBytes))
    const signed = {
      ...transaction,
      signatures: { ...transaction.signatures, [address]: new Uint8Array(signature) },
    }
    const wire = Buffer.from(getTransactionEncoder().encode(signed as never)).toString('base64')
    return { wire, signature }
  }

  async function submit(wire: string, sendOptions: Record<string, unknown>) {
    const response = await fetch(options.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'sendTransaction',
        params: [wire, { encoding: 'base64', ...sendOptions }],
      }),
    })
    const body = (await response.json()) as { result?: string; error?: WalletError }
    if (body.error) throw { code: body.error.code, message: body.error.message }
    return body.result
  }

  const handlers: Record<string, (payload: never) => Promise<unknown>> = {
    async connect({ silent }: { silent: boolean }) {
      // A silent connect never prompts: it answers for a dapp the visitor approved before.
      if (silent) return authorized ? account : null
      await decide('connect')
      authorized = true
      return account
    },
    async disconnect() {
      authorized = false
      return null
    },
    async signMessage({ message }: { message: string }) {
      requireAuthorized()
      await decide('sign')
      return signBytes(Buffer.from(message, 'base64')).toString('base64')
    },
    async signTransactions({ transactions }: { transactions: string[] }) {
      requireAuthorized()
      await decide('sign')
      return transactions.map((t) => signTransaction(t).wire)
    },
    async signAndSendTransaction({
      transaction,
      chain,
      options: sendOptions,
    }: {
      transaction: string
      chain: string
      options: Record<string, unknown>
    }) {
      requireAuthorized()
      if (!chains.includes(chain)) throw { code: 4902, message: `Chain ${chain} is not supported` }
      await decide('sign')
      const { wire, signature } = signTransaction(transaction)
      await submit(wire, sendOptions)
      return signature.toString('base64')
    },
  }

  const call: Call = async (op, payload) => {
    const silent = (payload as { silent?: boolean } | undefined)?.silent
    requests.push(op === 'connect' ? { op, silent } : { op })
    try {
      const handler = handlers[op]
      if (!handler) throw { code: 4200, message: `Unsupported operation ${op}` }
      return { ok: true, value: await handler((payload ?? {}) as never) }
    } catch (error) {
      const { code, message } = error as { code?: unknown; message?: unknown }
      return {
        ok: false,
        code: typeof code === 'number' ? code : undefined,
        message: typeof message === 'string' ? message : String(error),
      }
    }
  }

  const controls = {
    address,
    requests,
    rejectNext(kind: RequestKind, error: WalletError = USER_REJECTED) {
      decisions.push({ kind, settle: Promise.resolve(error) })
    },
    holdNext(kind: RequestKind): HeldRequest {
      let settle: (refusal: WalletError | undefined) => void = () => undefined
      let arrived: () => void = () => undefined
      const requested = new Promise<void>((resolve) => {
        arrived = resolve
      })
      const decided = new Promise<WalletError | undefined>((resolve) => {
        settle = resolve
      })
      decisions.push({ kind, arrived, settle: decided })
      return {
        requested,
        approve: () => settle(undefined),
        reject: (error = USER_REJECTED) => settle(error),
      }
    },
    forget() {
      authorized = false
    },
  }
  return { call, chains, controls }
}
