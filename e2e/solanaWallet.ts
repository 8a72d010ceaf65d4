import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto'
import { getBase58Decoder, getTransactionDecoder, getTransactionEncoder } from '@solana/kit'
import type { Wallet } from '@wallet-standard/base'
import type { Page } from 'playwright-core'

/**
 * A Solana Wallet Standard wallet for the tests. The wallet object (accounts, features, events)
 * is `solanaWalletShell`; it asks a backend in this Node process for every decision and
 * signature: the backend holds the real secret key, signs with ed25519 (node:crypto) and submits
 * to the local Solana RPC. In a page the shell runs as an init script and reaches the backend
 * through a Playwright binding; in Node (unit tests) it calls the backend directly.
 */

export interface SolanaWalletOptions {
  /** 64 bytes: the ed25519 seed, then the public key (Solana's keypair format) */
  secretKey: Uint8Array
  /** The local Solana RPC that signAndSendTransaction submits to */
  rpcUrl: string
  /** The chain(s) the wallet lists, e.g. the local network's CAIP-2 id `solana:<ref>` */
  chain: string | readonly string[]
  /** Default 'E2E Solana Wallet'; the modal's connector id is `ws:<name>` */
  name?: string
  /** Features the wallet lacks, e.g. ['solana:signAndSendTransaction'] for a sign-only wallet */
  omitFeatures?: readonly string[]
}

export type RequestKind = 'connect' | 'sign'

export interface WalletError {
  code?: number
  message: string
}

export interface HeldRequest {
  /** Resolves when the dapp has asked */
  requested: Promise<void>
  approve(): void
  reject(error?: WalletError): void
}

/** What every test wallet offers the test, in Node and in a page alike. */
export interface SolanaWalletControls {
  /** The account's address (base58) */
  readonly address: string
  /** Every request the wallet received, in order: its operation and (for connect) whether silent. */
  readonly requests: readonly { op: string; silent?: boolean }[]
  /** The next connect (or signature) is refused; default a 4001 "User rejected the request." */
  rejectNext(kind: RequestKind, error?: WalletError): void
  /** The next connect (or signature) waits until the test approves or rejects it. */
  holdNext(kind: RequestKind): HeldRequest
  /** The wallet ends the connection itself: it forgets the dapp and emits 'change' with no accounts. */
  disconnectFromWallet(): Promise<void>
}

type Envelope = { ok: true; value: unknown } | { ok: false; code?: number; message: string }
type Call = (op: string, payload?: unknown) => Promise<Envelope>

