import { randomUUID } from 'node:crypto'
import { WalletKit } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { buildApprovedNamespaces, buildAuthObject, getSdkError } from '@walletconnect/utils'
import { createWalletClient, type Hex, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createWalletCalls } from './walletCalls'

export interface WalletConnectWalletOptions {
  relayUrl: string
  projectId: string
  privateKey: Hex
  /** EVM chain id → RPC URL: the chains the wallet approves. */
  chains: Record<number, string>
  /** Whether the wallet agrees to add chains to the session (wallet_addEthereumChain). */
  canAddChains?: boolean
  /** Rejects session proposals instead of approving them. */
  rejectProposals?: boolean
  /** Answers one-click auth (sign-in while pairing); otherwise only the fallback proposal. */
  oneClickAuth?: boolean
  /** Answers EIP-5792 (wallet_sendCalls, in turn: an EOA has no atomic batches) */
  sendCalls?: boolean
  /** How the wallet describes itself to apps (default: E2E Wallet) */
  metadata?: { name: string; description: string; url: string; icons: string[] }
}

const EVENTS = ['chainChanged', 'accountsChanged']

/**
 * A mobile wallet for the tests: Reown's WalletKit (code we did not write) in this Node
 * process, pairing through our relay and signing with a devnet key.
 */
