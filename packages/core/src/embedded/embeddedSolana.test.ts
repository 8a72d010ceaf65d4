// @vitest-environment jsdom
import { type FrameClient, FrameError, type FrameRequestOptions } from '@latchkey/frame/host'
import type { AppEventType } from '@latchkey/frame/protocol'
import type { Wallet, WalletAccount, WindowAppReadyEventAPI } from '@wallet-standard/base'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { decodeBase58, encodeBase58 } from '../base58.ts'
import type { AdapterEngine } from '../connection/adapter.ts'
import { defineNetwork, localSolana, withRpcUrl } from '../networks.ts'
import { profileAccountsOf, solanaAddressOf } from './embeddedAccounts.ts'
import { createEmbeddedProvider, createFrameRpc } from './embeddedProvider.ts'
import {
  EMBEDDED_SOLANA_CONNECTOR_ID,
  EMBEDDED_SOLANA_WALLET_NAME,
  type EmbeddedSolanaWallet,
} from './embeddedSolana.ts'
import {
  attachEmbeddedSolana,
  connectEmbeddedSolana,
  registerEmbeddedSolanaWallet,
  setSolanaAccount,
  unregisterEmbeddedSolanaWallet,
} from './embeddedSolanaRegistration.ts'
import type { EmbeddedSession } from './embeddedWallet.ts'

const EVM_ADDRESS = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
// Two ed25519 public keys (base58, 32 bytes)
const SOL_ADDRESS = 'CSEmpGoVoFKC2c4guvZB15TCfj7WNZa6UDNdqm7F6wU4'
const SOL_OTHER = 'CYfYFvowub3xu49ZRcNQ9JZGJLRujxY7TyE2W9kEdUGQ'
const SIGNATURE = encodeBase58(new Uint8Array(64).fill(7))

const sol = { name: 'Solana', symbol: 'SOL', decimals: 9 }
const evm = defineNetwork({
  id: 1,
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://eth.test'] } },
})
const solanaMain = defineNetwork({
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  name: 'Solana',
  nativeCurrency: sol,
  rpcUrls: { default: { http: ['wss://sol.test', 'https://sol.test'] } },
})
// Our devnet's Solana network: one the embedded wallet serves (§9, locally).
const solanaLocal = withRpcUrl(localSolana, 'http://127.0.0.1:8899')
const NETWORKS = [evm, solanaMain, solanaLocal]

const user = (solanaAddress?: string) => ({
  email: 'a@b.example',
  address: EVM_ADDRESS,
  chainId: 1,
  accounts: [{ address: EVM_ADDRESS, type: 'EOA' as const }],
  smartAccountDeployed: false,
  solanaAddress,
})

interface Call {
  type: AppEventType
  payload: Record<string, unknown>
  options?: FrameRequestOptions
}

/**
 * The frame's side as a FrameClient double: it records each request and answers with `answer`
 * (a function of the request, or the error it throws); it honours abort signals like the real one.
 */
function frameDouble() {
  const calls: Call[] = []
  let answer: (call: Call) => unknown = () => ({})
  let holding = false
  const held: (() => void)[] = []
  const request = vi.fn(
    (type: AppEventType, payload: Record<string, unknown>, options?: FrameRequestOptions) =>
      new Promise((resolve, reject) => {
        const call = { type, payload, options }
        calls.push(call)
        options?.signal?.addEventListener('abort', () =>
          reject(new FrameError('Request was aborted')),
        )
        const settle = () => {
          try {
            resolve(answer(call))
          } catch (error) {
            reject(error)
          }
        }
        if (type === 'APP_RPC_REQUEST' && holding) held.push(settle)
        else settle()
      }),
  )
  return {
    client: { request } as unknown as FrameClient,
    calls,
    rpcCalls: () => calls.filter((c) => c.type === 'APP_RPC_REQUEST'),
    answer(next: (call: Call) => unknown) {
      answer = next
    },
    /** RPC requests wait until release() */
    hold() {
      holding = true
    },
    release() {
      holding = false
      for (const settle of held.splice(0)) settle()
    },
  }
}