export const USER_REJECTED: WalletError = { code: 4001, message: 'User rejected the request.' }
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')
const ICON = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#9945FF"/><path d="M9 11h14l-3 3H6zm3 7h14l-3 3H9z" fill="#fff"/></svg>',
).toString('base64')}`
let injected = 0

/**
 * The Wallet Standard wallet object. It runs in the page (serialised with toString, so it
 * imports nothing and uses only arrow functions; `__name` is esbuild's keep-names helper, which
 * the page wrapper defines) and in Node. Bytes cross to the backend as base64.
 */
export const solanaWalletShell = (
  call: Call,
  config: { name: string; icon: string; chains: string[]; omitFeatures: string[] },
) => {
  const listeners: ((properties: { accounts?: unknown[] }) => void)[] = []
  let accounts: Record<string, unknown>[] = []
  const toBase64 = (bytes: Uint8Array) => {
    let text = ''
    for (const byte of bytes) text += String.fromCharCode(byte)
    return btoa(text)
  }
  const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
  const invoke = async (op: string, payload?: unknown) => {
    const answer = await call(op, payload)
    if (!answer.ok) throw Object.assign(new Error(answer.message), { code: answer.code })
    return answer.value
  }
  const emit = () => {
    for (const listener of [...listeners]) listener({ accounts })
  }
  const setAccounts = (next: { address: string; publicKey: string }[]) => {
    accounts = next.map((a) =>
      Object.freeze({
        address: a.address,
        publicKey: fromBase64(a.publicKey),
        chains: config.chains,
        features: ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'],
      }),
    )
    emit()
  }
  const checkAccount = (account: { address?: string } | undefined) => {
    if (!accounts.some((a) => a.address === account?.address)) {
      throw Object.assign(new Error('The account is not connected'), { code: 4100 })
    }
  }
  const checkChain = (chain: string | undefined, required: boolean) => {
    if (
      (chain === undefined && required) ||
      (chain !== undefined && !config.chains.includes(chain))
    ) {
      throw Object.assign(new Error(`Chain ${chain} is not supported`), { code: 4902 })
    }
  }
  const wallet = {
    version: '1.0.0',
    name: config.name,
    icon: config.icon,
    chains: config.chains,
    get accounts() {
      return accounts
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async (input?: { silent?: boolean }) => {
          const account = (await invoke('connect', { silent: Boolean(input?.silent) })) as {
            address: string
            publicKey: string
          } | null
          if (account && accounts[0]?.address !== account.address) setAccounts([account])
          return { accounts }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        disconnect: async () => {
          await invoke('disconnect')
          if (accounts.length > 0) setAccounts([])
        },
      },
      'standard:events': {
        version: '1.0.0',
        on: (event: string, listener: (properties: { accounts?: unknown[] }) => void) => {
          if (event === 'change') listeners.push(listener)
          return () => {
            const index = listeners.indexOf(listener)
            if (index >= 0) listeners.splice(index, 1)
          }
        },
      },
      'solana:signMessage': {
        version: '1.1.0',
        signMessage: async (...inputs: { account: { address: string }; message: Uint8Array }[]) => {
          const outputs = []
          for (const input of inputs) {
            checkAccount(input.account)
            const signature = (await invoke('signMessage', {
              message: toBase64(input.message),
            })) as string
            outputs.push({
              signedMessage: input.message,
              signature: fromBase64(signature),
              signatureType: 'ed25519',
            })
          }
          return outputs
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: async (
          ...inputs: { account: { address: string }; transaction: Uint8Array; chain?: string }[]
        ) => {
          for (const input of inputs) {
            checkAccount(input.account)
            checkChain(input.chain, false)
          }
          const signed = (await invoke('signTransactions', {
            transactions: inputs.map((input) => toBase64(input.transaction)),
          })) as string[]
          return signed.map((transaction) => ({ signedTransaction: fromBase64(transaction) }))
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signAndSendTransaction: async (
          ...inputs: {
            account: { address: string }
            transaction: Uint8Array
            chain: string
            options?: { skipPreflight?: boolean; preflightCommitment?: string }
          }[]
        ) => {
          const outputs = []
          for (const input of inputs) {
            checkAccount(input.account)
            checkChain(input.chain, true)
            const signature = (await invoke('signAndSendTransaction', {
              transaction: toBase64(input.transaction),
              chain: input.chain,
              options: input.options ?? {},
            })) as string
            outputs.push({ signature: fromBase64(signature) })
          }
          return outputs
        },
      },
    },
  }
  for (const feature of config.omitFeatures)
    delete (wallet.features as Record<string, unknown>)[feature]
  return { wallet, setAccounts }
}

interface Decision {
  kind: RequestKind
  /** Told when the request this decision answers arrives */
  arrived?: () => void
  settle: Promise<WalletError | undefined>
}

/** The Node side: the key, the visitor's decisions, and the RPC. */
function createBackend(options: SolanaWalletOptions) {
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

function shellConfig(options: SolanaWalletOptions, chains: string[]) {
  return {
    name: options.name ?? 'E2E Solana Wallet',
    icon: ICON,
    chains,
    omitFeatures: [...(options.omitFeatures ?? [])],
  }
}

/** A fresh ed25519 keypair in Solana's 64-byte format (seed, then public key). */
export function generateSecretKey(): Uint8Array {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const seed = privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32)
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)
  return new Uint8Array(Buffer.concat([seed, raw]))
}

/** The wallet in this Node process (unit tests): register `wallet` with `getWallets().register`. */
export function createSolanaTestWallet(
  options: SolanaWalletOptions,
): SolanaWalletControls & { wallet: Wallet } {
  const { call, chains, controls } = createBackend(options)
  const { wallet, setAccounts } = solanaWalletShell(call, shellConfig(options, chains))
  const { forget, ...rest } = controls
  return {
    ...rest,
    wallet: wallet as unknown as Wallet,
    async disconnectFromWallet() {
      forget()
      setAccounts([])
    },
  }
}

/**
 * Injects the wallet into every document the page loads (call before `page.goto`). It registers
 * through the Wallet Standard protocol: it answers `wallet-standard:app-ready` and dispatches
 * `wallet-standard:register-wallet`. The approval state lives in Node, so after a reload the
 * wallet still knows the dapp (a silent connect answers with the account).
 */
export async function injectSolanaWallet(
  page: Page,
  options: SolanaWalletOptions,
): Promise<SolanaWalletControls> {
  const { call, chains, controls } = createBackend(options)
  // One binding and one control object per injected wallet: a page may hold several.
  const id = ++injected
  const binding = `__latchkeySolanaWallet${id}`
  const pageControl = `__latchkeySolanaWalletControl${id}`
  await page.exposeFunction(binding, call)
  const config = shellConfig(options, chains)
  await page.addInitScript(`(() => {
    const __name = (target) => target;
    const shell = ${solanaWalletShell.toString()};
    const { wallet, setAccounts } = shell((op, payload) => window.${binding}(op, payload), ${JSON.stringify(config)});
    Object.defineProperty(window, '${pageControl}', { value: { setAccounts } });
    const callback = (api) => api.register(wallet);
    try {
      window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }));
    } catch (error) {
      console.error('wallet-standard:register-wallet event could not be dispatched', error);
    }
    try {
      window.addEventListener('wallet-standard:app-ready', (event) => callback(event.detail));
    } catch (error) {
      console.error('wallet-standard:app-ready listener could not be added', error);
    }
  })()`)
  const { forget, ...rest } = controls
  return {
    ...rest,
    async disconnectFromWallet() {
      forget()
      await page.evaluate(`window.${pageControl}.setAccounts([])`)
    },
  }
}
