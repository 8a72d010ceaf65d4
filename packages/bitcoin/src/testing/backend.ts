// Test support only: the Node side of the test Bitcoin wallet. It holds the real key and makes
// every decision and signature; the wallet objects (shell.ts, satsShell.ts) only forward to it,
// in this process or from a page through a Playwright binding.
import { withRpcUrl } from '@latchkey/core/networks'
import { base64 } from '@scure/base'
import { Transaction } from '@scure/btc-signer'
import { REGTEST_ADDRESS_PARAMS } from '../constants.ts'
import { createEsploraClient } from '../esplora.ts'
import { bitcoinRegtest } from '../networks.ts'
import { finalizedTransaction } from '../psbt.ts'
import { buildTransfer } from '../transfer.ts'
import { signBip322 } from './bip322.ts'
import { type TestKey, testKey } from './keys.ts'

export interface BitcoinTestWalletOptions {
  /** The key it holds; default a fresh P2WPKH regtest key */
  key?: TestKey
  /** The regtest chain's Esplora base URL, where it broadcasts and reads its coins */
  esploraUrl: string
  /** Default 'E2E Bitcoin Wallet'; connector id `ws-bitcoin:<name>` */
  name?: string
  /** The Wallet Standard chains it lists; default ['bitcoin:regtest'] */
  chains?: readonly string[]
  /** What its Sats Connect provider answers to wallet_getNetwork; default 'Regtest' */
  satsNetwork?: string
  /** Wallet Standard features it lacks, e.g. ['bitcoin:signTransaction'] */
  omitFeatures?: readonly string[]
}

export interface WalletError {
  code: number
  message: string
}

export const USER_REJECTED: WalletError = { code: 4001, message: 'User rejected the request.' }

export type Envelope = { ok: true; value: unknown } | { ok: false; code: number; message: string }
export type Call = (op: string, payload?: unknown) => Promise<Envelope>

export interface BitcoinWalletControls {
  readonly key: TestKey
  readonly address: string
  /** Every request, in order; a connect says whether it was silent */
  readonly requests: readonly { op: string; silent?: boolean }[]
  /** Connect requests that asked the visitor (the app was not yet approved) */
  readonly prompts: number
  /** The next connect or signature is refused (default 4001, "User rejected the request.") */
  rejectNext(kind: 'connect' | 'sign', error?: WalletError): void
  /** The wallet forgets the app: a silent connect or a permissions query finds nothing */
  forget(): void
}

const failure = (error: WalletError): Envelope => ({ ok: false, ...error })

export function createBackend(options: BitcoinTestWalletOptions) {
  const key = options.key ?? testKey()
  const network = withRpcUrl(bitcoinRegtest, options.esploraUrl)
  const esplora = createEsploraClient(network)
  const requests: { op: string; silent?: boolean }[] = []
  const rejections = new Map<'connect' | 'sign', WalletError>()
  let approved = false
  let prompts = 0
  /** What crosses to the wallet objects: never the private key */
  const account = { address: key.address, publicKey: key.publicKey }

  function refused(kind: 'connect' | 'sign'): WalletError | undefined {
    const error = rejections.get(kind)
    rejections.delete(kind)
    return error
  }

  function signPsbt(psbt: string, signInputs: Record<string, number[]>): Transaction {
    const tx = Transaction.fromPSBT(base64.decode(psbt), { allowUnknownOutputs: true })
    for (const [address, indexes] of Object.entries(signInputs)) {
      if (address !== key.address) throw new Error(`${address} is not this wallet's`)
      for (const index of indexes) tx.signIdx(key.privateKey, index)
    }
    return tx
  }

  async function broadcast(tx: Transaction): Promise<string> {
    return esplora.broadcast(finalizedTransaction(tx.toPSBT()).rawHex)
  }

  const ops: Record<string, (payload: Record<string, unknown>) => Promise<unknown>> = {
    async connect({ silent }) {
      if (silent) return approved ? account : null
      const error = refused('connect')
      if (error) throw error
      if (!approved) prompts++
      approved = true
      return account
    },
    async disconnect() {
      return null
    },
    async permissions() {
      const read = { type: 'account', resourceId: key.address, clientId: 'test', actions: {} }
      return approved ? [read] : []
    },
    async signMessage({ message }) {
      const error = refused('sign')
      if (error) throw error
      return signBip322(
        key.privateKey,
        key.address,
        base64.decode(String(message)),
        REGTEST_ADDRESS_PARAMS,
      )
    },
    async signPsbt({ psbt, signInputs, broadcast: send }) {
      const error = refused('sign')
      if (error) throw error
      const tx = signPsbt(String(psbt), signInputs as Record<string, number[]>)
      const txid = send === true ? await broadcast(tx) : undefined
      return { psbt: base64.encode(tx.toPSBT()), ...(txid && { txid }) }
    },
    async sendTransfer({ recipients }) {
      const error = refused('sign')
      if (error) throw error
      const [recipient] = recipients as { address: string; amount: number }[]
      if (!recipient) throw new Error('no recipient')
      const plan = await buildTransfer(
        {
          from: key.address,
          publicKey: key.publicKey,
          to: recipient.address,
          amount: BigInt(recipient.amount),
          network,
        },
        esplora,
      )
      const tx = signPsbt(base64.encode(plan.psbt), { [key.address]: plan.inputs })
      return { txid: await broadcast(tx) }
    },
  }

  const call: Call = async (op, payload) => {
    const input = (payload ?? {}) as Record<string, unknown>
    requests.push(op === 'connect' ? { op, silent: input.silent === true } : { op })
    const run = ops[op]
    if (!run) return failure({ code: -32601, message: `unknown operation ${op}` })
    if (op !== 'connect' && op !== 'permissions' && !approved) {
      return failure({ code: 4100, message: 'The app is not connected' })
    }
    try {
      return { ok: true, value: await run(input) }
    } catch (error) {
      const { code, message } = error as Partial<WalletError>
      return failure({ code: typeof code === 'number' ? code : -32603, message: String(message) })
    }
  }

  const controls: BitcoinWalletControls = {
    key,
    address: key.address,
    requests,
    get prompts() {
      return prompts
    },
    rejectNext(kind, error = USER_REJECTED) {
      rejections.set(kind, error)
    },
    forget() {
      approved = false
    },
  }
  return { call, controls }
}