export async function startWalletConnectWallet(options: WalletConnectWalletOptions) {
  const account = privateKeyToAccount(options.privateKey)
  const core = new Core({
    projectId: options.projectId,
    relayUrl: options.relayUrl,
    customStoragePrefix: `e2e-wallet-${randomUUID()}`,
    // In memory: in Node the default is a walletconnect.db folder in the working directory.
    storageOptions: { database: ':memory:' },
  })
  const kit = await WalletKit.init({
    core,
    metadata: options.metadata ?? {
      name: 'E2E Wallet',
      description: 'WalletKit test wallet',
      url: 'http://wallet.test',
      icons: [],
    },
  })
  const chainIds = () => Object.keys(options.chains).map(Number)
  const rpcUrlOf = (id: number) => {
    const rpcUrl = options.chains[id]
    if (!rpcUrl) throw Object.assign(new Error(`unknown chain ${id}`), { code: 5710 })
    return rpcUrl
  }
  const calls = createWalletCalls(account, rpcUrlOf)
  const methods = [
    'personal_sign',
    'eth_sendTransaction',
    'eth_signTypedData_v4',
    ...(options.canAddChains ? ['wallet_addEthereumChain', 'wallet_switchEthereumChain'] : []),
    ...(options.sendCalls ? calls.methods : []),
  ]
  const namespacesFor = (ids: number[]) => ({
    eip155: {
      chains: ids.map((id) => `eip155:${id}`),
      methods,
      events: EVENTS,
      accounts: ids.map((id) => `eip155:${id}:${account.address}`),
    },
  })
  const requests: { method: string; chainId: string; params: unknown }[] = []
  /** How each proposing app described itself */
  const proposers: unknown[] = []
  let rejectProposals = Boolean(options.rejectProposals)
  const failedApprovals: string[] = []

  kit.on('session_proposal', async ({ id, params }) => {
    proposers.push(params.proposer.metadata)
    if (rejectProposals) {
      await kit.rejectSession({ id, reason: getSdkError('USER_REJECTED') })
      return
    }
    const namespaces = buildApprovedNamespaces({
      proposal: params,
      supportedNamespaces: namespacesFor(chainIds()),
    })
    // A wallet app shows why an approval failed (the app may have dropped the pairing).
    await kit.approveSession({ id, namespaces }).catch((error: Error) => {
      failedApprovals.push(error.message)
    })
  })

  if (options.oneClickAuth) {
    kit.on('session_authenticate', async ({ id, params }) => {
      const { authPayload } = params
      const chain = authPayload.chains.find((c) => chainIds().includes(Number(c.split(':')[1])))
      if (!chain) {
        await kit.rejectSessionAuthenticate({ id, reason: getSdkError('USER_REJECTED') })
        return
      }
      const iss = `did:pkh:${chain}:${account.address}`
      const message = kit.formatAuthMessage({ request: authPayload, iss })
      const signature = await account.signMessage({ message })
      const auth = buildAuthObject(authPayload, { t: 'eip191', s: signature }, iss)
      await kit.approveSessionAuthenticate({ id, auths: [auth] })
    })
  }

  async function handle(topic: string, method: string, params: unknown[], chainId: string) {
    if (method === 'personal_sign') {
      return account.signMessage({ message: { raw: params[0] as Hex } })
    }
    if (method === 'eth_sendTransaction') {
      const tx = params[0] as { to: Hex; value?: Hex; data?: Hex }
      const client = createWalletClient({
        account,
        transport: http(rpcUrlOf(Number(chainId.split(':')[1]))),
      })
      return client.sendTransaction({
        chain: null,
        to: tx.to,
        value: tx.value ? BigInt(tx.value) : undefined,
        data: tx.data,
      })
    }
    if (options.sendCalls && method === 'wallet_sendCalls') return calls.send(params as never)
    if (options.sendCalls && method === 'wallet_getCallsStatus')
      return calls.status(params as never)
    if (options.sendCalls && method === 'wallet_getCapabilities')
      return calls.capabilities(chainIds())
    if (method === 'wallet_addEthereumChain' && options.canAddChains) {
      const added = Number.parseInt((params[0] as { chainId: string }).chainId, 16)
      const rpcUrl = (params[0] as { rpcUrls?: string[] }).rpcUrls?.[0]
      if (rpcUrl) options.chains[added] = rpcUrl
      await kit.updateSession({ topic, namespaces: namespacesFor(chainIds()) })
      return null
    }
    throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 })
  }

  kit.on('session_request', async ({ id, topic, params }) => {
    const { request, chainId } = params
    requests.push({ method: request.method, chainId, params: request.params })
    try {
      const result = await handle(topic, request.method, request.params ?? [], chainId)
      await kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result } })
    } catch (error) {
      const e = error as { code?: number; message: string }
      await kit.respondSessionRequest({
        topic,
        response: { id, jsonrpc: '2.0', error: { code: e.code ?? 5000, message: e.message } },
      })
    }
  })

  return {
    address: account.address,
    requests,
    proposers,
    /** Why approvals failed, in order */
    failedApprovals,
    pair: (uri: string) => kit.pair({ uri }),
    sessions: () => Object.values(kit.getActiveSessions()),
    /** The wallet tells the app of a change (EIP-1193 event) on a chain of the session. */
    async emit(name: string, data: unknown, chainId: string) {
      for (const session of Object.values(kit.getActiveSessions())) {
        await kit.emitSessionEvent({ topic: session.topic, event: { name, data }, chainId })
      }
    },
    /** The visitor picks another account in the wallet: each session now names that one. */
    async showAccount(address: `0x${string}`) {
      for (const session of Object.values(kit.getActiveSessions())) {
        const { eip155, ...others } = session.namespaces
        if (!eip155) continue
        const accounts = eip155.accounts.map((a) => a.replace(/0x[0-9a-fA-F]{40}$/, address))
        await kit.updateSession({
          topic: session.topic,
          namespaces: { ...others, eip155: { ...eip155, accounts } },
        })
      }
    },
    setRejectProposals(value: boolean) {
      rejectProposals = value
    },
    /** The visitor ends the session in the wallet app. */
    async disconnectAll() {
      for (const session of Object.values(kit.getActiveSessions())) {
        await kit.disconnectSession({
          topic: session.topic,
          reason: getSdkError('USER_DISCONNECTED'),
        })
      }
    },
    async close() {
      await kit.core.relayer.transportClose().catch(() => undefined)
      kit.core.heartbeat.stop()
    },
  }
}

export type WalletConnectWallet = Awaited<ReturnType<typeof startWalletConnectWallet>>
