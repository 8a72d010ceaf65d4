// AppKit's multi-wallet hooks. Latchkey keeps one wallet per namespace (§3), so a namespace has
// at most one live connection; the wallets used before are its recent connections.
import type { AccountState, ChainNamespace } from '@latchkey/core/internal'
import type { CaipNetwork } from '@latchkey/core/networks'
import { useCallback, useMemo, useState } from 'react'
import { useAppKitInstance } from './instance.ts'
import { useStore } from './store.ts'

/** AppKit's `Connection`: a wallet and the accounts it gave. */
export interface Connection {
  connectorId: string
  name?: string
  icon?: string
  accounts: { address: string; type?: 'eoa' | 'smartAccount' }[]
  caipNetwork?: CaipNetwork
}

export interface ConnectionChange {
  address?: string
  namespace: ChainNamespace
  hasSwitchedAccount: boolean
  hasSwitchedWallet: boolean
  hasDeletedWallet: boolean
}

function useNamespace(namespace: ChainNamespace | undefined): ChainNamespace {
  const { core } = useAppKitInstance()
  const active = useStore(core.stores.chain, (s) => s.activeNamespace)
  return namespace ?? active
}

/** The live connection of `namespace`, named as the connector list names its wallet. */
function useLiveConnection(namespace: ChainNamespace): Connection | undefined {
  const { core } = useAppKitInstance()
  const account = useStore<AccountState>(core.stores.account)
  const connectors = useStore(core.stores.connectors, (s) => s.list)
  const networks = useStore(core.stores.chain, (s) => s.networks)
  return useMemo(() => {
    const live = account.connections?.[namespace]
    if (account.status !== 'connected' || !live?.connectorId) return undefined
    const connector = connectors.find((c) => c.id === live.connectorId)
    return {
      connectorId: live.connectorId,
      name: connector?.name ?? live.peerWallet?.name,
      icon: connector?.imageUrl ?? live.peerWallet?.icon,
      accounts: [{ address: live.address, type: 'eoa' }],
      caipNetwork: networks.find((n) => n.caipNetworkId === `${namespace}:${live.chainId}`),
    }
  }, [account, connectors, networks, namespace])
}

/** Every connection of `namespace` (the active one when not given), and the wallets used before. */
export function useAppKitConnections(namespace?: ChainNamespace): {
  connections: Connection[]
  recentConnections: Connection[]
} {
  const { core } = useAppKitInstance()
  const target = useNamespace(namespace)
  const live = useLiveConnection(target)
  const recent = useStore(core.stores.recent, (s) => s.wallets)
  return useMemo(
    () => ({
      connections: live ? [live] : [],
      recentConnections: recent
        .filter((wallet) => wallet.id !== live?.connectorId)
        .map((wallet) => ({ connectorId: wallet.id, name: wallet.name, accounts: [] })),
    }),
    [live, recent],
  )
}

/** The live connection of a namespace, with AppKit's switch and delete. */
export function useAppKitConnection({
  namespace,
  onSuccess,
  onError,
}: {
  namespace?: ChainNamespace
  onSuccess?: (change: ConnectionChange) => void
  onError?: (error: Error) => void
} = {}) {
  const { core } = useAppKitInstance()
  const target = useNamespace(namespace)
  const connection = useLiveConnection(target)
  const [isPending, setPending] = useState(false)

  const run = useCallback(
    async (work: () => Promise<ConnectionChange>) => {
      setPending(true)
      try {
        onSuccess?.(await work())
      } catch (error) {
        onError?.(error instanceof Error ? error : new Error(String(error)))
      } finally {
        setPending(false)
      }
    },
    [onSuccess, onError],
  )

  /** Connects the wallet of `connection` for this namespace (the live one: nothing to do). */
  const switchConnection = useCallback(
    ({ connection: next }: { connection: Connection; address?: string }) =>
      run(async () => {
        const before = core.stores.account.getState().connections?.[target]
        if (before?.connectorId !== next.connectorId) await core.connect(next.connectorId)
        const after = core.stores.account.getState().connections?.[target]
        return {
          address: after?.address,
          namespace: target,
          hasSwitchedAccount: before?.address !== after?.address,
          hasSwitchedWallet: before?.connectorId !== after?.connectorId,
          hasDeletedWallet: false,
        }
      }),
    [core, run, target],
  )

  /** Disconnects the wallet `connectorId` (the live connection of this namespace). */
  const deleteConnection = useCallback(
    ({ address, connectorId }: { address?: string; connectorId: string }) =>
      run(async () => {
        await core.disconnect({ id: connectorId, namespace: target })
        return {
          address,
          namespace: target,
          hasSwitchedAccount: false,
          hasSwitchedWallet: false,
          hasDeletedWallet: true,
        }
      }),
    [core, run, target],
  )

  return { connection, isPending, switchConnection, deleteConnection }
}