/** A session like createEmbeddedSession's: one frame RPC shared by the EVM provider and Solana. */
function session() {
  const frame = frameDouble()
  const approvals: string[] = []
  const hooks = { onApproval: (state: 'start' | 'end') => approvals.push(state) }
  const rpc = createFrameRpc(frame.client, hooks)
  const provider = createEmbeddedProvider(frame.client, NETWORKS, hooks, rpc)
  const value: EmbeddedSession = { client: frame.client, provider, rpc }
  return { ...frame, approvals, session: value }
}

/** Catches the Wallet Standard register event the way @wallet-standard/app does. */
function appRegistry() {
  const wallets: Wallet[] = []
  const api: WindowAppReadyEventAPI = {
    register(wallet) {
      wallets.push(wallet)
      return () => wallets.splice(wallets.indexOf(wallet), 1)
    },
  }
  const onRegister = (event: Event) => (event as CustomEvent).detail(api)
  window.addEventListener('wallet-standard:register-wallet', onRegister)
  return {
    wallets,
    /** An app that starts after the wallet registered announces itself */
    appReady: () =>
      window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api })),
    stop: () => window.removeEventListener('wallet-standard:register-wallet', onRegister),
  }
}

const cleanups: (() => void)[] = []
afterEach(() => {
  unregisterEmbeddedSolanaWallet()
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** The wallet registered with the user's Solana account (null: a user without one). */
function registered(solanaAddress: string | null = SOL_ADDRESS) {
  const s = session()
  const registry = appRegistry()
  cleanups.push(registry.stop)
  const embedded = registerEmbeddedSolanaWallet(s.session, NETWORKS) as EmbeddedSolanaWallet
  setSolanaAccount(user(solanaAddress ?? undefined))
  const changes: (readonly WalletAccount[] | undefined)[] = []
  cleanups.push(
    embedded.wallet.features['standard:events'].on('change', ({ accounts }) =>
      changes.push(accounts),
    ),
  )
  const { features } = embedded.wallet
  return { ...s, registry, embedded, wallet: embedded.wallet, features, changes }
}

async function connected() {
  const setup = registered()
  const { accounts } = await setup.features['standard:connect'].connect()
  return { ...setup, account: accounts[0] as WalletAccount }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the embedded wallet’s accounts (§3)', () => {
  it('reads the Solana account from solanaAddress or the accounts of namespace solana', () => {
    expect(solanaAddressOf(user(SOL_ADDRESS))).toBe(SOL_ADDRESS)
    expect(
      solanaAddressOf({
        address: EVM_ADDRESS,
        accounts: [
          { address: EVM_ADDRESS, namespace: 'eip155' },
          { address: SOL_OTHER, namespace: 'solana' },
        ],
      }),
    ).toBe(SOL_OTHER)
    expect(solanaAddressOf(user())).toBeUndefined()
    expect(solanaAddressOf(user('0OIl-not-base58'))).toBeUndefined()
    expect(solanaAddressOf(user('1111'))).toBeUndefined() // not 32 bytes
    expect(profileAccountsOf(user(SOL_ADDRESS))).toEqual([
      { namespace: 'eip155', address: EVM_ADDRESS },
      { namespace: 'solana', address: SOL_ADDRESS },
    ])
    expect(profileAccountsOf(user())).toEqual([{ namespace: 'eip155', address: EVM_ADDRESS }])
    expect(profileAccountsOf(undefined)).toEqual([])
  })
})

describe('registration (Wallet Standard window events)', () => {
  it('registers once, with an app listening now and with an app that starts later', () => {
    const { registry, wallet, session: first } = registered()
    expect(registry.wallets).toEqual([wallet])
    const later = appRegistry()
    cleanups.push(later.stop)
    later.appReady()
    expect(later.wallets).toEqual([wallet])

    // Again (a restored session, a recreated frame): the same wallet, not a second one.
    const again = registerEmbeddedSolanaWallet(session().session, NETWORKS)
    expect(again?.wallet).toBe(wallet)
    expect(registry.wallets).toEqual([wallet])
    expect(first).toBeDefined()

    unregisterEmbeddedSolanaWallet()
    expect(registry.wallets).toEqual([])
  })

  it('is a Solana wallet on the app’s Solana networks, marked as the modal’s own', () => {
    const { wallet } = registered()
    expect(wallet.name).toBe(EMBEDDED_SOLANA_WALLET_NAME)
    expect(EMBEDDED_SOLANA_CONNECTOR_ID).toBe('ws:Latchkey Email')
    expect(wallet.version).toBe('1.0.0')
    expect(wallet.icon.startsWith('data:image/svg+xml;base64,')).toBe(true)
    expect(wallet.chains).toEqual([solanaMain.caipNetworkId, solanaLocal.caipNetworkId])
    expect(Object.keys(wallet.features).sort()).toEqual([
      'latchkey:embedded',
      'solana:signAndSendTransaction',
      'solana:signMessage',
      'solana:signTransaction',
      'standard:connect',
      'standard:disconnect',
      'standard:events',
    ])
    expect(wallet.accounts).toEqual([]) // until the app connects
  })
})

describe('standard:connect, disconnect and events', () => {
  it('connects to the user’s Solana account: base58 address and its public key bytes', async () => {
    const { account, wallet, changes } = await connected()
    expect(account.address).toBe(SOL_ADDRESS)
    expect([...account.publicKey]).toEqual([...(decodeBase58(SOL_ADDRESS) as Uint8Array)])
    expect(account.chains).toEqual(wallet.chains)
    expect(account.features).toEqual([
      'solana:signMessage',
      'solana:signTransaction',
      'solana:signAndSendTransaction',
    ])
    expect(wallet.accounts).toEqual([account])
    expect(changes).toEqual([[account]])
  })

  it('without a Solana account: a silent connect finds none, a connect is refused (4100)', async () => {
    const { features } = registered(null)
    expect((await features['standard:connect'].connect({ silent: true })).accounts).toEqual([])
    await expect(features['standard:connect'].connect()).rejects.toMatchObject({ code: 4100 })
  })

  it('tells the app of account changes, sign-out (from the EVM side too) and disconnect', async () => {
    const { features, wallet, changes, session: s } = await connected()
    setSolanaAccount(user(SOL_OTHER))
    expect(changes.at(-1)?.map((a) => a.address)).toEqual([SOL_OTHER])
    setSolanaAccount(user(SOL_OTHER)) // the same: nothing to tell
    expect(changes).toHaveLength(2)

    await features['standard:disconnect'].disconnect()
    expect(wallet.accounts).toEqual([])
    expect(changes.at(-1)).toEqual([])
    await features['standard:connect'].connect()
    expect(wallet.accounts.map((a) => a.address)).toEqual([SOL_OTHER])

    // The EVM provider signs out of the frame: the Solana account goes with it.
    s.provider.setUser(user(SOL_OTHER))
    await s.provider.disconnect()
    expect(wallet.accounts).toEqual([])
    expect(changes.at(-1)).toEqual([])
    await expect(features['standard:connect'].connect()).rejects.toMatchObject({ code: 4100 })
  })
})

describe('signing through the frame (APP_RPC_REQUEST, chainNamespace solana)', () => {
  it('solana:signMessage → solana_signMessage { message base58, pubkey } → signature bytes', async () => {
    const setup = await connected()
    setup.answer(() => ({ result: { signature: SIGNATURE } }))
    const message = new TextEncoder().encode('Sign in to Example')
    const [output] = await setup.features['solana:signMessage'].signMessage({
      account: setup.account,
      message,
    })
    expect(setup.rpcCalls()).toEqual([
      {
        type: 'APP_RPC_REQUEST',
        payload: {
          method: 'solana_signMessage',
          params: { message: encodeBase58(message), pubkey: SOL_ADDRESS },
          chainNamespace: 'solana',
          chainId: solanaMain.id,
          rpcUrl: 'https://sol.test',
        },
        // Unsafe: waits for the visitor's approval as long as it takes
        options: expect.objectContaining({ timeoutMs: undefined }),
      },
    ])
    expect(output).toEqual({
      signedMessage: message,
      signature: decodeBase58(SIGNATURE),
      signatureType: 'ed25519',
    })
    expect(setup.approvals).toEqual(['start', 'end'])
  })

  it('solana:signTransaction → solana_signTransaction, several for one chain → solana_signAllTransactions', async () => {
    const setup = await connected()
    const tx = (n: number) => new Uint8Array([1, n, 3])
    const b64 = (n: number) => btoa(String.fromCharCode(1, n, 3))
    setup.answer(({ payload }) => {
      const params = payload.params as { transaction?: string; transactions?: string[] }
      return payload.method === 'solana_signAllTransactions'
        ? { result: { transactions: params.transactions } }
        : { result: { transaction: params.transaction } }
    })
    const feature = setup.features['solana:signTransaction']
    expect(feature.supportedTransactionVersions).toEqual(['legacy', 0])

    const [one] = await feature.signTransaction({
      account: setup.account,
      transaction: tx(2),
      chain: solanaLocal.caipNetworkId,
    })
    expect(one?.signedTransaction).toEqual(tx(2))
    expect(setup.rpcCalls()[0]?.payload).toEqual({
      method: 'solana_signTransaction',
      params: { transaction: b64(2) },
      chainNamespace: 'solana',
      chainId: solanaLocal.id,
      rpcUrl: 'http://127.0.0.1:8899',
    })

    const all = await feature.signTransaction(
      { account: setup.account, transaction: tx(4) },
      { account: setup.account, transaction: tx(5) },
    )
    expect(all).toHaveLength(2)
    expect(setup.rpcCalls()[1]?.payload).toMatchObject({
      method: 'solana_signAllTransactions',
      params: { transactions: [b64(4), b64(5)] },
      chainId: solanaMain.id,
    })
  })

  it('solana:signAndSendTransaction → solana_signAndSendTransaction on the chain asked for', async () => {
    const setup = await connected()
    setup.answer(() => ({ result: { signature: SIGNATURE } }))
    const [output] = await setup.features['solana:signAndSendTransaction'].signAndSendTransaction({
      account: setup.account,
      transaction: new Uint8Array([9, 9]),
      chain: solanaLocal.caipNetworkId,
      options: { skipPreflight: true },
    })
    expect(output?.signature).toEqual(decodeBase58(SIGNATURE))
    expect(setup.rpcCalls()[0]?.payload).toEqual({
      method: 'solana_signAndSendTransaction',
      params: { transaction: btoa('\t\t'), options: { skipPreflight: true } },
      chainNamespace: 'solana',
      chainId: solanaLocal.id,
      rpcUrl: 'http://127.0.0.1:8899',
    })
  })

  it('refuses another account (4100), an unknown chain (4902) and a malformed answer', async () => {
    const setup = await connected()
    const stranger = { ...setup.account, address: SOL_OTHER }
    const send = setup.features['solana:signAndSendTransaction'].signAndSendTransaction
    const transaction = new Uint8Array([1])
    await expect(
      send({ account: stranger, transaction, chain: solanaMain.caipNetworkId }),
    ).rejects.toMatchObject({ code: 4100 })
    await expect(
      send({ account: setup.account, transaction, chain: 'solana:devnet' }),
    ).rejects.toMatchObject({ code: 4902 })
    expect(setup.rpcCalls()).toEqual([])

    setup.answer(() => ({ result: { signature: 'short' } }))
    await expect(
      send({ account: setup.account, transaction, chain: solanaMain.caipNetworkId }),
    ).rejects.toMatchObject({ code: -32603 })
    setup.answer(() => ({ result: null }))
    await expect(
      setup.features['solana:signMessage'].signMessage({
        account: setup.account,
        message: transaction,
      }),
    ).rejects.toMatchObject({ code: -32603 })
  })

  it('passes the visitor’s rejection on as 4001', async () => {
    const setup = await connected()
    setup.answer(() => {
      throw new FrameError('User rejected the request', 4001)
    })
    const error = await setup.features['solana:signMessage']
      .signMessage({ account: setup.account, message: new Uint8Array([1]) })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 4001 })
    expect(setup.approvals).toEqual(['start', 'end'])
  })

  it('shares the approval with the EVM provider: one start, one end, one abort for both', async () => {
    const setup = await connected()
    setup.session.provider.setUser(user(SOL_ADDRESS))
    setup.answer(() => ({ result: { signature: SIGNATURE } }))
    setup.hold()
    const solana = setup.features['solana:signMessage'].signMessage({
      account: setup.account,
      message: new Uint8Array([1]),
    })
    const evmSign = setup.session.provider.request({
      method: 'personal_sign',
      params: ['0x01', EVM_ADDRESS],
    })
    await flush()
    expect(setup.approvals).toEqual(['start'])
    setup.release()
    await Promise.all([solana, evmSign])
    expect(setup.approvals).toEqual(['start', 'end'])

    // The visitor leaves the approval: APP_RPC_ABORT, and the Solana request is refused too.
    setup.hold()
    const pending = setup.features['solana:signMessage']
      .signMessage({ account: setup.account, message: new Uint8Array([2]) })
      .catch((e: unknown) => e)
    await flush()
    await setup.session.provider.abort()
    expect(await pending).toMatchObject({ code: 4001 })
    expect(setup.calls.at(-1)?.type).toBe('APP_RPC_ABORT')
    expect(setup.approvals).toEqual(['start', 'end', 'start', 'end'])
  })
})

