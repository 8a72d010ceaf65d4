import type { ModalEip1193Provider } from '../connection/adapter.ts'
import {
  chainIdParam,
  createEmitter,
  ProviderRpcError,
  toHexChainId as toHex,
} from '../connection/eip1193.ts'
import { WALLETCONNECT_SESSION_UPDATE_WAIT_MS } from '../constants.ts'
import { ErrorText } from '../errors.ts'
import type { CaipNetwork } from '../networks.ts'
import type {
  SessionChange,
  WalletConnectClient,
  WalletConnectSession,
} from './walletConnectClient.ts'

/** EIP-1193 over a WalletConnect session, for EVM chains; `connected` while a session exists. */
export type WalletConnectEip1193Provider = ModalEip1193Provider

/** EVM chains (CAIP-2) the session has approved: its `chains`, else those of its accounts. */
export function approvedChains(session: WalletConnectSession | undefined): string[] {
  const ns = session?.namespaces.eip155
  if (!ns) return []
  const fromAccounts = ns.accounts.map((a) => a.split(':').slice(0, 2).join(':'))
  return [...new Set([...(ns.chains ?? []), ...fromAccounts])]
}

/** Addresses the session holds on a chain (CAIP-10 `eip155:<id>:<address>`), first one first. */
export function accountsOn(session: WalletConnectSession | undefined, caipNetworkId: string) {
  const accounts = session?.namespaces.eip155?.accounts ?? []
  const prefix = `${caipNetworkId}:`
  return [
    ...new Set(accounts.filter((a) => a.startsWith(prefix)).map((a) => a.slice(prefix.length))),
  ]
}

function approvedMethods(session: WalletConnectSession): string[] {
  return session.namespaces.eip155?.methods ?? []
}

/** Reads with no wallet in them go to the chain's RPC; everything else needs the wallet's approval. */
const WALLET_ONLY =
  /^(personal_sign|eth_sign|eth_signTypedData.*|eth_sendTransaction|eth_signTransaction|wallet_.*)$/

export function createWalletConnectProvider(
  client: WalletConnectClient,
  networks: readonly CaipNetwork[],
  options: { fetch?: typeof fetch } = {},
): WalletConnectEip1193Provider {
  const { emit, on, removeListener } = createEmitter()
  const evmNetworks = networks.filter((n) => n.chainNamespace === 'eip155')
  let chainId: number | undefined

  /** The chain requests go to: the chosen one while the session approves it, else its first. */
  function currentChain(): number {
    const approved = approvedChains(client.session())
    if (chainId !== undefined && approved.includes(`eip155:${chainId}`)) return chainId
    const known = evmNetworks.find((n) => approved.includes(n.caipNetworkId))
    const first = known ? Number(known.id) : Number(approved[0]?.split(':')[1])
    if (!Number.isSafeInteger(first)) throw new ProviderRpcError(4900, 'Disconnected')
    chainId = first
    return first
  }

  function accounts(): string[] {
    return client.session() ? accountsOn(client.session(), `eip155:${currentChain()}`) : []
  }

  async function rpc(method: string, params: unknown) {
    const id = currentChain()
    const url = evmNetworks.find((n) => Number(n.id) === id)?.rpcUrls.default.http[0]
    if (!url) throw new ProviderRpcError(4901, `No RPC URL for eip155:${id}`)
    const response = await (options.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
    })
    const body = (await response.json()) as {
      result?: unknown
      error?: { code: number; message: string }
    }
    if (body.error) throw new ProviderRpcError(body.error.code, body.error.message)
    return body.result
  }

  function waitForChain(caipNetworkId: string): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(false), WALLETCONNECT_SESSION_UPDATE_WAIT_MS)
      const stop = client.onSession(() => {
        if (approvedChains(client.session()).includes(caipNetworkId)) done(true)
      })
      function done(ok: boolean) {
        clearTimeout(timer)
        stop()
        resolve(ok)
      }
      if (approvedChains(client.session()).includes(caipNetworkId)) done(true)
    })
  }

  function switchTo(target: number) {
    if (!approvedChains(client.session()).includes(`eip155:${target}`)) {
      throw new ProviderRpcError(4902, `Unrecognized chain ID ${toHex(target)}`)
    }
    if (target !== chainId) {
      chainId = target
      emit('chainChanged', toHex(target))
    }
    return null
  }

  async function addChain(session: WalletConnectSession, params: unknown) {
    const target = chainIdParam(params)
    if (target === undefined) throw new ProviderRpcError(-32602, 'Invalid chainId')
    const caipNetworkId = `eip155:${target}`
    if (approvedChains(session).includes(caipNetworkId)) return null
    if (!approvedMethods(session).includes('wallet_addEthereumChain')) {
      throw new ProviderRpcError(5100, ErrorText.chainNotApproved(caipNetworkId))
    }
    await client.request({ method: 'wallet_addEthereumChain', params }, `eip155:${currentChain()}`)
    if (!(await waitForChain(caipNetworkId))) {
      throw new ProviderRpcError(5100, ErrorText.chainNotApproved(caipNetworkId))
    }
    return null
  }

  client.onSession((change: SessionChange) => {
    if (change.type === 'deleted') {
      chainId = undefined
      emit('disconnect', new ProviderRpcError(4900, 'Disconnected'))
    } else if (change.type === 'updated') {
      emit('accountsChanged', accounts())
    } else if (change.name === 'chainChanged' || change.name === 'accountsChanged') {
      const next = Number(String(change.caipNetworkId).split(':')[1])
      if (change.name === 'chainChanged' && Number.isSafeInteger(next)) {
        if (approvedChains(client.session()).includes(`eip155:${next}`) && next !== chainId) {
          chainId = next
          emit('chainChanged', toHex(next))
        }
      } else emit('accountsChanged', accounts())
    }
  })

  return {
    get connected() {
      return client.session() !== undefined
    },
    async request({ method, params }) {
      const session = client.session()
      if (!session) throw new ProviderRpcError(4900, ErrorText.callConnectBeforeRequest)
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return accounts()
        case 'eth_chainId':
          return toHex(currentChain())
        case 'net_version':
          return String(currentChain())
        case 'wallet_switchEthereumChain': {
          const target = chainIdParam(params)
          if (target === undefined) throw new ProviderRpcError(-32602, 'Invalid chainId')
          return switchTo(target)
        }
        case 'wallet_addEthereumChain':
          return addChain(session, params)
      }
      if (WALLET_ONLY.test(method)) {
        if (!approvedMethods(session).includes(method)) {
          throw new ProviderRpcError(
            4200,
            method === 'wallet_getCallsStatus'
              ? ErrorText.callStatusNotApproved
              : `The wallet has not approved ${method}`,
          )
        }
        return client.request({ method, params }, `eip155:${currentChain()}`)
      }
      return rpc(method, params)
    },
    on,
    removeListener,
    async disconnect() {
      await client.disconnect()
      chainId = undefined
    },
  }
}