describe('helpers for the connection controller', () => {
  it('attachEmbeddedSolana: registered with the account; false without Solana networks or account', () => {
    const s = session()
    expect(attachEmbeddedSolana(s.session, [evm], user(SOL_ADDRESS))).toBe(false)
    expect(attachEmbeddedSolana(s.session, NETWORKS, user())).toBe(false)
    expect(attachEmbeddedSolana(s.session, NETWORKS, user(SOL_ADDRESS))).toBe(true)
  })

  it('connectEmbeddedSolana: the engine connects ws:Latchkey Email on the visitor’s Solana network', async () => {
    const s = session()
    const connect = vi.fn(async () => ({ status: 'connected' as const, address: SOL_ADDRESS }))
    const engine = async () => ({ connect }) as unknown as AdapterEngine
    const snapshot = await connectEmbeddedSolana({
      session: s.session,
      networks: NETWORKS,
      user: user(SOL_ADDRESS),
      engine,
      network: solanaLocal,
    })
    expect(snapshot).toMatchObject({ address: SOL_ADDRESS })
    expect(connect).toHaveBeenCalledWith('ws:Latchkey Email', solanaLocal)
    await connectEmbeddedSolana({
      session: s.session,
      networks: NETWORKS,
      user: user(SOL_ADDRESS),
      engine,
      network: evm,
    })
    expect(connect).toHaveBeenLastCalledWith('ws:Latchkey Email', undefined)
    expect(
      await connectEmbeddedSolana({ session: s.session, networks: NETWORKS, user: user(), engine }),
    ).toBeUndefined()
    expect(connect).toHaveBeenCalledTimes(2)
  })
})
